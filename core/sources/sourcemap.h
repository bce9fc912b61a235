// SPDX-License-Identifier: MIT
// Where in the model each kernel and fallback call of an Index came from: the FX nodes it was made
// of and, through them, the model source lines (`# File:` frames). Kept beside the Index (as the
// profile's ProfileJoin is), computed by a stage run after indexing that reads the graph folders
// again, so nothing changes when it is not asked for.
//
// Sources, best first; each item records the one that gave it frames (SourceEvidence):
//  kernels:   1. "docstring": the FX graph docstring above a DVM / import_fx builder, with its
//                `# File:` lines (torch_npu writes no debug handle for DVM kernels);
//             2. "provenance-json": the kernel's post-grad nodes in the provenance JSONs;
//             3. "triton-comment": the nodes named by the comments above its definition or its
//                launches (Source Nodes, ATen mapping, graph fragment);
//             4. "fx-graph-readable": the docstring's node names (a docstring without `# File:`);
//  fallbacks: 1. "debug-handle": the `# [Provenance debug handles] K:N` above the call, in the JSONs;
//             2. "triton-comment": the comments above the call;
//             3. "node-name": the k-th call of a target is the k-th FX node of that target (only
//                when the counts agree).
// Node names become frames through fx_graph_transformed.py (post-grad), then fx_graph_readable.py;
// a node under "No stacktrace found" takes the frames of its pre-grad node's other post-grad nodes
// (postToPre / preToPost). A source (pre-grad) name goes through preToPost, else is looked up as
// a node name. Frames in torch/ and torch_npu/ are library frames: an item shows its model frames;
// with library frames only, the nearest model frame of its stacks in
// inductor_provenance_tracking_kernel_stack_traces.json (the caller of the library code, kept in
// `frames` too), else its library frames.
#pragma once

#include "core/io/safefile.h"
#include "core/model/model.h"
#include "core/sources/fxgraphtext.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

enum class SourceEvidence
{
    None,
    Docstring,
    ProvenanceJson,
    DebugHandle,
    TritonComment,
    FxGraphReadable,
    NodeName,
};
inline constexpr SourceEvidence kAllSourceEvidence[] = { SourceEvidence::None, SourceEvidence::Docstring,
    SourceEvidence::ProvenanceJson, SourceEvidence::DebugHandle, SourceEvidence::TritonComment,
    SourceEvidence::FxGraphReadable, SourceEvidence::NodeName };
// "none", "docstring", "provenance-json", "debug-handle", "triton-comment", "fx-graph-readable", "node-name"
std::string_view sourceEvidenceName(SourceEvidence evidence);

// One kernel or fallback call.
struct ItemSources
{
    SourceEvidence evidence = SourceEvidence::None; // the source that gave frames (or, with none, nodes)
    std::vector<std::string> nodes; // the FX nodes it came from, as that source names them
    std::vector<std::uint32_t> frames; // into GraphSources::frames: model and library frames, in order
    std::vector<std::uint32_t> shown; // its model frames; its library frames when it has none
};

struct GraphSources
{
    std::vector<SourceFrame> frames; // distinct within the graph
    std::vector<ItemSources> kernels; // parallel to outputCode->kernels (empty without code)
    std::vector<ItemSources> fallbacks; // parallel to outputCode->fallbacks
};

struct SourceMap
{
    std::vector<std::vector<GraphSources>> graphs; // [run][graph], as in the Index
    std::vector<Diagnostic> diagnostics; // files that could not be read (warnings)

    const GraphSources* graph(std::size_t run, std::size_t graph) const;
};

// The sources of one graph. `tree` bounds the files read (the index root). Problems reading
// output_code.py, the FX graph files or the provenance JSONs go to `problems`; the graph then has
// what the rest gave.
GraphSources graphSources(
    const Container& files, const Graph& graph, const std::string& tree, std::vector<Diagnostic>& problems);

// Reads output_code.py for graphSources, called once after the provenance JSONs were read (so the
// problems keep their order); nullopt when it could not be read (its problem added to `problems`).
using OutputCodeTextReader =
    std::function<std::optional<std::string_view>(std::vector<Diagnostic>& problems)>;

// The same with the text from `readOutputCode`: a caller that wants the text for more than the
// sources (scan --json's "why") reads it once.
GraphSources graphSources(const Container& files, const Graph& graph, const std::string& tree,
    std::vector<Diagnostic>& problems, const OutputCodeTextReader& readOutputCode);

// The problem graphSources adds when `path` (an output_code.py) cannot be read.
Diagnostic unreadableForSources(const std::string& path, const FileError& error);

// The files graphSources reads of `graph` (absolute paths): its output_code.py, FX graph files and
// provenance JSONs that the folder holds; none without output_code.py.
std::vector<std::string> graphSourceFiles(const Graph& graph);

// What else a caller does with each output_code.py text the source map reads (on that graph's
// thread, while the text is held; `text` nullopt: the read failed with `error`): `sources` tells
// why from it (why/whywithsources.h), so the file is read once, not twice.
using OutputCodeTextUse = std::function<void(
    std::size_t run, std::size_t graph, const std::optional<std::string_view>& text, const FileError& error)>;

// Every graph of `index`, on `jobs` threads (0: one per core); an archive's in one more pass over
// it, in archive order (archive/archivegraphpass.h). `alsoUse`, when set, is handed each
// output_code.py text read.
SourceMap buildSourceMap(const Index& index, int jobs = 0, const OutputCodeTextUse& alsoUse = {});

} // namespace dvmlens
