// SPDX-License-Identifier: MIT
// The readable summary `dvmlens-cli scan` prints: one header line per run, one line per graph
// (verdict, kernels per backend, fallbacks, and why DVM is not engaged), then the totals.
#pragma once

#include "core/model/model.h"
#include "core/verdict/summary.h"

#include <string>

namespace dvmlens {

std::string scanText(const Index& index);

// "dvm 4, import_fx 1" (backends with no kernels left out; "none" when empty).
std::string kernelCountsText(const Summary& summary);
// "aten 1, extern 1" (kinds with no calls left out; "none" when empty).
std::string fallbackCountsText(const Summary& summary);
// A graph's verdict as the scan lists it: "ENGAGED", "NOT ENGAGED", "NO CODE", "NOT INDEXED",
// "NOT WRAPPER" (verdictName in capitals, kept short for the column).
std::string_view verdictLabel(Verdict verdict);
// The ladder with its count and what the count leaves out: "partly 5/7 (2 without code)".
std::string ladderLine(const VerdictCounts& counts);

} // namespace dvmlens
