// SPDX-License-Identifier: MIT
#include "core/compile/compilesummary.h"

#include "core/compile/framekey.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace dvmlens {

namespace {

void count(const CacheUse& use, CacheCounts& counts)
{
    if (use.state == "hit")
        ++counts.hit;
    else if (use.state == "miss")
        ++counts.miss;
    else if (use.state == "bypass")
        ++counts.bypass;
    else if (use.state == "disabled")
        ++counts.disabled;
    counts.timeSavedUs += use.timeSavedUs.value_or(0);
    if (!use.bypassReason.empty()
        && std::find(counts.bypassReasons.begin(), counts.bypassReasons.end(), use.bypassReason)
            == counts.bypassReasons.end())
        counts.bypassReasons.push_back(use.bypassReason);
}

void addTimes(CompileTimes& total, const CompileTimes& more)
{
    auto add = [](std::optional<std::int64_t>& sum, const std::optional<std::int64_t>& value) {
        if (value)
            sum = sum.value_or(0) + *value;
    };
    add(total.dynamoUs, more.dynamoUs);
    add(total.aotUs, more.aotUs);
    add(total.inductorUs, more.inductorUs);
    add(total.codegenUs, more.codegenUs);
}

} // namespace

std::string shortLocation(const std::string& file, int line)
{
    if (file.empty())
        return {};
    const std::size_t slash = file.find_last_of("/\\");
    return file.substr(slash == std::string::npos ? 0 : slash + 1) + (line ? ':' + std::to_string(line) : "");
}

CompileSummary summarizeCompile(const std::vector<CompileLog>& logs)
{
    CompileSummary summary;
    using BreakKey = std::tuple<std::string, std::string, int>;
    std::map<BreakKey, std::size_t> breakAt;
    std::map<std::size_t, std::set<FrameKey>> breakFrames;
    std::map<FrameKey, FrameRecompiles> frames;
    FrameKeys frameKeys;
    std::map<std::int64_t, RankCompileTime> ranks;
    for (std::size_t logIndex = 0; logIndex < logs.size(); ++logIndex) {
        const CompileLog& log = logs[logIndex];
        ++summary.logs;
        for (const GraphCompileFacts& graph : log.graphs) {
            ++summary.graphs;
            const std::int64_t rank = graph.rank.value_or(-1);
            const FrameKey frameKey = frameKeys.add(graph, logIndex);
            for (const GraphBreak& graphBreak : graph.breaks) {
                ++summary.breakHits;
                auto [it, added] = breakAt.try_emplace(
                    BreakKey { graphBreak.type, graphBreak.file, graphBreak.line }, summary.breaks.size());
                if (added) {
                    DistinctBreak& distinct = summary.breaks.emplace_back();
                    distinct.type = graphBreak.type;
                    distinct.reason = graphBreak.reason;
                    distinct.file = graphBreak.file;
                    distinct.line = graphBreak.line;
                    distinct.fromRestart = graphBreak.fromRestart;
                }
                DistinctBreak& distinct = summary.breaks[it->second];
                ++distinct.hits;
                if (distinct.compileRefs.empty() || distinct.compileRefs.back().log != logIndex
                    || distinct.compileRefs.back().id != graph.idText())
                    distinct.compileRefs.push_back({ logIndex, graph.idText() });
                breakFrames[it->second].insert(frameKey);
                if (graph.rank
                    && std::find(distinct.ranks.begin(), distinct.ranks.end(), *graph.rank)
                        == distinct.ranks.end())
                    distinct.ranks.push_back(*graph.rank);
                if (!graphBreak.resumeFunction.empty()
                    && std::find(distinct.resumeFunctions.begin(), distinct.resumeFunctions.end(),
                           graphBreak.resumeFunction)
                        == distinct.resumeFunctions.end())
                    distinct.resumeFunctions.push_back(graphBreak.resumeFunction);
            }
            FrameRecompiles& frame = frames[frameKey];
            frame.rank = graph.rank;
            frame.frameId = graph.id.frameId.value_or(-1);
            frame.resetRepeat = frameKey.resetRepeat;
            if (frame.function.empty())
                frame.function = graph.function;
            if (frame.file.empty())
                frame.file = graph.file;
            ++frame.compiles;
            frame.compileRefs.push_back({ logIndex, graph.idText() });
            if (graph.recompile) {
                ++frame.recompiles;
                ++summary.recompiles;
                if (!graph.recompileReasons.empty())
                    frame.lastReasons = graph.recompileReasons;
            }
            frame.limitHit = frame.limitHit || graph.recompileLimitHit;
            count(graph.fxCache, summary.fxCache);
            count(graph.aotCache, summary.aotCache);
            RankCompileTime& rankTime = ranks[rank];
            rankTime.rank = graph.rank;
            ++rankTime.graphs;
            addTimes(rankTime.times, graph.times);
            if (graph.failure)
                summary.failures.push_back(
                    { logIndex, graph.rank, graph.idText(), graph.function, *graph.failure });
            if (!graph.restartReasons.empty())
                ++summary.restarts;
        }
    }
    for (auto& [index, keys] : breakFrames)
        summary.breaks[index].frames = static_cast<int>(keys.size());
    for (DistinctBreak& distinct : summary.breaks)
        std::sort(distinct.ranks.begin(), distinct.ranks.end());
    std::stable_sort(summary.breaks.begin(), summary.breaks.end(),
        [](const DistinctBreak& a, const DistinctBreak& b) { return a.hits > b.hits; });
    for (auto& [key, frame] : frames)
        if (frame.recompiles > 0 || frame.limitHit)
            summary.frames.push_back(frame);
    std::stable_sort(summary.frames.begin(), summary.frames.end(),
        [](const FrameRecompiles& a, const FrameRecompiles& b) { return a.recompiles > b.recompiles; });
    for (auto& [rank, time] : ranks)
        summary.ranks.push_back(time);
    return summary;
}

} // namespace dvmlens
