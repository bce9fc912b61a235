// SPDX-License-Identifier: MIT
#include "gui/document/indexsummaries.h"

std::shared_ptr<const IndexSummaries> IndexSummaries::of(const dvmlens::Index& index)
{
    auto summaries = std::make_shared<IndexSummaries>();
    summaries->tree = dvmlens::summarize(index);
    summaries->runs.reserve(index.runs.size());
    summaries->graphs.resize(index.runs.size());
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const dvmlens::Run& run = index.runs[r];
        summaries->runs.push_back(dvmlens::summarize(run));
        summaries->graphs[r].reserve(run.graphs.size());
        for (const dvmlens::Graph& graph : run.graphs)
            summaries->graphs[r].push_back(dvmlens::summarize(graph));
    }
    return summaries;
}

std::shared_ptr<const IndexSummaries> IndexSummaries::updated(const IndexSummaries& previous,
    const dvmlens::Index& index, const std::vector<std::pair<std::size_t, std::size_t>>& changed)
{
    if (previous.runs.size() != index.runs.size())
        return of(index);
    auto summaries = std::make_shared<IndexSummaries>(previous);
    std::vector<bool> runChanged(index.runs.size(), false);
    for (const auto& [run, graph] : changed) {
        if (run >= index.runs.size() || graph >= summaries->graphs[run].size())
            return of(index);
        summaries->graphs[run][graph] = dvmlens::summarize(index.runs[run].graphs[graph]);
        runChanged[run] = true;
    }
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        if (runChanged[r])
            summaries->runs[r] = dvmlens::summarize(index.runs[r]);
    }
    summaries->tree = dvmlens::summarize(index);
    return summaries;
}
