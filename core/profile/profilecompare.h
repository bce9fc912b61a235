// SPDX-License-Identifier: MIT
// Device time on both sides of a comparison: per fusion (compare.h rule 3) the time A → B with the
// backend it ran on, per graph pair the time delta; the biggest regressions (B slower) first.
#pragma once

#include "core/compare/compare.h"
#include "core/profile/profilejoin.h"

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct FusionTime
{
    std::size_t graph = 0; // index into CompareResult::graphs
    std::size_t fusion = 0; // index into that GraphDiff::fusions
    std::string key;
    std::optional<Backend> backendA; // null: the fusion is not on that side
    std::optional<Backend> backendB;
    std::optional<double> timeA; // µs; null: not on that side, or no row matched it
    std::optional<double> timeB;
    double delta() const
    {
        return timeB.value_or(0.0) - timeA.value_or(0.0);
    }
};

struct GraphTime
{
    std::size_t graph = 0; // index into CompareResult::graphs
    std::optional<double> timeA; // compiled + ambiguous time of the graph; null without a profiled side
    std::optional<double> timeB;
    double delta() const
    {
        return timeB.value_or(0.0) - timeA.value_or(0.0);
    }
};

struct ProfileComparison
{
    std::vector<GraphTime> graphs; // largest delta first (regressions), then in compare order
    std::vector<FusionTime> fusions; // fusions with a time on either side, largest delta first
    std::optional<TimeShares> totalA; // the whole of each profile; null without that profile
    std::optional<TimeShares> totalB;
};

// Either join may be null (no profile on that side). The joins belong to the two indexes that were
// compared (a: CompareResult's A side).
ProfileComparison compareProfiles(const CompareResult& comparison, const Index& a, const Index& b,
    const ProfileJoin* joinA, const ProfileJoin* joinB);

// "fused_add_mul_relu: dvm 12.1 µs → triton 19.8 µs"; a missing side prints "none".
std::string fusionTimeText(const FusionTime& fusion);

// "12.1 µs", "1.23 ms", "4.56 s": three significant figures at least.
std::string durationText(double us);

} // namespace dvmlens
