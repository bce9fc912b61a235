// SPDX-License-Identifier: MIT
// Regressions summed by graph key over the run pairs (ranks): 24 regression rows of 3 graphs × 8
// ranks read as "3 graphs, each regressed on 8/8 ranks".
#pragma once

#include "core/compare/compare.h"

#include <string>
#include <vector>

namespace dvmlens {

struct KeyRegression
{
    std::string key; // GraphDiff::key
    int regressed = 0; // run pairs where this key regressed
    int pairs = 0; // run pairs that hold this key (on either side)
};

// The keys with a regression, in the order of their first regression.
std::vector<KeyRegression> regressionsByKey(const CompareResult& result);

} // namespace dvmlens
