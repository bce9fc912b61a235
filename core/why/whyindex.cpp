// SPDX-License-Identifier: MIT
#include "core/why/whyindex.h"

#include "core/archive/archivecontainer.h"
#include "core/archive/archivegraphpass.h"
#include "core/io/workerthreads.h"

#include <atomic>
#include <mutex>

namespace dvmlens {

const GraphWhy* IndexWhy::graph(std::size_t run, std::size_t graphIndex) const
{
    if (run >= graphs.size() || graphIndex >= graphs[run].size() || !graphs[run][graphIndex])
        return nullptr;
    return &*graphs[run][graphIndex];
}

WhyContext whyContext(const Index& index, const WhyRules& rules)
{
    WhyContext context;
    context.rules = &rules;
    context.environments.reserve(index.runs.size());
    for (const Run& run : index.runs)
        context.environments.push_back(runWhyEnvironment(filesOr(index.files), run, index.root));
    return context;
}

IndexWhy explainIndex(const Index& index, const WhyRules& rules, int jobs)
{
    IndexWhy why;
    why.environments = whyContext(index, rules).environments;
    struct Item
    {
        std::size_t run;
        std::size_t graph;
    };
    std::vector<Item> items;
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        why.graphs.emplace_back(index.runs[r].graphs.size());
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g) {
            if (index.runs[r].graphs[g].outputCode)
                items.push_back({ r, g });
        }
    }
    std::mutex problemsMutex;
    const auto work = [&](std::size_t i, const Container& files) {
        const Item item = items[i];
        std::vector<Diagnostic> problems;
        why.graphs[item.run][item.graph] = explainGraph(files, index.runs[item.run].graphs[item.graph],
            index.root, why.environments[item.run], rules, problems);
        if (!problems.empty()) {
            const std::lock_guard<std::mutex> lock(problemsMutex);
            why.problems.insert(why.problems.end(), problems.begin(), problems.end());
        }
    };
    const unsigned threads = workerThreads(jobs, items.size());
    const Container& indexFiles = filesOr(index.files);
    if (const ArchiveTree* archive = archiveOf(indexFiles)) {
        std::vector<std::vector<std::string>> inners;
        for (const Item& item : items) {
            std::vector<std::string> paths;
            if (auto inner = archive->innerOf(index.runs[item.run].graphs[item.graph].outputCode->path))
                paths.push_back(std::move(*inner));
            inners.push_back(std::move(paths));
        }
        runInArchiveOrder(indexFiles, *archive, inners, work, threads);
        return why;
    }
    std::atomic<std::size_t> next { 0 };
    runOnThreads(threads, [&] {
        for (std::size_t i = next++; i < items.size(); i = next++)
            work(i, indexFiles);
    });
    return why;
}

void addWhyCounts(const GraphWhy& why, WhyCounts& counts)
{
    for (const auto& kernel : why.kernels) {
        if (kernel)
            ++counts[kernel->code];
    }
    for (const WhyReason& fallback : why.fallbacks)
        ++counts[fallback.code];
}

WhyCounts runWhyCounts(const IndexWhy& why, std::size_t run)
{
    WhyCounts counts;
    if (run < why.graphs.size()) {
        for (const auto& graph : why.graphs[run]) {
            if (graph)
                addWhyCounts(*graph, counts);
        }
    }
    return counts;
}

WhyCounts treeWhyCounts(const IndexWhy& why)
{
    WhyCounts counts;
    for (std::size_t r = 0; r < why.graphs.size(); ++r) {
        for (const auto& [code, count] : runWhyCounts(why, r))
            counts[code] += count;
    }
    return counts;
}

} // namespace dvmlens
