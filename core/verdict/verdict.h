// SPDX-License-Identifier: MIT
// The field guide's rule for "did DVM really run here", as code: the import alone proves nothing
// (import_fx fallbacks are named dvm_fused_* too); only a real @dvm.kernel builder does.
#pragma once

#include "model/model.h"

#include <optional>

namespace dvmlens {

// True when the file imports dvm from torch_npu._inductor and defines at least one DVM kernel.
bool isDvmEngaged(const OutputCode& code);

// DVM launches / (all kernel launches + fallback calls); nullopt when that denominator is 0.
std::optional<double> dvmCoverage(const OutputCode& code);

} // namespace dvmlens
