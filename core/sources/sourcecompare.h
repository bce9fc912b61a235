// SPDX-License-Identifier: MIT
// Model source lines A → B: the lines whose DVM kernels changed between two trees (or two runs),
// so "layers.py:113 left DVM in B" is one line. Lines pair by file and line number.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcesummary.h"

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace dvmlens {

enum class SourceChange
{
    LeftDvm, // DVM kernels in A, none in B (B has the line with other kernels or fallbacks, or not at all)
    FewerDvm, // fewer DVM kernels in B, some left
    JoinedDvm, // no DVM kernel in A, some in B
    MoreDvm, // more DVM kernels in B
};
std::string_view sourceChangeName(SourceChange change); // "left_dvm", "fewer_dvm", "joined_dvm", "more_dvm"

struct SourceLocationChange
{
    SourceFrame frame; // A's when it has the line, else B's
    SourceChange change = SourceChange::LeftDvm;
    std::optional<LocationCounts> a; // null: no item of A at this line
    std::optional<LocationCounts> b;
};

// Lines whose DVM kernel count differs, losses first (left, fewer, joined, more), lines on both
// sides before lines on one side, then file and line.
std::vector<SourceLocationChange> compareSources(const SourceSummary& a, const SourceSummary& b);
// The same for two indexes (or one run of each): their model sources found and summarised as
// `compare` and the compare page both show them (`jobs` threads per side, 0: one per core).
std::vector<SourceLocationChange> compareIndexSources(const Index& a, const Index& b,
    std::optional<std::size_t> runA = std::nullopt, std::optional<std::size_t> runB = std::nullopt,
    int jobs = 0);
// The same from each side's source map already built (e.g. with its reasons, why/whywithsources.h).
std::vector<SourceLocationChange> compareIndexSources(const Index& a, const SourceMap& mapA, const Index& b,
    const SourceMap& mapB, std::optional<std::size_t> runA = std::nullopt,
    std::optional<std::size_t> runB = std::nullopt);

} // namespace dvmlens
