// SPDX-License-Identifier: MIT
#include "core/json/scanjson.h"

#include "core/json/compilekeys.h"
#include "core/json/jsonwriter.h"
#include "core/json/orderedrenderer.h"
#include "core/json/profilekeys.h"
#include "core/json/scanrereads.h"
#include "core/json/whykeys.h"
#include "core/ranks/rankconsistency.h"
#include "core/sources/sourcemap.h"
#include "core/verdict/repeatbound.h"

#include <set>

namespace dvmlens {

namespace {

using nlohmann::ordered_json;

// The dvmlens.scan/1 structure, written once against either emitter (jsonwriter.h): W is
// JsonTextWriter for the text, JsonValueBuilder for ordered_json values.

template <typename W, typename T> void writeOptional(W& w, const std::optional<T>& value)
{
    if (value)
        w.value(*value);
    else
        w.value(nullptr);
}

template <typename W, typename T> void writeArray(W& w, const std::vector<T>& items)
{
    w.beginArray();
    for (const T& item : items)
        w.value(item);
    w.endArray();
}

template <typename W, typename T> void writeOptional(W& w, const std::optional<std::vector<T>>& items)
{
    if (items)
        writeArray(w, *items);
    else
        w.value(nullptr);
}

template <typename W, typename T, typename Write>
void writeArrayOf(W& w, const std::vector<T>& items, Write write)
{
    w.beginArray();
    for (const T& item : items)
        write(w, item);
    w.endArray();
}

template <typename W> void writeInput(W& w, const DvmInput& input)
{
    w.beginObject();
    w.key("name");
    w.value(input.name);
    w.key("op");
    w.value(input.op);
    w.key("shape");
    writeOptional(w, input.shape);
    w.key("stride");
    writeOptional(w, input.stride);
    w.key("dtype");
    writeOptional(w, input.dtype);
    w.endObject();
}

template <typename W> void writeOutput(W& w, const DvmOutput& output)
{
    w.beginObject();
    w.key("name");
    w.value(output.name);
    w.key("dtype");
    writeOptional(w, output.dtype);
    // Added in 0.4, after dtype: from the launch site (parse/launchoutputs.h).
    w.key("shape");
    writeOptional(w, output.shape);
    w.key("stride");
    writeOptional(w, output.stride);
    w.endObject();
}

// "sources": [{"file", "line"}] of an item's shown frames (sources/sourcemap.h), when asked for.
template <typename W> void writeItemSources(W& w, const GraphSources* sources, const ItemSources* item)
{
    if (!sources)
        return;
    w.key("sources");
    w.beginArray();
    if (item) {
        for (std::uint32_t frame : item->shown) {
            w.beginObject();
            w.key("file");
            w.value(sources->frames[frame].file);
            w.key("line");
            w.value(sources->frames[frame].line);
            w.endObject();
        }
    }
    w.endArray();
}

template <typename W>
void writeFallback(W& w, const Fallback& fallback, const GraphSources* sources = nullptr,
    std::size_t place = 0, const GraphWhy* why = nullptr)
{
    w.beginObject();
    w.key("target");
    w.value(fallback.target);
    w.key("kind");
    w.value(fallbackKindName(fallback.kind));
    w.key("line");
    w.value(fallback.line);
    writeItemSources(
        w, sources, sources && place < sources->fallbacks.size() ? &sources->fallbacks[place] : nullptr);
    if (why && place < why->fallbacks.size())
        writeWhy(w, why->fallbacks[place]);
    w.endObject();
}

template <typename W> void writeDiagnostic(W& w, const Diagnostic& diagnostic)
{
    w.beginObject();
    w.key("path");
    w.value(diagnostic.path);
    w.key("line");
    writeOptional(w, diagnostic.line);
    w.key("severity");
    w.value(severityName(diagnostic.severity));
    w.key("code");
    w.value(diagnostic.code);
    w.key("message");
    w.value(diagnostic.message.str());
    w.endObject();
}

// `profile` (with the kernel's place in its output_code.py) adds "device_time_us".
template <typename W>
void writeKernel(W& w, const Kernel& kernel, const GraphProfile* profile = nullptr, std::size_t place = 0,
    const GraphSources* sources = nullptr, const GraphWhy* why = nullptr)
{
    w.beginObject();
    w.key("name");
    w.value(kernel.name);
    w.key("backend");
    w.value(backendName(kernel.backend));
    w.key("line");
    w.value(kernel.line);
    w.key("end_line");
    w.value(kernel.endLine);
    w.key("launches");
    w.value(kernel.launches);
    if (kernel.backend == Backend::Dvm) {
        w.key("ktype");
        writeOptional(w, kernel.ktype);
        w.key("dyn_shape");
        writeOptional(w, kernel.dynShape);
        w.key("framing");
        writeOptional(w, kernel.framing);
        w.key("ops");
        writeArray(w, kernel.ops);
        w.key("inputs");
        writeArrayOf(w, kernel.inputs, writeInput<W>);
        w.key("outputs");
        writeArrayOf(w, kernel.outputs, writeOutput<W>);
    }
    writeItemSources(
        w, sources, sources && place < sources->kernels.size() ? &sources->kernels[place] : nullptr);
    if (profile && profile->join)
        writeKernelDeviceTime(w, profile->kernelTime(place));
    if (why && place < why->kernels.size() && why->kernels[place])
        writeWhy(w, *why->kernels[place]);
    w.endObject();
}

template <typename W>
void writeOutputCode(W& w, const OutputCode& code, const GraphProfile* profile = nullptr,
    const GraphSources* sources = nullptr, const GraphWhy* why = nullptr)
{
    w.beginObject();
    w.key("path");
    w.value(code.path);
    w.key("bytes");
    w.value(code.bytes);
    w.key("lines");
    w.value(code.lines);
    w.key("dvm_import");
    w.value(code.dvmImport);
    w.key("dvm_engaged");
    w.value(code.dvmEngaged);
    w.key("dvm_coverage");
    writeOptional(w, code.dvmCoverage);
    w.key("kernels");
    w.beginArray();
    for (std::size_t i = 0; i < code.kernels.size(); ++i)
        writeKernel(w, code.kernels[i], profile, i, sources, why);
    w.endArray();
    w.key("fallbacks");
    w.beginArray();
    for (std::size_t i = 0; i < code.fallbacks.size(); ++i)
        writeFallback(w, code.fallbacks[i], sources, i, why);
    w.endArray();
    w.endObject();
}

template <typename W> void writeOrigin(W& w, const GraphOrigin& origin)
{
    w.beginObject();
    w.key("kind");
    w.value(origin.kind);
    w.key("file");
    w.value(origin.file);
    w.key("line");
    writeOptional(w, origin.line);
    w.key("compile_id");
    writeOptional(w, origin.compileId);
    w.key("cache");
    writeOptional(w, origin.cache);
    w.key("code_hash");
    writeOptional(w, origin.codeHash);
    w.endObject();
}

// `why` (with reasons asked for) adds "why" to its items and "why_summary" to the graph.
// `listDiagnostics` false: a folder without output_code.py past the first 20 (RepeatedGraphs),
// its missing-output-code counted in "diagnostics_left_out" instead.
template <typename W>
void writeGraph(W& w, const Graph& graph, const GraphProfile* profile = nullptr,
    const GraphSources* sources = nullptr, const GraphWhy* why = nullptr, bool listDiagnostics = true,
    const IndexCompile* compile = nullptr)
{
    w.beginObject();
    w.key("name");
    w.value(graph.name);
    w.key("path");
    w.value(graph.path);
    w.key("model");
    writeOptional(w, graph.model);
    w.key("aot_id");
    writeOptional(w, graph.aotId);
    w.key("kind");
    writeOptional(w, graph.kind);
    w.key("nth_graph");
    writeOptional(w, graph.nthGraph);
    w.key("seq");
    writeOptional(w, graph.seq);
    w.key("files");
    writeArray(w, graph.files);
    w.key("output_code");
    if (graph.outputCode)
        writeOutputCode(w, *graph.outputCode, profile, sources, why);
    else
        w.value(nullptr);
    // The graph's own diagnostics, then any its output code still holds.
    w.key("diagnostics");
    w.beginArray();
    for (const Diagnostic& diagnostic : graph.diagnostics) {
        if (listDiagnostics || diagnostic.code != "missing-output-code") // what a reread added stays
            writeDiagnostic(w, diagnostic);
    }
    if (graph.outputCode) {
        for (const Diagnostic& diagnostic : graph.outputCode->diagnostics)
            writeDiagnostic(w, diagnostic);
    }
    w.endArray();
    w.key("verdict");
    w.value(verdictName(graphVerdict(graph)));
    w.key("origin");
    writeOrigin(w, graphOrigin(graph));
    if (profile && profile->join)
        writeSharesDeviceTime(w, profile->shares(), false);
    if (why) {
        WhyCounts counts;
        addWhyCounts(*why, counts);
        writeWhySummary(w, counts);
    }
    if (profile)
        writeGraphCompile(w, compile, profile->run, profile->graph);
    w.endObject();
}

// How a run's "graphs" array is written: one graph after the other, or (JSON text) spliced from
// graphs rendered on every core.
using LeftOut = std::map<std::string, std::size_t, std::less<>>;

template <typename W> struct GraphsInline
{
    void operator()(W& w, const std::vector<Graph>& graphs) const
    {
        writeArrayOf(w, graphs, [](W& writer, const Graph& graph) { writeGraph(writer, graph); });
    }
    const LeftOut& diagnosticsLeftOut() const
    {
        static const LeftOut none;
        return none;
    }
    // No reasons asked for: no "why_summary", no problems of their reading.
    std::optional<WhyCounts> runWhyCounts(std::size_t) const
    {
        return std::nullopt;
    }
    std::optional<WhyCounts> treeWhyCounts() const
    {
        return std::nullopt;
    }
    std::vector<Diagnostic> whyProblems() const
    {
        return {};
    }
};

// Which folders without output_code.py list their diagnostic in the JSON text: the first 20 of
// the tree (RepeatBound), decided in graph order before graphs are rendered on every core.
class RepeatedGraphs
{
public:
    explicit RepeatedGraphs(const Index& index)
    {
        RepeatBound bound;
        for (const Run& run : index.runs) {
            for (const Graph& graph : run.graphs) {
                if (const std::string_view kind = repeatedGraphKind(graph); !kind.empty() && bound.list(kind))
                    m_listed.insert(&graph);
            }
        }
        m_leftOut = bound.leftOut();
    }

    bool listsDiagnostics(const Graph& graph) const
    {
        const std::string_view kind = repeatedGraphKind(graph);
        return kind.empty() || !m_leftOut.count(kind) || m_listed.count(&graph);
    }
    const LeftOut& leftOut() const
    {
        return m_leftOut;
    }

private:
    std::set<const Graph*> m_listed; // at most 20 a kind
    LeftOut m_leftOut;
};

// The run's "why_summary" (reasons asked for) comes from writeGraphs once its graphs are written.
template <typename W, typename WriteGraphs = GraphsInline<W>>
void writeRun(W& w, const Run& run, std::size_t runIndex, const WriteGraphs& writeGraphs = {},
    const GraphProfile* profile = nullptr)
{
    w.beginObject();
    w.key("name");
    writeOptional(w, run.name);
    w.key("pid");
    writeOptional(w, run.pid);
    w.key("started");
    writeOptional(w, run.started);
    w.key("rank");
    writeOptional(w, run.rank);
    w.key("graphs");
    writeGraphs(w, run.graphs);
    w.key("verdict");
    w.value(verdictName(ladderVerdict(verdictCounts(run))));
    if (profile && profile->join)
        writeSharesDeviceTime(
            w, profile->join->runProfiled[profile->run] ? &profile->join->runs[profile->run] : nullptr, true);
    if (const std::optional<WhyCounts> why = writeGraphs.runWhyCounts(runIndex))
        writeWhySummary(w, *why);
    w.endObject();
}

// {"<name of key>": <count of key>, …} for every value of an enum, in the order of `keys`.
template <typename W, typename Keys, typename Name, typename Count>
void writeCounts(W& w, const Keys& keys, Name name, Count count)
{
    w.beginObject();
    for (const auto key : keys) {
        w.key(name(key));
        w.value(count(key));
    }
    w.endObject();
}

template <typename W> void writeSummary(W& w, const Summary& summary)
{
    w.beginObject();
    w.key("runs");
    w.value(summary.runs);
    w.key("graphs");
    w.value(summary.graphs);
    w.key("graphs_with_output_code");
    w.value(summary.graphsWithOutputCode);
    w.key("dvm_engaged_graphs");
    w.value(summary.dvmEngagedGraphs);
    w.key("kernels");
    writeCounts(w, kAllBackends, backendName, [&](Backend backend) { return summary.kernelCount(backend); });
    w.key("kernels_total");
    w.value(summary.kernels);
    w.key("launches");
    w.value(summary.launches);
    w.key("fallbacks");
    writeCounts(w, kAllFallbackKinds, fallbackKindName,
        [&](FallbackKind kind) { return summary.fallbackCount(kind); });
    w.key("fallbacks_total");
    w.value(summary.fallbacks);
    w.key("diagnostics");
    writeCounts(w, kAllSeverities, severityName,
        [&](Severity severity) { return summary.diagnosticCount(severity); });
    w.key("dvm_engaged");
    w.value(summary.dvmEngaged);
    w.key("verdict");
    w.value(verdictName(summary.verdict));
    w.key("graphs_not_indexed");
    w.value(summary.verdicts.notIndexed);
    w.key("graphs_unreadable"); // output_code.py that could not be read: in no engaged count
    w.value(summary.verdicts.unreadable);
    w.endObject();
}

// {"runs","graphs","identical","divergent":[{"graph","variants":[{"runs":[names],"verdict","counts"}],
// "missing_in":[names]}]}: only the graph keys whose ranks do not all agree are listed.
template <typename W> void writeRanks(W& w, const Index& index, const RankConsistency& ranks)
{
    const auto runNames = [&](const std::vector<std::size_t>& runs) {
        w.beginArray();
        for (const std::size_t run : runs)
            w.value(index.runs[run].name.value_or(index.runs[run].path));
        w.endArray();
    };
    w.beginObject();
    w.key("runs");
    w.value(ranks.runs);
    w.key("graphs");
    w.value(static_cast<int>(ranks.graphs.size()));
    w.key("identical");
    w.value(ranks.identical());
    w.key("divergent");
    w.beginArray();
    for (const RankGraph* graph : ranks.divergent()) {
        w.beginObject();
        w.key("graph");
        w.value(graph->key);
        w.key("variants");
        w.beginArray();
        for (const RankVariant& variant : graph->variants) {
            w.beginObject();
            w.key("runs");
            runNames(variant.runs);
            w.key("verdict");
            w.value(verdictName(variant.verdict));
            w.key("counts");
            writeCounts(w, kAllBackends, backendName,
                [&](Backend backend) { return variant.counts[static_cast<std::size_t>(backend)]; });
            w.endObject();
        }
        w.endArray();
        w.key("missing_in");
        runNames(graph->missingIn);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

template <typename W, typename WriteGraphs = GraphsInline<W>>
void writeScan(W& w, const Index& index, const WriteGraphs& writeGraphs = {},
    const ProfileJoin* join = nullptr, const IndexCompile* compile = nullptr)
{
    w.beginObject();
    w.key("schema");
    w.value(kScanSchema);
    w.key("root");
    w.value(index.root);
    w.key("runs");
    w.beginArray();
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const GraphProfile profile { join, r, 0 };
        writeRun(w, index.runs[r], r, writeGraphs, &profile);
    }
    w.endArray();
    // The index's, then what reading the files again for the reasons met (after the graphs).
    const std::vector<Diagnostic> whyProblems = writeGraphs.whyProblems();
    w.key("diagnostics");
    w.beginArray();
    for (const std::vector<Diagnostic>* list : { &index.diagnostics, &whyProblems }) {
        for (const Diagnostic& diagnostic : *list)
            writeDiagnostic(w, diagnostic);
    }
    w.endArray();
    w.key("diagnostics_left_out"); // code → how many the graphs' "diagnostics" do not list
    w.beginObject();
    for (const auto& [code, count] : writeGraphs.diagnosticsLeftOut()) {
        w.key(code);
        w.value(count);
    }
    w.endObject();
    w.key("summary");
    Summary summary = summarize(index);
    for (const Diagnostic& diagnostic : whyProblems)
        ++summary.diagnosticsBySeverity[static_cast<std::size_t>(diagnostic.severity)];
    writeSummary(w, summary);
    if (const std::optional<WhyCounts> why = writeGraphs.treeWhyCounts())
        writeWhySummary(w, *why);
    w.key("ranks");
    writeRanks(w, index, rankConsistency(index));
    if (join)
        writeProfileSummary(w, *join);
    writeCompileRollup(w, compile);
    w.endObject();
}

// Graphs are most of a scan's text (a 150 MB tree gives 50 MB of JSON): render them on every core,
// in graph order, at the depth they take in the document (root ▸ runs ▸ run ▸ graphs).
constexpr std::size_t kGraphDepth = 4;

class ParallelGraphs
{
public:
    ParallelGraphs(const Index& index, int jobs, const ProfileJoin* join = nullptr, bool modelSources = false,
        const WhyContext* why = nullptr, const IndexCompile* compile = nullptr)
        : repeated_(index)
        , compile_(compile)
        , graphs_(allGraphs(index, join))
        , asksWhy_(why != nullptr)
        , whyCounts_(why ? graphs_.size() : 0)
        , whyProblems_(why ? graphs_.size() : 0)
        , rereads_(index.files, graphPointers(graphs_), index.root, modelSources, jobs, whyAsks(graphs_, why))
        , renderer_(
              graphs_.size(), [this](std::size_t i) { return render(i, rereads_.take(i)); }, jobs,
              kRenderWindow)
    {
    }

    void operator()(JsonTextWriter& w, const std::vector<Graph>& graphs) const
    {
        w.beginArray();
        for (std::size_t i = 0; i < graphs.size(); ++i)
            w.rawValue(renderer_.next());
        w.endArray();
    }
    const LeftOut& diagnosticsLeftOut() const
    {
        return repeated_.leftOut();
    }

    // Once run `run`'s graphs are written (rendered, so their slots are filled).
    std::optional<WhyCounts> runWhyCounts(std::size_t run) const
    {
        if (!asksWhy_)
            return std::nullopt;
        WhyCounts counts;
        for (std::size_t i = 0; i < graphs_.size(); ++i) {
            if (graphs_[i].run == run)
                addCounts(counts, whyCounts_[i]);
        }
        return counts;
    }
    std::optional<WhyCounts> treeWhyCounts() const
    {
        if (!asksWhy_)
            return std::nullopt;
        WhyCounts counts;
        for (const WhyCounts& graph : whyCounts_)
            addCounts(counts, graph);
        return counts;
    }
    // In graph order.
    std::vector<Diagnostic> whyProblems() const
    {
        std::vector<Diagnostic> problems;
        for (const std::vector<Diagnostic>& graph : whyProblems_)
            problems.insert(problems.end(), graph.begin(), graph.end());
        return problems;
    }

private:
    // Graphs waiting to be written: few, as one can take megabytes of text.
    static constexpr std::size_t kRenderWindow = 8;

    struct Placed
    {
        const Graph* graph = nullptr;
        GraphProfile profile;
        std::size_t run = 0;
    };

    static void addCounts(WhyCounts& to, const WhyCounts& from)
    {
        for (const auto& [code, count] : from)
            to[code] += count;
    }

    // On the rendering threads: what the graph's files said again (scanrereads.h), dropped once
    // written; its reasons' counts and problems kept in its slot for the run and the document.
    std::string render(std::size_t i, GraphRereads reread) const
    {
        const Placed& placed = graphs_[i];
        const Graph& graph = *placed.graph;
        static const GraphWhy kNoReasons; // a graph without parsed output code: an empty "why_summary"
        const GraphWhy* why = nullptr;
        if (asksWhy_) {
            why = reread.why ? &*reread.why : &kNoReasons;
            addWhyCounts(*why, whyCounts_[i]);
            whyProblems_[i] = std::move(reread.whyProblems);
        }
        JsonTextWriter writer = JsonTextWriter::nestedAt(kGraphDepth);
        const GraphSources* itemSources = reread.sources ? &*reread.sources : nullptr;
        const bool listDiagnostics = repeated_.listsDiagnostics(graph);
        if (!reread.withBodies && reread.sourceProblems.empty()) {
            writeGraph(writer, graph, &placed.profile, itemSources, why, listDiagnostics, compile_);
            return writer.take();
        }
        Graph complete = graph;
        if (reread.withBodies) // an index kept small held this file without its DVM kernel bodies
            complete.outputCode = std::move(*reread.withBodies);
        if (reread.bodiesProblem)
            complete.diagnostics.push_back(std::move(*reread.bodiesProblem));
        complete.diagnostics.insert(
            complete.diagnostics.end(), reread.sourceProblems.begin(), reread.sourceProblems.end());
        writeGraph(writer, complete, &placed.profile, itemSources, why, listDiagnostics, compile_);
        return writer.take();
    }

    static std::vector<Placed> allGraphs(const Index& index, const ProfileJoin* join)
    {
        std::vector<Placed> graphs;
        for (std::size_t r = 0; r < index.runs.size(); ++r) {
            for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g)
                graphs.push_back(Placed { &index.runs[r].graphs[g], GraphProfile { join, r, g }, r });
        }
        return graphs;
    }

    static std::vector<WhyAsk> whyAsks(const std::vector<Placed>& placed, const WhyContext* why)
    {
        std::vector<WhyAsk> asks;
        if (!why)
            return asks;
        asks.reserve(placed.size());
        for (const Placed& each : placed)
            asks.push_back(WhyAsk { why->rules, &why->environments[each.run] });
        return asks;
    }

    static std::vector<const Graph*> graphPointers(const std::vector<Placed>& placed)
    {
        std::vector<const Graph*> graphs;
        graphs.reserve(placed.size());
        for (const Placed& each : placed)
            graphs.push_back(each.graph);
        return graphs;
    }

    RepeatedGraphs repeated_;
    const IndexCompile* compile_; // null: no "compile" keys
    std::vector<Placed> graphs_;
    bool asksWhy_ = false;
    // Per graph, filled by the thread that renders it, read once it is written.
    mutable std::vector<WhyCounts> whyCounts_;
    mutable std::vector<std::vector<Diagnostic>> whyProblems_;
    mutable ScanRereads rereads_; // "sources" per kernel and fallback; bodies the index did not keep
    mutable OrderedRenderer renderer_;
};

template <typename T, typename Write> ordered_json build(const T& item, Write write)
{
    JsonValueBuilder builder;
    write(builder, item);
    return builder.take();
}

} // namespace

ordered_json diagnosticJson(const Diagnostic& diagnostic)
{
    return build(diagnostic, writeDiagnostic<JsonValueBuilder>);
}

ordered_json kernelJson(const Kernel& kernel)
{
    return build(kernel, [](JsonValueBuilder& w, const Kernel& item) { writeKernel(w, item); });
}

ordered_json outputCodeJson(const OutputCode& code)
{
    return build(code, [](JsonValueBuilder& w, const OutputCode& item) { writeOutputCode(w, item); });
}

ordered_json graphJson(const Graph& graph)
{
    return build(graph, [](JsonValueBuilder& w, const Graph& item) { writeGraph(w, item); });
}

ordered_json summaryJson(const Summary& summary)
{
    return build(summary, writeSummary<JsonValueBuilder>);
}

ordered_json scanJson(const Index& index)
{
    return build(index, [](JsonValueBuilder& w, const Index& scanned) { writeScan(w, scanned); });
}

std::string scanJsonText(const Index& index, const ProfileJoin* profile, bool modelSources,
    const WhyContext* why, const IndexCompile* compile)
{
    JsonTextWriter writer;
    writeScan(writer, index, ParallelGraphs(index, 0, profile, modelSources, why, compile), profile, compile);
    std::string text = writer.take();
    text += '\n';
    return text;
}

void writeScanJson(const Index& index, const std::function<void(std::string_view)>& sink, int jobs,
    const ProfileJoin* profile, bool modelSources, const WhyContext* why, const IndexCompile* compile)
{
    JsonTextWriter writer(sink);
    writeScan(
        writer, index, ParallelGraphs(index, jobs, profile, modelSources, why, compile), profile, compile);
    writer.finish();
    sink("\n");
}

} // namespace dvmlens
