// SPDX-License-Identifier: MIT
// Compares two scans (A = before, B = after): which runs, graphs and fused kernels correspond, what
// moved from DVM to Triton / ATen / FX fallbacks, what changed inside DVM kernels, and what regressed.
// The CLI (`dvmlens-cli compare`, comparetext.h, comparejson.h) and the GUI show these values as they are.
//
// Rules, in the order they apply:
//  1. Runs. Each side is an Index (a tree, a run or a graph folder: whatever buildIndex accepts).
//     CompareOptions::runA/runB keep one run of a side (see findRun). Runs that know their
//     torch.distributed rank (Run::rank: trace logs) pair with the other side's run of that rank
//     first, in order; the remaining runs pair by position (Index::runs order: start time, then
//     pid, then name), except that two runs of different known ranks pair only when each side has
//     just that one run (two ranks' logs compared). Runs left over pair with nothing, so all their
//     graphs are only_a / only_b (pairs in A's order, then B's left over).
//  2. Graphs, inside one run pair. First by graphPairingKey (graphname.h: the folder name without
//     its trailing .<n>, which shifts whenever an extra compile happens earlier in the process), then
//     leftovers by equal Inductor code hash (GraphOrigin::codeHash: a trace's or a cache's graph), then
//     by equal AOT id and kind (from the folder name, else from output_code.py's
//     `# AOT ID:` header). When each side of the run pair holds a single graph, those two pair
//     whatever their names (two graph folders or two output_code.py files given). Several graphs
//     with one key pair in order. Unpaired graphs are only_a / only_b. GraphDiff::key is A's pairing
//     key (B's for only_b); when there is more than one run pair it is prefixed
//     "<run A name>|<run B name>/" (an empty name for a missing or unnamed run).
//  3. Fusions, inside one graph pair: kernels pair by fusionKey (fusionkey.h), equal keys first, then
//     keys equal up to the 35-character Triton cut; several kernels with one key pair in file order.
//     Every kernel appears in exactly one FusionDiff: pairs and A-only in A's file order, then B-only.
//  4. Regression: a matched pair whose both sides have an output_code.py, where DVM was engaged in A
//     but not in B, or B defines fewer DVM kernels than A. A graph only in A is never a regression
//     (the graph itself is gone, not its DVM kernels); CompareSummary::engagedOnlyA counts those that
//     were DVM-engaged, so a caller can show them. A side without output_code.py (empty folder after
//     an FX-cache hit, crash) cannot be judged: its verdict and counts are null and it never regresses.
//  5. Split graphs. CompareOptions::splits (from the compile side of trace logs, comparecompile.h) pairs a B
//     graph a new graph break created with the A graph it split off from, instead of leaving it only_b.
#pragma once

#include "core/model/model.h"
#include "core/rules/rulebook.h"
#include "core/verdict/verdict.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// Kernel definitions per backend, indexed by static_cast<std::size_t>(Backend).
using BackendCounts = std::array<int, std::size(kAllBackends)>;

enum class PairStatus
{
    Matched,
    OnlyA,
    OnlyB
};
std::string_view pairStatusName(PairStatus status); // "matched", "only_a", "only_b"

// Picks one run of `index` by `name`: the exact run folder name, else a pid ("4242"), else a unique
// prefix of a run folder name ("run_2026_07_20_10"). Returns nullopt and sets `error` when no run
// or several runs match.
std::optional<std::size_t> findRun(const Index& index, std::string_view name, std::string& error);

// A graph of B that a new graph break split off a graph of A (its resume function's compile), as the
// compile side pairs them (comparecompile.h): a.runs[runA].graphs[graphA] and b.runs[runB].graphs[graphB].
struct SplitPair
{
    std::size_t runA = 0, graphA = 0;
    std::size_t runB = 0, graphB = 0;
    std::string at; // the break: "layers.py:210"
};

struct CompareOptions
{
    std::optional<std::size_t> runA; // keep only a.runs[*runA] (from findRun); null = every run
    std::optional<std::size_t> runB; // the same for b; an index out of range keeps no run
    // Rule 5: a B graph left unpaired by rule 2 and named here pairs with that A graph (which keeps its
    // own pair too); it never regresses (its DVM kernels moved, not lost) nor counts A's graph twice.
    std::vector<SplitPair> splits;
};

// Which runs were compared with each other: indices into a.runs / b.runs, null for no run.
struct RunPair
{
    std::optional<std::size_t> a;
    std::optional<std::size_t> b;
    std::string nameA; // run folder names; empty for no run or a run without a folder
    std::string nameB;
};

// A graph folder on one side: index.runs[run].graphs[graph].
struct GraphSide
{
    std::size_t run = 0; // set by compareIndexes; 0 when compareGraphs is called directly
    std::size_t graph = 0;
    std::string name; // folder name
    std::string path; // folder path
    std::optional<std::string> outputCodePath; // null when the folder has no output_code.py
};

// One kernel of a fusion, on one side: outputCode->kernels[kernel].
struct FusionSide
{
    std::size_t kernel = 0;
    std::string name;
    Backend backend = Backend::Other;
    int line = 0; // Kernel::line (1-based), to jump to the definition
};

struct FusionDiff
{
    std::string key; // fusionKey of A's kernel (B's when only in B)
    std::optional<FusionSide> a;
    std::optional<FusionSide> b;
    std::vector<std::string> changes; // when both sides are DVM: dvmKernelChanges(a, b); else empty
};

// A kernel or fallback call of a graph pair whose why-not-DVM reason changed A → B (comparewhy.h).
// Equal (item, op, code A, code B) are counted once.
struct WhyChange
{
    bool kernel = true; // a fused kernel (paired by fusion key); false: a fallback call (by target)
    std::string op; // the op the reason names (WhyEvidence::op), else the fusion key or call target
    int count = 0;
    // The reason code on each side; null: a DVM kernel (kernel) or no such call (fallback).
    std::optional<std::string> codeA, codeB;
    std::string textA, textB; // the first item's reason text on each side; "" where the code is null
    LocalizedText titleA, titleB; // the reasons' titles, for the window
};

struct GraphDiff
{
    std::string key; // see rule 2
    PairStatus status = PairStatus::Matched;
    std::optional<GraphSide> a;
    std::optional<GraphSide> b;
    std::optional<bool> dvmEngagedA; // OutputCode::dvmEngaged; null without a side or its output_code.py
    std::optional<bool> dvmEngagedB;
    std::optional<BackendCounts> countsA; // kernel definitions per backend; null as for dvmEngaged
    std::optional<BackendCounts> countsB;
    // The next four compare the two output_code.py files; a matched pair with the file missing on one
    // side leaves them empty (contents unknown), a graph absent on one side lists everything it has.
    std::vector<std::string> fallbacksAdded; // multiset B - A of Fallback::target, one entry per call, sorted
    std::vector<std::string> fallbacksRemoved; // multiset A - B, likewise
    std::vector<std::string> dvmOnlyA; // DVM kernels of A whose fusion is not DVM in B (or gone), A's order
    std::vector<std::string> dvmOnlyB; // DVM kernels of B whose fusion was not DVM in A (or new)
    std::vector<FusionDiff> fusions; // see rule 3
    bool regression = false; // see rule 4
    std::string splitFrom; // rule 5: the break ("layers.py:210") that split B's graph off A's; "" otherwise
    // Inductor's code hash when both sides know theirs (a trace's or a cache's graph), it is the same
    // (one wrapper module, byte for byte up to leading and trailing white space) and the names do not
    // say so: the sides come from different inputs (a cache module and its trace record) or have
    // different pairing keys. "" otherwise, so unchanged pairs of two traces stay quiet.
    std::string sameCodeHash;
    // What changed on the compile side for this pair, when both sides are trace logs and the pair's verdict,
    // kernels or its runs' graph count changed (comparecompile.h): kind and sentence each.
    std::vector<std::pair<std::string, std::string>> compileChanges;
    // Kernels and fallback calls whose why-not-DVM reason changed A → B (comparewhy.h); filled only
    // when the comparison was explained (compareexplained.h), for pairs with both output_code.py files.
    std::vector<WhyChange> whyChanges;
};

struct CompareSummary
{
    int graphs = 0; // GraphDiff entries
    int matched = 0;
    int split = 0; // of those matched, B graphs paired with the A graph a break split them off (rule 5)
    int onlyA = 0;
    int onlyB = 0;
    int regressions = 0;
    int dvmEngagedA = 0; // graphs DVM-engaged in A (matched or only_a)
    int dvmEngagedB = 0; // graphs DVM-engaged in B (matched or only_b)
    int engagedOnlyA = 0; // only_a graphs that were DVM-engaged: lost with their graph, not regressions
    // The ladder (verdict.h) of each side over the runs compared.
    VerdictCounts verdictsA;
    VerdictCounts verdictsB;
};

struct CompareResult
{
    std::string rootA; // Index::root of each side
    std::string rootB;
    std::vector<RunPair> runs;
    std::vector<GraphDiff> graphs; // run pair by run pair, each in A's graph order, then B-only graphs
    CompareSummary summary;
    // Both sides read from trace logs: every compile-side change A → B (kind, sentence), and those said
    // under no pair; null otherwise (comparecompile.h).
    std::optional<std::vector<std::pair<std::string, std::string>>> compileChanges;
    std::vector<std::pair<std::string, std::string>> compileChangesElsewhere;
};

// Readable change strings between two DVM kernels of one fusion, in this order: "ktype: vector → spec",
// "dyn_shape: false → true", "ops: +sum -maximum" (multiset difference), "inputs: 2 → 3",
// "input 0 op: load → view_load", "input 1 shape: [128, 128] → [-1, 128]", "input 1 dtype: float32 →
// bfloat16", "outputs: 1 → 2", "output 0 dtype: float32 → float16". Inputs and outputs are numbered
// from 0 in argument / store order; a missing value prints as "none".
std::vector<std::string> dvmKernelChanges(const Kernel& a, const Kernel& b);

// Pairs the kernels of two output_code.py files (rule 3); either may be null.
std::vector<FusionDiff> compareFusions(const OutputCode* a, const OutputCode* b);

// Compares two graph folders (either may be null, not both): everything of GraphDiff but the run
// prefix of `key` and GraphSide::run/graph.
GraphDiff compareGraphs(const Graph* a, const Graph* b);

// The whole comparison (rules 1-4). Never fails: run selection errors are caught by findRun.
CompareResult compareIndexes(const Index& a, const Index& b, const CompareOptions& options);

} // namespace dvmlens
