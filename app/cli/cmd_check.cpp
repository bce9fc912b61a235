// SPDX-License-Identifier: MIT
// dvmlens-cli check: a CI gate. Exit 0 only when every graph that has an output_code.py has DVM
// engaged (and there is at least one); otherwise exit 1 and say which graphs fail and why.
#include "command.h"
#include "commandoptions.h"
#include "core/ranks/rankconsistency.h"
#include "core/text/displaytext.h"
#include "core/text/scantext.h"
#include "core/verdict/summary.h"
#include "indexargs.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

void declareCheck(CommandOptions& options);
int runCheck(const CommandOptions& options);

const Command kCheck { "check", "check [--ranks] [--jobs N] PATH",
    "exit 0 when DVM engaged in every graph with an output_code.py, 1 otherwise (listing why); --ranks: also "
    "1 "
    "when ranks (runs) disagree in a graph's verdict or miss a graph",
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

std::string checkReport(const dvmlens::Index& index, const dvmlens::Summary& summary)
{
    std::string report;
    for (const dvmlens::Run& run : index.runs) {
        for (const dvmlens::Graph& graph : run.graphs) {
            switch (dvmlens::graphVerdict(graph)) {
            case dvmlens::Verdict::Engaged:
            case dvmlens::Verdict::Partly: // a run's rung, never a graph's
                break;
            case dvmlens::Verdict::NotEngaged: {
                std::string reasons;
                for (const std::string& reason : dvmlens::notEngagedReasons(graph))
                    reasons += (reasons.empty() ? "" : "; ") + reason;
                report += "FAIL " + graphLabel(run, graph) + ": " + reasons + '\n';
                break;
            }
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
            }
        }
    }
    const dvmlens::VerdictCounts& counts = summary.verdicts;
    report += "verdict: " + dvmlens::ladderLine(counts) + '\n';
    switch (summary.verdict) {
    case dvmlens::Verdict::Engaged:
        report += "check passed: DVM engaged in all " + std::to_string(counts.withCode)
            + " graphs with an output_code.py\n";
        break;
    case dvmlens::Verdict::NoCode:
    case dvmlens::Verdict::NotWrapper:
        report += "check failed: no output_code.py in " + dvmlens::displayName(index.root)
            + " (is TORCH_COMPILE_DEBUG=1 set, and is this a torch_compile_debug tree?)\n";
        break;
    default:
        report += "check failed: DVM engaged in " + std::to_string(counts.engaged) + " of "
            + std::to_string(counts.withCode) + " graphs with an output_code.py\n";
        break;
    }
    return report;
}

void declareCheck(CommandOptions& options)
{
    options.addFlag(
        { u"ranks"_s }, u"also fail when ranks (runs) disagree in a graph's verdict or miss a graph"_s);
    declareIndexOptions(options, false);
}

int runCheck(const CommandOptions& options)
{
    const bool ranks = options.isSet(u"ranks"_s);
    std::optional<IndexArgs> parsed = parseIndexArgs(kCheck, options, false);
    if (!parsed)
        return ExitUsage;
    parsed->kernelDetail = dvmlens::KernelDetail::Summary; // verdicts need no kernel bodies
    const dvmlens::Index* index = loadIndex(kCheck, *parsed);
    if (!index)
        return ExitUsage;
    const dvmlens::Summary summary = dvmlens::summarize(*index);
    std::string report = checkReport(*index, summary);
    bool failed = !summary.dvmEngaged;
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
    writeOut(dvmlens::terminalSafe(report));
    return failed ? ExitFailed : ExitOk;
}

const RegisterCommand registration(kCheck);

} // namespace

} // namespace cli
