// SPDX-License-Identifier: MIT
#include "core/json/scanrereads.h"

#include "core/archive/archivecontainer.h"
#include "core/archive/archivegraphpass.h"
#include "core/io/workerthreads.h"
#include "core/parse/kernelbodies.h"
#include "core/sources/graphfiles.h"

#include <utility>

namespace dvmlens {

namespace {

// A chunk ends before the graphs it reads ahead pass these (bytes of their files): what is held
// is their model sources (a few percent of the files) and the DVM kernels of those read again
// with bodies, so a chunk never holds what the index's body budget left out of memory.
constexpr std::uint64_t kChunkBodyBytes = std::uint64_t(256) << 20;
constexpr std::uint64_t kChunkFileBytes = std::uint64_t(256) << 20;

bool needsBodies(const Graph& graph)
{
    return graph.outputCode && !graph.outputCode->kernelBodies;
}

} // namespace

GraphRereads rereadGraph(const Container& files, const Graph& graph, const std::string& tree,
    bool modelSources, std::string& scratch, const WhyAsk* why)
{
    GraphRereads reread;
    // output_code.py is read at most once here, for the sources and the reasons both.
    std::optional<std::string> text;
    bool read = false;
    FileError readError;
    const auto readOnce = [&] {
        if (!read)
            text = readGraphText(files, graph.outputCode->path, tree, kMaxOutputCodeBytes, readError);
        read = true;
        return text ? std::optional<std::string_view>(*text) : std::nullopt;
    };
    // Model sources are found per graph and dropped once written.
    if (modelSources)
        reread.sources =
            graphSources(files, graph, tree, reread.sourceProblems, [&](std::vector<Diagnostic>& problems) {
                const std::optional<std::string_view> code = readOnce();
                if (!code)
                    problems.push_back(unreadableForSources(graph.outputCode->path, readError));
                return code;
            });
    if (why && explainsGraph(graph))
        reread.why = explainGraphText(
            graph, readOnce(), readError, *why->environment, *why->rules, reread.whyProblems);
    text.reset();
    if (needsBodies(graph))
        reread.withBodies = withKernelBodies(files, *graph.outputCode, scratch, reread.bodiesProblem, tree);
    return reread;
}

ScanRereads::ScanRereads(std::shared_ptr<const Container> files, std::vector<const Graph*> graphs,
    std::string tree, bool modelSources, int jobs, std::vector<WhyAsk> why)
    : m_files(std::move(files))
    , m_graphs(std::move(graphs))
    , m_why(std::move(why))
    , m_tree(std::move(tree))
    , m_modelSources(modelSources)
    , m_jobs(jobs)
    , m_archive(archiveOf(filesOr(m_files)))
{
    if (m_archive)
        m_ready.resize(m_graphs.size());
}

GraphRereads ScanRereads::take(std::size_t i)
{
    if (m_archive) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        while (m_prepared <= i)
            prepareChunk();
        if (m_ready[i]) {
            GraphRereads reread = std::move(*m_ready[i]);
            m_ready[i].reset();
            return reread;
        }
    }
    return reread(filesOr(m_files), i);
}

GraphRereads ScanRereads::reread(const Container& files, std::size_t i)
{
    std::string scratch;
    {
        const std::lock_guard lock(m_scratchMutex);
        if (!m_scratch.empty()) {
            scratch = std::move(m_scratch.back());
            m_scratch.pop_back();
        }
    }
    GraphRereads result = rereadGraph(files, *m_graphs[i], m_tree, m_modelSources, scratch, whyOf(i));
    const std::lock_guard lock(m_scratchMutex);
    m_scratch.push_back(std::move(scratch));
    return result;
}

void ScanRereads::prepareChunk()
{
    const std::size_t begin = m_prepared;
    std::vector<std::vector<std::string>> inners;
    std::uint64_t bodyBytes = 0;
    std::uint64_t fileBytes = 0;
    std::size_t end = begin;
    for (; end < m_graphs.size(); ++end) {
        const Graph& graph = *m_graphs[end];
        std::vector<std::string> paths;
        if (m_modelSources)
            paths = graphSourceFiles(graph);
        else if (needsBodies(graph) || (whyOf(end) && explainsGraph(graph)))
            paths.push_back(graph.outputCode->path);
        std::vector<std::string> graphInners;
        std::uint64_t bytes = 0;
        for (const std::string& path : paths) {
            std::optional<std::string> inner = m_archive->innerOf(path);
            if (!inner)
                continue;
            if (const ArchiveNode* node = m_archive->resolve(*inner, true).node)
                bytes += node->size;
            graphInners.push_back(std::move(*inner));
        }
        const std::uint64_t body = needsBodies(graph) ? bytes : 0;
        if (end > begin && (bodyBytes + body > kChunkBodyBytes || fileBytes + bytes > kChunkFileBytes))
            break;
        bodyBytes += body;
        fileBytes += bytes;
        inners.push_back(std::move(graphInners));
    }
    runInArchiveOrder(
        filesOr(m_files), *m_archive, inners,
        [&](std::size_t k, const Container& files) {
            // A graph that reads nothing of the archive is reread when taken: read ahead, a chunk of
            // many empty graph folders held a GraphRereads (about 540 bytes) for each of them.
            if (inners[k].empty())
                return;
            m_ready[begin + k] = std::make_unique<GraphRereads>(reread(files, begin + k));
        },
        workerThreads(m_jobs, inners.size()));
    m_prepared = end;
}

} // namespace dvmlens
