// SPDX-License-Identifier: MIT
#include "core/json/sourcesjson.h"

#include "core/json/jsonwriter.h"

namespace dvmlens {

using nlohmann::ordered_json;

namespace {

template <typename W> void writeName(W& w, const std::optional<std::string>& name)
{
    if (name)
        w.value(*name);
    else
        w.value(nullptr);
}

template <typename W> void writeItem(W& w, const Index& index, const SourceItemRef& ref)
{
    const Run& run = index.runs[ref.run];
    const Graph& graph = run.graphs[ref.graph];
    const OutputCode& code = *graph.outputCode;
    w.beginObject();
    w.key("run");
    writeName(w, run.name);
    w.key("graph");
    w.value(graph.name);
    w.key("kind");
    w.value(ref.fallback ? "fallback" : "kernel");
    w.key("name");
    if (ref.fallback) {
        const Fallback& fallback = code.fallbacks[ref.item];
        w.value(fallback.target);
        w.key("backend");
        w.value(fallbackKindName(fallback.kind));
        w.key("line");
        w.value(fallback.line);
    } else {
        const Kernel& kernel = code.kernels[ref.item];
        w.value(kernel.name);
        w.key("backend");
        w.value(backendName(kernel.backend));
        w.key("line");
        w.value(kernel.line);
    }
    w.endObject();
}

template <typename W> void writeKernelCounts(W& w, const LocationCounts& counts)
{
    w.beginObject();
    for (Backend backend : kAllBackends) {
        w.key(backendName(backend));
        w.value(counts.kernels[static_cast<std::size_t>(backend)]);
    }
    w.endObject();
}

template <typename W> void writeFallbackCounts(W& w, const LocationCounts& counts)
{
    w.beginObject();
    for (FallbackKind kind : kAllFallbackKinds) {
        w.key(fallbackKindName(kind));
        w.value(counts.fallbacks[static_cast<std::size_t>(kind)]);
    }
    w.endObject();
}

template <typename W> void writeCounts(W& w, const LocationCounts& counts)
{
    w.beginObject();
    w.key("kernels");
    writeKernelCounts(w, counts);
    w.key("fallbacks");
    writeFallbackCounts(w, counts);
    w.endObject();
}

template <typename W> void writeEvidence(W& w, const std::array<int, std::size(kAllSourceEvidence)>& counts)
{
    w.beginObject();
    for (SourceEvidence kind : kAllSourceEvidence) {
        w.key(sourceEvidenceName(kind));
        w.value(counts[static_cast<std::size_t>(kind)]);
    }
    w.endObject();
}

template <typename W> void writeLineWhy(W& w, const std::vector<LineWhy>& reasons)
{
    w.beginArray();
    for (const LineWhy& reason : reasons) {
        w.beginObject();
        w.key("code");
        w.value(reason.code);
        w.key("count");
        w.value(reason.count);
        w.key("ops");
        w.beginObject();
        for (const auto& [op, count] : reason.ops) {
            w.key(op);
            w.value(count);
        }
        w.endObject();
        w.endObject();
    }
    w.endArray();
}

// dvmlens.sources/1, written once against either emitter (jsonwriter.h).
template <typename W>
void writeSources(W& w, const Index& index, const SourceSummary& summary, const SourceLinesWhy* why)
{
    w.beginObject();
    w.key("schema");
    w.value(kSourcesSchema);
    w.key("root");
    w.value(index.root);
    w.key("sources");
    w.beginArray();
    for (std::size_t i = 0; i < summary.locations.size(); ++i) {
        const SourceLocationSummary& location = summary.locations[i];
        w.beginObject();
        w.key("file");
        w.value(location.frame.file);
        w.key("line");
        w.value(location.frame.line);
        w.key("function");
        w.value(location.frame.function);
        w.key("code");
        w.value(location.frame.code);
        w.key("library");
        w.value(location.frame.library);
        w.key("kernels");
        writeKernelCounts(w, location.counts);
        w.key("fallbacks");
        writeFallbackCounts(w, location.counts);
        w.key("graphs");
        w.value(location.graphs);
        w.key("runs");
        w.value(location.runs);
        w.key("items");
        w.beginArray();
        for (const SourceItemRef& ref : location.items)
            writeItem(w, index, ref);
        w.endArray();
        if (why) {
            w.key("why");
            writeLineWhy(w, i < why->size() ? (*why)[i] : std::vector<LineWhy>());
        }
        w.endObject();
    }
    w.endArray();
    w.key("unattributed");
    writeCounts(w, summary.unattributed);
    w.key("evidence");
    w.beginObject();
    w.key("kernels");
    writeEvidence(w, summary.kernelsByEvidence);
    w.key("fallbacks");
    writeEvidence(w, summary.fallbacksByEvidence);
    w.endObject();
    w.endObject();
}

} // namespace

ordered_json locationCountsJson(const LocationCounts& counts)
{
    JsonValueBuilder builder;
    writeCounts(builder, counts);
    return builder.take();
}

ordered_json sourcesJson(const Index& index, const SourceSummary& summary, const SourceLinesWhy* why)
{
    JsonValueBuilder builder;
    writeSources(builder, index, summary, why);
    return builder.take();
}

std::string sourcesJsonText(const Index& index, const SourceSummary& summary, const SourceLinesWhy* why)
{
    JsonTextWriter writer;
    writeSources(writer, index, summary, why);
    return writer.take() + '\n';
}

void writeSourcesJson(const Index& index, const SourceSummary& summary,
    const std::function<void(std::string_view)>& sink, const SourceLinesWhy* why)
{
    JsonTextWriter writer(sink);
    writeSources(writer, index, summary, why);
    writer.finish();
    sink("\n");
}

ordered_json itemSourcesJson(const SourceMap& map, const SourceItemRef& item)
{
    ordered_json list = ordered_json::array();
    for (const SourceFrame* frame : itemFrames(map, item)) {
        ordered_json entry = ordered_json::object();
        entry["file"] = frame->file;
        entry["line"] = frame->line;
        list.push_back(std::move(entry));
    }
    return list;
}

ordered_json sourceChangesJson(const std::vector<SourceLocationChange>& changes)
{
    ordered_json list = ordered_json::array();
    for (const SourceLocationChange& change : changes) {
        ordered_json entry = ordered_json::object();
        entry["file"] = change.frame.file;
        entry["line"] = change.frame.line;
        entry["function"] = change.frame.function;
        entry["library"] = change.frame.library;
        entry["change"] = std::string(sourceChangeName(change.change));
        entry["a"] = change.a ? locationCountsJson(*change.a) : ordered_json(nullptr);
        entry["b"] = change.b ? locationCountsJson(*change.b) : ordered_json(nullptr);
        list.push_back(std::move(entry));
    }
    return list;
}

} // namespace dvmlens
