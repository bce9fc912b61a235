// SPDX-License-Identifier: MIT
// dvmlens-cli check: a CI gate. Exit 0 only when every graph that has an output_code.py has DVM
// engaged (and there is at least one); otherwise exit 1 and say which graphs fail and why.
#include "command.h"
#include "indexargs.h"
#include "text/scantext.h"
#include "verdict/summary.h"

#include <algorithm>

namespace cli {

namespace {

int runCheck(const QStringList& args);

const Command kCheck { "check", "check [--jobs N] PATH",
    "exit 0 when DVM engaged in every graph with an output_code.py, 1 otherwise (listing why)", runCheck };

std::string graphLabel(const dvmlens::Run& run, const dvmlens::Graph& graph)
{
    return (run.name ? *run.name + '/' : std::string()) + graph.name;
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
                report += "note " + graphLabel(run, graph) + ": not an Inductor wrapper module, nothing to verify\n";
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
        report += "check failed: no output_code.py in " + index.root
            + " (is TORCH_COMPILE_DEBUG=1 set, and is this a torch_compile_debug tree?)\n";
        break;
    default:
        report += "check failed: DVM engaged in " + std::to_string(counts.engaged) + " of "
            + std::to_string(counts.withCode) + " graphs with an output_code.py\n";
        break;
    }
    return report;
}

int runCheck(const QStringList& args)
{
    std::optional<IndexArgs> parsed = parseIndexArgs(kCheck, args, false);
    if (!parsed)
        return ExitUsage;
    parsed->kernelDetail = dvmlens::KernelDetail::Summary; // verdicts need no kernel bodies
    const dvmlens::Index* index = loadIndex(kCheck, *parsed);
    if (!index)
        return ExitUsage;
    const dvmlens::Summary summary = dvmlens::summarize(*index);
    writeOut(checkReport(*index, summary));
    return summary.dvmEngaged ? ExitOk : ExitFailed;
}

const RegisterCommand registration(kCheck);

} // namespace

} // namespace cli
