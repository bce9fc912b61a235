// SPDX-License-Identifier: MIT
// What `dvmlens-cli doctor` prints: one line per checklist item (PASS / FAIL / UNKNOWN), its evidence,
// and for the failed and unknown ones the fix in English and Chinese (and the diff).
#pragma once

#include "core/doctor/doctor.h"

#include <string>
#include <vector>

namespace dvmlens {

std::string doctorText(const std::string& env, const std::vector<CheckItem>& items);

} // namespace dvmlens
