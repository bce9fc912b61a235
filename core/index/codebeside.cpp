// SPDX-License-Identifier: MIT
#include "core/index/codebeside.h"

#include "core/cache/cachefolder.h"
#include "core/io/container.h"
#include "core/scan/graphfolder.h"
#include "core/trace/tracefiles.h"
#include "core/trace/tracelog.h"

namespace dvmlens {

namespace {

// One log beside the tree: who wrote it and how many wrapper modules it holds.
struct LogBeside
{
    std::string path;
    std::optional<std::int64_t> pid; // none for a log of thread ids
    int wrappers = 0;
    int cacheHits = 0; // of them, logged by codecache.py: an FX graph cache hit
};

LogBeside readLogBeside(const std::string& log, const std::string& root)
{
    LogBeside facts;
    facts.path = log;
    TraceReadOptions read;
    read.interest = [](std::string_view kind) {
        return kind == "inductor_output_code" ? TraceInterest::Metadata : TraceInterest::Skip;
    };
    bool first = true;
    readTraceLog(fileSystem(), log, root, read, [&](TraceRecord& record) {
        if (record.kind != "inductor_output_code")
            return;
        if (first && !record.writerIsThreadId)
            facts.pid = record.writer;
        first = false;
        ++facts.wrappers;
        if (record.emitter.find("codecache.py") != std::string::npos)
            ++facts.cacheHits;
    });
    return facts;
}

std::string relativeTo(const std::string& root, const std::string& path)
{
    return path.size() > root.size() + 1 && path.compare(0, root.size(), root) == 0
            && path[root.size()] == '/'
        ? path.substr(root.size() + 1)
        : path;
}

std::string plural(int count, const char* one, const char* many)
{
    return std::to_string(count) + ' ' + (count == 1 ? one : many);
}

// The sentence about the logs for a graph of a run with `pid`.
std::string logsSentence(
    const std::string& root, const std::vector<LogBeside>& logs, std::optional<std::int64_t> pid)
{
    const LogBeside* same = nullptr;
    int wrappers = 0;
    for (const LogBeside& log : logs) {
        wrappers += log.wrappers;
        if (pid && log.pid == pid)
            same = &log;
    }
    if (same)
        return "The TORCH_TRACE log " + relativeTo(root, same->path)
            + " beside this tree was written by the same process (pid " + std::to_string(*pid)
            + ") and holds " + plural(same->wrappers, "wrapper module", "wrapper modules")
            + " (inductor_output_code records, " + std::to_string(same->cacheHits)
            + " logged on an FX graph cache hit): on a cache hit the code is logged there.";
    std::string sentence = "The TORCH_TRACE " + std::string(logs.size() == 1 ? "log " : "logs ");
    for (std::size_t i = 0; i < logs.size() && i < 3; ++i)
        sentence += (i ? ", " : "") + relativeTo(root, logs[i].path);
    if (logs.size() > 3)
        sentence += " and " + std::to_string(logs.size() - 3) + " more";
    sentence += " beside this tree " + std::string(logs.size() == 1 ? "holds " : "hold ")
        + plural(wrappers, "wrapper module", "wrapper modules") + " (inductor_output_code records)";
    if (pid)
        sentence += ", none logged by this run's process (pid " + std::to_string(*pid) + ")";
    return sentence + '.';
}

bool mayBeCacheHit(const Graph& graph)
{
    for (const Diagnostic& diagnostic : graph.diagnostics) {
        if (const auto missing = graphfolder::readMissingOutputCode(diagnostic)) {
            using Case = graphfolder::MissingOutputCode::Case;
            return missing->which == Case::EmptyFolder || missing->which == Case::StoppedAfter;
        }
    }
    return false;
}

} // namespace

void noteCodeBeside(Index& index)
{
    bool any = false;
    for (const Run& run : index.runs)
        for (const Graph& graph : run.graphs)
            any = any || mayBeCacheHit(graph);
    if (!any)
        return;
    std::vector<LogBeside> logs;
    for (const std::string& log : traceLogsBesideTree(index.root))
        logs.push_back(readLogBeside(log, index.root));
    std::string cacheSentence;
    for (const std::string& cache : cacheFoldersIn(index.root, kTraceSubfolderLimit)) {
        const int wrappers = static_cast<int>(listCacheFolder(fileSystem(), cache).wrappers.size());
        cacheSentence += " The Inductor cache folder " + relativeTo(index.root, cache)
            + " beside this tree holds " + plural(wrappers, "wrapper module", "wrapper modules") + ".";
    }
    if (logs.empty() && cacheSentence.empty())
        return;
    constexpr std::string_view kNoPairing =
        " Which of them is this graph's cannot be told: a cached wrapper keeps the AOT ID of the compile "
        "that first wrote it, and no record or module names its graph folder.";
    for (Run& run : index.runs) {
        for (Graph& graph : run.graphs) {
            if (!mayBeCacheHit(graph))
                continue;
            std::string message = logs.empty() ? std::string() : logsSentence(index.root, logs, run.pid);
            message += cacheSentence;
            if (message.front() == ' ')
                message.erase(0, 1);
            message += kNoPairing;
            graph.diagnostics.push_back(graphfolder::makeDiagnostic(
                graph.path, Severity::Info, "output-code-elsewhere", std::move(message)));
        }
    }
}

} // namespace dvmlens
