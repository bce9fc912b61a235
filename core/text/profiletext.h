// SPDX-License-Identifier: MIT
// The readable profile summaries `dvmlens-cli scan --profile` and `compare --profile-a/-b` print
// after their usual text: rows joined, time by backend, DVM share, per step, top kernels, what ran
// outside compiled kernels, what stayed ambiguous.
#pragma once

#include "core/profile/profilecompare.h"
#include "core/profile/profilejoin.h"

#include <string>

namespace dvmlens {

inline constexpr std::size_t kTopKernelsShown = 10;

std::string profileText(const Index& index, const ProfileJoin& join);

// "dvm 61.0%, triton 9.1%, outside 29.9%" (shares of all device time; zero shares left out;
// "no device time" when there is none).
std::string timeSharesText(const TimeShares& shares);

// "run_…-pid_1/model__0_forward_1.0/dvm_fused_add_0" (no run part for an unnamed run).
std::string kernelPathText(const Index& index, const KernelRef& ref);

// Fusion time changes and graph deltas, biggest regressions first (at most `limit` of each).
std::string profileCompareText(
    const CompareResult& comparison, const ProfileComparison& times, std::size_t limit = 20);

} // namespace dvmlens
