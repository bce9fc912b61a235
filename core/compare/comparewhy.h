// SPDX-License-Identifier: MIT
// What changed reason between A and B (compare.h WhyChange): for each graph pair with an output_code.py on
// both sides, the fused kernels (paired by fusion key, compare.h rule 3) and the fallback calls (paired by
// target) whose why-not-DVM reason (core/why) differs: a code A → code B, a DVM kernel that fell back
// (DVM → code), a kernel that became DVM (code → DVM), a new or gone call (none ↔ code).
#pragma once

#include "core/compare/compare.h"
#include "core/why/whyindex.h"
#include "core/why/whyreason.h"
#include "core/why/whyrules.h"

namespace dvmlens {

// The changes of one pair from the reasons of its two files (`a`, `b` parallel to the pair's kernels and
// fallbacks, whyexplain.h). Kernels first, then calls, each in order of first appearance.
std::vector<WhyChange> whyChanges(const GraphDiff& diff, const OutputCode& codeA, const GraphWhy& whyA,
    const OutputCode& codeB, const GraphWhy& whyB);

// Fills GraphDiff::whyChanges of every pair of `result` where either side has a kernel or call that is
// not DVM, reading those output_code.py files again (an unreadable one leaves its pair without changes).
void placeWhyChanges(CompareResult& result, const Index& a, const Index& b, const WhyRules& rules);

// The same from each side's reasons already told (whyindex.h; e.g. with its sources, whywithsources.h),
// so no file is read again.
void placeWhyChanges(
    CompareResult& result, const Index& a, const IndexWhy& whyA, const Index& b, const IndexWhy& whyB);

// "DVM" / "none" / the code: how a side of a change is named in text.
std::string whyChangeSideText(const WhyChange& change, bool sideB);

} // namespace dvmlens
