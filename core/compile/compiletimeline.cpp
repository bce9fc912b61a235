// SPDX-License-Identifier: MIT
#include "core/compile/compiletimeline.h"

#include "core/compile/compiletext.h"

#include <algorithm>
#include <map>

namespace dvmlens {

CompileTimeline compileTimeline(const std::vector<CompileLog>& logs)
{
    CompileTimeline timeline;
    std::optional<std::int64_t> first;
    for (const CompileLog& log : logs)
        for (const GraphCompileFacts& graph : log.graphs)
            first = std::min(first.value_or(graph.startUs), graph.startUs);
    if (!first)
        return timeline;
    // Rows by rank; each log without a rank is a process of its own, after the ranks.
    std::map<std::pair<bool, std::int64_t>, TimelineRow> rows;
    for (std::size_t l = 0; l < logs.size(); ++l) {
        for (const GraphCompileFacts& graph : logs[l].graphs) {
            const auto key =
                graph.rank ? std::make_pair(false, *graph.rank) : std::make_pair(true, std::int64_t(l));
            TimelineRow& row = rows[key];
            row.rank = graph.rank;
            TimelineBar bar;
            bar.compile = { l, graph.idText() };
            bar.function = graph.function;
            bar.startUs = graph.startUs - *first;
            bar.durationUs = std::max<std::int64_t>(graph.durationUs.value_or(0), 0);
            bar.recompile = graph.recompile;
            bar.failed = graph.failure.has_value();
            bar.refused = graph.recompileLimitHit;
            timeline.spanUs = std::max(timeline.spanUs, bar.startUs + bar.durationUs);
            row.bars.push_back(std::move(bar));
        }
    }
    for (auto& [key, row] : rows) {
        std::stable_sort(row.bars.begin(), row.bars.end(),
            [](const TimelineBar& a, const TimelineBar& b) { return a.startUs < b.startUs; });
        timeline.rows.push_back(std::move(row));
    }
    return timeline;
}

LocalizedText timelineBarText(const TimelineRow& row, const TimelineBar& bar)
{
    const std::string rank = rankText(row.rank);
    const std::string head = "[" + bar.compile.id + "] " + (bar.function.empty() ? "?" : bar.function);
    LocalizedText text { rank + ": " + head,
        (row.rank ? "rank " + std::to_string(*row.rank) : "无 rank") + "：" + head };
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
        text += "  " + rankText(row.rank) + ": " + std::to_string(row.bars.size())
            + (row.bars.size() == 1 ? " compile, " : " compiles, ") + durationText(busy) + " compiling\n";
        for (const TimelineBar& bar : row.bars) {
            const std::string words = timelineBarText(row, bar).en;
            text += "    " + words.substr(words.find(": ") + 2) + '\n';
        }
    }
    return text;
}

} // namespace dvmlens
