// SPDX-License-Identifier: MIT
#include "core/sources/provenancelinks.h"

#include "core/sources/fxgraphtext.h"
#include "core/sources/graphfiles.h"
#include "core/sources/inductorcomments.h"
#include "core/sources/provenancefiles.h"

#include <algorithm>
#include <optional>

namespace dvmlens {

namespace {

std::optional<std::string> readText(const Container& files, const std::string& path, const std::string& tree,
    std::uint64_t budget, std::vector<Diagnostic>& problems)
{
    return readGraphText(
        files, path, tree, budget, problems, "provenance-unreadable", "for the provenance panes");
}

void addLine(std::vector<int>& lines, int line)
{
    if (line > 0)
        lines.push_back(line);
}

void addRange(std::vector<int>& lines, int first, int last)
{
    for (int line = std::max(first, 1); line <= last; ++line)
        lines.push_back(line);
}

void sortUnique(std::vector<int>& lines)
{
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
}

void addUnique(std::vector<std::string>& names, const std::string& name)
{
    if (std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
}

// The nodes of one FX pane, each on its line of the file the pane shows.
struct PaneNodes
{
    struct Node
    {
        std::string name;
        int line = 0;
        const SourceFrame* frame = nullptr;
    };
    std::vector<Node> nodes;
    std::unordered_map<std::string, std::vector<std::size_t>> byName;

    void add(const FxGraphText& graph, int firstLine)
    {
        for (const FxGraphText::Node& node : graph.nodes) {
            byName[node.name].push_back(nodes.size());
            nodes.push_back(Node {
                node.name, node.line + firstLine - 1, node.frame ? &graph.frames[*node.frame] : nullptr });
        }
    }
    const Node* first(const std::string& name) const
    {
        const auto it = byName.find(name);
        return it == byName.end() ? nullptr : &nodes[it->second.front()];
    }
};

// The model line of a post-grad node: its own `# File:`, else a sibling's from the same pre-grad node.
const SourceFrame* frameOf(const PaneNodes& post, const ProvenanceMaps& maps, const std::string& name)
{
    if (const PaneNodes::Node* node = post.first(name); node && node->frame)
        return node->frame;
    const auto pre = maps.postToPre.find(name);
    if (pre == maps.postToPre.end())
        return nullptr;
    for (const std::string& source : pre->second) {
        const auto siblings = maps.preToPost.find(source);
        if (siblings == maps.preToPost.end())
            continue;
        for (const std::string& sibling : siblings->second) {
            if (const PaneNodes::Node* node = post.first(sibling); node && node->frame)
                return node->frame;
        }
    }
    return nullptr;
}

void fillNodeTables(GraphProvenance& out, std::size_t pane, const PaneNodes& nodes)
{
    for (const PaneNodes::Node& node : nodes.nodes) {
        out.nodeAtLine[pane].emplace(node.line, node.name);
        out.linesOfNode[pane][node.name].push_back(node.line);
    }
}

} // namespace

std::vector<std::size_t> GraphProvenance::linksAt(ProvenancePane pane, int line) const
{
    std::vector<std::size_t> found;
    const auto p = static_cast<std::size_t>(pane);
    for (std::size_t i = 0; i < links.size(); ++i) {
        if (std::binary_search(links[i].lines[p].begin(), links[i].lines[p].end(), line))
            found.push_back(i);
    }
    return found;
}

std::string GraphProvenance::nodeAt(ProvenancePane pane, int line) const
{
    if (pane == ProvenancePane::Code)
        return {};
    const auto& table = nodeAtLine[static_cast<std::size_t>(pane)];
    const auto it = table.find(line);
    return it == table.end() ? std::string() : it->second;
}

std::vector<int> GraphProvenance::nodeLines(ProvenancePane pane, const std::string& node) const
{
    if (pane == ProvenancePane::Code)
        return {};
    const auto& table = linesOfNode[static_cast<std::size_t>(pane)];
    const auto it = table.find(node);
    return it == table.end() ? std::vector<int>() : it->second;
}

GraphProvenance graphProvenance(
    const Container& files, const Graph& graph, const std::string& tree, std::vector<Diagnostic>& problems)
{
    GraphProvenance out;
    const auto fxPane = static_cast<std::size_t>(ProvenancePane::FxGraph);
    const auto postPane = static_cast<std::size_t>(ProvenancePane::PostGrad);
    const auto codePane = static_cast<std::size_t>(ProvenancePane::Code);

    PaneNodes readable;
    std::optional<FxGraphText> readableText;
    if (graphHasFile(graph, "fx_graph_readable.py")) {
        out.paths[fxPane] = graph.path + "/fx_graph_readable.py";
        if (std::optional<std::string> text =
                readText(files, out.paths[fxPane], tree, kMaxFxGraphBytes, problems)) {
            readableText = parseFxGraphText(*text);
            readable.add(*readableText, 1);
        }
    }
    PaneNodes post;
    std::optional<FxGraphText> transformedText;
    if (graphHasFile(graph, "fx_graph_transformed.py")) {
        out.paths[postPane] = graph.path + "/fx_graph_transformed.py";
        if (std::optional<std::string> text =
                readText(files, out.paths[postPane], tree, kMaxFxGraphBytes, problems)) {
            transformedText = parseFxGraphText(*text);
            post.add(*transformedText, 1);
        }
    }
    fillNodeTables(out, fxPane, readable);

    const bool hasCode = graph.outputCode && graph.outputCode->indexed;
    if (!hasCode) {
        fillNodeTables(out, postPane, post);
        return out;
    }
    const OutputCode& code = *graph.outputCode;
    out.paths[codePane] = code.path;
    const ProvenanceMaps maps = readProvenanceMaps(files, graph, tree, problems);
    const GraphSources sources = graphSources(files, graph, tree, problems);

    // Without fx_graph_transformed.py the DVM docstrings are the post-grad graph that is there.
    std::vector<FxGraphText> docstrings(code.kernels.size());
    std::vector<PaneNodes> ownDocstring(code.kernels.size());
    if (out.paths[postPane].empty()) {
        std::optional<std::string> text = readText(files, code.path, tree, kMaxOutputCodeBytes, problems);
        const TextLines lines(text ? std::string_view(*text) : std::string_view());
        for (std::size_t k = 0; k < code.kernels.size(); ++k) {
            const Kernel& kernel = code.kernels[k];
            if (!kernel.fxGraphLine || !kernel.fxGraphEndLine)
                continue;
            docstrings[k] = parseFxGraphText(lines.span(*kernel.fxGraphLine, *kernel.fxGraphEndLine));
            post.add(docstrings[k], *kernel.fxGraphLine);
            ownDocstring[k].add(docstrings[k], *kernel.fxGraphLine);
        }
        if (!post.nodes.empty()) {
            out.paths[postPane] = code.path;
            out.postGradFromDocstrings = true;
        }
    }
    fillNodeTables(out, postPane, post);

    const auto place = [&](ProvenanceLink& link, const ItemSources* item, const PaneNodes* own) {
        if (!item)
            return;
        link.evidence = item->evidence;
        // Post-grad names: as given when some pane knows them, else a pre-grad name's post-grad nodes.
        for (const std::string& node : item->nodes) {
            const auto expanded = maps.preToPost.find(node);
            if (!post.first(node) && !readable.first(node) && expanded != maps.preToPost.end()) {
                for (const std::string& name : expanded->second)
                    addUnique(link.nodes, name);
            } else {
                addUnique(link.nodes, node);
            }
        }
        for (const std::string& node : link.nodes) {
            const PaneNodes::Node* mine = own ? own->first(node) : nullptr;
            if (mine)
                addLine(link.lines[postPane], mine->line);
            else if (const PaneNodes::Node* found = post.first(node))
                addLine(link.lines[postPane], found->line);
            if (const PaneNodes::Node* found = readable.first(node)) {
                addLine(link.lines[fxPane], found->line);
                continue;
            }
            const SourceFrame* frame = mine && mine->frame ? mine->frame : frameOf(post, maps, node);
            if (!frame)
                continue;
            for (const PaneNodes::Node& candidate : readable.nodes) {
                if (candidate.frame && *candidate.frame == *frame) {
                    addLine(link.lines[fxPane], candidate.line);
                    link.fxGraphByModelLine = true;
                }
            }
        }
        sortUnique(link.lines[fxPane]);
        sortUnique(link.lines[postPane]);
    };

    for (std::size_t k = 0; k < code.kernels.size(); ++k) {
        const Kernel& kernel = code.kernels[k];
        ProvenanceLink link;
        link.item = k;
        link.name = kernel.name;
        place(link, k < sources.kernels.size() ? &sources.kernels[k] : nullptr,
            ownDocstring[k].nodes.empty() ? nullptr : &ownDocstring[k]);
        std::vector<int>& lines = link.lines[codePane];
        if (kernel.fxGraphLine && kernel.fxGraphEndLine)
            addRange(lines, *kernel.fxGraphLine, *kernel.fxGraphEndLine);
        addRange(lines, kernel.line, std::max(kernel.line, kernel.endLine));
        for (int launch : kernel.launchLines)
            addLine(lines, launch);
        sortUnique(lines);
        out.links.push_back(std::move(link));
    }
    for (std::size_t f = 0; f < code.fallbacks.size(); ++f) {
        ProvenanceLink link;
        link.fallback = true;
        link.item = f;
        link.name = code.fallbacks[f].target;
        place(link, f < sources.fallbacks.size() ? &sources.fallbacks[f] : nullptr, nullptr);
        addLine(link.lines[codePane], code.fallbacks[f].line);
        out.links.push_back(std::move(link));
    }
    return out;
}

} // namespace dvmlens
