// SPDX-License-Identifier: MIT
#include "core/compare/comparecompile.h"

#include <algorithm>

namespace dvmlens {

namespace {

// The (rank, compile id) of index.runs[run].graphs[graph] on `side`, if its log has facts for it.
std::optional<CompileGraphRef> refOf(
    const IndexCompile& compile, char side, std::size_t run, std::size_t graph)
{
    const GraphCompileFacts* facts = compile.graph(run, graph);
    if (!facts)
        return std::nullopt;
    return CompileGraphRef { side, facts->rank, facts->idText() };
}

// Every graph of `index` (in the kept runs) whose compile is `rank`/`id`.
std::vector<std::pair<std::size_t, std::size_t>> graphsOf(const Index& index, const IndexCompile& compile,
    const std::optional<std::int64_t>& rank, const std::string& id)
{
    std::vector<std::pair<std::size_t, std::size_t>> found;
    for (std::size_t r = 0; r < index.runs.size(); ++r)
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g)
            if (const GraphCompileFacts* facts = compile.graph(r, g);
                facts && facts->rank == rank && facts->idText() == id)
                found.emplace_back(r, g);
    return found;
}

std::vector<std::size_t> keptRuns(const std::optional<std::size_t>& run)
{
    return run ? std::vector<std::size_t> { *run } : std::vector<std::size_t> {};
}

// A pair is said to have changed on the code side: its verdict, its kernels, or it lost or gained a graph.
bool pairChanged(const GraphDiff& diff)
{
    return diff.status != PairStatus::Matched || !diff.splitFrom.empty() || diff.regression
        || diff.dvmEngagedA != diff.dvmEngagedB || diff.countsA != diff.countsB || !diff.dvmOnlyA.empty()
        || !diff.dvmOnlyB.empty();
}

} // namespace

std::optional<CompareCompileInput> readCompareCompile(
    const Index& a, const Index& b, const CompareOptions& options, int jobs)
{
    CompareCompileInput input { IndexCompile::read(a, jobs, keptRuns(options.runA)),
        IndexCompile::read(b, jobs, keptRuns(options.runB)), {} };
    if (!input.a.any() || !input.b.any())
        return std::nullopt;
    input.comparison = compareCompile(input.a.logs(), input.b.logs());
    return input;
}

std::vector<SplitPair> splitPairs(const Index& a, const Index& b, const CompareCompileInput& compile)
{
    std::vector<SplitPair> splits;
    for (const BreakPairing& pairing : compile.comparison.pairings) {
        const auto graphsA = graphsOf(a, compile.a, pairing.rank, pairing.aId);
        for (const auto& [runB, graphB] : graphsOf(b, compile.b, pairing.rank, pairing.bId)) {
            if (graphsA.empty())
                break;
            const std::optional<std::string>& kindB = b.runs[runB].graphs[graphB].kind;
            const auto sameKind = std::find_if(graphsA.begin(), graphsA.end(),
                [&](const auto& place) { return a.runs[place.first].graphs[place.second].kind == kindB; });
            const auto& [runA, graphA] = sameKind != graphsA.end() ? *sameKind : graphsA.front();
            splits.push_back({ runA, graphA, runB, graphB, pairing.breakLocation });
        }
    }
    return splits;
}

void placeCompileChanges(
    CompareResult& result, const Index& a, const Index& b, const CompareCompileInput& compile)
{
    const std::vector<CompileChange>& changes = compile.comparison.changes;
    std::vector<bool> placed(changes.size(), false);
    // A run pair whose graph count changed: all its pairs are said to have changed.
    std::vector<std::pair<std::optional<std::size_t>, std::optional<std::size_t>>> countChanged;
    for (const RunPair& runs : result.runs) {
        const std::size_t countA = runs.a ? a.runs[*runs.a].graphs.size() : 0;
        const std::size_t countB = runs.b ? b.runs[*runs.b].graphs.size() : 0;
        if (countA != countB)
            countChanged.emplace_back(runs.a, runs.b);
    }
    for (GraphDiff& diff : result.graphs) {
        const bool runCountChanged =
            std::any_of(countChanged.begin(), countChanged.end(), [&](const auto& runs) {
                return (diff.a && runs.first == diff.a->run) || (diff.b && runs.second == diff.b->run);
            });
        if (!pairChanged(diff) && !runCountChanged)
            continue;
        const std::optional<CompileGraphRef> refA =
            diff.a ? refOf(compile.a, 'a', diff.a->run, diff.a->graph) : std::nullopt;
        const std::optional<CompileGraphRef> refB =
            diff.b ? refOf(compile.b, 'b', diff.b->run, diff.b->graph) : std::nullopt;
        for (std::size_t i = 0; i < changes.size(); ++i) {
            const std::vector<CompileGraphRef>& about = changes[i].graphs;
            const bool aboutA = refA && std::find(about.begin(), about.end(), *refA) != about.end();
            const bool aboutB = refB && std::find(about.begin(), about.end(), *refB) != about.end();
            if (!aboutA && !aboutB)
                continue;
            diff.compileChanges.emplace_back(changes[i].kind, changes[i].sentence);
            placed[i] = true;
        }
    }
    result.compileChanges.emplace();
    for (std::size_t i = 0; i < changes.size(); ++i) {
        result.compileChanges->emplace_back(changes[i].kind, changes[i].sentence);
        if (!placed[i])
            result.compileChangesElsewhere.emplace_back(changes[i].kind, changes[i].sentence);
    }
}

} // namespace dvmlens
