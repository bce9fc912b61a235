// SPDX-License-Identifier: MIT
// The comparison as every front end shows it (the CLI's compare, report --compare, the window's compare
// page): compareIndexes with, when both sides are trace logs, the B graphs a new break split off paired
// with their A graph and the compile-side sentences under the changed pairs (comparecompile.h), and the
// why-not-DVM reason changes of every pair (comparewhy.h). One function, so they all say the same.
#pragma once

#include "core/compare/compare.h"
#include "core/why/whyindex.h"
#include "core/why/whyrules.h"

namespace dvmlens {

// `rules` null: no why changes. `jobs`: threads reading the trace logs (0: one per core).
CompareResult compareExplained(
    const Index& a, const Index& b, CompareOptions options, const WhyRules* rules, int jobs = 0);

// The same with each side's reasons already told (by `rules`, e.g. with its sources: the window's
// compare reads each output_code.py once for both).
CompareResult compareExplained(const Index& a, const Index& b, CompareOptions options, const IndexWhy& whyA,
    const IndexWhy& whyB, int jobs = 0);

} // namespace dvmlens
