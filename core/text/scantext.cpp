// SPDX-License-Identifier: MIT
#include "core/text/scantext.h"

#include "core/model/runinput.h"
#include "core/ranks/rankconsistency.h"
#include "core/text/displaytext.h"
#include "core/verdict/repeatbound.h"

#include <algorithm>

namespace dvmlens {

namespace {

template <typename Key, std::size_t N, typename Count>
std::string joinCounts(std::string_view (*name)(Key), const Key (&keys)[N], Count count)
{
    std::string text;
    for (Key key : keys) {
        const int n = count(key);
        if (n == 0)
            continue;
        text += (text.empty() ? "" : ", ") + std::string(name(key)) + ' ' + std::to_string(n);
    }
    return text.empty() ? "none" : text;
}

std::string padded(std::string_view text, std::size_t width)
{
    std::string result(text);
    result.resize(std::max(width, text.size() + 1), ' ');
    return result;
}

std::string plural(int count, std::string_view noun)
{
    return std::to_string(count) + ' ' + std::string(noun) + (count == 1 ? "" : "s");
}

// A trace log's start has no year ("--12-03T10:00:00.000000"): said so rather than shown as a date.
std::string startedText(const std::string& started)
{
    if (started.rfind("--", 0) != 0 || started.size() < 8)
        return displayName(started);
    std::string text = started.substr(2);
    std::replace(text.begin(), text.end(), 'T', ' ');
    return displayName(text) + " (no year in the log)";
}

// Where a graph of a trace log or the cache came from: "      from LOG line 1346, FX graph cache hit".
std::string originLine(const Graph& graph)
{
    if (!graph.origin)
        return {};
    const GraphOrigin& origin = *graph.origin;
    std::string line = "      from " + displayName(origin.file);
    if (origin.line)
        line += " line " + std::to_string(*origin.line);
    if (origin.cache)
        line += ", FX graph cache " + *origin.cache;
    return line + '\n';
}

std::string runHeader(const Run& run)
{
    const Summary summary = summarize(run);
    std::string line = "run " + (run.name ? displayName(*run.name) : std::string("(no run folder)"));
    if (run.rank)
        line += "  rank " + std::to_string(*run.rank);
    if (run.pid)
        line += "  pid " + std::to_string(*run.pid);
    if (run.started)
        line += "  started " + startedText(*run.started);
    line += "  " + ladderLine(summary.verdicts) + ", " + plural(summary.graphs, "graph") + ", "
        + std::to_string(summary.dvmEngagedGraphs) + " DVM engaged";
    // A trace log or a cache holds no debug logs of its own: "0 logs" would hint at missing ones.
    if (runInput(run) == RunInput::DebugTree)
        line += ", " + plural(static_cast<int>(run.logs.size()), "log");
    if (!run.name)
        line += "  (" + displayName(run.path) + ')';
    return line + '\n';
}

std::string diagnosticLine(std::string_view indent, const Diagnostic& diagnostic)
{
    std::string line =
        std::string(indent) + std::string(severityName(diagnostic.severity)) + " [" + diagnostic.code + "] ";
    if (diagnostic.line)
        line += "line " + std::to_string(*diagnostic.line) + ": ";
    return line + displayName(diagnostic.message) + '\n';
}

// Diagnostic lines past RepeatBound's count of their code are left out (counted at the end).
void addDiagnosticLines(std::string& text, std::string_view indent,
    const std::vector<Diagnostic>& diagnostics, RepeatBound& bound, bool withPath = false)
{
    for (const Diagnostic& diagnostic : diagnostics) {
        if (!bound.list(diagnostic.code))
            continue;
        text += diagnosticLine(indent, diagnostic);
        if (withPath)
            text += "    " + displayName(diagnostic.path) + '\n';
    }
}

std::string graphLines(const Graph& graph, std::size_t nameWidth, RepeatBound& bound)
{
    const std::string_view repeated = repeatedGraphKind(graph);
    if (!repeated.empty() && !bound.list(repeated))
        return {}; // a folder without output_code.py like the 20 listed: counted, not listed
    const Verdict verdict = graphVerdict(graph);
    const Summary summary = summarize(graph);
    std::string line = "  " + padded(verdictLabel(verdict), 12) + padded(displayName(graph.name), nameWidth);
    if (verdict == Verdict::NoCode) {
        line += "no output_code.py";
    } else if (verdict == Verdict::NotIndexed) {
        line += "output_code.py not parsed: index again to see it";
    } else if (verdict == Verdict::NotWrapper) {
        line += "not an Inductor wrapper module: no verdict";
    } else if (verdict == Verdict::Unreadable) {
        line += "output_code.py could not be read: whether DVM engaged is unknown";
    } else {
        line += "kernels: " + kernelCountsText(summary) + "; launches " + std::to_string(summary.launches)
            + "; fallbacks: " + fallbackCountsText(summary);
    }
    std::string reasons;
    for (const std::string& reason : notEngagedReasons(graph))
        reasons += (reasons.empty() ? "" : "; ") + reason;
    if (!reasons.empty())
        line += "  <- " + reasons;
    line += '\n' + originLine(graph);
    if (!repeated.empty()) { // counted once, as its graph
        for (const Diagnostic& diagnostic : graph.diagnostics)
            line += diagnosticLine("      ", diagnostic);
        return line;
    }
    addDiagnosticLines(line, "      ", graph.diagnostics, bound);
    if (graph.outputCode)
        addDiagnosticLines(line, "      ", graph.outputCode->diagnostics, bound);
    return line;
}

} // namespace

std::string_view verdictLabel(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Engaged:
        return "ENGAGED";
    case Verdict::Partly:
        return "PARTLY";
    case Verdict::NotEngaged:
        return "NOT ENGAGED";
    case Verdict::NoCode:
        return "NO CODE";
    case Verdict::NotIndexed:
        return "NOT INDEXED";
    case Verdict::Unreadable:
        return "UNREADABLE";
    case Verdict::NotWrapper:
        break;
    }
    return "NOT WRAPPER";
}

std::string ladderLine(const VerdictCounts& counts)
{
    const std::string note = verdictCountNote(counts);
    return ladderText(counts) + (note.empty() ? "" : " (" + note + ')');
}

std::string kernelCountsText(const Summary& summary)
{
    return joinCounts(
        backendName, kAllBackends, [&](Backend backend) { return summary.kernelCount(backend); });
}

std::string fallbackCountsText(const Summary& summary)
{
    return joinCounts(
        fallbackKindName, kAllFallbackKinds, [&](FallbackKind kind) { return summary.fallbackCount(kind); });
}

std::string scanText(const Index& index)
{
    std::size_t nameWidth = 0;
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs)
            nameWidth = std::max(nameWidth, displayName(graph.name).size() + 2);
    }
    std::string text = "DVM Lens scan of " + displayName(index.root) + '\n';
    RepeatBound bound;
    for (const Run& run : index.runs) {
        text += '\n' + runHeader(run);
        if (run.graphs.empty()) {
            const RunInput input = runInput(run);
            text += input == RunInput::TraceLog ? "  (no inductor_output_code record: no wrapper module)\n"
                : input == RunInput::Cache      ? "  (no wrapper module)\n"
                                                : "  (no graph folders)\n";
        }
        for (const Graph& graph : run.graphs)
            text += graphLines(graph, nameWidth, bound);
    }
    if (!index.diagnostics.empty()) {
        text += "\ntree problems:\n";
        addDiagnosticLines(text, "  ", index.diagnostics, bound, true);
    }
    if (!bound.leftOut().empty()) {
        text += "\nnot listed (the first " + std::to_string(RepeatBound::kListedPerKind)
            + " of each kind are):\n" + bound.moreLines("  ");
    }
    if (rankRunCount(index) > 1)
        text += '\n' + rankConsistencyText(index, rankConsistency(index));
    const Summary summary = summarize(index);
    text += "\ntotals: " + plural(summary.runs, "run") + ", " + plural(summary.graphs, "graph") + " ("
        + std::to_string(summary.graphsWithOutputCode) + " with output_code.py, "
        + std::to_string(summary.dvmEngagedGraphs) + " DVM engaged)\n";
    text += "kernels: " + kernelCountsText(summary) + "; launches " + std::to_string(summary.launches)
        + "; fallbacks: " + fallbackCountsText(summary) + '\n';
    text += "diagnostics: " + joinCounts(severityName, kAllSeverities, [&](Severity severity) {
        return summary.diagnosticCount(severity);
    }) + '\n';
    text += "verdict: " + ladderLine(summary.verdicts) + '\n';
    text += std::string("DVM engaged: ") + (summary.dvmEngaged ? "yes" : "no") + '\n';
    return terminalSafe(text); // what displayName() did not reach (reasons, messages) cannot drive a terminal
}

} // namespace dvmlens
