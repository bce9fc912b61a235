// SPDX-License-Identifier: MIT
#include "core/trace/tracegraphs.h"

#include <array>
#include <utility>

namespace dvmlens {

namespace {

bool endsWith(std::string_view text, std::string_view end)
{
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

// Artifacts that stand for a file of a debug tree's graph folder, and are logged after the code.
constexpr std::array<std::string_view, 5> kProvenanceArtifacts = {
    "inductor_provenance_tracking_node_mappings", "inductor_provenance_tracking_kernel_stack_traces",
    "inductor_triton_kernel_to_post_grad_nodes", "inductor_generated_kernel_to_post_grad_nodes",
    "inductor_post_to_pre_grad_nodes"
};

std::string stringField(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return {};
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
}

} // namespace

std::string traceArtifactFile(std::string_view artifactName)
{
    if (artifactName == "fx_graph_runnable")
        return "fx_graph_runnable.py";
    for (const std::string_view name : kProvenanceArtifacts)
        if (artifactName == name)
            return std::string(name) + ".json";
    return {};
}

TraceInterest TraceGraphAssembler::interest(std::string_view kind, bool withCode)
{
    if (kind == "inductor_output_code")
        return withCode ? TraceInterest::Payload : TraceInterest::Metadata;
    if (kind == "artifact" || kind == "inductor_post_grad_graph" || kind == "compilation_metrics"
        || kind == "bwd_compilation_metrics" || kind == "aot_autograd_backward_compilation_metrics"
        || kind == "graph_dump" || CompileResets::wants(kind))
        return TraceInterest::Metadata;
    return TraceInterest::Skip;
}

void TraceGraphAssembler::feed(const std::string& key, const std::string& file, int line, bool beforeCode)
{
    if (!beforeCode) {
        const auto last = m_lastGraph.find(key);
        if (last != m_lastGraph.end() && m_graphs[last->second].files.emplace(file, line).second)
            return;
    }
    m_pending[key][file] = line;
}

void TraceGraphAssembler::add(const TraceRecord& record)
{
    const std::string& kind = record.kind;
    const int repeat = m_resets.add(record);
    const std::string key = record.compileId.text() + resetSuffix(repeat);
    if (kind == "inductor_output_code") {
        TraceGraphParts parts;
        parts.codeLine = record.line;
        parts.compileId = record.compileId;
        parts.resetRepeat = repeat;
        parts.rank = record.rank;
        if (const std::string filename = stringField(record.body(), "filename"); !filename.empty())
            parts.writerPath = filename;
        if (endsWith(record.emitter, "codecache.py"))
            parts.cache = "hit"; // FxGraphCache logs the code it loaded
        if (const auto pending = m_pending.find(key); pending != m_pending.end()) {
            parts.files = std::move(pending->second);
            m_pending.erase(pending);
        }
        parts.files.emplace("output_code.py", record.line);
        m_lastGraph[key] = m_graphs.size();
        m_graphs.push_back(std::move(parts));
        return;
    }
    if (kind == "inductor_post_grad_graph") {
        feed(key, "fx_graph_transformed.py", record.line, true);
        return;
    }
    if (kind == "graph_dump") {
        m_cpp.push_back(TraceCppWrapper { record.line, record.compileId, record.name() });
        return;
    }
    if (kind == "compilation_metrics" || kind == "bwd_compilation_metrics"
        || kind == "aot_autograd_backward_compilation_metrics") {
        const std::string failType = stringField(record.body(), "fail_type");
        if (!failType.empty())
            m_failures.push_back(TraceFailure {
                record.line, record.compileId, repeat, failType, stringField(record.body(), "fail_reason") });
        return;
    }
    if (kind != "artifact")
        return;
    const std::string name = record.name();
    const std::string_view cachePrefix = "fx_graph_cache_";
    if (name.rfind(cachePrefix, 0) == 0) {
        const std::string state = name.substr(cachePrefix.size());
        if (state != "hit" && state != "miss" && state != "bypass")
            return;
        const auto last = m_lastGraph.find(key);
        if (last != m_lastGraph.end())
            m_graphs[last->second].cache = state;
        return;
    }
    const std::string file = traceArtifactFile(name);
    if (!file.empty())
        feed(key, file, record.line, name == "fx_graph_runnable");
}

} // namespace dvmlens
