// SPDX-License-Identifier: MIT
// The compile side in words for dvmlens-cli compile, and the CI gates on it (check --no-recompiles,
// --max-breaks N): which fail, and the sentence that says why.
#pragma once

#include "core/compile/compilesummary.h"
#include "core/rules/rulebook.h"

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

// The pieces compileSummaryText is made of, for the window's Compile dock (it says the same):
std::string rankText(const std::optional<std::int64_t>& rank); // "rank 1", "no rank"
std::string ranksText(const std::vector<std::int64_t>& ranks); // "ranks 0,1", "rank 0", "no rank"
// "hit 1, miss 1, bypass 1" (", disabled N" when any).
std::string cacheCountsText(const CacheCounts& counts);
// "dynamo 5.0 ms, aot 3.0 ms, inductor 2.0 ms, codegen 1.0 ms" (the phases logged), "" when none.
std::string compileTimesText(const CompileTimes& times);
// "InductorError: AttributeError: … at model.py:40" (the reason's first line).
std::string failureText(const CompileFailure& failure);
// "0/1: `L['x'].size()[0] == 32` failed: 48".
std::string guardFailureText(const GuardFailure& reason);
// The distinct break's note when a ≤2.5 log only implies it.
inline constexpr const char* kFromRestartNote = "from a restart; this PyTorch logs no break record";
inline constexpr const char* kLimitHitNote = "recompile limit hit (later calls run eagerly)";
inline constexpr const char* kFromRestartNoteZh = "由重启推断；此版本的 PyTorch 不记录图中断";
inline constexpr const char* kLimitHitNoteZh = "达到重新编译上限（之后的调用以 eager 方式运行）";
// Counts in words, singular or plural ("1 frame", "2 frames"; zh "2 个帧"), for the Compile dock.
LocalizedText framesText(int frames);
LocalizedText recompilesText(int recompiles);
LocalizedText compilesText(int compiles);
// The Compile dock's headline: "2 trace logs, 5 compiles: 1 distinct graph break (1 hit), 3 recompiles,
// 1 failed compile."
LocalizedText compileHeadline(const CompileSummary& summary);

} // namespace dvmlens
