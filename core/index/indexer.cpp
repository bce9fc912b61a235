// SPDX-License-Identifier: MIT
#include "core/index/indexer.h"

#include "core/archive/archivereader.h"
#include "core/archive/archivesource.h"
#include "core/archive/archivetree.h"
#include "core/cache/cachefolder.h"
#include "core/index/cacheindex.h"
#include "core/index/codebeside.h"
#include "core/index/indexfiles.h"
#include "core/index/indexstream.h"
#include "core/index/traceindex.h"
#include "core/model/graphname.h"
#include "core/parse/kernelbodies.h"
#include "core/parse/outputcodeparser.h"
#include "core/rules/knownfailures.h"
#include "core/scan/scanpaths.h"
#include "core/scan/treescanner.h"
#include "core/trace/tracefiles.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <dirent.h>
#include <filesystem>
#include <iterator>
#include <mutex>
#include <string_view>
#include <sys/stat.h>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace dvmlens {

namespace {

int workerCount(const IndexOptions& options)
{
    if (options.jobs > 0)
        return options.jobs;
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

bool cancelled(const IndexOptions& options)
{
    return options.cancel && options.cancel->load(std::memory_order_relaxed);
}

// The output_code.py files to parse, in the order they were added, each with its result slot.
// Paths may still be added while workers drain it (the walk feeds it as it goes), so progress
// waits for close(): it then counts up one file at a time, (1, total) … (done, total), in order.
class ParseQueue
{
public:
    // `files`: where the files are read from (io/container.h); `tree`: the scanned root, which bounds
    // every file read.
    ParseQueue(const IndexOptions& options, const Container& files, std::string tree)
        : m_options(options)
        , m_files(files)
        , m_tree(std::move(tree))
    {
    }

    void add(const std::string& path)
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_slots.push_back({ path, std::nullopt, std::nullopt });
        }
        m_ready.notify_one();
    }

    // A file whose bytes are already read (an archive entry as it streams). Waits while the bytes
    // queued and not parsed yet pass kMaxPendingBytes, so the reader never runs far ahead of the
    // workers; only a caller with worker threads, or one that parses what it added right after
    // (drainQueued), may add bytes.
    void add(const std::string& path, std::string&& bytes)
    {
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_room.wait(lock, [this] { return m_pendingBytes <= kMaxPendingBytes || cancelled(m_options); });
            m_pendingBytes += bytes.size();
            m_slots.push_back({ path, std::move(bytes), std::nullopt });
        }
        m_ready.notify_one();
    }

    // No more paths will come: the total is known.
    void close()
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_closed = true;
            reportProgress();
        }
        m_ready.notify_all();
    }

    std::size_t size()
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_slots.size();
    }

    // One worker: parses the next unclaimed file until the queue is closed and empty, or cancelled.
    // Each slot is parsed by exactly one worker, so results do not depend on how many run.
    void drain()
    {
        std::string scratch; // one buffer per worker, reused for every file it reads
        while (parseNext(scratch, true)) { }
    }

    // The calling thread parses what is queued now, without waiting for more (one job reading an
    // archive: no thread to hand each file to).
    void drainQueued()
    {
        std::string scratch;
        while (parseNext(scratch, false)) { }
    }

    // After every worker stopped: the result for slot `slot`, null when cancel came first.
    std::optional<OutputCode>& result(std::size_t slot)
    {
        return m_slots[slot].result;
    }

    const std::string& path(std::size_t slot) const
    {
        return m_slots[slot].path;
    }

    // Streaming (IndexStream): the files parsed and not handed over yet, by slot, in slot order;
    // each result is taken once, and taken() tells applyResults to leave its slot alone.
    std::vector<std::pair<std::size_t, OutputCode>> takeParsed()
    {
        std::vector<std::pair<std::size_t, OutputCode>> parsed;
        const std::lock_guard<std::mutex> lock(m_mutex);
        for (std::size_t slot = m_firstUntaken; slot < m_slots.size(); ++slot) {
            Slot& each = m_slots[slot];
            if (each.taken || !each.result)
                continue;
            parsed.emplace_back(slot, std::move(*each.result));
            each.result.reset();
            each.taken = true;
        }
        while (m_firstUntaken < m_slots.size() && m_slots[m_firstUntaken].taken)
            ++m_firstUntaken;
        return parsed;
    }

    bool taken(std::size_t slot) const
    {
        return m_slots[slot].taken;
    }

    // The calling thread parses one queued file without waiting for more; false when none is left.
    bool parseOne(std::string& scratch)
    {
        return parseNext(scratch, false);
    }

    // Waits up to `timeout` for a file to be parsed; true once every queued file is (or on cancel).
    bool waitForParsed(std::chrono::milliseconds timeout)
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        const auto allDone = [this] { return std::size_t(m_done) == m_slots.size() || cancelled(m_options); };
        m_parsed.wait_for(lock, timeout, [&] { return allDone() || m_done != m_doneSeen; });
        m_doneSeen = m_done;
        return allDone();
    }

private:
    // Parses the next unclaimed file; false when there is none (after waiting for one, when `wait`
    // and the queue is still open) or on cancel.
    bool parseNext(std::string& scratch, bool wait)
    {
        std::size_t slot = 0;
        std::string path;
        std::optional<std::string> bytes;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            if (wait)
                m_ready.wait(
                    lock, [this] { return m_next < m_slots.size() || m_closed || cancelled(m_options); });
            if (cancelled(m_options) || m_next == m_slots.size())
                return false;
            slot = m_next++;
            path = m_slots[slot].path;
            bytes = std::move(m_slots[slot].bytes);
            m_slots[slot].bytes.reset();
        }
        const KernelDetail detail = m_options.kernelDetail == KernelDetail::Full
                && (m_options.kernelBodyBudget == 0
                    || m_bodyBytes.load(std::memory_order_relaxed) < m_options.kernelBodyBudget)
            ? KernelDetail::Full
            : KernelDetail::Summary;
        OutputCode parsed = bytes ? parseOutputCode(*bytes, path, detail)
                                  : parseOutputCodeFile(m_files, path, scratch, detail, m_tree);
        if (bytes) {
            const std::size_t size = bytes->size();
            bytes.reset();
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_pendingBytes -= size;
            m_room.notify_all();
        }
        if (m_options.kernelBodyBudget > 0 && parsed.kernelBodies)
            m_bodyBytes.fetch_add(kernelBodyBytes(parsed), std::memory_order_relaxed);
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_slots[slot].result = std::move(parsed);
        ++m_done;
        reportProgress();
        m_parsed.notify_all();
        return true;
    }

    struct Slot
    {
        std::string path;
        std::optional<std::string> bytes; // read already (archives); parsed from memory
        std::optional<OutputCode> result;
        bool taken = false; // handed over to an IndexStream
    };
    static constexpr std::size_t kMaxPendingBytes = 128u << 20;

    // Called with m_mutex held, so calls are never reordered.
    void reportProgress()
    {
        if (!m_closed || !m_options.progress)
            return;
        const int total = static_cast<int>(m_slots.size());
        while (m_reported < m_done)
            m_options.progress(++m_reported, total);
    }

    const IndexOptions& m_options;
    const Container& m_files;
    std::string m_tree;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::condition_variable m_room; // bytes queued fell under kMaxPendingBytes
    std::condition_variable m_parsed; // a file was parsed (waitForParsed)
    int m_doneSeen = 0;
    std::size_t m_firstUntaken = 0;
    std::size_t m_pendingBytes = 0;
    std::deque<Slot> m_slots; // a deque: adding never moves the slots workers fill
    std::size_t m_next = 0;
    int m_done = 0;
    int m_reported = 0;
    std::atomic<std::size_t> m_bodyBytes { 0 }; // kernel bodies parsed so far (kernelBodyBudget)
    bool m_closed = false;
};

// The calling thread plus up to workers - 1 threads, started one per queued file so a tree with
// few files starts few threads. The destructor closes the queue and waits, whatever happened.
class WorkerPool
{
public:
    // `readerThread`: the calling thread is busy reading (an archive), so every worker is a thread,
    // except with one job: then the reader parses each file as it comes (handing every file to one
    // other thread and back only added waits).
    WorkerPool(ParseQueue& queue, int workers, bool readerThread = false)
        : m_queue(queue)
        , m_extraThreads(
              static_cast<std::size_t>(std::max(readerThread && workers > 1 ? workers : workers - 1, 0)))
        , m_parseInline(readerThread && workers <= 1)
    {
    }

    ~WorkerPool()
    {
        m_queue.close();
        for (std::thread& thread : m_threads)
            thread.join();
    }

    void add(const std::string& path)
    {
        m_queue.add(path);
        if (m_threads.size() < m_extraThreads && m_threads.size() < m_queue.size())
            m_threads.emplace_back([this] { m_queue.drain(); });
    }

    void add(const std::string& path, std::string&& bytes)
    {
        if (m_threads.size() < m_extraThreads)
            m_threads.emplace_back([this] { m_queue.drain(); });
        m_queue.add(path, std::move(bytes));
        if (m_parseInline)
            m_queue.drainQueued();
    }

    // The calling thread works too, once it has nothing else to do.
    void finish()
    {
        m_queue.close();
        m_queue.drain();
    }

private:
    ParseQueue& m_queue;
    std::size_t m_extraThreads;
    bool m_parseInline;
    std::vector<std::thread> m_threads;
};

// What the file states of itself: a lone file takes its AOT ID and kind from its first line; in a
// graph folder, a folder name that says otherwise is worth a warning (a renamed or copied folder).
void settleAotId(Graph& graph)
{
    const std::optional<AotId> stated =
        graph.outputCode->aotId ? parseAotId(*graph.outputCode->aotId) : std::nullopt;
    if (!stated)
        return;
    if (graph.looseFile || !graph.aotId) {
        graph.aotId = stated->id;
        graph.kind = stated->kind;
        return;
    }
    if (*graph.aotId == stated->id && graph.kind == stated->kind)
        return;
    Diagnostic diagnostic;
    diagnostic.path = graph.path;
    diagnostic.line = 1;
    diagnostic.severity = Severity::Warning;
    diagnostic.code = "aot-id-mismatch";
    diagnostic.message = "The folder name says AOT ID " + std::to_string(*graph.aotId) + ' '
        + graph.kind.value_or("") + ", but its output_code.py says " + *graph.outputCode->aotId
        + ": the folder was renamed or the file copied from another graph.";
    graph.diagnostics.push_back(std::move(diagnostic));
}

} // namespace

void attachOutputCode(Graph& graph, OutputCode&& code)
{
    std::move(code.diagnostics.begin(), code.diagnostics.end(), std::back_inserter(graph.diagnostics));
    code.diagnostics.clear();
    graph.outputCode = std::move(code);
    settleAotId(graph);
}

namespace {

// Says on the index that `skipped` of `total` output_code.py files were not parsed (nothing when
// none was skipped).
void noteCancelled(Index& index, std::size_t skipped, std::size_t total)
{
    if (skipped == 0)
        return;
    Diagnostic diagnostic;
    diagnostic.path = index.root;
    diagnostic.severity = Severity::Info;
    diagnostic.code = "cancelled";
    diagnostic.message = "The scan was cancelled: " + std::to_string(skipped) + " of " + std::to_string(total)
        + " output_code.py files were not parsed, so their graphs are not indexed (no verdict until the "
          "tree is indexed again).";
    index.diagnostics.push_back(std::move(diagnostic));
}

// Moves each parsed file onto `graphs[slot]` (its diagnostics after the scanner's) and notes a
// cancel that left some unparsed.
void applyResults(Index& index, const std::vector<Graph*>& graphs, ParseQueue& queue)
{
    int skipped = 0;
    for (std::size_t slot = 0; slot < graphs.size(); ++slot) {
        if (queue.taken(slot))
            continue; // the stream's receiver has it
        std::optional<OutputCode>& parsed = queue.result(slot);
        if (!parsed) {
            ++skipped;
            continue;
        }
        attachOutputCode(*graphs[slot], std::move(*parsed));
    }
    noteCancelled(index, skipped, graphs.size());
}

// The graph each queued path belongs to (the walk named each output_code.py for exactly one).
std::vector<Graph*> graphsBySlot(Index& index, const ParseQueue& queue, std::size_t count)
{
    std::unordered_map<std::string_view, Graph*> byPath;
    for (Run& run : index.runs) {
        for (Graph& graph : run.graphs) {
            if (graph.outputCode)
                byPath.emplace(graph.outputCode->path, &graph);
        }
    }
    std::vector<Graph*> graphs(count);
    for (std::size_t slot = 0; slot < count; ++slot)
        graphs[slot] = byPath.at(queue.path(slot));
    return graphs;
}

using GraphPosition = std::pair<std::size_t, std::size_t>; // (run, graph) in the index

// Where each queued file's graph sits in `index`, by slot.
std::vector<GraphPosition> positionsBySlot(Index& index, const ParseQueue& queue, std::size_t count)
{
    std::unordered_map<const Graph*, GraphPosition> where;
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g)
            where.emplace(&index.runs[r].graphs[g], GraphPosition { r, g });
    }
    std::vector<GraphPosition> positions;
    positions.reserve(count);
    for (const Graph* graph : graphsBySlot(index, queue, count))
        positions.push_back(where.at(graph));
    return positions;
}

// Hands the files parsed since the last call to the stream (nothing, and false, when none was).
bool handOver(ParseQueue& queue, const std::vector<GraphPosition>& positions, const IndexStream& stream)
{
    std::vector<std::pair<std::size_t, OutputCode>> parsed = queue.takeParsed();
    if (parsed.empty())
        return false;
    std::vector<ParsedGraph> batch;
    batch.reserve(parsed.size());
    for (auto& [slot, code] : parsed)
        batch.push_back({ positions[slot].first, positions[slot].second, std::move(code) });
    // The walk queues files as it finds them; receivers read a batch in the index's order.
    std::sort(batch.begin(), batch.end(), [](const ParsedGraph& a, const ParsedGraph& b) {
        return std::pair(a.run, a.graph) < std::pair(b.run, b.graph);
    });
    if (stream.parsed)
        stream.parsed(std::move(batch));
    return true;
}

// The calling thread once the walk is over: parses along with the workers and hands what they
// all parsed over in batches, until every file is parsed or cancel comes.
void streamParsing(
    ParseQueue& queue, const std::vector<GraphPosition>& positions, const IndexOptions& options)
{
    using Clock = std::chrono::steady_clock;
    const IndexStream& stream = *options.stream;
    std::chrono::milliseconds interval = stream.batchInterval;
    Clock::time_point lastBatch = Clock::now() - interval; // the first batch as soon as a file is parsed
    std::string scratch;
    for (;;) {
        bool done = false;
        if (!queue.parseOne(scratch)) {
            const auto untilBatch =
                std::chrono::duration_cast<std::chrono::milliseconds>(lastBatch + interval - Clock::now());
            done = queue.waitForParsed(std::max(untilBatch, std::chrono::milliseconds(1)));
        }
        if (Clock::now() - lastBatch >= interval) {
            if (handOver(queue, positions, stream))
                interval = nextBatchInterval(interval, stream);
            lastBatch = Clock::now();
        }
        if (done || cancelled(options))
            return;
    }
}

} // namespace

void parseOutputCodes(Index& index, const IndexOptions& options)
{
    std::vector<Graph*> pending;
    for (Run& run : index.runs) {
        for (Graph& graph : run.graphs) {
            if (graph.outputCode)
                pending.push_back(&graph);
        }
    }
    ParseQueue queue(options, filesOr(index.files), index.root);
    {
        WorkerPool pool(queue, workerCount(options));
        for (const Graph* graph : pending)
            pool.add(graph->outputCode->path);
        pool.finish();
    }
    applyResults(index, pending, queue);
}

namespace {

ArchiveProbe archiveProbe(const std::string& path, std::string& error)
{
    struct stat status;
    if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode))
        return ArchiveProbe::NoArchive;
    return probeArchive(path, error);
}

// TORCH_TRACE logs in the archive's top folder or one level below (a TORCH_TRACE folder, a tlparse
// output folder packed whole): their runs join the index, read again member by member.
void appendArchiveTraces(Index& index, const TreeSource& source, const IndexOptions& options)
{
    const std::string top = index.root;
    std::vector<std::string> logs = findTraceLogs(top, source);
    std::vector<TreeSource::Listed> entries;
    int error = 0;
    int partError = 0;
    if (source.list(top, entries, error, partError)) {
        for (const TreeSource::Listed& entry : entries) {
            if (entry.type != DT_DIR)
                continue;
            const std::vector<std::string> below = findTraceLogs(scanpath::joinPath(top, entry.name), source);
            logs.insert(logs.end(), below.begin(), below.end());
        }
    }
    if (logs.empty())
        return;
    Index traces = buildTraceIndex(index.files, index.root, logs, options);
    std::move(traces.runs.begin(), traces.runs.end(), std::back_inserter(index.runs));
    std::move(traces.diagnostics.begin(), traces.diagnostics.end(), std::back_inserter(index.diagnostics));
}

// An archive: one streaming pass (its output_code.py files parsed from memory by the workers as
// they come), then the walk over its entries, then each graph gets the parse of its file.
std::optional<Index> buildArchiveIndex(
    const std::string& path, const IndexOptions& options, std::string& error)
{
    std::error_code fsError;
    const std::string archive = std::filesystem::absolute(path, fsError).lexically_normal().native();
    ParseQueue queue(options, fileSystem(), std::string()); // every file comes with its bytes
    std::unordered_map<std::string, std::size_t> slotByInner;
    std::vector<Diagnostic> archiveDiagnostics;
    std::shared_ptr<const ArchiveTree> tree;
    {
        WorkerPool pool(queue, workerCount(options), true);
        ArchivePass pass;
        pass.budget = options.archiveBudget > 0 ? options.archiveBudget : kDefaultArchiveBudget;
        pass.cancel = options.cancel;
        pass.wantsWhole = [](std::string_view, std::string_view head) { return looksLikeWrapperHead(head); };
        pass.onWhole = [&](const std::string& inner, std::string&& bytes) {
            slotByInner[inner] = queue.size();
            pool.add(archiveMemberPath(archive, inner), std::move(bytes));
        };
        std::string failure;
        tree = readArchiveTree(archive, pass, archiveDiagnostics, failure);
        if (!tree)
            error = path + ": " + failure;
        pool.finish();
    }
    if (!tree)
        return std::nullopt;
    const ArchiveTreeSource source(tree);
    Index index = scanSourceTree(tree->topPath(), source);
    index.files = archiveFiles(tree);
    index.diagnostics.insert(index.diagnostics.begin(), archiveDiagnostics.begin(), archiveDiagnostics.end());
    std::string scratch;
    int skipped = 0;
    int total = 0;
    for (Run& run : index.runs) {
        for (Graph& graph : run.graphs) {
            if (!graph.outputCode)
                continue;
            ++total;
            const std::string& member = graph.outputCode->path;
            const std::optional<std::string> inner = tree->innerOf(member);
            std::optional<OutputCode>* parsed = nullptr;
            const ArchiveNode* node = inner ? tree->resolve(*inner, false).node : nullptr;
            if (node && node->type == DT_REG && !node->hardlink) { // parsed as it streamed
                const auto slot = slotByInner.find(*inner);
                if (slot != slotByInner.end() && queue.result(slot->second))
                    parsed = &queue.result(slot->second);
            }
            OutputCode code;
            if (parsed) {
                code = std::move(**parsed);
                parsed->reset();
            } else if (cancelled(options)) {
                ++skipped;
                continue;
            } else {
                // Reached through a link, or kept from the pass (too large, cut): read it again.
                const KernelDetail detail = options.kernelDetail;
                code = parseOutputCodeFile(*index.files, member, scratch, detail, index.root);
            }
            attachOutputCode(graph, std::move(code));
        }
    }
    noteCancelled(index, skipped, total);
    appendArchiveTraces(index, source, options);
    return index;
}

} // namespace

std::optional<Index> buildIndex(const std::string& path, const IndexOptions& options, std::string& error)
{
    // TORCH_TRACE logs (a log, a .log.gz, a folder of them, a tlparse output folder) before the
    // archive probe, which would take a .log.gz for a compressed archive.
    std::error_code fsError;
    const std::string absolute = scanpath::absoluteClean(path, fsError).native();
    std::vector<Diagnostic> traceNotes;
    if (const std::vector<std::string> logs = traceLogsAt(absolute, &traceNotes); !logs.empty()) {
        Index index = buildTraceIndex(folderFiles(absolute), absolute, logs, options);
        index.diagnostics.insert(index.diagnostics.begin(), traceNotes.begin(), traceNotes.end());
        return index;
    }
    if (isInductorCacheFolder(absolute))
        return buildCacheIndex(absolute, options);
    std::string archiveError;
    switch (archiveProbe(path, archiveError)) {
    case ArchiveProbe::Archive:
        return buildArchiveIndex(path, options, error);
    case ArchiveProbe::Broken:
        error = path + ": cannot be read as an archive (" + archiveError + ")";
        return std::nullopt;
    case ArchiveProbe::NoArchive:
        break;
    }
    // Bounded by the absolute root, as later readers bound it (Index::root), so the container's
    // resolved bound serves them all.
    const std::shared_ptr<const Container> files = folderFiles(absolute);
    ParseQueue queue(options, *files, absolute);
    std::optional<Index> index;
    std::vector<GraphPosition> positions; // with a stream
    {
        // Workers parse while the walk goes on: the walk hands over each output_code.py it finds.
        WorkerPool pool(queue, workerCount(options));
        index = scanTree(path, error, [&pool](const std::string& found) { pool.add(found); });
        if (index)
            index->files = files;
        if (index && !cancelled(options)) // while the workers parse; in the skeleton a stream hands over
            noteCodeBeside(*index);
        if (index && options.stream) {
            queue.close();
            positions = positionsBySlot(*index, queue, queue.size());
            if (options.stream->skeleton)
                options.stream->skeleton(Index(*index));
            streamParsing(queue, positions, options);
        }
        pool.finish();
    }
    if (index) {
        if (options.stream) // what the workers finished after the last batch (or after cancel)
            handOver(queue, positions, *options.stream);
        applyResults(*index, graphsBySlot(*index, queue, queue.size()), queue);
    }
    return index;
}

} // namespace dvmlens
