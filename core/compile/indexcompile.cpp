// SPDX-License-Identifier: MIT
#include "core/compile/indexcompile.h"

#include "core/io/container.h"
#include "core/io/workerthreads.h"
#include "core/trace/compileresets.h"

#include <atomic>
#include <map>
#include <unordered_map>

namespace dvmlens {

namespace {

// The trace log a graph was read from; "" for a graph of a debug tree or the cache folder.
const std::string& traceLogOf(const Graph& graph)
{
    static const std::string none;
    return graph.origin && graph.origin->kind == "trace" ? graph.origin->file : none;
}

} // namespace

IndexCompile IndexCompile::read(const Index& index, int jobs, const std::vector<std::size_t>& runs)
{
    IndexCompile compile;
    std::vector<bool> kept(index.runs.size(), runs.empty());
    for (const std::size_t run : runs)
        if (run < kept.size())
            kept[run] = true;
    std::vector<std::string> paths;
    std::unordered_map<std::string, std::size_t> logByPath;
    const auto add = [&](const std::string& log) {
        if (!log.empty() && logByPath.try_emplace(log, paths.size()).second)
            paths.push_back(log);
    };
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        if (!kept[r])
            continue;
        for (const Graph& graph : index.runs[r].graphs)
            add(traceLogOf(graph));
        // A trace run (its start has no year, model.h) that left no graph: its failed compiles still count.
        if (index.runs[r].started && index.runs[r].started->starts_with("--"))
            add(index.runs[r].path);
    }
    compile.logs_.resize(paths.size());
    std::atomic<std::size_t> next { 0 };
    runOnThreads(workerThreads(jobs, paths.size()), [&] {
        for (std::size_t i = next++; i < paths.size(); i = next++)
            compile.logs_[i] = readCompileEvents(filesOr(index.files), paths[i], index.root);
    });
    // Compile id → facts per log, so a log of many graphs is not searched once per graph.
    std::vector<std::map<std::string, const GraphCompileFacts*>> byId(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i)
        for (const GraphCompileFacts& facts : compile.logs_[i].graphs)
            byId[i].try_emplace(facts.idText(), &facts);
    compile.graphs_.resize(index.runs.size());
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        compile.graphs_[r].assign(index.runs[r].graphs.size(), nullptr);
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g) {
            const Graph& graph = index.runs[r].graphs[g];
            const auto log = logByPath.find(traceLogOf(graph));
            if (!kept[r] || log == logByPath.end() || !graph.origin->compileId)
                continue;
            const auto facts = byId[log->second].find(
                compileIdKey(*graph.origin->compileId) + resetSuffix(graph.origin->compileResetRepeat));
            if (facts != byId[log->second].end())
                compile.graphs_[r][g] = facts->second;
        }
    }
    compile.summary_ = summarizeCompile(compile.logs_);
    compile.frames_ = compileFrames(compile.logs_, &index);
    return compile;
}

const GraphCompileFacts* IndexCompile::graph(std::size_t run, std::size_t graph) const
{
    if (run >= graphs_.size() || graph >= graphs_[run].size())
        return nullptr;
    return graphs_[run][graph];
}

} // namespace dvmlens
