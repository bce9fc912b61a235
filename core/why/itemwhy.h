// SPDX-License-Identifier: MIT
// One kernel or fallback call of an index with its "why not DVM" reason and the op it is counted
// under, as summarizeWhy (whysummary.h) and whyBySourceLine (sourcelinewhy.h) both count it.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcesummary.h"
#include "core/why/whyindex.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace dvmlens {

// The reason's op, else "<backend> kernel", for a kernel; the call's target for a fallback call.
struct ItemWhy
{
    const WhyReason* reason = nullptr; // null: a DVM kernel, or no reason decided
    std::string op;
};
ItemWhy itemWhy(const Index& index, const IndexWhy& why, const SourceItemRef& item);

// Counts sorted most first, ties in key order.
template <typename Key>
std::vector<std::pair<Key, std::size_t>> mostFirst(const std::map<Key, std::size_t>& counts)
{
    std::vector<std::pair<Key, std::size_t>> sorted(counts.begin(), counts.end());
    std::stable_sort(
        sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return sorted;
}

} // namespace dvmlens
