// SPDX-License-Identifier: MIT
// Each rank's compiles on one time axis (issue #27's timeline): a row per log, a bar per compile placed by
// when it started (its first record's time) and as long as PyTorch measured it (duration_us, else the
// Dynamo time), offsets from the earliest compile of all logs. Logs that do not overlap (excerpts of
// different days) would draw as slivers on one axis: then each set of overlapping logs has an axis of its
// own. Core computes the positions, the rows' names and the words; the window draws them as the
// time-share bars are drawn, the CLI prints them.
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
    std::int64_t startUs = 0; // from its row's axis start
    std::int64_t durationUs = 0; // 0 when the log says nothing of its length
    bool recompile = false;
    bool failed = false;
    bool refused = false; // the recompile limit was hit: no code
};

struct TimelineRow
{
    std::optional<std::int64_t> rank;
    std::string log; // the log's path: every log is a row of its own
    // "rank 0"; "rank 0 · <file name>" when another log has the same rank; "<file name>" without a rank
    std::string name;
    std::vector<TimelineBar> bars; // by start
    std::int64_t spanUs = 0; // of its axis: from the axis's first start to its last end
    // The logs do not all overlap: this row's axis is its own (shared with the logs it overlaps only).
    bool ownAxis = false;
};

struct CompileTimeline
{
    std::vector<TimelineRow> rows; // by rank (a log's own when two have one), logs without one last
    std::int64_t spanUs = 0; // the longest row axis's span

    bool empty() const
    {
        return rows.empty();
    }
};

// Logs further apart than this (more than a minute between one's last compile and the next one's first)
// do not overlap: they get axes of their own.
inline constexpr std::int64_t kTimelineGapUs = 60'000'000;

CompileTimeline compileTimeline(const std::vector<CompileLog>& logs);

// "own time axis: logs do not overlap" (zh likewise) for a row with an axis of its own, else empty.
LocalizedText timelineRowNote(const TimelineRow& row);

// "rank 1: [0/1] forward, recompile, 1.20 s at +3.40 s" (zh likewise; the row's name first): a bar's tooltip
// and accessible text, and its line in `compile`'s Timeline section.
LocalizedText timelineBarText(const TimelineRow& row, const TimelineBar& bar);

// The Timeline section of `dvmlens-cli compile`: a line per rank, then each compile in words.
std::string compileTimelineText(const CompileTimeline& timeline);

} // namespace dvmlens
