// SPDX-License-Identifier: MIT
#include "gui/document/treewhy.h"

const dvmlens::GraphWhy* TreeWhy::graphWhy(const dvmlens::Graph& graph) const
{
    if (!index)
        return nullptr;
    // Where the graph sits in the index (pointer arithmetic: it belongs to it).
    for (std::size_t r = 0; r < index->runs.size(); ++r) {
        const std::vector<dvmlens::Graph>& graphs = index->runs[r].graphs;
        if (!graphs.empty() && &graph >= graphs.data() && &graph < graphs.data() + graphs.size())
            return why.graph(r, std::size_t(&graph - graphs.data()));
    }
    return nullptr;
}

const dvmlens::WhyReason* TreeWhy::kernelReason(
    const dvmlens::Graph& graph, const dvmlens::Kernel& kernel) const
{
    const dvmlens::GraphWhy* reasons = graphWhy(graph);
    if (!reasons || !graph.outputCode)
        return nullptr;
    const std::vector<dvmlens::Kernel>& kernels = graph.outputCode->kernels;
    if (kernels.empty() || &kernel < kernels.data() || &kernel >= kernels.data() + kernels.size())
        return nullptr;
    const std::size_t position = std::size_t(&kernel - kernels.data());
    if (position >= reasons->kernels.size() || !reasons->kernels[position])
        return nullptr;
    return &*reasons->kernels[position];
}

const dvmlens::WhyReason* TreeWhy::fallbackReason(const dvmlens::Graph& graph, std::size_t fallback) const
{
    const dvmlens::GraphWhy* reasons = graphWhy(graph);
    return reasons && fallback < reasons->fallbacks.size() ? &reasons->fallbacks[fallback] : nullptr;
}
