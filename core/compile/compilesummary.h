// SPDX-License-Identifier: MIT
// The tree-wide rollup of compile events over every log (rank) read: DISTINCT graph breaks (same type and
// user frame counted once, with the frames and ranks that hit it), recompiles per frame, cache use, compile
// time per rank, failures.
#pragma once

#include "core/compile/compileevents.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

// One compile of the logs summarized: logs[log]'s compile id `id` ("0/1"), to find its graphs by
// (compile/compilegraphs.h).
struct CompileRef
{
    std::size_t log = 0;
    std::string id;
};

struct DistinctBreak
{
    std::string type;
    std::string reason; // the first one seen
    std::string file;
    int line = 0;
    int hits = 0; // break records (a break in a loop or on every rank counts each time)
    int frames = 0; // distinct (rank, frame) that hit it (a log without a rank: its own process)
    std::vector<std::int64_t> ranks; // ranks that hit it, sorted (a log without a rank counts as none)
    std::vector<std::string> resumeFunctions; // distinct
    bool fromRestart = false; // ≤2.5 log: inferred from restart_reasons and a resume frame
    std::vector<CompileRef> compileRefs; // the compiles that hit it, in log order
};

struct FrameRecompiles
{
    std::optional<std::int64_t> rank;
    std::int64_t frameId = 0;
    int resetRepeat = 0; // the frame compiled again from [f/0] after the n-th torch._dynamo.reset()
    std::string function;
    std::string file;
    int compiles = 0; // compile ids of the frame seen
    int recompiles = 0; // those with frame_compile_id > 0
    bool limitHit = false;
    std::vector<GuardFailure> lastReasons; // of its newest recompile
    std::vector<CompileRef> compileRefs; // every compile of the frame, in log order (the newest last)
};

struct CacheCounts
{
    int hit = 0, miss = 0, bypass = 0, disabled = 0;
    std::int64_t timeSavedUs = 0;
    std::vector<std::string> bypassReasons; // distinct
};

struct RankCompileTime
{
    std::optional<std::int64_t> rank;
    int graphs = 0;
    CompileTimes times; // sums over the rank's compiles
};

struct FailedCompile
{
    std::size_t log = 0; // index in the logs summarized
    std::optional<std::int64_t> rank;
    std::string id;
    std::string function;
    CompileFailure failure;
};

struct CompileSummary
{
    int logs = 0;
    int graphs = 0; // compile ids
    std::vector<DistinctBreak> breaks; // most hits first
    int breakHits = 0;
    int recompiles = 0;
    std::vector<FrameRecompiles> frames; // frames that recompiled, most recompiles first
    CacheCounts fxCache, aotCache;
    std::vector<RankCompileTime> ranks; // by rank
    std::vector<FailedCompile> failures;
    int restarts = 0; // compiles with restart reasons

    int breakCount() const
    {
        return static_cast<int>(breaks.size());
    }
};

CompileSummary summarizeCompile(const std::vector<CompileLog>& logs);

// "layers.py:210" (the file's last component), "" when the file is unknown.
std::string shortLocation(const std::string& file, int line);

} // namespace dvmlens
