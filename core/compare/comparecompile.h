// SPDX-License-Identifier: MIT
// The compile side of a comparison of two trace-log indexes (docs/compile-side.md): the B graphs a new
// graph break split off an A graph, paired with it (compare.h rule 5, from compileexplain's pairing), and
// compileexplain's sentences placed under the graph pairs whose verdict, kernels or run's graph count
// changed (a sentence is about compiles; a pair is about two graphs with those compile ids).
#pragma once

#include "core/compare/compare.h"
#include "core/compile/compileexplain.h"
#include "core/compile/indexcompile.h"

#include <vector>

namespace dvmlens {

// Both sides' compile events, read from their trace logs, and what changed; null unless both sides
// have a trace log.
struct CompareCompileInput
{
    IndexCompile a, b;
    CompileComparison comparison;
};
std::optional<CompareCompileInput> readCompareCompile(
    const Index& a, const Index& b, const CompareOptions& options, int jobs = 0);

// The split pairs compareIndexes takes (CompareOptions::splits): each B-only resume graph with the A graph
// compileexplain paired it with, forward with forward and backward with backward where both have a kind.
std::vector<SplitPair> splitPairs(const Index& a, const Index& b, const CompareCompileInput& compile);

// Fills GraphDiff::compileChanges of the changed pairs and CompareResult::compileChanges(Elsewhere).
void placeCompileChanges(
    CompareResult& result, const Index& a, const Index& b, const CompareCompileInput& compile);

} // namespace dvmlens
