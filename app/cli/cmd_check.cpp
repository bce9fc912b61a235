// SPDX-License-Identifier: MIT
// dvmlens-cli check: a CI gate. Exit 0 only when every graph that has an output_code.py has DVM
// engaged (and there is at least one); otherwise exit 1 and say which graphs fail and why.
#include "command.h"
#include "commandoptions.h"
#include "compileargs.h"
#include "core/ranks/rankconsistency.h"
#include "core/text/displaytext.h"
#include "core/text/scantext.h"
#include "core/verdict/repeatbound.h"
#include "core/verdict/summary.h"
#include "indexargs.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

void declareCheck(CommandOptions& options);
int runCheck(const CommandOptions& options);

const Command kCheck { "check", "check [--ranks] [--no-recompiles] [--max-breaks N] [--jobs N] PATH",
    "exit 0 when DVM engaged in every graph with an output_code.py, 1 otherwise (listing why), 2 when "
    "nothing failed but some output_code.py could not be read (undecided); --ranks: also 1 when ranks "
    "(runs) disagree in a graph's verdict or miss a graph; --no-recompiles, --max-breaks N: also 1 when the "
    "TORCH_TRACE logs under PATH recompiled or broke more than that",
    declareCheck, runCheck };

std::string graphLabel(const dvmlens::Run& run, const dvmlens::Graph& graph)
{
    return dvmlens::displayName((run.name ? *run.name + '/' : std::string()) + graph.name);
}

bool unreadable(const dvmlens::Graph& graph)
{
    return std::any_of(graph.diagnostics.begin(), graph.diagnostics.end(),
        [](const dvmlens::Diagnostic& diagnostic) { return diagnostic.code == "unreadable"; });
}

// Why a graph is not engaged, or why it could not be read: core's reasons, joined.
std::string reasonsText(const dvmlens::Graph& graph)
{
    std::string reasons;
    for (const std::string& reason : dvmlens::notEngagedReasons(graph))
        reasons += (reasons.empty() ? "" : "; ") + reason;
    return reasons;
}

std::string checkReport(const dvmlens::Index& index, const dvmlens::Summary& summary)
{
    std::string report;
    dvmlens::RepeatBound bound; // a million empty graph folders: 20 notes and a count
    for (const dvmlens::Run& run : index.runs) {
        for (const dvmlens::Graph& graph : run.graphs) {
            if (const std::string_view repeated = dvmlens::repeatedGraphKind(graph);
                !repeated.empty() && !bound.list(repeated))
                continue;
            switch (dvmlens::graphVerdict(graph)) {
            case dvmlens::Verdict::Engaged:
            case dvmlens::Verdict::Partly: // a run's rung, never a graph's
                break;
            case dvmlens::Verdict::NotEngaged:
                report += "FAIL " + graphLabel(run, graph) + ": " + reasonsText(graph) + '\n';
                break;
            case dvmlens::Verdict::NotIndexed:
                report += "FAIL " + graphLabel(run, graph) + ": output_code.py was not parsed\n";
                break;
            case dvmlens::Verdict::NoCode:
                report += "note " + graphLabel(run, graph)
                    + (unreadable(graph) ? ": the folder cannot be read, nothing verified\n"
                                         : ": no output_code.py, nothing to verify\n");
                break;
            case dvmlens::Verdict::NotWrapper:
                report += "note " + graphLabel(run, graph)
                    + ": not an Inductor wrapper module, nothing to verify\n";
                break;
            case dvmlens::Verdict::Unreadable:
                report +=
                    "UNREADABLE " + graphLabel(run, graph) + ": " + reasonsText(graph) + ", not verified\n";
                break;
            }
        }
    }
    report += bound.moreLines("note ");
    const dvmlens::VerdictCounts& counts = summary.verdicts;
    report += "verdict: " + dvmlens::ladderLine(counts) + '\n';
    // An output_code.py that could not be read is neither a yes nor a no: said apart, never a FAIL.
    const std::string unreadable = dvmlens::unreadableGraphsText(counts);
    switch (summary.verdict) {
    case dvmlens::Verdict::Engaged:
        if (!unreadable.empty()) {
            report += "check undecided: DVM engaged in all " + std::to_string(counts.withCode)
                + " readable graphs; " + unreadable + "\n";
            break;
        }
        report += "check passed: DVM engaged in all " + std::to_string(counts.withCode)
            + " graphs with an output_code.py\n";
        break;
    case dvmlens::Verdict::Unreadable:
        report += "check undecided: DVM engaged in 0 of 0 readable graphs; " + unreadable + "\n";
        break;
    case dvmlens::Verdict::NoCode:
    case dvmlens::Verdict::NotWrapper:
        report += "check failed: no output_code.py in " + dvmlens::displayName(index.root)
            + " (is TORCH_COMPILE_DEBUG=1 set, and is this a torch_compile_debug tree?)\n";
        break;
    default:
        report += "check failed: DVM engaged in " + std::to_string(counts.engaged) + " of "
            + std::to_string(counts.withCode)
            + (unreadable.empty() ? " graphs with an output_code.py\n"
                                  : " readable graphs; " + unreadable + "\n");
        break;
    }
    return report;
}

void declareCheck(CommandOptions& options)
{
    options.addFlag(
        { u"ranks"_s }, u"also fail when ranks (runs) disagree in a graph's verdict or miss a graph"_s);
    declareCompileGates(options);
    declareIndexOptions(options, false);
}

int runCheck(const CommandOptions& options)
{
    const bool ranks = options.isSet(u"ranks"_s);
    bool compileGated = false;
    const std::optional<dvmlens::CompileGates> gates = parseCompileGates(kCheck, options, compileGated);
    if (!gates)
        return ExitUsage;
    std::optional<IndexArgs> parsed = parseIndexArgs(kCheck, options, false);
    if (!parsed)
        return ExitUsage;
    parsed->kernelDetail = dvmlens::KernelDetail::Summary; // verdicts need no kernel bodies
    const dvmlens::Index* index = loadIndex(kCheck, *parsed);
    if (!index)
        return ExitUsage;
    const dvmlens::Summary summary = dvmlens::summarize(*index);
    std::string report = checkReport(*index, summary);
    bool failed = !summary.dvmEngaged && summary.verdict != dvmlens::Verdict::Unreadable;
    if (ranks) {
        // Every run should hold the same graphs with the same verdicts (one process per NPU).
        const dvmlens::RankConsistency consistency = dvmlens::rankConsistency(*index);
        report += dvmlens::rankConsistencyText(*index, consistency);
        if (consistency.fails()) {
            report +=
                "check failed: ranks disagree (a graph is missing on some ranks, or its verdict differs)\n";
            failed = true;
        } else {
            report += "ranks agree: every graph on every rank, with one verdict\n";
        }
    }
    if (compileGated) {
        // The compile-side gates read the TORCH_TRACE logs under PATH (a debug tree with its trace folder).
        const std::optional<std::vector<dvmlens::CompileLog>> logs =
            readCompileLogsAt(kCheck, parsed->path, false);
        if (!logs)
            return ExitUsage;
        const dvmlens::CompileSummary compile = dvmlens::summarizeCompile(*logs);
        const std::vector<std::string> gateFailures = dvmlens::compileGateFailures(compile, *gates);
        if (!logs->empty())
            report += "compile: " + std::to_string(logs->size()) + " trace logs, "
                + std::to_string(compile.recompiles) + " recompiles, " + std::to_string(compile.breakCount())
                + " distinct graph breaks\n";
        for (const std::string& gateFailure : gateFailures)
            report += gateFailure + '\n';
        failed = failed || !gateFailures.empty();
    }
    writeOut(dvmlens::terminalSafe(report));
    if (failed)
        return ExitFailed;
    // Nothing failed, but not everything could be looked at: undecided, not a pass.
    return summary.verdicts.unreadable > 0 ? ExitUsage : ExitOk;
}

const RegisterCommand registration(kCheck);

} // namespace

} // namespace cli
