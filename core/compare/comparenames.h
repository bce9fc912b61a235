// SPDX-License-Identifier: MIT
// The short names a front end shows for a comparison: a graph pair as its rank (run pair) and
// graph key instead of the long "<run A>|<run B>/<key>" (GraphDiff::key, rule 2 of compare.h), and
// the two compared trees by the parts of their paths that tell them apart.
#pragma once

#include "core/compare/compare.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace dvmlens {

struct GraphPairName
{
    std::optional<int> rank; // 0-based position of the graph's run pair; null with one run pair
    std::string graph; // the pairing key without the run prefix
};

GraphPairName graphPairName(const CompareResult& result, const GraphDiff& graph);

// Names of the two sides: the path components left once the components both paths share at the
// start and at the end are dropped ("/x/exp1/torch_compile_debug" vs "/x/exp2/torch_compile_debug"
// give "exp1" and "exp2"); more than three left are shortened to "first/…/last". A side with
// nothing left (equal paths, or one inside the other) is named by its last component.
std::pair<std::string, std::string> distinguishingNames(std::string_view pathA, std::string_view pathB);

} // namespace dvmlens
