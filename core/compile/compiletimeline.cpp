// SPDX-License-Identifier: MIT
#include "core/compile/compiletimeline.h"

#include "core/compile/compiletext.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace dvmlens {

namespace {

std::string fileName(const std::string& path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Names each row by its rank, and by its log's file name where the rank does not tell it apart.
void nameRows(std::vector<TimelineRow>& rows)
{
    std::map<std::int64_t, int> logsOfRank;
    for (const TimelineRow& row : rows)
        if (row.rank)
            ++logsOfRank[*row.rank];
    for (TimelineRow& row : rows) {
        if (!row.rank)
            row.name = fileName(row.log);
        else if (logsOfRank[*row.rank] > 1)
            row.name = rankText(row.rank) + " \u00b7 " + fileName(row.log);
        else
            row.name = rankText(row.rank);
    }
}

// Gives each row its axis: one for all when the logs overlap (within kTimelineGapUs), else one per set of
// logs that do; the bars' starts become offsets from their axis's start.
std::int64_t placeOnAxes(std::vector<TimelineRow>& rows)
{
    struct Extent
    {
        std::int64_t start, end;
        std::size_t row;
    };
    std::vector<Extent> extents;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        Extent extent { rows[r].bars.front().startUs, rows[r].bars.front().startUs, r };
        for (const TimelineBar& bar : rows[r].bars)
            extent.end = std::max(extent.end, bar.startUs + bar.durationUs);
        extents.push_back(extent);
    }
    std::stable_sort(
        extents.begin(), extents.end(), [](const Extent& a, const Extent& b) { return a.start < b.start; });
    std::vector<std::vector<Extent>> axes;
    std::int64_t axisEnd = 0;
    for (const Extent& extent : extents) {
        if (axes.empty() || extent.start > axisEnd + kTimelineGapUs) {
            axes.emplace_back();
            axisEnd = extent.end;
        }
        axes.back().push_back(extent);
        axisEnd = std::max(axisEnd, extent.end);
    }
    std::int64_t longest = 0;
    for (const std::vector<Extent>& axis : axes) {
        const std::int64_t start = axis.front().start;
        std::int64_t end = start;
        for (const Extent& extent : axis)
            end = std::max(end, extent.end);
        longest = std::max(longest, end - start);
        for (const Extent& extent : axis) {
            TimelineRow& row = rows[extent.row];
            row.spanUs = end - start;
            row.ownAxis = axes.size() > 1;
            for (TimelineBar& bar : row.bars)
                bar.startUs -= start;
        }
    }
    return longest;
}

} // namespace

CompileTimeline compileTimeline(const std::vector<CompileLog>& logs)
{
    CompileTimeline timeline;
    // A row per log (ranks first, by rank), each log without a rank a process of its own after the ranks.
    std::map<std::tuple<bool, std::int64_t, std::size_t>, TimelineRow> rows;
    for (std::size_t l = 0; l < logs.size(); ++l) {
        for (const GraphCompileFacts& graph : logs[l].graphs) {
            TimelineRow& row = rows[{ !graph.rank, graph.rank.value_or(0), l }];
            row.rank = graph.rank;
            row.log = logs[l].path;
            TimelineBar bar;
            bar.compile = { l, graph.idText() };
            bar.function = graph.function;
            bar.startUs = graph.startUs; // made an offset from the row's axis by placeOnAxes
            bar.durationUs = std::max<std::int64_t>(graph.durationUs.value_or(0), 0);
            bar.recompile = graph.recompile;
            bar.failed = graph.failure.has_value();
            bar.refused = graph.recompileLimitHit;
            row.bars.push_back(std::move(bar));
        }
    }
    for (auto& [key, row] : rows) {
        std::stable_sort(row.bars.begin(), row.bars.end(),
            [](const TimelineBar& a, const TimelineBar& b) { return a.startUs < b.startUs; });
        timeline.rows.push_back(std::move(row));
    }
    if (timeline.rows.empty())
        return timeline;
    nameRows(timeline.rows);
    timeline.spanUs = placeOnAxes(timeline.rows);
    return timeline;
}

LocalizedText timelineRowNote(const TimelineRow& row)
{
    if (!row.ownAxis)
        return {};
    return { "own time axis: logs do not overlap", "独立时间轴：各日志的时间不重叠" };
}

LocalizedText timelineBarText(const TimelineRow& row, const TimelineBar& bar)
{
    const std::string head = "[" + bar.compile.id + "] " + (bar.function.empty() ? "?" : bar.function);
    LocalizedText text { row.name + ": " + head, row.name + "：" + head };
    const auto add = [&text](const char* en, const char* zh) {
        text.en += std::string(", ") + en;
        text.zh += std::string("，") + zh;
    };
    add(bar.recompile ? "recompile" : "first compile", bar.recompile ? "重新编译" : "首次编译");
    if (bar.refused)
        add("refused at the recompile limit", "因重新编译上限被拒绝");
    if (bar.failed)
        add("failed", "失败");
    const std::string at = "+" + durationText(bar.startUs);
    if (bar.durationUs > 0) {
        text.en += ", " + durationText(bar.durationUs) + " at " + at;
        text.zh += "，" + at + " 起 " + durationText(bar.durationUs);
    } else {
        text.en += ", at " + at + " (no length logged)";
        text.zh += "，" + at + " 起（未记录时长）";
    }
    return text;
}

std::string compileTimelineText(const CompileTimeline& timeline)
{
    std::string text = "timeline (start after the first compile, length as PyTorch measured it):\n";
    for (const TimelineRow& row : timeline.rows) {
        std::int64_t busy = 0;
        for (const TimelineBar& bar : row.bars)
            busy += bar.durationUs;
        text += "  " + row.name + ": " + std::to_string(row.bars.size())
            + (row.bars.size() == 1 ? " compile, " : " compiles, ") + durationText(busy) + " compiling";
        if (row.ownAxis)
            text += " (" + timelineRowNote(row).en + ")";
        text += '\n';
        for (const TimelineBar& bar : row.bars) {
            const std::string words = timelineBarText(row, bar).en;
            text += "    " + words.substr(row.name.size() + 2) + '\n';
        }
    }
    return text;
}

} // namespace dvmlens
