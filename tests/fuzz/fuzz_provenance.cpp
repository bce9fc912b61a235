// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as each provenance JSON a graph folder may hold (node mappings,
// {kernel: [post…]}, kernel stack traces) and as an FX graph dump. The SAX readers must add
// nothing to the maps for a text that is no JSON object, never throw or crash, and every list they
// fill holds each name once.
#include "core/sources/fxgraphtext.h"
#include "core/sources/provenancefiles.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_set>

namespace {

void checkDistinct(const std::map<std::string, std::vector<std::string>>& table)
{
    for (const auto& [key, names] : table) {
        if (std::unordered_set<std::string>(names.begin(), names.end()).size() != names.size())
            std::abort(); // a list took a name twice
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    dvmlens::ProvenanceMaps maps;
    const bool mappings = dvmlens::addProvenanceJson(maps, text, true);
    const bool kernels = dvmlens::addProvenanceJson(maps, text, false);
    if (mappings != kernels || maps.any != mappings)
        std::abort(); // both shapes take the same texts: JSON objects
    checkDistinct(maps.kernelToPost);
    checkDistinct(maps.preToPost);
    checkDistinct(maps.postToPre);
    dvmlens::ProvenanceMaps stacks;
    if (!dvmlens::addKernelStackTracesJson(stacks, text) && (stacks.any || !stacks.kernelStacks.empty()))
        std::abort(); // a text refused adds nothing
    (void)maps.postNodesOfKernel("k");
    (void)stacks.stacksOf("k");
    const dvmlens::FxGraphText graph = dvmlens::parseFxGraphText(text);
    for (const dvmlens::FxGraphText::Node& node : graph.nodes) {
        if (node.frame && *node.frame >= graph.frames.size())
            std::abort();
    }
    return 0;
}
