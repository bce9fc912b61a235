// SPDX-License-Identifier: MIT
#include "core/sources/sourcemap.h"

#include "core/archive/archivecontainer.h"
#include "core/archive/archivegraphpass.h"
#include "core/io/workerthreads.h"
#include "core/sources/graphfiles.h"
#include "core/sources/inductorcomments.h"
#include "core/sources/provenancefiles.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <map>
#include <optional>
#include <thread>
#include <unordered_map>

namespace dvmlens {

namespace {

constexpr const char* kSourcesUnreadable = "sources-unreadable";
constexpr const char* kSourcesPurpose = "for model source lines";

std::optional<std::string> readTreeFile(const Container& files, const std::string& path,
    const std::string& tree, std::uint64_t budget, std::vector<Diagnostic>& problems)
{
    return readGraphText(files, path, tree, budget, problems, kSourcesUnreadable, kSourcesPurpose);
}

void addUnique(std::vector<std::string>& to, const std::string& name)
{
    if (std::find(to.begin(), to.end(), name) == to.end())
        to.push_back(name);
}

// The frames of one graph and how node names reach them.
class GraphResolver
{
public:
    GraphResolver(const Container& files, const Graph& graph, const std::string& tree,
        std::vector<Diagnostic>& problems)
        : m_files(files)
        , m_graph(graph)
        , m_tree(tree)
        , m_problems(problems)
    {
        m_provenance = readProvenanceMaps(files, graph, tree, problems);
    }

    GraphSources& out()
    {
        return m_out;
    }
    const ProvenanceMaps& provenance() const
    {
        return m_provenance;
    }

    // A frame of the FX graph files (they live as long as the resolver): interned once per frame.
    std::uint32_t internFileFrame(const SourceFrame* frame)
    {
        const auto [it, added] = m_byFileFrame.emplace(frame, 0);
        if (added)
            it->second = intern(*frame);
        return it->second;
    }

    // A trimmed `#` comment line of output_code.py (`text` outlives the resolver's use of it): its
    // interned frame, parsed once per distinct text; nullopt when it is no `# File:` comment.
    std::optional<std::uint32_t> internComment(std::string_view text)
    {
        const auto [it, added] = m_byComment.emplace(text, std::nullopt);
        if (added) {
            if (std::optional<SourceFrame> frame = parseFileComment(text))
                it->second = intern(*frame);
        }
        return it->second;
    }

    // Both FX graph files have been looked for (and read when there); any node lookup does that.
    bool fxGraphFilesRead() const
    {
        return m_transformed && m_readable;
    }

    const SourceFrame& frame(std::uint32_t index) const
    {
        return m_out.frames[index];
    }

    std::uint32_t intern(const SourceFrame& frame)
    {
        char number[16];
        const auto end = std::to_chars(number, number + sizeof number, frame.line).ptr;
        std::string key;
        key.reserve(frame.file.size() + frame.function.size() + frame.code.size() + 16);
        key += frame.file;
        key += '\n';
        key.append(number, end);
        key += '\n';
        key += frame.function;
        key += '\n';
        key += frame.code;
        const auto [it, added] =
            m_interned.emplace(std::move(key), static_cast<std::uint32_t>(m_out.frames.size()));
        if (added)
            m_out.frames.push_back(frame);
        return it->second;
    }

    // The frames of a post-grad node name; empty when no FX graph file knows it.
    std::vector<const SourceFrame*> framesOfPost(const std::string& name, int depth = 0)
    {
        for (const FxGraphText* graph : { transformed(), readable() }) {
            if (!graph)
                continue;
            if (const FxGraphText::Node* node = graph->node(name); node && node->frame)
                return { &graph->frames[*node->frame] };
        }
        // "No stacktrace found": the frames of the same pre-grad node's other post-grad nodes.
        std::vector<const SourceFrame*> frames;
        if (depth > 0)
            return frames;
        const auto pre = m_provenance.postToPre.find(name);
        if (pre == m_provenance.postToPre.end())
            return frames;
        for (const std::string& source : pre->second) {
            const auto post = m_provenance.preToPost.find(source);
            if (post == m_provenance.preToPost.end())
                continue;
            for (const std::string& sibling : post->second) {
                if (sibling == name)
                    continue;
                for (const SourceFrame* frame : framesOfPost(sibling, depth + 1)) {
                    if (std::find(frames.begin(), frames.end(), frame) == frames.end())
                        frames.push_back(frame);
                }
                if (!frames.empty())
                    return frames;
            }
        }
        return frames;
    }

    // A source (pre-grad) node name: through preToPost, else as a node name.
    std::vector<const SourceFrame*> framesOfSource(const std::string& name)
    {
        std::vector<const SourceFrame*> frames;
        const auto post = m_provenance.preToPost.find(name);
        if (post != m_provenance.preToPost.end()) {
            for (const std::string& node : post->second)
                addFrames(frames, framesOfPost(node));
        }
        if (frames.empty())
            addFrames(frames, framesOfPost(name));
        return frames;
    }

    // The FX nodes calling `target` (torch.ops.…), from the post-grad graph if it has any.
    const std::vector<const FxGraphText::Node*>& nodesCalling(const std::string& target)
    {
        if (!m_byTarget) {
            m_byTarget.emplace();
            for (const FxGraphText* graph : { transformed(), readable() }) {
                if (!graph)
                    continue;
                std::map<std::string, std::vector<const FxGraphText::Node*>> found;
                for (const FxGraphText::Node& node : graph->nodes) {
                    if (!node.target.empty())
                        found[node.target].push_back(&node);
                }
                for (auto& [name, nodes] : found)
                    m_byTarget->emplace(name, std::move(nodes)); // the post-grad graph's first
            }
        }
        static const std::vector<const FxGraphText::Node*> kNone;
        const auto it = m_byTarget->find(target);
        return it == m_byTarget->end() ? kNone : it->second;
    }

    const FxGraphText* graphOf(const FxGraphText::Node* node)
    {
        for (const FxGraphText* graph : { transformed(), readable() }) {
            if (graph && !graph->nodes.empty() && node >= &graph->nodes.front()
                && node <= &graph->nodes.back())
                return graph;
        }
        return nullptr;
    }

    static void addFrames(std::vector<const SourceFrame*>& to, const std::vector<const SourceFrame*>& from)
    {
        for (const SourceFrame* frame : from) {
            if (std::find_if(to.begin(), to.end(), [&](const SourceFrame* f) { return *f == *frame; })
                == to.end())
                to.push_back(frame);
        }
    }

private:
    const FxGraphText* transformed()
    {
        return load(m_transformed, "fx_graph_transformed.py");
    }
    const FxGraphText* readable()
    {
        return load(m_readable, "fx_graph_readable.py");
    }
    const FxGraphText* load(std::optional<std::optional<FxGraphText>>& slot, std::string_view name)
    {
        if (!slot) {
            slot.emplace();
            if (graphHasFile(m_graph, name)) {
                if (std::optional<std::string> text = readTreeFile(m_files,
                        m_graph.path + '/' + std::string(name), m_tree, kMaxFxGraphBytes, m_problems))
                    slot->emplace(parseFxGraphText(*text));
            }
        }
        return *slot ? &**slot : nullptr;
    }

    const Container& m_files;
    const Graph& m_graph;
    const std::string& m_tree;
    std::vector<Diagnostic>& m_problems;
    ProvenanceMaps m_provenance;
    std::optional<std::optional<FxGraphText>> m_transformed;
    std::optional<std::optional<FxGraphText>> m_readable;
    std::optional<std::map<std::string, std::vector<const FxGraphText::Node*>>> m_byTarget;
    GraphSources m_out;
    std::unordered_map<std::string, std::uint32_t> m_interned; // frame -> index into m_out.frames
    std::unordered_map<const SourceFrame*, std::uint32_t> m_byFileFrame;
    std::unordered_map<std::string_view, std::optional<std::uint32_t>> m_byComment;
};

// One candidate source of an item: the nodes it names and the frames they reach (frames of the
// FX graph files, or frames already interned: a docstring's).
struct Candidate
{
    SourceEvidence evidence = SourceEvidence::None;
    std::vector<std::string> nodes;
    std::vector<const SourceFrame*> frames;
    std::vector<std::uint32_t> interned;
    bool hasFrames() const
    {
        return !frames.empty() || !interned.empty();
    }
};

// The FX graph docstring above a DVM / import_fx builder, read as parseFxGraphText would (its
// distinct `# File:` frames in order; its nodes that call an operator or have a frame, i.e. not
// placeholders) but without copying it: it is read once per kernel, the hot part of the sources.
Candidate fromDocstring(GraphResolver& resolver, std::string_view text)
{
    Candidate candidate { SourceEvidence::Docstring, {}, {}, {} };
    bool hasFrame = false;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trimmedFxLine(text.substr(start, end - start));
        start = end + 1;
        if (line.empty())
            continue;
        if (line.front() == '#') {
            if (const std::optional<std::uint32_t> frame = resolver.internComment(line)) {
                hasFrame = true;
                if (std::find(candidate.interned.begin(), candidate.interned.end(), *frame)
                    == candidate.interned.end())
                    candidate.interned.push_back(*frame);
            } else if (line.find("No stacktrace found") != std::string_view::npos) {
                hasFrame = false;
            }
            continue;
        }
        if (const std::optional<FxNodeLine> node = parseFxNodeLine(line);
            node && (!node->target.empty() || hasFrame)) {
            if (std::find(candidate.nodes.begin(), candidate.nodes.end(), node->name)
                == candidate.nodes.end())
                candidate.nodes.emplace_back(node->name);
        }
    }
    return candidate;
}

Candidate fromComments(GraphResolver& resolver, const InductorComments& comments)
{
    Candidate candidate { SourceEvidence::TritonComment, {}, {}, {} };
    for (const std::string& node : comments.atenNodes) {
        addUnique(candidate.nodes, node);
        GraphResolver::addFrames(candidate.frames, resolver.framesOfPost(node));
    }
    if (candidate.frames.empty()) {
        for (const std::string& node : comments.sourceNodes) {
            addUnique(candidate.nodes, node);
            GraphResolver::addFrames(candidate.frames, resolver.framesOfSource(node));
        }
    }
    return candidate;
}

Candidate fromPostNodes(
    GraphResolver& resolver, SourceEvidence evidence, const std::vector<std::string>& nodes)
{
    Candidate candidate { evidence, nodes, {}, {} };
    for (const std::string& node : nodes)
        GraphResolver::addFrames(candidate.frames, resolver.framesOfPost(node));
    return candidate;
}

// Library frames only (the nodes were traced inside torch/nn/functional.py): the nearest model
// frame of each stack the kernel stack traces JSON has for the item (`stackKeys`: its kernel name
// or debug handles) whose innermost frame is library code, i.e. the model line that called it.
std::vector<SourceFrame> nearestModelFrames(
    const ProvenanceMaps& provenance, const std::vector<std::string>& stackKeys)
{
    std::vector<SourceFrame> found;
    for (const std::string& key : stackKeys) {
        for (const std::string& stack : provenance.stacksOf(key)) {
            const std::vector<SourceFrame> frames = parseStackTrace(stack);
            if (frames.empty() || !frames.back().library)
                continue;
            const auto model =
                std::find_if(frames.rbegin(), frames.rend(), [](const SourceFrame& f) { return !f.library; });
            if (model != frames.rend() && std::find(found.begin(), found.end(), *model) == found.end())
                found.push_back(*model);
        }
    }
    return found;
}

// The first candidate with frames; else the first with nodes.
ItemSources choose(
    GraphResolver& resolver, std::vector<Candidate>& candidates, const std::vector<std::string>& stackKeys)
{
    ItemSources item;
    const Candidate* best = nullptr;
    for (const Candidate& candidate : candidates) {
        if (candidate.hasFrames()) {
            best = &candidate;
            break;
        }
        if (!best && !candidate.nodes.empty())
            best = &candidate;
    }
    if (!best)
        return item;
    item.evidence = best->evidence;
    item.nodes = best->nodes;
    // Reserved to size: a map of a big tree holds one item a kernel and fallback call.
    item.frames.reserve(best->interned.size() + best->frames.size());
    item.frames = best->interned;
    item.shown.reserve(item.frames.capacity());
    for (const SourceFrame* frame : best->frames)
        item.frames.push_back(resolver.internFileFrame(frame));
    for (std::uint32_t frame : item.frames) {
        if (!resolver.frame(frame).library)
            item.shown.push_back(frame);
    }
    if (item.shown.empty() && !item.frames.empty() && !resolver.provenance().kernelStacks.empty()) {
        for (const SourceFrame& frame : nearestModelFrames(resolver.provenance(), stackKeys)) {
            const std::uint32_t interned = resolver.intern(frame);
            if (std::find(item.frames.begin(), item.frames.end(), interned) == item.frames.end())
                item.frames.push_back(interned);
            item.shown.push_back(interned);
        }
    }
    if (item.shown.empty())
        item.shown = item.frames;
    return item;
}

// The FX target an entry-code fallback call runs: "aten.mm.default" -> "torch.ops.aten.mm.default";
// "extern_kernels.bmm" -> "torch.ops.aten.bmm.default" (ExternKernelOut of the ATen op).
std::string fxTargetOf(const Fallback& fallback)
{
    constexpr std::string_view kExtern = "extern_kernels.";
    if (fallback.target.starts_with(kExtern))
        return "torch.ops.aten." + fallback.target.substr(kExtern.size()) + ".default";
    return "torch.ops." + fallback.target;
}

} // namespace

std::string_view sourceEvidenceName(SourceEvidence evidence)
{
    switch (evidence) {
    case SourceEvidence::None:
        return "none";
    case SourceEvidence::Docstring:
        return "docstring";
    case SourceEvidence::ProvenanceJson:
        return "provenance-json";
    case SourceEvidence::DebugHandle:
        return "debug-handle";
    case SourceEvidence::TritonComment:
        return "triton-comment";
    case SourceEvidence::FxGraphReadable:
        return "fx-graph-readable";
    case SourceEvidence::NodeName:
        return "node-name";
    }
    return "none";
}

const GraphSources* SourceMap::graph(std::size_t run, std::size_t g) const
{
    if (run >= graphs.size() || g >= graphs[run].size())
        return nullptr;
    return &graphs[run][g];
}

Diagnostic unreadableForSources(const std::string& path, const FileError& error)
{
    return unreadableGraphText(path, kSourcesUnreadable, kSourcesPurpose, error);
}

GraphSources graphSources(
    const Container& files, const Graph& graph, const std::string& tree, std::vector<Diagnostic>& problems)
{
    std::optional<std::string> text;
    return graphSources(
        files, graph, tree, problems, [&](std::vector<Diagnostic>& found) -> std::optional<std::string_view> {
            text = readTreeFile(files, graph.outputCode->path, tree, kMaxOutputCodeBytes, found);
            return text ? std::optional<std::string_view>(*text) : std::nullopt;
        });
}

GraphSources graphSources(const Container& files, const Graph& graph, const std::string& tree,
    std::vector<Diagnostic>& problems, const OutputCodeTextReader& readOutputCode)
{
    if (!graph.outputCode || !graph.outputCode->indexed)
        return {};
    const OutputCode& code = *graph.outputCode;
    GraphResolver resolver(files, graph, tree, problems);
    const std::optional<std::string_view> text = readOutputCode(problems);
    const TextLines lines(text.value_or(std::string_view()));

    GraphSources& out = resolver.out();
    out.kernels.reserve(code.kernels.size());
    for (const Kernel& kernel : code.kernels) {
        std::vector<Candidate> candidates;
        if (kernel.fxGraphLine && kernel.fxGraphEndLine) {
            Candidate direct =
                fromDocstring(resolver, lines.span(*kernel.fxGraphLine, *kernel.fxGraphEndLine));
            // A docstring without `# File:` lines: its node names in the FX graph files.
            if (!direct.hasFrames() && !direct.nodes.empty())
                candidates.push_back(fromPostNodes(resolver, SourceEvidence::FxGraphReadable, direct.nodes));
            candidates.insert(candidates.begin(), std::move(direct));
        }
        // choose() takes the first candidate with frames, so once one has them the later ones
        // cannot change the answer: they are skipped (most kernels: a docstring with `# File:`
        // lines), unless the FX graph files are still unread, whose reading (and its warnings) the
        // later ones would cause here.
        const auto decided = [&] {
            return resolver.fxGraphFilesRead()
                && std::any_of(
                    candidates.begin(), candidates.end(), [](const Candidate& c) { return c.hasFrames(); });
        };
        if (!decided()) {
            const std::vector<std::string> post = resolver.provenance().postNodesOfKernel(kernel.name);
            if (!post.empty())
                candidates.push_back(fromPostNodes(resolver, SourceEvidence::ProvenanceJson, post));
        }
        if (!decided()) {
            InductorComments comments = parseInductorComments(lines.commentsAbove(kernel.line));
            for (int launch : kernel.launchLines) {
                const InductorComments atCall = parseInductorComments(lines.commentsAbove(launch));
                for (const std::string& node : atCall.sourceNodes)
                    addUnique(comments.sourceNodes, node);
                for (const std::string& node : atCall.atenNodes)
                    addUnique(comments.atenNodes, node);
            }
            if (!comments.empty())
                candidates.push_back(fromComments(resolver, comments));
        }
        out.kernels.push_back(choose(resolver, candidates, { kernel.name }));
    }

    std::map<std::string, int> seenTargets; // k-th call of a target, for "node-name"
    std::map<std::string, int> callsOf; // calls per target
    for (const Fallback& fallback : code.fallbacks)
        ++callsOf[fxTargetOf(fallback)];
    out.fallbacks.reserve(code.fallbacks.size());
    for (const Fallback& fallback : code.fallbacks) {
        std::vector<Candidate> candidates;
        const InductorComments comments = parseInductorComments(lines.commentsAbove(fallback.line));
        std::vector<std::string> handled;
        for (const std::string& handle : comments.debugHandles) {
            for (const std::string& node : resolver.provenance().postNodesOfHandle(handle))
                addUnique(handled, node);
        }
        if (!handled.empty())
            candidates.push_back(fromPostNodes(resolver, SourceEvidence::DebugHandle, handled));
        if (!comments.sourceNodes.empty() || !comments.atenNodes.empty())
            candidates.push_back(fromComments(resolver, comments));
        const std::string target = fxTargetOf(fallback);
        const int nth = seenTargets[target]++;
        const int calls = callsOf[target];
        const std::vector<const FxGraphText::Node*>& nodes = resolver.nodesCalling(target);
        if (!nodes.empty() && nodes.size() == static_cast<std::size_t>(calls)) {
            const FxGraphText::Node* node = nodes[static_cast<std::size_t>(nth)];
            Candidate byName { SourceEvidence::NodeName, { node->name }, {}, {} };
            if (const FxGraphText* graphText = resolver.graphOf(node); graphText && node->frame)
                byName.frames.push_back(&graphText->frames[*node->frame]);
            candidates.push_back(byName);
        }
        out.fallbacks.push_back(choose(resolver, candidates, comments.debugHandles));
    }
    out.frames.shrink_to_fit(); // grown one distinct frame at a time, then held as long as the map
    return std::move(out);
}

std::vector<std::string> graphSourceFiles(const Graph& graph)
{
    std::vector<std::string> paths;
    if (!graph.outputCode)
        return paths;
    paths.push_back(graph.outputCode->path);
    for (const char* name : { "fx_graph_readable.py", "fx_graph_transformed.py", kNodeMappingsFile,
             kTritonKernelNodesFile, kGeneratedKernelNodesFile, kKernelStackTracesFile }) {
        if (graphHasFile(graph, name))
            paths.push_back(graph.path + '/' + name);
    }
    return paths;
}

SourceMap buildSourceMap(const Index& index, int jobs, const OutputCodeTextUse& alsoUse)
{
    SourceMap map;
    std::vector<std::pair<std::size_t, std::size_t>> work;
    map.graphs.resize(index.runs.size());
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        map.graphs[r].resize(index.runs[r].graphs.size());
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g)
            work.emplace_back(r, g);
    }
    std::vector<std::vector<Diagnostic>> problems(work.size());
    const auto one = [&](std::size_t i, const Container& files) {
        // Named copies, not a structured binding: clang 14 cannot capture bindings.
        const std::size_t r = work[i].first;
        const std::size_t g = work[i].second;
        const Graph& graph = index.runs[r].graphs[g];
        if (!alsoUse) {
            map.graphs[r][g] = graphSources(files, graph, index.root, problems[i]);
            return;
        }
        std::optional<std::string> text;
        map.graphs[r][g] =
            graphSources(files, graph, index.root, problems[i], [&](std::vector<Diagnostic>& found) {
                FileError error;
                text = readGraphText(files, graph.outputCode->path, index.root, kMaxOutputCodeBytes, error);
                const std::optional<std::string_view> view =
                    text ? std::optional<std::string_view>(*text) : std::nullopt;
                if (!text)
                    found.push_back(unreadableForSources(graph.outputCode->path, error));
                alsoUse(r, g, view, error);
                return view;
            });
    };
    const Container& indexFiles = filesOr(index.files);
    if (const ArchiveTree* archive = archiveOf(indexFiles)) {
        // Graphs in index order would ask for members out of archive order, each a new pass.
        std::vector<std::vector<std::string>> inners(work.size());
        for (std::size_t i = 0; i < work.size(); ++i) {
            for (const std::string& path :
                graphSourceFiles(index.runs[work[i].first].graphs[work[i].second])) {
                if (std::optional<std::string> inner = archive->innerOf(path))
                    inners[i].push_back(std::move(*inner));
            }
        }
        runInArchiveOrder(indexFiles, *archive, inners, one, workerThreads(jobs, work.size()));
    } else {
        std::atomic<std::size_t> next { 0 };
        const auto worker = [&] {
            for (std::size_t i = next++; i < work.size(); i = next++)
                one(i, indexFiles);
        };
        runOnThreads(workerThreads(jobs, work.size()), worker);
    }
    for (std::vector<Diagnostic>& list : problems)
        map.diagnostics.insert(map.diagnostics.end(), list.begin(), list.end());
    return map;
}

} // namespace dvmlens
