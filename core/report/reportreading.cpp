// SPDX-License-Identifier: MIT
#include "core/report/reportreading.h"

#include "core/archive/archivecontainer.h"
#include "core/archive/archiveprefetch.h"
#include "core/io/safefile.h"
#include "core/io/workerthreads.h"
#include "core/parse/kernelbodies.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"

#include <QString>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace dvmlens {

namespace {

// Excerpts come from output_code.py files of any size; reading stops at the last line wanted.
// Lines end as Python ends them (and as the parser counts them): LF, CRLF or a lone CR.
class SourceLines
{
public:
    // Opened through the index's container (io/container.h): a regular file inside `tree`.
    SourceLines(const Container& files, const std::string& path, const std::string& tree)
        : m_files(files)
        , m_path(path)
        , m_tree(tree)
    {
        reopen();
    }

    bool ok() const
    {
        return m_file.has_value();
    }

    // Lines first..last (1-based, inclusive) in ascending calls; missing lines are left out.
    std::vector<std::string> lines(int first, int last)
    {
        std::vector<std::string> result;
        if (!m_file || first < 1 || last < first)
            return result;
        if (first <= m_lineNumber) // asked again for earlier lines: start over
            reopen();
        std::string line;
        while (m_file && m_lineNumber < last && nextLine(line)) {
            ++m_lineNumber;
            if (m_lineNumber >= first) // valid UTF-8 for every writer: invalid bytes become U+FFFD
                result.push_back(QString::fromUtf8(line.data(), qsizetype(line.size())).toStdString());
        }
        return result;
    }

private:
    static constexpr std::size_t kMaxLineBytes = 4096; // an overlong line keeps its start
    static constexpr std::size_t kChunkBytes = 1 << 16;

    void reopen()
    {
        FileError error;
        m_file = m_files.open(m_path, m_tree, UINT64_MAX, error);
        m_buffer.resize(kChunkBytes);
        m_begin = m_end = 0;
        m_lineNumber = 0;
        m_pendingLf = false;
    }

    bool fill()
    {
        FileError error;
        const std::optional<std::size_t> got = m_file->read(m_buffer.data(), m_buffer.size(), error);
        m_begin = 0;
        m_end = got.value_or(0);
        return m_end > 0;
    }

    // The next line without its end; false at the end of the file (a last line without an end
    // still counts).
    bool nextLine(std::string& line)
    {
        line.clear();
        bool any = false;
        for (;;) {
            if (m_begin == m_end && !fill())
                return any;
            if (m_pendingLf) { // the LF of a CRLF split across two reads
                m_pendingLf = false;
                if (m_buffer[m_begin] == '\n')
                    ++m_begin;
                continue;
            }
            any = true;
            std::size_t at = m_begin;
            while (at < m_end && m_buffer[at] != '\n' && m_buffer[at] != '\r')
                ++at;
            if (line.size() < kMaxLineBytes)
                line.append(m_buffer.data() + m_begin, std::min(at - m_begin, kMaxLineBytes - line.size()));
            if (at == m_end) {
                m_begin = at;
                continue;
            }
            const char end = m_buffer[at];
            m_begin = at + 1;
            if (end == '\r') {
                if (m_begin < m_end) {
                    if (m_buffer[m_begin] == '\n')
                        ++m_begin;
                } else {
                    m_pendingLf = true;
                }
            }
            return true;
        }
    }

    const Container& m_files;
    std::string m_path;
    std::string m_tree;
    std::optional<SafeFile> m_file;
    std::vector<char> m_buffer;
    std::size_t m_begin = 0;
    std::size_t m_end = 0;
    bool m_pendingLf = false;
    int m_lineNumber = 0;
};

// Fills `result`'s kernel and fallback lists from the graph's output_code.py.
void readGraphLists(ReportGraph& result, const Container& files, const std::string& tree,
    const ReportReading& reading, std::string& scratch)
{
    const Graph& graph = *result.graph;
    if (!graph.outputCode)
        return;
    const OutputCode& code = *graph.outputCode;
    // Kernel bodies the index did not keep are read again, for the kernels the report can show.
    const OutputCode* withBodies = &code;
    std::optional<OutputCode> reread;
    if (!code.kernelBodies && std::any_of(code.kernels.begin(), code.kernels.end(), [](const Kernel& kernel) {
            return kernel.backend == Backend::Dvm;
        })) {
        std::optional<Diagnostic> problem; // the file changed meanwhile: the kernels stay without bodies
        reread = withKernelBodies(files, code, scratch, problem, tree);
        withBodies = &*reread;
    }
    std::size_t dvmKernels = 0;
    for (const Kernel& kernel : code.kernels)
        dvmKernels += kernel.backend == Backend::Dvm ? 1 : 0;
    if (reread)
        result.kernelCopies.reserve(std::min(dvmKernels, reading.maxKernelBodies)); // pointers stay valid
    SourceLines source(files, code.path, tree);
    std::size_t keptExcerpts = 0;
    // Kernels and fallbacks are in file order, so one forward pass serves both lists.
    for (std::size_t k = 0; k < code.kernels.size(); ++k) {
        const Kernel& kernel = code.kernels[k];
        if (kernel.backend != Backend::Dvm)
            continue;
        ReportKernel entry;
        entry.kernel = &kernel;
        if (reread && result.dvmKernels.size() < reading.maxKernelBodies) {
            result.kernelCopies.push_back(withBodies->kernels[k]);
            entry.kernel = &result.kernelCopies.back();
        }
        if (result.dvmKernels.size() >= reading.maxExcerpts) {
            result.dvmKernels.push_back(std::move(entry));
            continue;
        }
        const int last = std::max(kernel.line, kernel.endLine);
        const int shownLast = std::min(last, kernel.line + ReportModel::kMaxExcerptLines - 1);
        entry.source = source.lines(kernel.line, shownLast);
        entry.sourceFirstLine = entry.source.empty() ? 0 : kernel.line;
        entry.sourceCut = shownLast < last;
        if (!entry.source.empty() && keptExcerpts++ >= reading.keepExcerpts) {
            entry.source = {};
            entry.sourceFirstLine = 0;
            entry.sourceCut = false;
            entry.sourceLeftOut = true;
        }
        result.dvmKernels.push_back(std::move(entry));
    }
    for (const Fallback& fallback : code.fallbacks) {
        ReportFallback entry;
        entry.fallback = &fallback;
        const auto lines = source.lines(fallback.line, fallback.line);
        if (!lines.empty()) {
            const std::string& line = lines.front();
            entry.sourceLine = line.substr(line.find_first_not_of(" \t") == std::string::npos
                    ? line.size()
                    : line.find_first_not_of(" \t"));
        }
        result.fallbacks.push_back(std::move(entry));
    }
}

struct GraphRef
{
    std::size_t run = 0;
    std::size_t graph = 0;
};

// The files of a graph this stage reads (for the read-ahead of an archive's members): those the
// model sources read, output_code.py first.
std::vector<std::string> filesRead(const Graph& graph, const ArchiveTree* archive)
{
    std::vector<std::string> inners;
    for (const std::string& path : graphSourceFiles(graph)) {
        if (std::optional<std::string> inner = archive->innerOf(path))
            inners.push_back(std::move(*inner));
    }
    return inners;
}

// An archive's graphs by where their output_code.py is in it, so reading them is one pass.
void sortInArchiveOrder(std::vector<GraphRef>& work, const Index& index, const ArchiveTree& archive)
{
    const auto ordinalOf = [&](const GraphRef& ref) {
        const Graph& graph = index.runs[ref.run].graphs[ref.graph];
        const std::optional<std::string> inner = archive.innerOf(graph.outputCode->path);
        const ArchiveTree::Resolved resolved =
            inner ? archive.resolve(*inner, true) : ArchiveTree::Resolved();
        return resolved.node ? resolved.node->ordinal : UINT64_MAX;
    };
    std::vector<std::pair<std::uint64_t, std::size_t>> keyed;
    for (std::size_t i = 0; i < work.size(); ++i)
        keyed.emplace_back(ordinalOf(work[i]), i);
    std::sort(keyed.begin(), keyed.end());
    std::vector<GraphRef> sorted;
    for (const auto& [ordinal, i] : keyed)
        sorted.push_back(work[i]);
    work = std::move(sorted);
}

// How much of one graph's files is read ahead at most (one output_code.py is at most 512 MiB;
// one that does not fit is read from the archive as usual).
constexpr std::uint64_t kPrefetchBytes = 256ull << 20;

} // namespace

std::optional<SourceSummary> readReportGraphs(ReportModel& model, const ReportReading& reading)
{
    const Index& index = *model.index;
    std::vector<GraphRef> work;
    for (std::size_t r = 0; r < model.runs.size(); ++r) {
        for (std::size_t g = 0; g < model.runs[r].graphs.size(); ++g) {
            const Graph& graph = *model.runs[r].graphs[g].graph;
            const bool shown = !model.runs[r].graphs[g].folded;
            if (graph.outputCode && (shown || (reading.modelSources && graph.outputCode->indexed)))
                work.push_back(GraphRef { r, g });
        }
    }
    const Container& indexFiles = filesOr(index.files);
    const ArchiveTree* archive = archiveOf(indexFiles);
    if (archive)
        sortInArchiveOrder(work, index, *archive);

    // Graph after graph in archive order, on one thread: their members continue one pass.
    const std::shared_ptr<ArchiveCursor> cursor = archive ? newArchiveCursor() : nullptr;
    SourceSummaryBuilder sources(false, false);
    std::mutex sourcesMutex;
    std::atomic<std::size_t> next { 0 };
    const auto worker = [&] {
        std::string scratch;
        for (std::size_t i = next++; i < work.size(); i = next++) {
            const auto [r, g] = work[i];
            ReportGraph& entry = model.runs[r].graphs[g];
            const Graph& graph = *entry.graph;
            std::optional<PrefetchedContainer> ahead;
            if (archive)
                ahead.emplace(indexFiles, *archive, filesRead(graph, archive), kPrefetchBytes, cursor);
            const Container& files = ahead ? static_cast<const Container&>(*ahead) : indexFiles;
            if (!entry.folded)
                readGraphLists(entry, files, index.root, reading, scratch);
            if (reading.modelSources) {
                std::vector<Diagnostic> problems; // a report does not list them
                const GraphSources found = graphSources(files, graph, index.root, problems);
                const std::lock_guard<std::mutex> lock(sourcesMutex);
                sources.addGraph(index, r, g, &found);
            }
        }
    };
    // An archive is read on this thread alone: every member in archive order, one pass.
    runOnThreads(archive ? 1u : workerThreads(reading.jobs, work.size()), worker);
    if (!reading.modelSources)
        return std::nullopt;
    return sources.finish();
}

void readReportGraphsOf(const ReportInput& input, ReportModel& model, ReportReading reading)
{
    const bool given = input.modelSources && input.sources;
    reading.modelSources = input.modelSources && !given;
    model.sources = readReportGraphs(model, reading);
    if (!given)
        return;
    // The report shows the locations and counts; the items (a reference per kernel) stay out.
    SourceSummary sources;
    sources.unattributed = input.sources->unattributed;
    sources.kernelsByEvidence = input.sources->kernelsByEvidence;
    sources.fallbacksByEvidence = input.sources->fallbacksByEvidence;
    sources.locations.reserve(input.sources->locations.size());
    for (const SourceLocationSummary& location : input.sources->locations)
        sources.locations.push_back(
            SourceLocationSummary { location.frame, location.counts, location.graphs, location.runs, {} });
    model.sources = std::move(sources);
}

void listReportGraphsUnread(ReportModel& model)
{
    for (ReportRun& run : model.runs) {
        for (ReportGraph& graph : run.graphs) {
            if (graph.folded || !graph.graph->outputCode)
                continue;
            for (const Kernel& kernel : graph.graph->outputCode->kernels) {
                if (kernel.backend == Backend::Dvm)
                    graph.dvmKernels.push_back(ReportKernel { &kernel, 0, {}, false, false });
            }
            for (const Fallback& fallback : graph.graph->outputCode->fallbacks)
                graph.fallbacks.push_back(ReportFallback { &fallback, {} });
        }
    }
}

void clearReportGraphLists(ReportModel& model)
{
    for (ReportRun& run : model.runs) {
        for (ReportGraph& graph : run.graphs) {
            graph.dvmKernels = {};
            graph.kernelCopies = {};
            graph.fallbacks = {};
            graph.dvmKernelsLeftOut = 0;
            graph.excerptsLeftOut = 0;
            graph.fallbacksLeftOut = 0;
        }
    }
    model.dvmKernelsLeftOut = 0;
    model.fallbacksLeftOut = 0;
}

} // namespace dvmlens
