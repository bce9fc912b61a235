// SPDX-License-Identifier: MIT
#include "common/indexsummaries.h"

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
