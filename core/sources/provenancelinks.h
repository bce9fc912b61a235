// SPDX-License-Identifier: MIT
// The Provenance mode of one graph, as tlparse's provenance highlighter draws it but from the
// tree alone: three panes (the FX graph fx_graph_readable.py, the post-grad graph
// fx_graph_transformed.py, output_code.py) and, per kernel and fallback call, the lines it covers
// in each. Which FX nodes an item came from is the SourceMap's answer (graphSources(): provenance
// JSONs, DVM docstrings, Triton comments, debug handles, node names; its evidence is kept here);
// this only places those nodes on lines:
//  - post-grad pane: the node by name in fx_graph_transformed.py; without that file, output_code.py
//    stands in and the DVM docstrings above the builders are the post-grad graph (a kernel's own
//    docstring first); a pre-grad (source) name goes through preToPost;
//  - FX graph pane: the node by name in fx_graph_readable.py; a node the post-grad passes made
//    (mm_default for addmm) is placed on the readable nodes of its model line (`# File:`), its own
//    or, under "No stacktrace found", that of a sibling from the same pre-grad node (postToPre);
//  - code pane: a kernel's docstring, definition and launch lines; a fallback's call line.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcemap.h"

#include <array>
#include <cstddef>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace dvmlens {

enum class ProvenancePane
{
    FxGraph = 0,
    PostGrad = 1,
    Code = 2,
};
inline constexpr std::size_t kProvenancePaneCount = 3;

// One kernel or fallback call and its lines in every pane.
struct ProvenanceLink
{
    bool fallback = false;
    std::size_t item = 0; // into outputCode->kernels, or ->fallbacks
    std::string name; // the kernel's name, or the fallback's target
    SourceEvidence evidence = SourceEvidence::None; // how its FX nodes were found
    std::vector<std::string> nodes; // its post-grad node names
    std::array<std::vector<int>, kProvenancePaneCount> lines; // 1-based, sorted, distinct
    bool fxGraphByModelLine = false; // some FX graph lines were placed by model line, not by name
};

struct GraphProvenance
{
    // The file each pane shows; empty when the graph has none (the view says so instead).
    std::array<std::string, kProvenancePaneCount> paths;
    bool postGradFromDocstrings = false; // no fx_graph_transformed.py: output_code.py's DVM docstrings
    std::vector<ProvenanceLink> links; // kernels in order, then fallbacks in order

    // The links covering `line` of `pane`, in order.
    std::vector<std::size_t> linksAt(ProvenancePane pane, int line) const;
    // The FX node defined on `line` of an FX pane, or empty.
    std::string nodeAt(ProvenancePane pane, int line) const;
    // The lines where `node` is defined in an FX pane (empty for the code pane).
    std::vector<int> nodeLines(ProvenancePane pane, const std::string& node) const;

    // Per FX pane (FxGraph, PostGrad): node lines.
    std::array<std::map<int, std::string>, 2> nodeAtLine;
    std::array<std::unordered_map<std::string, std::vector<int>>, 2> linesOfNode;
};

// The panes and links of one graph; `tree` bounds the files read (the index root). Problems go to
// `problems` (warnings); a graph without output_code.py gives its FX panes and no links.
GraphProvenance graphProvenance(
    const Container& files, const Graph& graph, const std::string& tree, std::vector<Diagnostic>& problems);

} // namespace dvmlens
