// SPDX-License-Identifier: MIT
// The field guide's two minimal examples (§2.2 static shape, §2.3 dynamic shape) and a script that
// runs them with the DVM variables and then `dvmlens-cli check` on what they leave: checklist items
// 6 and 7, for the user to run on the NPU machine (`dvmlens-cli doctor --write-smoke DIR`).
#pragma once

#include <string>
#include <vector>

namespace dvmlens {

inline constexpr const char* kSmokeStatic = "dvm_smoke_static.py";
inline constexpr const char* kSmokeDynamic = "dvm_smoke_dynamic.py";
inline constexpr const char* kSmokeScript = "run_dvm_smoke.sh";

// Writes the three files into `dir` (made when missing; existing files are replaced). Returns the
// paths written, or an empty list with `error`.
std::vector<std::string> writeSmokeFiles(const std::string& dir, std::string& error);

} // namespace dvmlens
