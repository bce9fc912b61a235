// SPDX-License-Identifier: MIT
// Each rank's compiles on one time axis (issue #27's timeline): a bar per compile placed by when it
// started (its first record's time) and as long as PyTorch measured it (duration_us, else the Dynamo
// time), offsets from the earliest compile of all logs. Core computes the positions and the words; the
// window draws them as the time-share bars are drawn, the CLI prints them.
#pragma once

#include "core/compile/compilesummary.h"
#include "core/rules/rulebook.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct TimelineBar
{
    CompileRef compile; // its log and id, to find its graphs by
    std::string function;
    std::int64_t startUs = 0; // from the timeline's start
    std::int64_t durationUs = 0; // 0 when the log says nothing of its length
    bool recompile = false;
    bool failed = false;
    bool refused = false; // the recompile limit was hit: no code
};

struct TimelineRow
{
    std::optional<std::int64_t> rank; // a log without a rank: a row of its own
    std::vector<TimelineBar> bars; // by start
};

struct CompileTimeline
{
    std::vector<TimelineRow> rows; // by rank, logs without one last
    std::int64_t spanUs = 0; // from the first start to the last end

    bool empty() const
    {
        return rows.empty();
    }
};

CompileTimeline compileTimeline(const std::vector<CompileLog>& logs);

// "rank 1: [0/1] forward, recompile, 1.20 s at +3.40 s" (zh likewise): a bar's tooltip and accessible
// text, and its line in `compile`'s Timeline section.
LocalizedText timelineBarText(const TimelineRow& row, const TimelineBar& bar);

// The Timeline section of `dvmlens-cli compile`: a line per rank, then each compile in words.
std::string compileTimelineText(const CompileTimeline& timeline);

} // namespace dvmlens
