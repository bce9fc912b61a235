// SPDX-License-Identifier: MIT
// core's summarize() of a tree, of each run and of each graph, computed once per index (it walks
// every kernel), so views read counts instead of recounting them in every data() call.
#pragma once

#include "core/model/model.h"
#include "core/verdict/summary.h"

#include <memory>
#include <vector>

struct IndexSummaries
{
    dvmlens::Summary tree;
    std::vector<dvmlens::Summary> runs; // by run index
    std::vector<std::vector<dvmlens::Summary>> graphs; // by run index, then graph index

    const dvmlens::Summary& of(std::size_t run) const
    {
        return runs[run];
    }
    const dvmlens::Summary& of(std::size_t run, std::size_t graph) const
    {
        return graphs[run][graph];
    }

    static std::shared_ptr<const IndexSummaries> of(const dvmlens::Index& index);
    // `previous` (of the same index before some graphs were parsed) with the graphs at `changed`
    // (run, graph positions), their runs and the tree counted again.
    static std::shared_ptr<const IndexSummaries> updated(const IndexSummaries& previous,
        const dvmlens::Index& index, const std::vector<std::pair<std::size_t, std::size_t>>& changed);
};
