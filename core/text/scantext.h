// SPDX-License-Identifier: MIT
// The readable summary `dvmlens-cli scan` prints: one header line per run, one line per graph
// (verdict, kernels per backend, fallbacks, and why DVM is not engaged), then the totals.
#pragma once

#include "model/model.h"
#include "verdict/summary.h"

#include <string>

namespace dvmlens {

std::string scanText(const Index& index);

// "dvm 4, import_fx 1" (backends with no kernels left out; "none" when empty).
std::string kernelCountsText(const Summary& summary);
// "aten 1, extern 1" (kinds with no calls left out; "none" when empty).
std::string fallbackCountsText(const Summary& summary);
// "ENGAGED", "NOT ENGAGED" or "NO CODE".
std::string_view verdictLabel(GraphVerdict verdict);

} // namespace dvmlens
