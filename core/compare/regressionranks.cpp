// SPDX-License-Identifier: MIT
#include "core/compare/regressionranks.h"

#include <map>

namespace dvmlens {

std::vector<KeyRegression> regressionsByKey(const CompareResult& result)
{
    std::vector<KeyRegression> keys;
    std::map<std::string, std::size_t> placeOf;
    std::map<std::string, int> pairsOf;
    for (const GraphDiff& graph : result.graphs) {
        ++pairsOf[graph.key];
        if (!graph.regression)
            continue;
        auto [at, added] = placeOf.emplace(graph.key, keys.size());
        if (added)
            keys.push_back({ graph.key, 0, 0 });
        ++keys[at->second].regressed;
    }
    for (KeyRegression& key : keys)
        key.pairs = pairsOf[key.key];
    return keys;
}

} // namespace dvmlens
