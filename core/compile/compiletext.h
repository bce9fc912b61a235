// SPDX-License-Identifier: MIT
// The compile side in words for dvmlens-cli compile, and the CI gates on it (check --no-recompiles,
// --max-breaks N): which fail, and the sentence that says why.
#pragma once

#include "core/compile/compilesummary.h"

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

std::string compileSummaryText(const std::vector<CompileLog>& logs, const CompileSummary& summary);

struct CompileGates
{
    bool noRecompiles = false; // fail on any recompile
    std::optional<int> maxBreaks; // fail on more distinct graph breaks than this
};

// One "check failed: …" line per gate that fails (and one when a gate is asked for but no log was read);
// empty when every gate passes.
std::vector<std::string> compileGateFailures(const CompileSummary& summary, const CompileGates& gates);

// "12.5 ms", "1.20 s", "850 µs".
std::string durationText(std::int64_t us);

} // namespace dvmlens
