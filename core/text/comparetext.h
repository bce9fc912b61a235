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
//   follow the graphs ("compile side (under no changed graph pair):"). Then each why-not-DVM reason change
//   (comparewhy.h) "why: <op> ×N: <code A> → <code B>" ("DVM" for a DVM kernel, "none" for no such call).
#pragma once

#include "core/compare/compare.h"

#include <string>
#include <vector>

namespace dvmlens {

// UTF-8 text, lines ending in '\n'.
std::string compareToText(const CompareResult& result);

// What the pair's block says of its compile side and reasons, one line each, unindented: "split: …",
// "compile: <sentence>", "why: <whyChangeText>"; empty when none applies. The window shows the same lines.
std::vector<std::string> pairExplanationLines(const GraphDiff& diff);

// "aten.add.Tensor ×1: DVM → group-placeholder-dtype"
std::string whyChangeText(const WhyChange& change);

// A graph's fallback calls added and removed, each named once with its count:
// "+aten.mm.default ×2, -extern_kernels.addmm"; empty when none changed.
std::string fallbackChangesText(const GraphDiff& diff);

} // namespace dvmlens
