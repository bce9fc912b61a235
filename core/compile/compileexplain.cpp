// SPDX-License-Identifier: MIT
#include "core/compile/compileexplain.h"

#include "core/compile/compilesummary.h"
#include "core/compile/compilewording.h"
#include "core/trace/reasonline.h"

#include <map>
#include <set>
#include <tuple>

namespace dvmlens {

namespace {

using GraphKey = std::pair<std::int64_t, std::string>; // rank (-1: none), compile id

std::map<GraphKey, const GraphCompileFacts*> graphsById(const std::vector<CompileLog>& logs)
{
    std::map<GraphKey, const GraphCompileFacts*> graphs;
    for (const CompileLog& log : logs)
        for (const GraphCompileFacts& graph : log.graphs)
            graphs.try_emplace(GraphKey { graph.rank.value_or(-1), graph.idText() }, &graph);
    return graphs;
}

CompileGraphRef refOf(char side, const GraphCompileFacts& graph)
{
    return { side, graph.rank, graph.idText() };
}

// The compiles of one side that break at (type, file, line), and the resume graphs after that break.
std::vector<CompileGraphRef> breakGraphs(
    char side, const std::map<GraphKey, const GraphCompileFacts*>& graphs, const DistinctBreak& distinct)
{
    const auto same = [&](const GraphBreak& graphBreak) {
        return graphBreak.type == distinct.type && graphBreak.file == distinct.file
            && graphBreak.line == distinct.line;
    };
    std::vector<CompileGraphRef> refs;
    for (const auto& [key, graph] : graphs) {
        bool hit = graph->afterBreak && same(*graph->afterBreak);
        for (const GraphBreak& graphBreak : graph->breaks)
            hit = hit || same(graphBreak);
        if (hit)
            refs.push_back(refOf(side, *graph));
    }
    return refs;
}

// Every compile of the frame on one side: the summary's own list, so a frame a reset started anew is
// not mixed with the same frame id before the reset.
std::vector<CompileGraphRef> frameGraphs(
    char side, const std::vector<CompileLog>& logs, const FrameRecompiles& frame)
{
    std::vector<CompileGraphRef> refs;
    for (const CompileRef& compile : frame.compileRefs)
        for (const GraphCompileFacts& graph : logs[compile.log].graphs)
            if (graph.idText() == compile.id) {
                refs.push_back(refOf(side, graph));
                break;
            }
    return refs;
}

// A frame as the two runs match it: its function and which reset period it compiled in ("forward" and
// "forward" after the first torch._dynamo.reset() are two frames).
using FrameName = std::pair<std::string, int>;

FrameName frameName(const FrameRecompiles& frame)
{
    return { frame.function, frame.resetRepeat };
}

std::string frameWords(const FrameRecompiles& frame)
{
    return frame.function
        + (frame.resetRepeat ? " (after reset " + std::to_string(frame.resetRepeat) + ")" : std::string());
}

std::string breakWhere(const std::string& file, int line)
{
    const std::string where = shortLocation(file, line);
    return where.empty() ? std::string("an unknown user frame") : where;
}

void explainBreaks(const CompileSummary& a, const CompileSummary& b,
    const std::map<GraphKey, const GraphCompileFacts*>& graphsA,
    const std::map<GraphKey, const GraphCompileFacts*>& graphsB, std::vector<CompileChange>& changes)
{
    std::set<std::tuple<std::string, std::string, int>> inA, inB;
    for (const DistinctBreak& distinct : a.breaks)
        inA.insert({ distinct.type, distinct.file, distinct.line });
    for (const DistinctBreak& distinct : b.breaks) {
        inB.insert({ distinct.type, distinct.file, distinct.line });
        if (inA.count({ distinct.type, distinct.file, distinct.line }))
            continue;
        std::string sentence = "B has a new graph break at " + breakWhere(distinct.file, distinct.line) + " ("
            + distinct.type + ")";
        if (!distinct.resumeFunctions.empty())
            sentence += "; the rest runs as " + distinct.resumeFunctions.front();
        changes.push_back({ "new-break", sentence, breakGraphs('b', graphsB, distinct) });
    }
    for (const DistinctBreak& distinct : a.breaks)
        if (!inB.count({ distinct.type, distinct.file, distinct.line }))
            changes.push_back({ "gone-break",
                "B no longer breaks at " + breakWhere(distinct.file, distinct.line) + " (" + distinct.type
                    + ")",
                breakGraphs('a', graphsA, distinct) });
}

// Recompiles per function and reset period (over ranks): B's count against A's, with B's failed guard.
void explainRecompiles(const CompileSummary& a, const CompileSummary& b, const std::vector<CompileLog>& logsA,
    const std::vector<CompileLog>& logsB, std::vector<CompileChange>& changes)
{
    std::map<FrameName, int> countA;
    for (const FrameRecompiles& frame : a.frames)
        countA[frameName(frame)] = std::max(countA[frameName(frame)], frame.recompiles);
    std::set<FrameName> said, inB;
    for (const FrameRecompiles& frame : b.frames) {
        inB.insert(frameName(frame));
        const auto found = countA.find(frameName(frame));
        const int before = found == countA.end() ? 0 : found->second;
        if (frame.recompiles <= before || !said.insert(frameName(frame)).second)
            continue;
        std::string sentence = "B recompiled " + frameWords(frame) + ' ' + std::to_string(frame.recompiles)
            + (frame.recompiles == 1 ? " time" : " times")
            + (before ? " (A: " + std::to_string(before) + ")" : std::string(" where A did not"));
        const GuardFailure* guard = frame.lastReasons.empty() ? nullptr : &frame.lastReasons.back();
        if (guard) {
            const bool shapes = guard->guard.find("size mismatch") != std::string::npos
                || guard->guard.find("stride mismatch") != std::string::npos
                || guard->guard.find(".size()") != std::string::npos;
            sentence += std::string(shapes ? ", with dynamic shapes" : "") + " (guard " + guard->words + ")";
        }
        if (frame.limitHit)
            sentence += "; the recompile limit was hit, later calls run eagerly";
        changes.push_back({ "more-recompiles", sentence, frameGraphs('b', logsB, frame) });
    }
    for (const FrameRecompiles& frame : a.frames)
        if (!inB.count(frameName(frame)))
            changes.push_back({ "fewer-recompiles",
                "B no longer recompiles " + frameWords(frame) + " (A: " + std::to_string(frame.recompiles)
                    + (frame.recompiles == 1 ? " time)" : " times)"),
                frameGraphs('a', logsA, frame) });
}

std::string graphName(const GraphCompileFacts& graph)
{
    return "[" + graph.idText() + "]" + (graph.function.empty() ? std::string() : " (" + graph.function + ")")
        + (graph.rank ? " on rank " + std::to_string(*graph.rank) : std::string());
}

void explainGraphs(const std::map<GraphKey, const GraphCompileFacts*>& a,
    const std::map<GraphKey, const GraphCompileFacts*>& b, std::vector<CompileChange>& changes)
{
    for (const auto& [key, graphB] : b) {
        const auto found = a.find(key);
        const GraphCompileFacts* graphA = found == a.end() ? nullptr : found->second;
        const std::string stateA = graphA ? graphA->fxCache.state : std::string();
        if (graphB->fxCache.state == "hit" && stateA != "hit")
            changes.push_back({ "cache",
                "B's graph " + graphName(*graphB) + " came from the FX cache"
                    + (stateA.empty() ? std::string() : " (A: " + stateA + ")"),
                { refOf('b', *graphB) } });
        else if (graphB->fxCache.state == "bypass" && stateA != "bypass")
            changes.push_back({ "cache",
                "B's graph " + graphName(*graphB)
                    + " bypassed the FX cache: " + firstLine(graphB->fxCache.bypassReason),
                { refOf('b', *graphB) } });
        else if (graphA && stateA == "hit" && graphB->fxCache.state == "miss")
            changes.push_back(
                { "cache", "B's graph " + graphName(*graphB) + " was compiled anew (FX cache miss; A: hit)",
                    { refOf('b', *graphB) } });
        const bool failedA = graphA && graphA->failure;
        if (graphB->failure && !failedA) {
            std::string sentence = "B's compile " + graphName(*graphB) + " failed: " + graphB->failure->type
                + ": " + reasonLine(graphB->failure->reason);
            if (!graphB->failure->knownFailure.empty())
                sentence += " (known failure " + graphB->failure->knownFailure + ")";
            changes.push_back({ "new-failure", sentence, { refOf('b', *graphB) } });
        } else if (failedA && !graphB->failure) {
            changes.push_back({ "fixed-failure",
                "B's compile " + graphName(*graphB) + " no longer fails (A: " + graphA->failure->type + ")",
                { refOf('b', *graphB) } });
        }
    }
}

// A B-only graph of a resume function: paired with A's graph of the function it split off from, A's compile
// of the same id as the frame that broke in B when that is the function, else A's first compile of it.
void pairBreakGraphs(const std::map<GraphKey, const GraphCompileFacts*>& a,
    const std::map<GraphKey, const GraphCompileFacts*>& b, std::vector<BreakPairing>& pairings)
{
    for (const auto& [key, graphB] : b) {
        if (a.count(key) || !graphB->afterBreak)
            continue;
        const std::optional<ResumeName> resume = parseResumeName(graphB->function);
        const std::string function = resume ? resume->function : std::string();
        const GraphCompileFacts* match = nullptr;
        const auto sameId = a.find(GraphKey { key.first, graphB->afterBreakOf });
        // Clang 14 cannot capture a structured binding: the file is copied out first.
        const std::string& fileB = graphB->file;
        auto fits = [&](const GraphCompileFacts& graph) {
            const std::optional<ResumeName> itsResume = parseResumeName(graph.function);
            return (graph.function == function || (itsResume && itsResume->function == function))
                && (graph.file.empty() || fileB.empty() || graph.file == fileB);
        };
        if (sameId != a.end() && fits(*sameId->second))
            match = sameId->second;
        for (auto it = a.begin(); !match && it != a.end(); ++it)
            if (it->first.first == key.first && fits(*it->second))
                match = it->second;
        if (!match)
            continue;
        pairings.push_back({ graphB->rank, graphB->idText(), match->idText(), graphB->function,
            shortLocation(graphB->afterBreak->file, graphB->afterBreak->line) });
    }
}

} // namespace

CompileComparison compareCompile(const std::vector<CompileLog>& a, const std::vector<CompileLog>& b)
{
    CompileComparison comparison;
    const CompileSummary summaryA = summarizeCompile(a);
    const CompileSummary summaryB = summarizeCompile(b);
    const auto graphsA = graphsById(a);
    const auto graphsB = graphsById(b);
    explainBreaks(summaryA, summaryB, graphsA, graphsB, comparison.changes);
    explainRecompiles(summaryA, summaryB, a, b, comparison.changes);
    explainGraphs(graphsA, graphsB, comparison.changes);
    pairBreakGraphs(graphsA, graphsB, comparison.pairings);
    return comparison;
}

nlohmann::json compileComparisonJson(const CompileComparison& comparison)
{
    nlohmann::json changes = nlohmann::json::array();
    for (const CompileChange& change : comparison.changes)
        changes.push_back({ { "kind", change.kind }, { "sentence", change.sentence } });
    nlohmann::json pairs = nlohmann::json::array();
    for (const BreakPairing& pairing : comparison.pairings)
        pairs.push_back({ { "rank", pairing.rank ? nlohmann::json(*pairing.rank) : nlohmann::json(nullptr) },
            { "b", pairing.bId }, { "a", pairing.aId }, { "resume_function", pairing.resumeFunction },
            { "break", pairing.breakLocation } });
    return { { "changes", changes }, { "pairs", pairs } };
}

} // namespace dvmlens
