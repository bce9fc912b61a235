// SPDX-License-Identifier: MIT
#include "profileargs.h"

#include "keptuntilexit.h"

#include <QFile>
#include <QTextStream>

namespace cli {

bool takeValueOption(
    const Command& command, QStringList& args, const QString& name, std::optional<std::string>& value)
{
    const QString prefix = name + QLatin1Char('=');
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--"))
            break;
        if (args.at(i).startsWith(prefix)) {
            value = QFile::encodeName(args.takeAt(i).mid(prefix.size())).toStdString();
            --i;
        } else if (args.at(i) == name) {
            if (i + 1 >= args.size()) {
                usageError(command, name + QStringLiteral(" needs a path"));
                return false;
            }
            args.removeAt(i);
            value = QFile::encodeName(args.takeAt(i)).toStdString();
            --i;
        }
    }
    return true;
}

const dvmlens::ProfileJoin* loadProfileJoin(const Command& command, const std::string& path,
    const dvmlens::Index& index, std::optional<std::size_t> run)
{
    std::string error;
    const std::optional<std::vector<dvmlens::Profile>> profiles = dvmlens::loadProfiles(path, error);
    if (!profiles) {
        QTextStream(stderr) << "dvmlens-cli: " << command.name << ": cannot read profile "
                            << QString::fromStdString(error) << '\n';
        return nullptr;
    }
    dvmlens::JoinOptions options;
    if (run && profiles->size() == 1)
        options.run = run;
    return keptUntilExit(dvmlens::joinProfiles(index, *profiles, options));
}

} // namespace cli
