// SPDX-License-Identifier: MIT
// dvmlens-cli compile: the compile side of TORCH_TRACE logs (a log, or a folder of them, one per rank):
// distinct graph breaks, recompiles, cache use, failures, compile time per rank; --json: dvmlens.compile/1
// (docs/compile-side.md). The gates --no-recompiles / --max-breaks N exit 1 when they fail.
#include "command.h"
#include "commandoptions.h"
#include "compileargs.h"
#include "core/compile/compileexplain.h"
#include "core/compile/compileframes.h"
#include "core/compile/compilejson.h"
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "core/text/displaytext.h"
#include "indexargs.h"

using namespace Qt::StringLiterals;

namespace cli {

namespace {

void declareCompile(CommandOptions& options);
int runCompile(const CommandOptions& options);

// The frames of `logs` with the graphs the index of `path` has of them (their DVM share); without graphs
// when no index can be built there (the logs alone still name the frames).
std::vector<dvmlens::CompileFrame> framesAt(
    const std::string& path, const std::vector<dvmlens::CompileLog>& logs)
{
    if (logs.empty())
        return {};
    dvmlens::IndexOptions options;
    options.kernelDetail = dvmlens::KernelDetail::Summary; // the verdicts need no kernel bodies
    std::string error;
    const std::optional<dvmlens::Index> index = dvmlens::buildIndex(
        dvmlens::pathBytes(dvmlens::absolutePathText(dvmlens::pathText(path))), options, error);
    return dvmlens::compileFrames(logs, index ? &*index : nullptr);
}

const Command kCompile { "compile", "compile [--json] [--against A] [--no-recompiles] [--max-breaks N] PATH",
    "the compile side of TORCH_TRACE logs (a log or a folder of them): distinct graph breaks, recompiles, "
    "FX/AOTAutograd cache, failures, compile time per rank (--json: dvmlens.compile/1); --against A: what "
    "changed on the compile side from A to PATH",
    declareCompile, runCompile };

void declareCompile(CommandOptions& options)
{
    options.addFlag({ u"json"_s }, u"write dvmlens.compile/1 JSON instead of text"_s);
    options.addValue({ u"against"_s }, u"A"_s,
        u"also say what changed on the compile side from the trace logs of A to those of PATH"_s,
        u"needs a path"_s);
    declareCompileGates(options);
}

int runCompile(const CommandOptions& options)
{
    bool anyGate = false;
    const std::optional<dvmlens::CompileGates> gates = parseCompileGates(kCompile, options, anyGate);
    if (!gates)
        return ExitUsage;
    const QStringList paths = options.positionalArguments();
    if (paths.size() > 1)
        return usageError(kCompile, u"more than one PATH given ('%1')"_s.arg(paths.at(1)));
    if (paths.isEmpty() || paths.first().isEmpty())
        return usageError(kCompile, u"PATH is missing"_s);
    const std::optional<std::vector<dvmlens::CompileLog>> logs =
        readCompileLogsAt(kCompile, dvmlens::pathBytes(paths.first()));
    if (!logs)
        return ExitUsage;
    const dvmlens::CompileSummary summary = dvmlens::summarizeCompile(*logs);
    const std::vector<dvmlens::CompileFrame> frames = framesAt(dvmlens::pathBytes(paths.first()), *logs);
    std::optional<dvmlens::CompileComparison> comparison;
    if (options.isSet(u"against"_s)) {
        const std::optional<std::vector<dvmlens::CompileLog>> before =
            readCompileLogsAt(kCompile, dvmlens::pathBytes(options.value(u"against"_s)));
        if (!before)
            return ExitUsage;
        comparison = dvmlens::compareCompile(*before, *logs);
    }
    const std::vector<std::string> failures = dvmlens::compileGateFailures(summary, *gates);
    if (options.isSet(u"json"_s)) {
        nlohmann::json document = dvmlens::compileDocument(*logs, summary);
        document["compile"]["frames"] = dvmlens::compileFramesJson(frames);
        document["gate_failures"] = failures;
        document["timeline"] = dvmlens::compileTimelineJson(dvmlens::compileTimeline(*logs));
        if (comparison)
            document["against"] = dvmlens::compileComparisonJson(*comparison);
        writeOut(document.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n');
    } else {
        std::string text = dvmlens::compileSummaryText(*logs, summary);
        if (logs->empty())
            text += "no TORCH_TRACE log found (run with TORCH_TRACE=<dir> to write them)\n";
        else
            text += dvmlens::compileFramesText(frames);
        const dvmlens::CompileTimeline timeline = dvmlens::compileTimeline(*logs);
        if (!timeline.empty())
            text += dvmlens::compileTimelineText(timeline);
        if (comparison) {
            text += "against " + options.value(u"against"_s).toStdString() + ": "
                + std::to_string(comparison->changes.size()) + " compile-side changes\n";
            for (const dvmlens::CompileChange& change : comparison->changes)
                text += "  " + change.sentence + '\n';
            for (const dvmlens::BreakPairing& pairing : comparison->pairings)
                text += "  B's [" + pairing.bId + "] " + pairing.resumeFunction + " split off A's ["
                    + pairing.aId + "] at " + pairing.breakLocation + '\n';
        }
        for (const std::string& failure : failures)
            text += failure + '\n';
        writeOut(dvmlens::terminalSafe(text));
    }
    return failures.empty() ? ExitOk : ExitFailed;
}

const RegisterCommand registration(kCompile);

} // namespace

} // namespace cli
