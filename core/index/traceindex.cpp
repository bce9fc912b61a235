// SPDX-License-Identifier: MIT
#include "core/index/traceindex.h"

#include "core/index/indexstream.h"
#include "core/index/parallelfor.h"
#include "core/parse/outputcodeparser.h"
#include "core/scan/treesource.h"
#include "core/trace/codehash.h"
#include "core/trace/reasonline.h"
#include "core/trace/tracecontainer.h"
#include "core/trace/tracefiles.h"
#include "core/trace/tracegraphs.h"
#include "core/trace/tracelog.h"
#include "core/trace/tracemember.h"

#include <algorithm>
#include <dirent.h>
#include <map>
#include <set>

namespace dvmlens {

namespace {

std::string baseName(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Logs of one name in sub-folders (tlparse --all-ranks-html's rank_<N>/raw.log, one job's logs per
// node) are told apart by their folder: "raw.log (rank_0)". A name keeps no '/', which --select
// and compare's keys take as separators.
void nameAlikeLogsByFolder(std::vector<Run>& runs)
{
    std::map<std::string, int> uses;
    for (const Run& run : runs)
        ++uses[run.name.value_or(std::string())];
    for (Run& run : runs) {
        if (!run.name || uses[*run.name] < 2)
            continue;
        const std::size_t slash = run.path.find_last_of('/');
        const std::string folder =
            slash == std::string::npos ? std::string() : baseName(run.path.substr(0, slash));
        if (!folder.empty())
            run.name = *run.name + " (" + folder + ')';
    }
}

Diagnostic diagnostic(const std::string& path, std::optional<int> line, Severity severity, std::string code,
    std::string message)
{
    return Diagnostic { path, line, severity, std::move(code), std::move(message) };
}

// What one log's read leaves besides the assembly: its first record, its ranks, the parsed code.
struct LogFacts
{
    bool any = false;
    TraceTime started;
    std::int64_t writer = 0;
    bool threadIds = false;
    std::optional<std::int64_t> rank;
    std::set<std::int64_t> ranks;
    std::vector<std::optional<OutputCode>> codes; // per graph, in order
    std::vector<std::optional<std::string>> hashes; // the code hash of each graph's payload
};

void settleGraph(Graph& graph, const TraceGraphParts& parts, const std::string& log)
{
    const std::string compileId = parts.compileId.text();
    // A reset repeated the id: "[0/0 after reset 1]", so the two compiles' graphs are named apart.
    std::string name = compileId;
    if (parts.resetRepeat > 0 && !name.empty())
        name.insert(name.size() - 1, resetSuffix(parts.resetRepeat));
    if (graph.outputCode && graph.outputCode->aotId)
        name += (name.empty() ? "" : " ") + *graph.outputCode->aotId;
    graph.name = name.empty() ? "inductor_output_code at line " + std::to_string(parts.codeLine) : name;
    GraphOrigin origin;
    origin.kind = "trace";
    origin.file = log;
    origin.line = parts.codeLine;
    if (!compileId.empty())
        origin.compileId = compileId;
    origin.compileResetRepeat = parts.resetRepeat;
    origin.cache = parts.cache;
    graph.origin = std::move(origin);
}

} // namespace

Run readTraceRun(const Container& files, const std::string& log, const std::string& root,
    const IndexOptions& options, std::vector<Diagnostic>& diagnostics)
{
    TraceGraphAssembler assembler;
    LogFacts facts;
    TraceReadOptions read;
    read.cancel = options.cancel;
    read.memo = traceReadMemoOf(files); // the marks the re-reads of this log's graph files start at
    read.interest = [](std::string_view kind) { return TraceGraphAssembler::interest(kind, true); };
    const TraceReadResult result = readTraceLog(files, log, root, read, [&](TraceRecord& record) {
        if (!facts.any) {
            facts.any = true;
            facts.started = record.time;
            facts.writer = record.writer;
            facts.threadIds = record.writerIsThreadId;
        }
        if (record.rank) {
            if (!facts.rank)
                facts.rank = record.rank;
            facts.ranks.insert(*record.rank);
        }
        assembler.add(record);
        if (record.kind != "inductor_output_code")
            return;
        if (!record.payload) {
            facts.codes.emplace_back();
            facts.hashes.emplace_back();
            return;
        }
        facts.hashes.emplace_back(inductorCodeHash(*record.payload));
        facts.codes.emplace_back(parseOutputCode(
            *record.payload, traceGraphPath(log, record.line) + "/output_code.py", options.kernelDetail));
    });
    Run run;
    run.name = baseName(log);
    run.path = log;
    if (!result.opened) {
        diagnostics.push_back(diagnostic(log, std::nullopt, Severity::Error, "trace-unreadable",
            "The trace log cannot be read: " + result.error + "."));
        return run;
    }
    std::move(result.diagnostics.begin(), result.diagnostics.end(), std::back_inserter(diagnostics));
    if (facts.any) {
        run.started = facts.started.isoWithoutYear();
        if (!facts.threadIds)
            run.pid = facts.writer;
        else
            diagnostics.push_back(diagnostic(log, std::nullopt, Severity::Info, "trace-thread-id",
                "This log's third column is a thread id (PyTorch before ≈2.5 logged the thread, not the "
                "process): the run has no pid."));
    }
    const std::optional<std::int64_t> named = rankFromTraceLogName(baseName(log));
    run.rank = facts.rank ? facts.rank : named;
    if (facts.rank && named && *facts.rank != *named)
        diagnostics.push_back(diagnostic(log, std::nullopt, Severity::Info, "trace-rank-mismatch",
            "The file name says rank " + std::to_string(*named) + " but its records say rank "
                + std::to_string(*facts.rank) + ": the records are taken."));
    if (facts.ranks.size() > 1)
        diagnostics.push_back(diagnostic(log, std::nullopt, Severity::Warning, "trace-several-ranks",
            "This log holds records of " + std::to_string(facts.ranks.size())
                + " ranks: the run is taken as rank " + std::to_string(*facts.rank) + "."));

    std::vector<TraceGraphParts>& parts = assembler.graphs();
    for (std::size_t i = 0; i < parts.size() && i < facts.codes.size(); ++i) {
        Graph graph;
        graph.path = traceGraphPath(log, parts[i].codeLine);
        graph.seq = static_cast<int>(i);
        for (const auto& [file, line] : parts[i].files)
            graph.files.push_back(file);
        if (facts.codes[i])
            attachOutputCode(graph, std::move(*facts.codes[i]));
        else
            graph.diagnostics.push_back(diagnostic(log, parts[i].codeLine, Severity::Warning, "trace-no-code",
                "This inductor_output_code record's payload could not be kept (see the log's diagnostics): "
                "the graph has no code."));
        settleGraph(graph, parts[i], log);
        graph.origin->codeHash = facts.hashes[i];
        run.graphs.push_back(std::move(graph));
    }
    for (const TraceFailure& failure : assembler.failures()) {
        const std::string id = failure.compileId.text();
        Diagnostic failed = diagnostic(log, failure.line, Severity::Error, "trace-compile-failed",
            "Compile " + (id.empty() ? std::string("(no compile id)") : id + resetSuffix(failure.resetRepeat))
                + " failed: " + failure.failType
                + (failure.failReason.empty() ? std::string() : ": " + reasonLine(failure.failReason)));
        const auto graph = std::find_if(run.graphs.rbegin(), run.graphs.rend(), [&](const Graph& each) {
            return each.origin->compileId.value_or("") == id && !id.empty()
                && each.origin->compileResetRepeat == failure.resetRepeat;
        });
        if (graph != run.graphs.rend())
            graph->diagnostics.push_back(std::move(failed));
        else
            diagnostics.push_back(std::move(failed));
    }
    for (const TraceCppWrapper& cpp : assembler.cppWrappers())
        diagnostics.push_back(diagnostic(log, cpp.line, Severity::Info, "trace-cpp-wrapper",
            "A C++ wrapper (graph_dump " + cpp.name
                + (cpp.compileId.text().empty() ? std::string(", no compile id")
                                                : ", compile " + cpp.compileId.text())
                + ") is not a Python wrapper module: not read."));
    return run;
}

Index buildTraceIndex(std::shared_ptr<const Container> files, const std::string& root,
    const std::vector<std::string>& logs, const IndexOptions& options)
{
    Index index;
    index.root = root;
    index.files = std::move(files);
    std::vector<Run> runs(logs.size());
    std::vector<std::vector<Diagnostic>> diagnostics(logs.size());
    parallelFor(logs.size(), options, [&](std::size_t i) {
        runs[i] = readTraceRun(filesOr(index.files), logs[i], root, options, diagnostics[i]);
    });
    for (std::size_t i = 0; i < logs.size(); ++i) {
        if (runs[i].path.empty()) // not reached before cancel
            continue;
        index.runs.push_back(std::move(runs[i]));
        std::move(diagnostics[i].begin(), diagnostics[i].end(), std::back_inserter(index.diagnostics));
    }
    nameAlikeLogsByFolder(index.runs);
    // Ranks in order, then as the tree's runs are: by start, pid, name.
    std::stable_sort(index.runs.begin(), index.runs.end(), [](const Run& a, const Run& b) {
        return std::tie(a.rank, a.started, a.pid, a.name) < std::tie(b.rank, b.started, b.pid, b.name);
    });
    return index;
}

} // namespace dvmlens
