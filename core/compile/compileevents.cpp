// SPDX-License-Identifier: MIT
#include "core/compile/compileevents.h"

#include "core/compile/compilewording.h"
#include "core/io/jsonnesting.h"
#include "core/trace/compileresets.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <re2/re2.h>
#include <tuple>

namespace dvmlens {

namespace {

constexpr std::string_view kResumePrefix = "torch_dynamo_resume_in_";

std::string jsonText(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<std::int64_t> jsonInt(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number())
        return std::nullopt;
    const double value = it->get<double>();
    if (!std::isfinite(value))
        return std::nullopt;
    return static_cast<std::int64_t>(std::llround(value));
}

// A phase's µs: the _us field (≥2.6), else the legacy _s one (≤2.5 logs have only those).
std::optional<std::int64_t> phaseUs(const nlohmann::json& metrics, const char* us, const char* seconds)
{
    if (auto value = jsonInt(metrics, us))
        return value;
    if (metrics.is_object()) {
        const auto it = metrics.find(seconds);
        if (it != metrics.end() && it->is_number() && std::isfinite(it->get<double>()))
            return static_cast<std::int64_t>(std::llround(it->get<double>() * 1e6));
    }
    return std::nullopt;
}

void addTo(std::optional<std::int64_t>& total, std::optional<std::int64_t> more)
{
    if (more)
        total = total.value_or(0) + *more;
}

// The payload as JSON, or null when absent, not JSON, or nested deeper than any PyTorch writes.
nlohmann::json payloadJson(const TraceRecord& record)
{
    if (!record.payload || !jsonNestingWithin(*record.payload))
        return nullptr;
    return nlohmann::json::parse(*record.payload, nullptr, false);
}

// Only the scalar members of a payload's top-level object: cache payloads are 30-45 KB, nearly all of it
// "components", which a full parse would build as a tree only to drop it (4x the time of reading the log).
class TopLevelScalars : public nlohmann::json_sax<nlohmann::json>
{
public:
    nlohmann::json object = nlohmann::json::object();

    bool null() override
    {
        return keep(nullptr);
    }
    bool boolean(bool value) override
    {
        return keep(value);
    }
    bool number_integer(number_integer_t value) override
    {
        return keep(value);
    }
    bool number_unsigned(number_unsigned_t value) override
    {
        return keep(value);
    }
    bool number_float(number_float_t value, const string_t&) override
    {
        return keep(value);
    }
    bool string(string_t& value) override
    {
        return keep(value);
    }
    bool binary(binary_t&) override
    {
        return true;
    }
    bool start_object(std::size_t) override
    {
        ++m_depth;
        return true;
    }
    bool key(string_t& name) override
    {
        if (m_depth == 1)
            m_key = name;
        return true;
    }
    bool end_object() override
    {
        --m_depth;
        return true;
    }
    bool start_array(std::size_t) override
    {
        ++m_depth;
        return true;
    }
    bool end_array() override
    {
        --m_depth;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override
    {
        return false;
    }

private:
    bool keep(nlohmann::json value)
    {
        if (m_depth == 1)
            object[m_key] = std::move(value);
        return true;
    }
    int m_depth = 0;
    std::string m_key;
};

nlohmann::json payloadScalars(const TraceRecord& record)
{
    if (!record.payload)
        return nullptr;
    TopLevelScalars scalars;
    if (!nlohmann::json::sax_parse(*record.payload, &scalars, nlohmann::json::input_format_t::json, false))
        return nullptr;
    return scalars.object;
}

void readCache(const TraceRecord& record, std::string_view suffix, CacheUse& cache, bool fx)
{
    const nlohmann::json payload = payloadScalars(record);
    std::string state = std::string(suffix);
    if (state == "hash") // ≈2.4 / Dec 2024: the state is in the payload
        state = jsonText(payload, "cache_state");
    if (state.empty())
        return;
    cache.state = state;
    cache.key = jsonText(payload, "key");
    cache.bypassReason = jsonText(payload, "cache_bypass_reason");
    if (fx) {
        if (auto ns = jsonInt(payload, "time_saved_ns"))
            cache.timeSavedUs = *ns / 1000;
    } else if (auto ms = jsonInt(payload, "time_saved_ms")) {
        cache.timeSavedUs = *ms * 1000;
    }
}

void readFailure(const nlohmann::json& metrics, GraphCompileFacts& graph)
{
    const std::string type = jsonText(metrics, "fail_type");
    if (type.empty())
        return;
    CompileFailure& failure = graph.failure ? *graph.failure : graph.failure.emplace();
    failure.type = failTypeName(type);
    failure.reason = jsonText(metrics, "fail_reason");
    failure.file = jsonText(metrics, "fail_user_frame_filename");
    failure.line = static_cast<int>(jsonInt(metrics, "fail_user_frame_lineno").value_or(0));
}

// A prefix time as µs from the start of a (non-leap) year: only differences within one run matter.
std::int64_t timeUs(const TraceTime& time)
{
    static constexpr int kDaysBefore[12] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
    const int month = time.month >= 1 && time.month <= 12 ? time.month : 1;
    const std::int64_t days = kDaysBefore[month - 1] + std::max(time.day - 1, 0);
    return ((days * 24 + time.hour) * 60 + time.minute) * 60'000'000LL + time.second * 1'000'000LL
        + time.microsecond;
}

void readMetrics(const nlohmann::json& metrics, GraphCompileFacts& graph)
{
    graph.hasMetrics = true;
    if (!graph.durationUs)
        graph.durationUs = jsonInt(metrics, "duration_us");
    if (graph.function.empty())
        graph.function = jsonText(metrics, "co_name");
    if (graph.file.empty())
        graph.file = jsonText(metrics, "co_filename");
    if (!graph.firstLine)
        graph.firstLine = static_cast<int>(jsonInt(metrics, "co_firstlineno").value_or(0));
    if (metrics.is_object()) {
        const auto restarts = metrics.find("restart_reasons");
        if (restarts != metrics.end() && restarts->is_array())
            for (const nlohmann::json& reason : *restarts)
                if (reason.is_string())
                    graph.restartReasons.push_back(reason.get<std::string>());
    }
    const std::string recompileReason = jsonText(metrics, "recompile_reason");
    if (graph.recompileReasons.empty() && !recompileReason.empty()
        && recompileReason != "Unable to find recompilation reasons")
        graph.recompileReasons.push_back(parseGuardFailure(recompileReason));
    addTo(graph.times.dynamoUs,
        phaseUs(metrics, "dynamo_cumulative_compile_time_us", "entire_frame_compile_time_s"));
    addTo(graph.times.aotUs,
        phaseUs(metrics, "aot_autograd_cumulative_compile_time_us", "backend_compile_time_s"));
    addTo(graph.times.inductorUs,
        phaseUs(metrics, "inductor_cumulative_compile_time_us", "inductor_compile_time_s"));
    addTo(graph.times.codegenUs,
        phaseUs(metrics, "inductor_code_gen_cumulative_compile_time_us", "code_gen_time_s"));
    readFailure(metrics, graph);
}

void readArtifact(const TraceRecord& record, GraphCompileFacts& graph)
{
    const std::string name = record.name();
    if (name == "dynamo_graph_break_reason") {
        if (!record.payload)
            return;
        GraphBreak graphBreak = parseGraphBreakPayload(*record.payload);
        graphBreak.recordLine = record.line;
        graph.breaks.push_back(std::move(graphBreak));
    } else if (name == "recompile_reasons") {
        // A JSON list (every real log) or a bare string (one copy of guards.py), §2.1.
        graph.recompileReasons.clear();
        const nlohmann::json payload = payloadJson(record);
        if (payload.is_array()) {
            for (const nlohmann::json& reason : payload)
                if (reason.is_string())
                    graph.recompileReasons.push_back(parseGuardFailure(reason.get<std::string>()));
        } else if (payload.is_string()) {
            graph.recompileReasons.push_back(parseGuardFailure(payload.get<std::string>()));
        } else if (record.payload && !record.payload->empty()) {
            graph.recompileReasons.push_back(parseGuardFailure(*record.payload));
        }
    } else if (name.rfind("fx_graph_cache_", 0) == 0) {
        readCache(record, std::string_view(name).substr(15), graph.fxCache, true);
    } else if (name.rfind("aotautograd_cache_", 0) == 0) {
        readCache(record, std::string_view(name).substr(18), graph.aotCache, false);
    } else if (name == "dynamo_error") {
        CompileFailure& failure = graph.failure ? *graph.failure : graph.failure.emplace();
        if (record.payload)
            failure.traceback = *record.payload;
    }
}

std::optional<std::int64_t> rankFromFileName(const std::string& path)
{
    static const RE2 rank(R"re(_rank_(\d+))re");
    const std::size_t slash = path.find_last_of('/');
    std::string digits;
    if (!RE2::PartialMatch(path.substr(slash == std::string::npos ? 0 : slash + 1), rank, &digits))
        return std::nullopt;
    return std::stoll(digits.substr(0, 9));
}

// The base function a frame compiles: "torch_dynamo_resume_in_forward_at_210" → "forward".
std::string baseFunction(const std::string& function)
{
    const std::optional<ResumeName> resume = parseResumeName(function);
    return resume ? resume->function : function;
}

// Ties each resume frame to the frame whose break created it; a ≤2.5 log has no break artifact, so
// there the break is the breaking frame's restart reason (§1.1, §1.6).
void linkResumeFrames(std::vector<GraphCompileFacts>& graphs)
{
    for (std::size_t g = 0; g < graphs.size(); ++g) {
        GraphCompileFacts& resumed = graphs[g];
        const std::optional<ResumeName> resume = parseResumeName(resumed.function);
        if (!resume)
            continue;
        for (std::size_t p = g; p-- > 0;) {
            GraphCompileFacts& parent = graphs[p];
            if (parent.id.compiledAutogradId != resumed.id.compiledAutogradId
                || baseFunction(parent.function) != resume->function
                || (!parent.file.empty() && !resumed.file.empty() && parent.file != resumed.file))
                continue;
            GraphBreak* graphBreak = nullptr;
            for (GraphBreak& candidate : parent.breaks)
                if (candidate.resumeFunction.empty() || candidate.resumeFunction == resumed.function)
                    graphBreak = &candidate;
            if (!graphBreak && parent.breaks.empty() && !parent.restartReasons.empty()) {
                GraphBreak& made = parent.breaks.emplace_back();
                std::string reason = parent.restartReasons.front();
                if (reason.size() >= 2 && reason.front() == '\'' && reason.back() == '\'')
                    reason = reason.substr(1, reason.size() - 2);
                made.reason = reason;
                made.type = firstLine(reason);
                made.file = parent.file.empty() ? resumed.file : parent.file;
                made.line = resume->line; // where the rest resumes: the only line a ≤2.5 log gives
                made.fromRestart = true;
                graphBreak = &made;
            }
            if (!graphBreak)
                continue;
            graphBreak->resumeFunction = resumed.function;
            resumed.afterBreak = *graphBreak;
            resumed.afterBreakOf = parent.idText();
            break;
        }
    }
}

// A dynamo_error with no compilation_metrics after it: the exception's type and message are the first
// "Type: message" line after the traceback's last frame.
void failureFromTraceback(CompileFailure& failure)
{
    static const RE2 exception(R"re((?m)^([A-Za-z_][\w.]*): ?(.*)$)re");
    const std::size_t lastFrame = failure.traceback.rfind("\n  File ");
    re2::StringPiece rest(failure.traceback);
    if (lastFrame != std::string::npos)
        rest.remove_prefix(lastFrame + 1);
    std::string type, message;
    if (!RE2::FindAndConsume(&rest, exception, &type, &message))
        return;
    failure.type = failTypeName(type);
    failure.reason = message;
    // "backend='inductor' raised:" introduces the exception on the next line: keep it.
    if (!message.empty() && message.back() == ':') {
        const std::string_view after(rest.data(), rest.size());
        const std::size_t start = after.find_first_not_of("\n");
        if (start != std::string_view::npos)
            failure.reason += "\n" + std::string(after.substr(start, after.find('\n', start) - start));
    }
}

bool mentionsRecompileLimit(std::string_view text)
{
    for (std::string_view word : { "recompile_limit", "cache_size_limit", "recompile limit" })
        if (text.find(word) != std::string_view::npos)
            return true;
    return false;
}

void finish(CompileLog& log)
{
    for (GraphCompileFacts& graph : log.graphs) {
        if (!graph.rank)
            graph.rank = log.rank;
        graph.recompile = graph.id.frameCompileId.value_or(0) > 0;
        // A refused compile: reasons logged, but no dynamo_start after them (≈2.4), or a failure or break
        // naming the limit (2026, "Dynamo recompile limit exceeded").
        if (graph.recompile && !graph.recompileReasons.empty() && !graph.started)
            graph.recompileLimitHit = true;
        if (graph.failure && mentionsRecompileLimit(graph.failure->reason + graph.failure->type))
            graph.recompileLimitHit = true;
        for (const GraphBreak& graphBreak : graph.breaks)
            if (graphBreak.type == "Dynamo recompile limit exceeded")
                graph.recompileLimitHit = true;
        if (graph.failure && graph.failure->type.empty())
            failureFromTraceback(*graph.failure);
        if (!graph.durationUs)
            graph.durationUs = graph.times.dynamoUs;
        if (!graph.durationUs && graph.endUs && *graph.endUs >= graph.startUs)
            graph.durationUs = *graph.endUs - graph.startUs;
        if (graph.failure)
            graph.failure->knownFailure =
                knownCompileFailure(graph.failure->reason + '\n' + graph.failure->traceback);
    }
    linkResumeFrames(log.graphs);
}

template <typename Read> CompileLog collect(const std::string& path, Read read)
{
    CompileLog log;
    log.path = path;
    log.rank = rankFromFileName(path);
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t, int>, std::size_t> byId;
    CompileResets resets;
    TraceReadOptions options;
    options.maxPayloadBytes = 64u << 20;
    options.interest = [](std::string_view kind) {
        if (kind == "artifact" || kind == "chromium_event")
            return TraceInterest::Payload;
        if (kind == "compilation_metrics" || kind == "bwd_compilation_metrics" || kind == "dynamo_start")
            return TraceInterest::Metadata;
        return TraceInterest::Skip;
    };
    const TraceReadResult result = read(options, [&](TraceRecord& record) {
        if (record.rank && !log.rank)
            log.rank = record.rank;
        if (!record.compileId.known())
            return;
        const int repeat = resets.add(record);
        const auto key = std::make_tuple(record.compileId.compiledAutogradId.value_or(-1),
            record.compileId.frameId.value_or(-1), record.compileId.frameCompileId.value_or(-1), repeat);
        auto [it, added] = byId.try_emplace(key, log.graphs.size());
        if (added) {
            GraphCompileFacts& graph = log.graphs.emplace_back();
            graph.id = record.compileId;
            graph.id.attempt.reset();
            graph.resetRepeat = repeat;
            graph.firstRecordLine = record.line;
            graph.startUs = timeUs(record.time);
        }
        GraphCompileFacts& graph = log.graphs[it->second];
        if (record.rank)
            graph.rank = record.rank;
        if (record.kind == "artifact") {
            readArtifact(record, graph);
        } else if (record.kind == "compilation_metrics") {
            readMetrics(record.body(), graph);
            graph.endUs = timeUs(record.time);
        } else if (record.kind == "bwd_compilation_metrics") {
            // A lazily compiled backward, under the forward's id: more Inductor time, maybe a failure.
            addTo(graph.times.inductorUs,
                phaseUs(record.body(), "inductor_cumulative_compile_time_us", "inductor_compile_time_s"));
            addTo(graph.times.codegenUs,
                phaseUs(record.body(), "inductor_code_gen_cumulative_compile_time_us", "code_gen_time_s"));
            readFailure(record.body(), graph);
        } else if (record.kind == "dynamo_start") {
            graph.started = true;
            const nlohmann::json& stack =
                record.body().is_object() ? record.body().value("stack", nlohmann::json()) : nlohmann::json();
            // Newest PyTorch appends the compiled code itself as the last frame; older stop at the caller,
            // so only a resume function's name is taken from there.
            if (stack.is_array() && !stack.empty()) {
                const std::string name = jsonText(stack.back(), "name");
                // The code itself has no "loc" (the line it is at) where its callers have one (2025+).
                const bool isCode = !stack.back().contains("loc") && stack.size() > 1
                    && stack[stack.size() - 2].is_object() && stack[stack.size() - 2].contains("loc");
                if (graph.function.empty() && (isCode || parseResumeName(name)))
                    graph.function = name;
            }
        } else if (record.kind == "chromium_event") {
            const nlohmann::json payload = payloadJson(record);
            if (jsonText(payload, "name") == "fx_graph_cache_disabled" && graph.fxCache.state.empty())
                graph.fxCache.state = "disabled";
        }
    });
    log.opened = result.opened;
    log.error = result.error;
    log.diagnostics = result.diagnostics;
    finish(log);
    return log;
}

} // namespace

std::string GraphCompileFacts::idText() const
{
    std::string text = id.text();
    if (text.size() >= 2 && text.front() == '[' && text.back() == ']')
        text = text.substr(1, text.size() - 2);
    return text + resetSuffix(resetRepeat);
}

CompileLog readCompileEvents(const Container& files, const std::string& path, const std::string& tree)
{
    return collect(path, [&](const TraceReadOptions& options, const TraceRecordHandler& handler) {
        return readTraceLog(files, path, tree, options, handler);
    });
}

CompileLog compileEventsFromText(std::string_view text, const std::string& path)
{
    return collect(path, [&](const TraceReadOptions& options, const TraceRecordHandler& handler) {
        return readTraceText(text, path, options, handler);
    });
}

std::string compileIdKey(const std::string& compileId)
{
    std::string key = compileId;
    if (key.size() >= 2 && key.front() == '[' && key.back() == ']')
        key = key.substr(1, key.size() - 2);
    const std::size_t attempt = key.find('_');
    if (attempt != std::string::npos)
        key.resize(attempt);
    return key;
}

const GraphCompileFacts* compileFactsFor(const CompileLog& log, const std::string& compileId, int resetRepeat)
{
    const std::string wanted = compileIdKey(compileId) + resetSuffix(resetRepeat);
    for (const GraphCompileFacts& graph : log.graphs)
        if (graph.idText() == wanted)
            return &graph;
    return nullptr;
}

std::optional<ResumeName> parseResumeName(std::string_view name)
{
    if (name.substr(0, kResumePrefix.size()) != kResumePrefix)
        return std::nullopt;
    name.remove_prefix(kResumePrefix.size());
    const std::size_t at = name.rfind("_at_");
    if (at == std::string_view::npos || at == 0 || at + 4 >= name.size())
        return std::nullopt;
    int line = 0;
    for (char c : name.substr(at + 4)) {
        if (c < '0' || c > '9' || line > 100000000)
            return std::nullopt;
        line = line * 10 + (c - '0');
    }
    return ResumeName { std::string(name.substr(0, at)), line };
}

} // namespace dvmlens
