// SPDX-License-Identifier: MIT
// Do all ranks agree? The runs of one tree (one per process: 8 ranks on 8 NPUs) should hold the same
// graphs with the same code. A graph of one run and a graph of another are the same graph when
// their pairing key matches (graphPairingKey, as compare pairs them). Their output_code.py are
// identical when what the parser read of them is equal: the kernels in file order (name, backend,
// ktype, dyn_shape, framing, launches), the fallback calls in order, the dvm import, the verdict and
// the line count (not DVM bodies, which an index keeps for some files only). Everything else
// is normalised away by construction: comments (the `# kernel path: /tmp/torchinductor_<user>/…`
// and cache-path comments), string contents (kernel sources with their temp names and paths), pids
// and run folder names, byte counts.
#pragma once

#include "core/model/model.h"
#include "core/verdict/verdict.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace dvmlens {

// One distinct output_code.py of a graph key and the runs that hold it.
struct RankVariant
{
    std::vector<std::size_t> runs; // indexes into Index::runs, in run order
    Verdict verdict = Verdict::NoCode;
    std::array<int, std::size(kAllBackends)> counts {}; // kernel definitions per backend
    std::uint64_t fingerprint = 0;
};

// One graph folder of a key: positions in Index::runs and that run's graphs.
struct RankMember
{
    std::size_t run = 0;
    std::size_t graph = 0;
    std::size_t variant = 0; // index into RankGraph::variants
};

struct RankGraph
{
    std::string key; // graphPairingKey of the folder name
    std::vector<RankVariant> variants; // in the order of the first run that holds each
    std::vector<std::size_t> missingIn; // runs without this graph, in run order
    // Every folder of this key in run order, then folder order (a recompile gives a run two).
    std::vector<RankMember> members;

    // The variant most runs hold (ties: the first seen): the reference the others "differ" from.
    std::size_t majorityVariant() const;
    std::size_t runsWithGraph() const; // runs that hold the key, over every variant
    std::vector<std::size_t> runsOutsideMajority() const; // runs of the other variants, in run order

    bool identical() const
    {
        return variants.size() == 1 && missingIn.empty();
    }
    bool verdictsDiffer() const; // variants of more than one verdict
};

struct RankConsistency
{
    int runs = 0; // runs taken part: every run_* folder (loose files outside runs are no rank)
    // Rank N is the Nth run taking part, in run order: rankRuns[N] is its position in Index::runs.
    std::vector<std::size_t> rankRuns;
    std::vector<RankGraph> graphs; // every graph key, in the order first seen (run order, then graph order)

    int identical() const;
    std::vector<const RankGraph*> divergent() const; // keys whose ranks do not all agree
    // For check --ranks: a graph missing on some ranks, or ranks whose verdict differs.
    bool fails() const;

    int rankOf(std::size_t run) const; // -1 for a run that takes no part
    // Rank numbers of `runs` (Index::runs positions) as ranges: "0–3, 5, 7" (an en dash).
    std::string rankRangesText(const std::vector<std::size_t>& runs) const;
};

// Only meaningful with two runs or more; with fewer every graph is trivially identical.
RankConsistency rankConsistency(const Index& index);
// RankConsistency::runs without the graphs' pairing: a front end that shows ranks only for two runs
// or more asks this first (a single run of a million graph folders is not paired for nothing).
int rankRunCount(const Index& index);

// "ranks: 8 runs, 360 graphs, 358 identical, 2 divergent" and, per divergent graph, one line:
// "  model__0_forward_1: 2 variants: runs r0, r1 engaged (dvm 4); run r5 not engaged (triton 3); missing in
// r3".
std::string rankConsistencyText(const Index& index, const RankConsistency& ranks);

} // namespace dvmlens
