// SPDX-License-Identifier: MIT
#include "json/sourcesjson.h"

namespace dvmlens {

using nlohmann::ordered_json;

namespace {

ordered_json nameOrNull(const std::optional<std::string>& name)
{
    return name ? ordered_json(*name) : ordered_json(nullptr);
}

ordered_json itemJson(const Index& index, const SourceItemRef& ref)
{
    const Run& run = index.runs[ref.run];
    const Graph& graph = run.graphs[ref.graph];
    const OutputCode& code = *graph.outputCode;
    ordered_json item = ordered_json::object();
    item["run"] = nameOrNull(run.name);
    item["graph"] = graph.name;
    item["kind"] = ref.fallback ? "fallback" : "kernel";
    if (ref.fallback) {
        const Fallback& fallback = code.fallbacks[ref.item];
        item["name"] = fallback.target;
        item["backend"] = std::string(fallbackKindName(fallback.kind));
        item["line"] = fallback.line;
    } else {
        const Kernel& kernel = code.kernels[ref.item];
        item["name"] = kernel.name;
        item["backend"] = std::string(backendName(kernel.backend));
        item["line"] = kernel.line;
    }
    return item;
}

} // namespace

ordered_json locationCountsJson(const LocationCounts& counts)
{
    ordered_json json = ordered_json::object();
    ordered_json kernels = ordered_json::object();
    for (Backend backend : kAllBackends)
        kernels[std::string(backendName(backend))] = counts.kernels[static_cast<std::size_t>(backend)];
    ordered_json fallbacks = ordered_json::object();
    for (FallbackKind kind : kAllFallbackKinds)
        fallbacks[std::string(fallbackKindName(kind))] = counts.fallbacks[static_cast<std::size_t>(kind)];
    json["kernels"] = std::move(kernels);
    json["fallbacks"] = std::move(fallbacks);
    return json;
}

ordered_json sourcesJson(const Index& index, const SourceSummary& summary)
{
    ordered_json json = ordered_json::object();
    json["schema"] = kSourcesSchema;
    json["root"] = index.root;
    ordered_json sources = ordered_json::array();
    for (const SourceLocationSummary& location : summary.locations) {
        ordered_json row = ordered_json::object();
        row["file"] = location.frame.file;
        row["line"] = location.frame.line;
        row["function"] = location.frame.function;
        row["code"] = location.frame.code;
        row["library"] = location.frame.library;
        ordered_json counts = locationCountsJson(location.counts);
        row["kernels"] = std::move(counts["kernels"]);
        row["fallbacks"] = std::move(counts["fallbacks"]);
        row["graphs"] = location.graphs;
        row["runs"] = location.runs;
        ordered_json items = ordered_json::array();
        for (const SourceItemRef& ref : location.items)
            items.push_back(itemJson(index, ref));
        row["items"] = std::move(items);
        sources.push_back(std::move(row));
    }
    json["sources"] = std::move(sources);
    json["unattributed"] = locationCountsJson(summary.unattributed);
    ordered_json evidence = ordered_json::object();
    for (const auto& [key, counts] : { std::pair { "kernels", &summary.kernelsByEvidence },
             std::pair { "fallbacks", &summary.fallbacksByEvidence } }) {
        ordered_json byEvidence = ordered_json::object();
        for (SourceEvidence kind : kAllSourceEvidence)
            byEvidence[std::string(sourceEvidenceName(kind))] = (*counts)[static_cast<std::size_t>(kind)];
        evidence[key] = std::move(byEvidence);
    }
    json["evidence"] = std::move(evidence);
    return json;
}

std::string sourcesJsonText(const Index& index, const SourceSummary& summary)
{
    return sourcesJson(index, summary).dump(2, ' ', false, ordered_json::error_handler_t::replace) + '\n';
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
