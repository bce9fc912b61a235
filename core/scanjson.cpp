// SPDX-License-Identifier: MIT
#include "scanjson.h"

namespace dvmlens {

namespace {

using nlohmann::ordered_json;

template <typename T> ordered_json orNull(const std::optional<T>& value)
{
    return value ? ordered_json(*value) : ordered_json(nullptr);
}

ordered_json inputJson(const DvmInput& input)
{
    ordered_json json;
    json["name"] = input.name;
    json["op"] = input.op;
    json["shape"] = orNull(input.shape);
    json["stride"] = orNull(input.stride);
    json["dtype"] = orNull(input.dtype);
    return json;
}

ordered_json outputJson(const DvmOutput& output)
{
    ordered_json json;
    json["name"] = output.name;
    json["dtype"] = orNull(output.dtype);
    return json;
}

ordered_json fallbackJson(const Fallback& fallback)
{
    ordered_json json;
    json["target"] = fallback.target;
    json["kind"] = std::string(fallbackKindName(fallback.kind));
    json["line"] = fallback.line;
    return json;
}

template <typename T, typename Convert> ordered_json arrayOf(const std::vector<T>& items, Convert convert)
{
    ordered_json array = ordered_json::array();
    for (const T& item : items)
        array.push_back(convert(item));
    return array;
}

ordered_json runJson(const Run& run)
{
    ordered_json json;
    json["name"] = orNull(run.name);
    json["pid"] = orNull(run.pid);
    json["started"] = orNull(run.started);
    json["graphs"] = arrayOf(run.graphs, graphJson);
    return json;
}

} // namespace

ordered_json diagnosticJson(const Diagnostic& diagnostic)
{
    ordered_json json;
    json["path"] = diagnostic.path;
    json["line"] = orNull(diagnostic.line);
    json["severity"] = std::string(severityName(diagnostic.severity));
    json["code"] = diagnostic.code;
    json["message"] = diagnostic.message;
    return json;
}

ordered_json kernelJson(const Kernel& kernel)
{
    ordered_json json;
    json["name"] = kernel.name;
    json["backend"] = std::string(backendName(kernel.backend));
    json["line"] = kernel.line;
    json["end_line"] = kernel.endLine;
    json["launches"] = kernel.launches;
    if (kernel.backend != Backend::Dvm)
        return json;
    json["ktype"] = orNull(kernel.ktype);
    json["dyn_shape"] = orNull(kernel.dynShape);
    json["framing"] = orNull(kernel.framing);
    json["ops"] = kernel.ops;
    json["inputs"] = arrayOf(kernel.inputs, inputJson);
    json["outputs"] = arrayOf(kernel.outputs, outputJson);
    return json;
}

ordered_json outputCodeJson(const OutputCode& code)
{
    ordered_json json;
    json["path"] = code.path;
    json["bytes"] = code.bytes;
    json["lines"] = code.lines;
    json["dvm_import"] = code.dvmImport;
    json["dvm_engaged"] = code.dvmEngaged;
    json["dvm_coverage"] = orNull(code.dvmCoverage);
    json["kernels"] = arrayOf(code.kernels, kernelJson);
    json["fallbacks"] = arrayOf(code.fallbacks, fallbackJson);
    return json;
}

ordered_json graphJson(const Graph& graph)
{
    ordered_json json;
    json["name"] = graph.name;
    json["path"] = graph.path;
    json["model"] = orNull(graph.model);
    json["aot_id"] = orNull(graph.aotId);
    json["kind"] = orNull(graph.kind);
    json["nth_graph"] = orNull(graph.nthGraph);
    json["seq"] = orNull(graph.seq);
    json["files"] = graph.files;
    json["output_code"] = graph.outputCode ? outputCodeJson(*graph.outputCode) : ordered_json(nullptr);
    ordered_json diagnostics = arrayOf(graph.diagnostics, diagnosticJson);
    if (graph.outputCode) {
        for (const Diagnostic& diagnostic : graph.outputCode->diagnostics)
            diagnostics.push_back(diagnosticJson(diagnostic));
    }
    json["diagnostics"] = std::move(diagnostics);
    return json;
}

ordered_json summaryJson(const Summary& summary)
{
    ordered_json kernels = ordered_json::object();
    for (Backend backend : kAllBackends)
        kernels[std::string(backendName(backend))] = summary.kernelCount(backend);
    ordered_json fallbacks = ordered_json::object();
    for (FallbackKind kind : kAllFallbackKinds)
        fallbacks[std::string(fallbackKindName(kind))] = summary.fallbackCount(kind);
    ordered_json diagnostics = ordered_json::object();
    for (Severity severity : kAllSeverities)
        diagnostics[std::string(severityName(severity))] = summary.diagnosticCount(severity);

    ordered_json json;
    json["runs"] = summary.runs;
    json["graphs"] = summary.graphs;
    json["graphs_with_output_code"] = summary.graphsWithOutputCode;
    json["dvm_engaged_graphs"] = summary.dvmEngagedGraphs;
    json["kernels"] = std::move(kernels);
    json["kernels_total"] = summary.kernels;
    json["launches"] = summary.launches;
    json["fallbacks"] = std::move(fallbacks);
    json["fallbacks_total"] = summary.fallbacks;
    json["diagnostics"] = std::move(diagnostics);
    json["dvm_engaged"] = summary.dvmEngaged;
    return json;
}

ordered_json scanJson(const Index& index)
{
    ordered_json json;
    json["schema"] = kScanSchema;
    json["root"] = index.root;
    json["runs"] = arrayOf(index.runs, runJson);
    json["diagnostics"] = arrayOf(index.diagnostics, diagnosticJson);
    json["summary"] = summaryJson(summarize(index));
    return json;
}

std::string scanJsonText(const Index& index)
{
    return scanJson(index).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n';
}

} // namespace dvmlens
