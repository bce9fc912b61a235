// SPDX-License-Identifier: MIT
// The dvmlens.doctor/1 document (docs/doctor.md):
// {"schema","env","items":[{"id","status","title","evidence","fix","fix_diff"}],"failed"}.
#pragma once

#include "core/doctor/doctor.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace dvmlens {

inline constexpr const char* kDoctorSchema = "dvmlens.doctor/1";

// One item: "title" and "fix" are {"en","zh"}; "fix_diff" is null without a diff.
nlohmann::ordered_json checkItemJson(const CheckItem& item);
std::string doctorJsonText(const std::string& env, const std::vector<CheckItem>& items);

} // namespace dvmlens
