// SPDX-License-Identifier: MIT
#include "profileargs.h"

#include "commandoptions.h"
#include "core/io/pathtext.h"
#include "keptuntilexit.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace cli {

void declareProfileOption(CommandOptions& options, const QString& name, const QString& description)
{
    options.addValue({ name }, u"PROFILE"_s, description, u"needs a path"_s);
}

std::optional<std::string> profileOption(const CommandOptions& options, const QString& name)
{
    if (!options.isSet(name))
        return std::nullopt;
    return dvmlens::pathBytes(options.value(name)); // the argument's bytes, as PATH's (main.cpp)
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
