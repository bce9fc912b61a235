// SPDX-License-Identifier: MIT
// The readable summary of a comparison, as `dvmlens-cli compare` prints it.
//
//   A: <root>  B: <root>, the run pairs, then the totals (graphs, matched, only in A / B, DVM-engaged
//   graphs per side, regressions, and how many graphs only in A were DVM-engaged), then one block per
//   graph, regressions first: "<REGRESSION|matched|only in A|only in B>  <key>  <verdict A> → <verdict B>",
//   both folder names when they differ, kernel counts per backend with signed deltas, fusions that moved
//   backend, DVM kernels that changed, fusions gone and new, fallback calls added (+) and removed (-). A
//   matched graph with no difference is one line. With trace logs on both sides (comparecompile.h): a graph
//   a new break split off A's says "split: B's part after the graph break at layers.py:210, paired with A's
//   <graph>", each compile-side change under it "compile: <sentence>", and the changes said under no pair
//   follow the graphs ("compile side (under no changed graph pair):").
#pragma once

#include "core/compare/compare.h"

#include <string>

namespace dvmlens {

// UTF-8 text, lines ending in '\n'.
std::string compareToText(const CompareResult& result);

// A graph's fallback calls added and removed, each named once with its count:
// "+aten.mm.default ×2, -extern_kernels.addmm"; empty when none changed.
std::string fallbackChangesText(const GraphDiff& diff);

} // namespace dvmlens
