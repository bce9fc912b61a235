// SPDX-License-Identifier: MIT
// The report's "Where the time goes" section (a profile was given): device time by backend, the
// DVM share of compiled time, the top kernels and what ran outside compiled kernels; with a
// baseline, the biggest time regressions per graph and fusion first. Empty without a profile.
#pragma once

#include "core/report/reportmodel.h"

#include <nlohmann/json.hpp>

#include <string>

namespace dvmlens {

inline constexpr std::size_t kReportTopKernels = 10;
inline constexpr std::size_t kReportTimeRegressions = 10;

std::string profileMarkdown(const ReportModel& model);
std::string profileHtml(const ReportModel& model);
// {"paths","rows","matched","ambiguous","unmatched","steps","device_time_us":{by_backend,outside,
//  ambiguous},"dvm_share","top_kernels":[{"kernel","backend","launches","total_us","mean_us"}],
//  "outside":[{"type","launches","total_us"}],"time_regressions":{"graphs":[…],"fusions":[…]}|null}
nlohmann::ordered_json profileReportJson(const ReportModel& model);

} // namespace dvmlens
