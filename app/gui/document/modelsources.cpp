// SPDX-License-Identifier: MIT
#include "gui/document/modelsources.h"

#include "gui/common/freedmemory.h"

#include <string>
#include <vector>

namespace {

// The window shows no FX node names from the map (the Provenance mode finds its own links), so
// they go before the summary is built: on a tree of thousands of graphs they are tens of MB that
// would otherwise be held beside the summary and the index.
void dropNodeNames(dvmlens::SourceMap& map)
{
    for (std::vector<dvmlens::GraphSources>& run : map.graphs) {
        for (dvmlens::GraphSources& graph : run) {
            for (std::vector<dvmlens::ItemSources>* items : { &graph.kernels, &graph.fallbacks }) {
                for (dvmlens::ItemSources& item : *items)
                    std::vector<std::string>().swap(item.nodes);
            }
        }
    }
}

} // namespace

std::shared_ptr<const ModelSources> computeModelSources(const dvmlens::Index& index)
{
    auto sources = std::make_shared<ModelSources>();
    sources->index = &index;
    sources->map = dvmlens::buildSourceMap(index);
    dropNodeNames(sources->map);
    releaseFreedMemory(); // the names, freed in the map's worker threads' arenas
    sources->summary = dvmlens::summarizeSources(index, sources->map);
    return sources;
}
