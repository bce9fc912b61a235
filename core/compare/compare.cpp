// SPDX-License-Identifier: MIT
#include "core/compare/compare.h"

#include "core/compare/fusionkey.h"
#include "core/io/container.h"
#include "core/model/graphname.h"
#include "core/parse/kernelbodies.h"
#include "core/text/kernelwording.h"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>

namespace dvmlens {

namespace {

bool isDigits(std::string_view text)
{
    return !text.empty()
        && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string orNone(const std::optional<std::string>& value)
{
    return value ? *value : std::string("none");
}

std::string boolText(const std::optional<bool>& value)
{
    if (!value)
        return "none";
    return *value ? "true" : "false";
}

std::string shapeOrNone(const std::optional<std::vector<std::int64_t>>& shape)
{
    return shape ? shapeText(shape) : std::string("none");
}

// Elements of `from` not matched one-for-one in `against`, in `from`'s order.
std::vector<std::string> multisetMinus(
    const std::vector<std::string>& from, const std::vector<std::string>& against)
{
    std::map<std::string, int> available;
    for (const std::string& item : against)
        ++available[item];
    std::vector<std::string> rest;
    for (const std::string& item : from) {
        int& count = available[item];
        if (count > 0)
            --count;
        else
            rest.push_back(item);
    }
    return rest;
}

std::vector<std::string> fallbackTargets(const OutputCode* code)
{
    std::vector<std::string> targets;
    if (code) {
        for (const Fallback& fallback : code->fallbacks)
            targets.push_back(fallback.target);
    }
    return targets;
}

std::vector<std::string> sortedMultisetMinus(
    const std::vector<std::string>& from, const std::vector<std::string>& against)
{
    std::vector<std::string> rest = multisetMinus(from, against);
    std::sort(rest.begin(), rest.end());
    return rest;
}

BackendCounts countBackends(const OutputCode& code)
{
    BackendCounts counts {};
    for (const Kernel& kernel : code.kernels)
        ++counts[static_cast<std::size_t>(kernel.backend)];
    return counts;
}

int dvmCount(const BackendCounts& counts)
{
    return counts[static_cast<std::size_t>(Backend::Dvm)];
}

FusionSide fusionSide(const OutputCode& code, std::size_t index)
{
    const Kernel& kernel = code.kernels[index];
    return FusionSide { index, kernel.name, kernel.backend, kernel.line };
}

GraphSide graphSide(const Graph& graph)
{
    GraphSide side;
    side.name = graph.name;
    side.path = graph.path;
    if (graph.outputCode)
        side.outputCodePath = graph.outputCode->path;
    return side;
}

const OutputCode* outputCodeOf(const Graph* graph)
{
    return graph && graph->outputCode ? &*graph->outputCode : nullptr;
}

// Pairs items of two lists: first by equal keys, then leftovers by each of `sameLoosely` in turn, each
// in order. Returns, for each item of A, the index of its partner in B. The exact pass is a lookup, so
// large graphs (thousands of kernels) stay linear; the loose passes only see what is left.
template <typename... SameLoosely>
std::vector<std::optional<std::size_t>> pairInOrder(
    const std::vector<std::string>& keysA, const std::vector<std::string>& keysB, SameLoosely... sameLoosely)
{
    std::vector<std::optional<std::size_t>> partner(keysA.size());
    std::vector<bool> taken(keysB.size(), false);
    std::unordered_map<std::string_view, std::deque<std::size_t>> waitingInB;
    for (std::size_t j = 0; j < keysB.size(); ++j)
        waitingInB[keysB[j]].push_back(j);
    for (std::size_t i = 0; i < keysA.size(); ++i) {
        const auto found = waitingInB.find(keysA[i]);
        if (found != waitingInB.end() && !found->second.empty()) {
            partner[i] = found->second.front();
            taken[*partner[i]] = true;
            found->second.pop_front();
        }
    }
    const auto loosePass = [&](const auto& same) {
        for (std::size_t i = 0; i < keysA.size(); ++i) {
            for (std::size_t j = 0; j < keysB.size() && !partner[i]; ++j) {
                if (!taken[j] && same(i, j)) {
                    partner[i] = j;
                    taken[j] = true;
                }
            }
        }
    };
    (loosePass(sameLoosely), ...);
    return partner;
}

// Inductor's code hash of a trace or cache graph's wrapper module; null for a debug tree's graph.
const std::optional<std::string>& codeHashOf(const Graph& graph)
{
    static const std::optional<std::string> none;
    return graph.origin ? graph.origin->codeHash : none;
}

std::vector<std::size_t> unpaired(std::size_t sizeB, const std::vector<std::optional<std::size_t>>& partner)
{
    std::vector<bool> taken(sizeB, false);
    for (const std::optional<std::size_t>& j : partner) {
        if (j)
            taken[*j] = true;
    }
    std::vector<std::size_t> rest;
    for (std::size_t j = 0; j < sizeB; ++j) {
        if (!taken[j])
            rest.push_back(j);
    }
    return rest;
}

std::vector<RunPair> pairRuns(const Index& a, const Index& b, const CompareOptions& options)
{
    const auto selected = [](const Index& index, const std::optional<std::size_t>& only) {
        std::vector<std::size_t> runs;
        for (std::size_t i = 0; i < index.runs.size(); ++i) {
            if (!only || *only == i)
                runs.push_back(i);
        }
        return runs;
    };
    const std::vector<std::size_t> runsA = selected(a, options.runA);
    const std::vector<std::size_t> runsB = selected(b, options.runB);
    const auto pairOf = [&](std::optional<std::size_t> runA, std::optional<std::size_t> runB) {
        RunPair pair;
        pair.a = runA;
        pair.b = runB;
        if (runA)
            pair.nameA = a.runs[*runA].name.value_or(std::string());
        if (runB)
            pair.nameB = b.runs[*runB].name.value_or(std::string());
        return pair;
    };
    // Runs that say their rank (trace logs) pair with the other side's run of that rank first: the
    // order of start times differs between two jobs' ranks. Two known ranks that differ never pair.
    std::vector<std::optional<std::size_t>> partner(runsA.size());
    std::vector<bool> takenB(runsB.size(), false);
    for (std::size_t i = 0; i < runsA.size(); ++i) {
        const std::optional<std::int64_t>& rank = a.runs[runsA[i]].rank;
        for (std::size_t j = 0; rank && j < runsB.size() && !partner[i]; ++j) {
            if (!takenB[j] && b.runs[runsB[j]].rank == rank) {
                partner[i] = j;
                takenB[j] = true;
            }
        }
    }
    // The rest pair by position (Index::runs order), as runs without a rank always have. One run a
    // side (two logs given, or --run): those two pair whatever their ranks.
    const bool oneEach = runsA.size() == 1 && runsB.size() == 1;
    std::size_t nextB = 0;
    std::vector<RunPair> pairs;
    for (std::size_t i = 0; i < runsA.size(); ++i) {
        if (!partner[i]) {
            while (nextB < runsB.size() && takenB[nextB])
                ++nextB;
            const bool otherRank =
                nextB < runsB.size() && a.runs[runsA[i]].rank && b.runs[runsB[nextB]].rank && !oneEach;
            if (nextB < runsB.size() && !otherRank) {
                partner[i] = nextB;
                takenB[nextB] = true;
            }
        }
        pairs.push_back(pairOf(runsA[i], partner[i] ? std::optional(runsB[*partner[i]]) : std::nullopt));
    }
    for (std::size_t j = 0; j < runsB.size(); ++j) {
        if (!takenB[j])
            pairs.push_back(pairOf(std::nullopt, runsB[j]));
    }
    return pairs;
}

// "<aot id>_<kind>" of each graph: from its folder name, else from the `# AOT ID:` header of its
// output_code.py (a lone file in a folder of any name).
std::vector<std::optional<std::string>> aotIds(const std::vector<Graph>& graphs)
{
    std::vector<std::optional<std::string>> ids;
    for (const Graph& graph : graphs) {
        if (graph.aotId && graph.kind && !graph.kind->empty())
            ids.push_back(std::to_string(*graph.aotId) + '_' + *graph.kind);
        else if (graph.outputCode && graph.outputCode->aotId)
            ids.push_back(graph.outputCode->aotId);
        else
            ids.emplace_back();
    }
    return ids;
}

// Rule 2 for one run pair; appends to `diffs`.
void compareRunPair(const Index& a, const Index& b, const RunPair& runs, const std::string& keyPrefix,
    const std::vector<SplitPair>& splits, std::vector<GraphDiff>& diffs)
{
    static const std::vector<Graph> kNoGraphs;
    const std::vector<Graph>& graphsA = runs.a ? a.runs[*runs.a].graphs : kNoGraphs;
    const std::vector<Graph>& graphsB = runs.b ? b.runs[*runs.b].graphs : kNoGraphs;
    const auto keys = [](const std::vector<Graph>& graphs) {
        std::vector<std::string> result;
        for (const Graph& graph : graphs)
            result.push_back(graphPairingKey(graph.name));
        return result;
    };
    const std::vector<std::string> keysA = keys(graphsA);
    const std::vector<std::string> keysB = keys(graphsB);
    const auto aotIdsA = aotIds(graphsA);
    const auto aotIdsB = aotIds(graphsB);
    // Leftovers with one code hash are the same wrapper module (a cache's beside the trace that
    // logged it, whose names differ): they pair before graphs that merely share an AOT ID.
    auto partner = pairInOrder(
        keysA, keysB,
        [&](std::size_t i, std::size_t j) {
            return codeHashOf(graphsA[i]) && codeHashOf(graphsA[i]) == codeHashOf(graphsB[j]);
        },
        [&](std::size_t i, std::size_t j) { return aotIdsA[i] && aotIdsA[i] == aotIdsB[j]; });
    // Two lone graphs (two graph folders or two output_code.py files given) are compared whatever
    // their names: that is what the user asked for.
    if (graphsA.size() == 1 && graphsB.size() == 1)
        partner[0] = 0;

    std::string scratch; // read buffer for kernel bodies the indexes do not hold
    const auto add = [&](const Graph* ga, std::optional<std::size_t> i, const Graph* gb,
                         std::optional<std::size_t> j) {
        const std::optional<Graph> completeA = withKernelBodies(filesOr(a.files), ga, scratch, a.root);
        const std::optional<Graph> completeB = withKernelBodies(filesOr(b.files), gb, scratch, b.root);
        GraphDiff diff = compareGraphs(completeA ? &*completeA : ga, completeB ? &*completeB : gb);
        diff.key = keyPrefix + diff.key;
        if (diff.a) {
            diff.a->run = *runs.a;
            diff.a->graph = *i;
        }
        if (diff.b) {
            diff.b->run = *runs.b;
            diff.b->graph = *j;
        }
        diffs.push_back(std::move(diff));
    };
    for (std::size_t i = 0; i < graphsA.size(); ++i)
        add(&graphsA[i], i, partner[i] ? &graphsB[*partner[i]] : nullptr, partner[i]);
    for (std::size_t j : unpaired(graphsB.size(), partner)) {
        const auto split = std::find_if(splits.begin(), splits.end(), [&](const SplitPair& each) {
            return runs.a && runs.b && each.runA == *runs.a && each.runB == *runs.b && each.graphB == j
                && each.graphA < graphsA.size();
        });
        if (split == splits.end()) {
            add(nullptr, std::nullopt, &graphsB[j], j);
            continue;
        }
        add(&graphsA[split->graphA], split->graphA, &graphsB[j], j);
        diffs.back().key = keyPrefix + graphPairingKey(graphsB[j].name); // B's graph is what this pair is
        diffs.back().splitFrom = split->at;
        diffs.back().regression = false; // rule 5: A's kernels moved to this graph, none was lost
    }
}

CompareSummary summarize(const std::vector<GraphDiff>& graphs)
{
    CompareSummary summary;
    summary.graphs = static_cast<int>(graphs.size());
    for (const GraphDiff& diff : graphs) {
        summary.matched += diff.status == PairStatus::Matched;
        summary.split += !diff.splitFrom.empty();
        summary.onlyA += diff.status == PairStatus::OnlyA;
        summary.onlyB += diff.status == PairStatus::OnlyB;
        summary.regressions += diff.regression;
        summary.dvmEngagedA += diff.splitFrom.empty() && diff.dvmEngagedA.value_or(false); // A's once
        summary.dvmEngagedB += diff.dvmEngagedB.value_or(false);
        summary.engagedOnlyA += diff.status == PairStatus::OnlyA && diff.dvmEngagedA.value_or(false);
    }
    return summary;
}

} // namespace

std::string_view pairStatusName(PairStatus status)
{
    switch (status) {
    case PairStatus::Matched:
        return "matched";
    case PairStatus::OnlyA:
        return "only_a";
    case PairStatus::OnlyB:
        break;
    }
    return "only_b";
}

std::optional<std::size_t> findRun(const Index& index, std::string_view name, std::string& error)
{
    const auto unique = [&](auto matches, const char* what) -> std::optional<std::size_t> {
        std::vector<std::size_t> found;
        for (std::size_t i = 0; i < index.runs.size(); ++i) {
            if (matches(index.runs[i]))
                found.push_back(i);
        }
        if (found.size() == 1)
            return found.front();
        if (found.size() > 1)
            error = "run '" + std::string(name) + "' is ambiguous in " + index.root + " ("
                + std::to_string(found.size()) + " runs match " + what + ")";
        return std::nullopt;
    };
    error.clear();
    if (const auto exact = unique([&](const Run& run) { return run.name == name; }, "this name"))
        return exact;
    if (error.empty() && isDigits(name)) {
        if (const auto byPid = unique(
                [&](const Run& run) { return run.pid && std::to_string(*run.pid) == name; }, "this pid"))
            return byPid;
    }
    if (error.empty() && !name.empty()) {
        if (const auto byPrefix = unique(
                [&](const Run& run) { return run.name && run.name->starts_with(name); }, "this prefix"))
            return byPrefix;
    }
    if (error.empty())
        error = "no run '" + std::string(name) + "' in " + index.root;
    return std::nullopt;
}

std::vector<std::string> dvmKernelChanges(const Kernel& a, const Kernel& b)
{
    // Values are compared first and formatted only when they differ: most fused kernels are
    // unchanged, and a big graph has thousands.
    std::vector<std::string> changes;
    const auto change = [&changes](
                            const std::string& subject, const std::string& before, const std::string& after) {
        changes.push_back(subject + ": " + before + " → " + after);
    };
    if (a.ktype != b.ktype)
        change("ktype", orNone(a.ktype), orNone(b.ktype));
    if (a.dynShape != b.dynShape)
        change("dyn_shape", boolText(a.dynShape), boolText(b.dynShape));

    if (a.ops != b.ops) {
        std::string ops;
        for (const std::string& op : multisetMinus(b.ops, a.ops))
            ops += (ops.empty() ? "+" : " +") + op;
        for (const std::string& op : multisetMinus(a.ops, b.ops))
            ops += (ops.empty() ? "-" : " -") + op;
        if (!ops.empty())
            changes.push_back("ops: " + ops);
    }

    if (a.inputs.size() != b.inputs.size())
        change("inputs", std::to_string(a.inputs.size()), std::to_string(b.inputs.size()));
    for (std::size_t i = 0; i < std::min(a.inputs.size(), b.inputs.size()); ++i) {
        const DvmInput& before = a.inputs[i];
        const DvmInput& after = b.inputs[i];
        const auto subject = [i](const char* what) { return "input " + std::to_string(i) + ' ' + what; };
        if (before.op != after.op)
            change(subject("op"), before.op, after.op);
        if (before.shape != after.shape)
            change(subject("shape"), shapeOrNone(before.shape), shapeOrNone(after.shape));
        if (before.dtype != after.dtype)
            change(subject("dtype"), orNone(before.dtype), orNone(after.dtype));
    }
    if (a.outputs.size() != b.outputs.size())
        change("outputs", std::to_string(a.outputs.size()), std::to_string(b.outputs.size()));
    for (std::size_t i = 0; i < std::min(a.outputs.size(), b.outputs.size()); ++i) {
        if (a.outputs[i].dtype != b.outputs[i].dtype)
            change("output " + std::to_string(i) + " dtype", orNone(a.outputs[i].dtype),
                orNone(b.outputs[i].dtype));
        // Only when both are known: an unknown shape (no launch found) is no change of the kernel.
        if (a.outputs[i].shape && b.outputs[i].shape && a.outputs[i].shape != b.outputs[i].shape)
            change("output " + std::to_string(i) + " shape", shapeText(a.outputs[i].shape),
                shapeText(b.outputs[i].shape));
    }
    return changes;
}

std::vector<FusionDiff> compareFusions(const OutputCode* a, const OutputCode* b)
{
    static const std::vector<Kernel> kNoKernels;
    const std::vector<Kernel>& kernelsA = a ? a->kernels : kNoKernels;
    const std::vector<Kernel>& kernelsB = b ? b->kernels : kNoKernels;
    const auto keys = [](const std::vector<Kernel>& kernels) {
        std::vector<std::string> result;
        for (const Kernel& kernel : kernels)
            result.push_back(fusionKey(kernel));
        return result;
    };
    const std::vector<std::string> keysA = keys(kernelsA);
    const std::vector<std::string> keysB = keys(kernelsB);
    const auto partner = pairInOrder(
        keysA, keysB, [&](std::size_t i, std::size_t j) { return fusionKeysMatch(keysA[i], keysB[j]); });

    std::vector<FusionDiff> fusions;
    for (std::size_t i = 0; i < kernelsA.size(); ++i) {
        FusionDiff fusion;
        fusion.key = keysA[i];
        fusion.a = fusionSide(*a, i);
        if (partner[i]) {
            fusion.b = fusionSide(*b, *partner[i]);
            if (fusion.a->backend == Backend::Dvm && fusion.b->backend == Backend::Dvm)
                fusion.changes = dvmKernelChanges(kernelsA[i], kernelsB[*partner[i]]);
        }
        fusions.push_back(std::move(fusion));
    }
    for (std::size_t j : unpaired(kernelsB.size(), partner)) {
        FusionDiff fusion;
        fusion.key = keysB[j];
        fusion.b = fusionSide(*b, j);
        fusions.push_back(std::move(fusion));
    }
    return fusions;
}

GraphDiff compareGraphs(const Graph* a, const Graph* b)
{
    GraphDiff diff;
    diff.key = graphPairingKey(a ? a->name : b->name);
    diff.status = a && b ? PairStatus::Matched : (a ? PairStatus::OnlyA : PairStatus::OnlyB);
    if (a)
        diff.a = graphSide(*a);
    if (b)
        diff.b = graphSide(*b);
    // Said where the names do not say it: a cache module and its trace record, two compile ids.
    if (a && b && codeHashOf(*a) && codeHashOf(*a) == codeHashOf(*b)
        && (a->origin->kind != b->origin->kind || graphPairingKey(a->name) != graphPairingKey(b->name)))
        diff.sameCodeHash = *codeHashOf(*a);

    const OutputCode* codeA = outputCodeOf(a);
    const OutputCode* codeB = outputCodeOf(b);
    if (codeA) {
        diff.dvmEngagedA = codeA->dvmEngaged;
        diff.countsA = countBackends(*codeA);
    }
    if (codeB) {
        diff.dvmEngagedB = codeB->dvmEngaged;
        diff.countsB = countBackends(*codeB);
    }

    diff.fusions = compareFusions(codeA, codeB);
    // A matched folder without output_code.py says nothing about its contents: no kernel or fallback
    // is "only" on the other side. A graph that is absent on one side loses or gains all of them.
    const bool contentsUnknown = a && b && (!codeA || !codeB);
    if (contentsUnknown)
        return diff;

    const std::vector<std::string> targetsA = fallbackTargets(codeA);
    const std::vector<std::string> targetsB = fallbackTargets(codeB);
    diff.fallbacksAdded = sortedMultisetMinus(targetsB, targetsA);
    diff.fallbacksRemoved = sortedMultisetMinus(targetsA, targetsB);
    for (const FusionDiff& fusion : diff.fusions) {
        const bool dvmInA = fusion.a && fusion.a->backend == Backend::Dvm;
        const bool dvmInB = fusion.b && fusion.b->backend == Backend::Dvm;
        if (dvmInA && !dvmInB)
            diff.dvmOnlyA.push_back(fusion.a->name);
        if (dvmInB && !dvmInA)
            diff.dvmOnlyB.push_back(fusion.b->name);
    }

    if (codeA && codeB) {
        const bool lostEngagement = codeA->dvmEngaged && !codeB->dvmEngaged;
        diff.regression = lostEngagement || dvmCount(*diff.countsB) < dvmCount(*diff.countsA);
    }
    return diff;
}

CompareResult compareIndexes(const Index& a, const Index& b, const CompareOptions& options)
{
    CompareResult result;
    result.rootA = a.root;
    result.rootB = b.root;
    result.runs = pairRuns(a, b, options);
    for (const RunPair& runs : result.runs) {
        const std::string prefix =
            result.runs.size() > 1 ? runs.nameA + '|' + runs.nameB + '/' : std::string();
        compareRunPair(a, b, runs, prefix, options.splits, result.graphs);
    }
    result.summary = summarize(result.graphs);
    for (const RunPair& runs : result.runs) {
        if (runs.a)
            result.summary.verdictsA.add(verdictCounts(a.runs[*runs.a]));
        if (runs.b)
            result.summary.verdictsB.add(verdictCounts(b.runs[*runs.b]));
    }
    return result;
}

} // namespace dvmlens
