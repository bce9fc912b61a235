// SPDX-License-Identifier: MIT
#include "core/compile/compilejson.h"

namespace dvmlens {

namespace {

nlohmann::json optionalInt(const std::optional<std::int64_t>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json nullIfEmpty(const std::string& text)
{
    return text.empty() ? nlohmann::json(nullptr) : nlohmann::json(text);
}

nlohmann::json cacheJson(const CacheUse& use)
{
    if (use.state.empty())
        return nullptr;
    return { { "state", use.state }, { "key", nullIfEmpty(use.key) },
        { "bypass_reason", nullIfEmpty(use.bypassReason) },
        { "time_saved_us", optionalInt(use.timeSavedUs) } };
}

nlohmann::json timesJson(const CompileTimes& times)
{
    return { { "dynamo", optionalInt(times.dynamoUs) }, { "aot", optionalInt(times.aotUs) },
        { "inductor", optionalInt(times.inductorUs) }, { "codegen", optionalInt(times.codegenUs) } };
}

nlohmann::json breakJson(const GraphBreak& graphBreak)
{
    return { { "reason", graphBreak.reason }, { "type", graphBreak.type },
        { "file", nullIfEmpty(graphBreak.file) },
        { "line", graphBreak.line ? nlohmann::json(graphBreak.line) : nlohmann::json(nullptr) },
        { "hints", graphBreak.hints }, { "resume_function", nullIfEmpty(graphBreak.resumeFunction) },
        { "from_restart", graphBreak.fromRestart } };
}

nlohmann::json failureJson(const CompileFailure& failure)
{
    return { { "type", failure.type }, { "reason", failure.reason }, { "file", nullIfEmpty(failure.file) },
        { "line", failure.line ? nlohmann::json(failure.line) : nlohmann::json(nullptr) },
        { "known_failure", nullIfEmpty(failure.knownFailure) },
        { "traceback", nullIfEmpty(failure.traceback) } };
}

nlohmann::json reasonsJson(const std::vector<GuardFailure>& reasons)
{
    nlohmann::json list = nlohmann::json::array();
    for (const GuardFailure& reason : reasons)
        list.push_back(
            { { "entry", nullIfEmpty(reason.entry) }, { "guard", reason.guard }, { "words", reason.words } });
    return list;
}

nlohmann::json cacheCountsJson(const CacheCounts& counts)
{
    return { { "hit", counts.hit }, { "miss", counts.miss }, { "bypass", counts.bypass },
        { "disabled", counts.disabled }, { "time_saved_us", counts.timeSavedUs },
        { "bypass_reasons", counts.bypassReasons } };
}

} // namespace

nlohmann::json graphCompileJson(const GraphCompileFacts* facts)
{
    if (!facts)
        return nullptr;
    nlohmann::json object;
    // "cache": the FX graph cache's state, the one that decides whether this code was generated now.
    object["cache"] = nullIfEmpty(facts->fxCache.state);
    object["fx_cache"] = cacheJson(facts->fxCache);
    object["aot_cache"] = cacheJson(facts->aotCache);
    object["time_us"] = timesJson(facts->times);
    if (facts->recompile)
        object["recompile"] = { { "n", facts->id.frameCompileId.value_or(0) },
            { "reasons", reasonsJson(facts->recompileReasons) }, { "limit_hit", facts->recompileLimitHit } };
    else
        object["recompile"] = nullptr;
    if (facts->afterBreak)
        object["after_break"] = { { "reason", facts->afterBreak->type },
            { "file", nullIfEmpty(facts->afterBreak->file) },
            { "line",
                facts->afterBreak->line ? nlohmann::json(facts->afterBreak->line) : nlohmann::json(nullptr) },
            { "of", facts->afterBreakOf } };
    else
        object["after_break"] = nullptr;
    object["failed"] = facts->failure ? failureJson(*facts->failure) : nlohmann::json(nullptr);
    nlohmann::json breaks = nlohmann::json::array();
    for (const GraphBreak& graphBreak : facts->breaks)
        breaks.push_back(breakJson(graphBreak));
    object["breaks"] = breaks;
    object["restart_reasons"] = facts->restartReasons;
    return object;
}

nlohmann::json compileSummaryJson(const CompileSummary& summary)
{
    nlohmann::json breaks = nlohmann::json::array();
    for (const DistinctBreak& distinct : summary.breaks)
        breaks.push_back({ { "reason", distinct.reason }, { "type", distinct.type },
            { "file", nullIfEmpty(distinct.file) },
            { "line", distinct.line ? nlohmann::json(distinct.line) : nlohmann::json(nullptr) },
            { "frames", distinct.frames }, { "ranks", distinct.ranks }, { "hits", distinct.hits },
            { "resume_functions", distinct.resumeFunctions }, { "from_restart", distinct.fromRestart } });
    nlohmann::json frames = nlohmann::json::array();
    for (const FrameRecompiles& frame : summary.frames)
        frames.push_back({ { "rank", optionalInt(frame.rank) }, { "frame_id", frame.frameId },
            { "function", frame.function }, { "file", nullIfEmpty(frame.file) },
            { "compiles", frame.compiles }, { "recompiles", frame.recompiles },
            { "limit_hit", frame.limitHit }, { "reasons", reasonsJson(frame.lastReasons) } });
    const int hit = summary.fxCache.hit + summary.aotCache.hit;
    const int looked =
        hit + summary.fxCache.miss + summary.aotCache.miss + summary.fxCache.bypass + summary.aotCache.bypass;
    nlohmann::json ranks = nlohmann::json::array();
    for (const RankCompileTime& rank : summary.ranks)
        ranks.push_back({ { "rank", optionalInt(rank.rank) }, { "graphs", rank.graphs },
            { "time_us", timesJson(rank.times) } });
    nlohmann::json failures = nlohmann::json::array();
    for (const FailedCompile& failed : summary.failures) {
        nlohmann::json entry = failureJson(failed.failure);
        entry["rank"] = optionalInt(failed.rank);
        entry["id"] = failed.id;
        entry["function"] = failed.function;
        failures.push_back(entry);
    }
    return { { "breaks", breaks }, { "recompiles", summary.recompiles },
        { "cache",
            { { "hit", hit }, { "miss", summary.fxCache.miss + summary.aotCache.miss },
                { "bypass", summary.fxCache.bypass + summary.aotCache.bypass },
                { "hit_rate", looked ? nlohmann::json(double(hit) / looked) : nlohmann::json(nullptr) },
                { "fx", cacheCountsJson(summary.fxCache) }, { "aot", cacheCountsJson(summary.aotCache) } } },
        { "failures", static_cast<int>(summary.failures.size()) }, { "failed", failures },
        { "recompiled_frames", frames }, { "ranks", ranks }, { "graphs", summary.graphs },
        { "restarts", summary.restarts } };
}

nlohmann::json compileTimelineJson(const CompileTimeline& timeline)
{
    nlohmann::json rows = nlohmann::json::array();
    for (const TimelineRow& row : timeline.rows) {
        nlohmann::json compiles = nlohmann::json::array();
        for (const TimelineBar& bar : row.bars)
            compiles.push_back({ { "log", bar.compile.log }, { "id", bar.compile.id },
                { "function", bar.function }, { "start_us", bar.startUs }, { "duration_us", bar.durationUs },
                { "recompile", bar.recompile }, { "failed", bar.failed }, { "refused", bar.refused } });
        rows.push_back({ { "rank", optionalInt(row.rank) }, { "compiles", compiles }, { "log", row.log },
            { "name", row.name }, { "span_us", row.spanUs }, { "own_axis", row.ownAxis } });
    }
    return rows;
}

nlohmann::json compileFramesJson(const std::vector<CompileFrame>& frames)
{
    nlohmann::json list = nlohmann::json::array();
    for (const CompileFrame& frame : frames) {
        nlohmann::json ids = nlohmann::json::array();
        for (const GraphCompileFacts* facts : frame.compiles)
            ids.push_back(facts->idText());
        nlohmann::json resumes = nullptr;
        if (!frame.resumes.empty()) {
            resumes = { { "function", frame.resumes }, { "after_break", nullptr } };
            if (frame.afterBreak)
                resumes["after_break"] = { { "reason", frame.afterBreak->type },
                    { "file", nullIfEmpty(frame.afterBreak->file) },
                    { "line",
                        frame.afterBreak->line ? nlohmann::json(frame.afterBreak->line)
                                               : nlohmann::json(nullptr) },
                    { "of", frame.afterBreakOf } };
        }
        list.push_back({ { "function", frame.function }, { "file", nullIfEmpty(frame.file) },
            { "line", frame.line ? nlohmann::json(frame.line) : nlohmann::json(nullptr) },
            { "rank", optionalInt(frame.rank) }, { "frame_id", frame.frameId },
            { "reset", frame.resetRepeat }, { "compiles", frame.compiles.size() },
            { "recompiles", frame.recompiles }, { "failed", frame.failed }, { "refused", frame.refused },
            { "breaks", frame.breaks }, { "graphs", frame.graphs.size() },
            { "graphs_with_code", frame.verdicts.withCode }, { "dvm_graphs", frame.verdicts.engaged },
            { "compile_ids", ids }, { "resumes", resumes } });
    }
    return list;
}

nlohmann::json compileDocument(const std::vector<CompileLog>& logs, const CompileSummary& summary)
{
    nlohmann::json logList = nlohmann::json::array();
    nlohmann::json graphs = nlohmann::json::array();
    for (const CompileLog& log : logs) {
        nlohmann::json diagnostics = nlohmann::json::array();
        for (const Diagnostic& diagnostic : log.diagnostics)
            diagnostics.push_back({ { "code", diagnostic.code }, { "message", diagnostic.message },
                { "line", diagnostic.line ? nlohmann::json(*diagnostic.line) : nlohmann::json(nullptr) } });
        logList.push_back({ { "path", log.path }, { "rank", optionalInt(log.rank) }, { "opened", log.opened },
            { "error", nullIfEmpty(log.error) }, { "graphs", log.graphs.size() },
            { "diagnostics", diagnostics } });
        for (const GraphCompileFacts& graph : log.graphs)
            graphs.push_back(
                { { "log", log.path }, { "id", graph.idText() }, { "rank", optionalInt(graph.rank) },
                    { "function", graph.function }, { "file", nullIfEmpty(graph.file) },
                    { "line", graph.firstLine ? nlohmann::json(graph.firstLine) : nlohmann::json(nullptr) },
                    { "compile", graphCompileJson(&graph) } });
    }
    return { { "schema", "dvmlens.compile/1" }, { "logs", logList }, { "graphs", graphs },
        { "compile", compileSummaryJson(summary) } };
}

} // namespace dvmlens
