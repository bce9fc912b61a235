// SPDX-License-Identifier: MIT
#include "indexargs.h"

#include "archiveargs.h"
#include "commandoptions.h"
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "core/trace/tracefiles.h"
#include "core/verdict/verdict.h"
#include "keptuntilexit.h"

#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

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

void declareIndexOptions(CommandOptions& options, bool acceptJson)
{
    if (acceptJson)
        options.addFlag({ u"json"_s }, u"write JSON instead of text"_s);
    options.addValue({ u"jobs"_s }, u"N"_s,
        u"parse with N worker threads (1 to %1; default: one per core)"_s.arg(kMaxJobs), u"needs a number"_s);
}

std::optional<IndexArgs> parseIndexArgs(
    const Command& command, const CommandOptions& options, bool acceptJson)
{
    IndexArgs parsed;
    parsed.json = acceptJson && options.isSet(u"json"_s);
    if (options.isSet(u"jobs"_s)) {
        const QString value = options.value(u"jobs"_s);
        const std::optional<int> jobs = jobsValue(value);
        if (!jobs) {
            usageError(
                command, u"--jobs wants a whole number from 1 to %1, not '%2'"_s.arg(kMaxJobs).arg(value));
            return std::nullopt;
        }
        parsed.jobs = *jobs;
    }
    const QStringList paths = options.positionalArguments();
    if (paths.size() > 1) {
        usageError(command, u"more than one PATH given ('%1')"_s.arg(paths.at(1)));
        return std::nullopt;
    }
    if (paths.isEmpty() || paths.first().isEmpty()) {
        usageError(command, u"PATH is missing"_s);
        return std::nullopt;
    }
    parsed.path = dvmlens::pathBytes(paths.first());
    return parsed;
}

void sayUnreadLogs(const Command& command, const std::vector<dvmlens::Diagnostic>& diagnostics)
{
    for (const dvmlens::Diagnostic& diagnostic : diagnostics) {
        if (dvmlens::isUnreadLogNote(diagnostic))
            QTextStream(stderr) << "dvmlens-cli: " << command.name << ": "
                                << dvmlens::pathText(diagnostic.path) << ": "
                                << QString::fromStdString(diagnostic.message) << " ["
                                << QString::fromStdString(diagnostic.code) << "]\n";
    }
}

dvmlens::Index* loadIndex(const Command& command, const IndexArgs& args, bool sayUnreadLogs)
{
    dvmlens::IndexOptions options;
    options.jobs = args.jobs;
    options.kernelDetail = args.kernelDetail;
    options.kernelBodyBudget = args.kernelBodyBudget;
    options.archiveBudget = archiveBudget();
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
    if (sayUnreadLogs)
        cli::sayUnreadLogs(command, index->diagnostics);
    return keptUntilExit(std::move(*index));
}

void writeOut(std::string_view text)
{
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

} // namespace cli
