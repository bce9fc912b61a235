// SPDX-License-Identifier: MIT
// dvmlens-cli report: the bug-report kit (core/report.h) as Markdown, HTML or dvmlens.report/1 JSON.
#include "command.h"
#include "commandoptions.h"
#include "compileargs.h"
#include "core/doctor/doctor.h"
#include "core/io/pathtext.h"
#include "core/report/report.h"
#include "core/report/reportfile.h"
#include "core/report/reportwhy.h"
#include "core/rules/knownfailures.h"
#include "core/why/whysummary.h"
#include "indexargs.h"
#include "profileargs.h"

#include <QFileInfo>
#include <QTextStream>

#include <optional>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

struct ReportArgs
{
    std::string path; // local 8-bit bytes, as the shell passed them
    std::optional<std::string> baseline;
    std::optional<std::string> rules;
    std::optional<std::string> profile; // --profile: "Where the time goes"
    std::optional<std::string> baselineProfile; // --baseline-profile: time regressions against BASELINE
    std::optional<std::string> env; // --env: the field guide's checklist for this Python environment
    std::optional<QString> output;
    dvmlens::ReportFormat format = dvmlens::ReportFormat::Markdown;
    dvmlens::ReportLanguage language = dvmlens::ReportLanguage::English;
    bool full = false;
};

void declareReport(CommandOptions& options);
int runReport(const CommandOptions& options);

const Command kReport { "report",
    "report [--format md|html|json] [--lang en|zh] [--compare BASELINE] [--rules FILE] [--profile PROFILE] "
    "[--baseline-profile PROFILE] [--env ENV] [--full] [-o|--output FILE] PATH",
    "a bug report: verdicts, versions, DVM kernels, fallbacks and why they fell back, known failures with "
    "cause and fix (--compare: regressions against BASELINE first; --profile: where the device time goes; "
    "--env: the environment checklist of doctor)",
    declareReport, runReport };

void declareReport(CommandOptions& options)
{
    options.addValue({ u"format"_s }, u"md|html|json"_s,
        u"Markdown (the default), self-contained HTML or dvmlens.report/1 JSON"_s, u"needs a value"_s);
    options.addValue({ u"lang"_s }, u"en|zh"_s,
        u"the language of the report's headings, table headers and sentences: English (the default) or "
        u"Chinese; names, paths and code stay as they are, and JSON is the same in both"_s,
        u"needs a value"_s);
    options.addValue(
        { u"compare"_s }, u"BASELINE"_s, u"regressions against BASELINE first"_s, u"needs a value"_s);
    options.addValue({ u"rules"_s }, u"FILE"_s, u"more known-failure rules (JSON)"_s, u"needs a value"_s);
    options.addValue({ u"profile"_s }, u"PROFILE"_s, u"an Ascend profile: where the device time goes"_s,
        u"needs a value"_s);
    options.addValue({ u"baseline-profile"_s }, u"PROFILE"_s, u"the profile of BASELINE: time regressions"_s,
        u"needs a value"_s);
    options.addValue(
        { u"env"_s }, u"ENV"_s, u"a Python environment: the checklist of doctor"_s, u"needs a value"_s);
    options.addFlag({ u"full"_s },
        u"everything: every rank's graphs, every DVM kernel, source and fallback call (by default a report "
        u"is at most 5 MB: graphs identical on every rank once, long lists cut with a count; and built in "
        u"about 256 MiB on a 1.5 GB tree, which --full does not promise: it keeps every kernel body)"_s);
    options.addValue({ u"o"_s, u"output"_s }, u"FILE"_s,
        u"write the report to FILE (atomically; never through a symbolic link; - is stdout) instead of stdout"_s,
        u"needs a value"_s);
}

// The value of --name as local 8-bit bytes; unset when the option is absent.
std::optional<std::string> pathOption(const CommandOptions& options, const QString& name)
{
    if (!options.isSet(name))
        return std::nullopt;
    return dvmlens::pathBytes(options.value(name));
}

std::optional<ReportArgs> parseArgs(const CommandOptions& options)
{
    ReportArgs parsed;
    if (options.isSet(u"format"_s)) {
        const QString value = options.value(u"format"_s);
        const auto format = dvmlens::reportFormatFromName(value.toStdString());
        if (!format) {
            usageError(kReport, u"--format wants md, html or json, not '%1'"_s.arg(value));
            return std::nullopt;
        }
        parsed.format = *format;
    }
    if (options.isSet(u"lang"_s)) {
        const QString value = options.value(u"lang"_s);
        const auto language = dvmlens::reportLanguageFromName(value.toStdString());
        if (!language) {
            usageError(kReport, u"--lang wants en or zh, not '%1'"_s.arg(value));
            return std::nullopt;
        }
        parsed.language = *language;
    }
    parsed.baseline = pathOption(options, u"compare"_s);
    parsed.rules = pathOption(options, u"rules"_s);
    parsed.profile = pathOption(options, u"profile"_s);
    parsed.baselineProfile = pathOption(options, u"baseline-profile"_s);
    parsed.env = pathOption(options, u"env"_s);
    parsed.full = options.isSet(u"full"_s);
    if (options.isSet(u"output"_s))
        parsed.output = options.value(u"output"_s);
    const QStringList paths = options.positionalArguments();
    if (paths.size() > 1) {
        usageError(kReport, u"more than one PATH given ('%1')"_s.arg(paths.at(1)));
        return std::nullopt;
    }
    if (paths.isEmpty() || paths.first().isEmpty()) {
        usageError(kReport, u"PATH is missing"_s);
        return std::nullopt;
    }
    if (parsed.baselineProfile && !parsed.baseline) {
        usageError(kReport, u"--baseline-profile needs --compare BASELINE"_s);
        return std::nullopt;
    }
    parsed.path = dvmlens::pathBytes(paths.first());
    return parsed;
}

int runReport(const CommandOptions& options)
{
    const std::optional<ReportArgs> parsed = parseArgs(options);
    if (!parsed)
        return ExitUsage;
    QTextStream err(stderr);
    // "-", /dev/stdout and /proc/self/fd/1 are standard output (a pipe is no regular file).
    const bool toStdout =
        !parsed->output || dvmlens::isStandardOutputName(dvmlens::pathBytes(*parsed->output));
    // A target that will be refused (a link, a FIFO…) is said before a big tree is read.
    if (!toStdout) {
        const std::string problem = dvmlens::reportTargetProblem(dvmlens::pathBytes(*parsed->output));
        if (!problem.empty()) {
            err << "dvmlens-cli: report: cannot write " << *parsed->output << ": "
                << QString::fromStdString(problem) << '\n';
            return ExitUsage;
        }
    }
    // Rules first: a broken rule file should not cost a scan of a big tree.
    // A bad --rules file is a usage error; a bad user file is reported and the built-in rules apply.
    const dvmlens::LoadedRules loadedRules = dvmlens::loadRules(parsed->rules);
    for (const dvmlens::Diagnostic& problem : loadedRules.problems) {
        const bool named = parsed->rules && problem.path == *parsed->rules;
        std::string message = problem.message;
        if (named) // not "the built-in rules still apply": the command stops here
            message.resize(message.size() - dvmlens::kBuiltinRulesStillApply.size());
        err << "dvmlens-cli: report: " << QString::fromStdString(message) << '\n';
        if (named)
            return ExitUsage;
    }
    const dvmlens::RuleBook* rules = &loadedRules.book;
    IndexArgs indexArgs;
    indexArgs.path = parsed->path;
    // Bounded, a report shows few graphs' kernel bodies: the index keeps up to 8 MiB of them and
    // the report reads the rest again for the graphs it shows (so it stays within 256 MiB).
    // --full shows every graph's, kept as they are parsed.
    indexArgs.kernelBodyBudget = parsed->full ? 0 : std::size_t(8) << 20;
    const dvmlens::Index* index = loadIndex(kReport, indexArgs);
    if (!index)
        return ExitUsage;
    const dvmlens::Index* baseline = nullptr;
    if (parsed->baseline) {
        indexArgs.path = *parsed->baseline;
        baseline = loadIndex(kReport, indexArgs);
        if (!baseline)
            return ExitUsage;
    }

    dvmlens::ReportInput input;
    if (parsed->profile && !(input.profile = loadProfileJoin(kReport, *parsed->profile, *index)))
        return ExitUsage;
    if (parsed->baselineProfile
        && !(input.baselineProfile = loadProfileJoin(kReport, *parsed->baselineProfile, *baseline)))
        return ExitUsage;
    input.index = index;
    input.rules = &*rules;
    input.baseline = baseline;
    input.modelSources = true; // the "Where it fell back" section
    input.full = parsed->full;
    input.language = parsed->language;
    // It and "Why it fell back" from one read of the graph folders' model sources, as the window's
    // export takes them from the document's.
    const dvmlens::ReportSourcesAndWhy sourcesAndWhy = dvmlens::readReportSourcesAndWhy(*index);
    input.sources = &sourcesAndWhy.sources;
    input.why = &sourcesAndWhy.why;
    std::vector<dvmlens::CheckItem> checklist;
    if (parsed->env) {
        checklist = dvmlens::runDoctor(dvmlens::doctorInputFromProcess(*parsed->env, index));
        input.checklist = &checklist;
    }
    // The "Compile" section, when the tree holds the run's TORCH_TRACE logs (a folder; not an archive).
    std::optional<dvmlens::CompileSummary> compile;
    if (QFileInfo(dvmlens::pathText(parsed->path)).isDir()) {
        const std::optional<std::vector<dvmlens::CompileLog>> logs =
            readCompileLogsAt(kReport, parsed->path, false);
        if (logs && !logs->empty())
            input.compile = &compile.emplace(dvmlens::summarizeCompile(*logs));
    }
    const std::string report = dvmlens::renderReport(input, parsed->format);
    if (toStdout) {
        writeOut(report);
        return ExitOk;
    }
    // Atomic, and never through a link or onto a device, FIFO, socket or folder
    // (core/report/reportfile.h).
    const std::string failure = dvmlens::writeReportFile(dvmlens::pathBytes(*parsed->output), report);
    if (!failure.empty()) {
        err << "dvmlens-cli: report: cannot write " << *parsed->output << ": "
            << QString::fromStdString(failure) << '\n';
        return ExitUsage;
    }
    return ExitOk;
}

const RegisterCommand registration(kReport);

} // namespace

} // namespace cli
