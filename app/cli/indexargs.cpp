// SPDX-License-Identifier: MIT
#include "indexargs.h"

#include "index/indexer.h"
#include "io/pathtext.h"
#include "keptuntilexit.h"
#include "verdict/verdict.h"

#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <memory>
#include <vector>

namespace cli {

namespace {

constexpr int kMaxJobs = 256;

std::optional<int> jobsValue(const QString& text)
{
    bool ok = false;
    const int jobs = text.toInt(&ok);
    if (!ok || jobs < 1 || jobs > kMaxJobs)
        return std::nullopt;
    return jobs;
}

} // namespace

std::optional<IndexArgs> parseIndexArgs(const Command& command, const QStringList& args, bool acceptJson)
{
    IndexArgs parsed;
    std::optional<QString> path;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (optionsEnded || !arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("-")) {
            if (path) {
                usageError(command, QStringLiteral("more than one PATH given ('%1')").arg(arg));
                return std::nullopt;
            }
            path = arg;
        } else if (arg == QLatin1String("--")) {
            optionsEnded = true;
        } else if (acceptJson && arg == QLatin1String("--json")) {
            parsed.json = true;
        } else if (arg == QLatin1String("--jobs") || arg.startsWith(QLatin1String("--jobs="))) {
            QString value;
            if (arg.startsWith(QLatin1String("--jobs="))) {
                value = arg.mid(7);
            } else if (i + 1 < args.size()) {
                value = args.at(++i);
            } else {
                usageError(command, QStringLiteral("--jobs needs a number"));
                return std::nullopt;
            }
            const std::optional<int> jobs = jobsValue(value);
            if (!jobs) {
                usageError(command,
                    QStringLiteral("--jobs wants a whole number from 1 to %1, not '%2'")
                        .arg(kMaxJobs)
                        .arg(value));
                return std::nullopt;
            }
            parsed.jobs = *jobs;
        } else {
            usageError(command, QStringLiteral("unknown option '%1'").arg(arg));
            return std::nullopt;
        }
    }
    if (!path || path->isEmpty()) {
        usageError(command, QStringLiteral("PATH is missing"));
        return std::nullopt;
    }
    parsed.path = dvmlens::pathBytes(*path);
    return parsed;
}

dvmlens::Index* loadIndex(const Command& command, const IndexArgs& args)
{
    dvmlens::IndexOptions options;
    options.jobs = args.jobs;
    options.kernelDetail = args.kernelDetail;
    options.kernelBodyBudget = args.kernelBodyBudget;
    std::string error;
    std::optional<dvmlens::Index> index = dvmlens::buildIndex(args.path, options, error);
    if (!index) {
        QTextStream err(stderr);
        err << "dvmlens-cli: " << command.name << ": cannot read " << QString::fromStdString(error) << '\n';
        return nullptr;
    }
    if (const dvmlens::Graph* lone = dvmlens::loneNonWrapper(*index)) {
        QTextStream err(stderr);
        err << "dvmlens-cli: " << command.name << ": not an Inductor output_code.py (a wrapper module): "
            << QFile::decodeName(QByteArray::fromStdString(lone->outputCode->path)) << '\n';
        return nullptr;
    }
    return keptUntilExit(std::move(*index));
}

void writeOut(std::string_view text)
{
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

} // namespace cli
