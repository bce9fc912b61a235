// SPDX-License-Identifier: MIT
#include "sources/sourcesummary.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace dvmlens {

namespace {

int group(const SourceLocationSummary& location)
{
    if (location.fellBack())
        return location.counts.dvmKernels() == 0 ? 0 : 1;
    return 2;
}

const ItemSources* itemSources(const SourceMap& map, const SourceItemRef& ref)
{
    const GraphSources* graph = map.graph(ref.run, ref.graph);
    if (!graph)
        return nullptr;
    const std::vector<ItemSources>& items = ref.fallback ? graph->fallbacks : graph->kernels;
    return ref.item < items.size() ? &items[ref.item] : nullptr;
}

} // namespace

int LocationCounts::kernelTotal() const
{
    return std::accumulate(kernels.begin(), kernels.end(), 0);
}

int LocationCounts::fallbackTotal() const
{
    return std::accumulate(fallbacks.begin(), fallbacks.end(), 0);
}

std::optional<double> LocationCounts::dvmShare() const
{
    const int all = kernelTotal() + fallbackTotal();
    if (all == 0)
        return std::nullopt;
    return static_cast<double>(dvmKernels()) / all;
}

bool sourceLocationLess(const SourceLocationSummary& a, const SourceLocationSummary& b)
{
    const auto key = [](const SourceLocationSummary& s) {
        return std::make_tuple(group(s), -s.counts.notDvm(), s.counts.dvmKernels(), s.frame.library);
    };
    if (key(a) != key(b))
        return key(a) < key(b);
    return std::tie(a.frame.file, a.frame.line) < std::tie(b.frame.file, b.frame.line);
}

std::vector<const SourceFrame*> itemFrames(
    const SourceMap& map, const SourceItemRef& ref, bool includeLibrary)
{
    std::vector<const SourceFrame*> frames;
    const ItemSources* item = itemSources(map, ref);
    if (!item)
        return frames;
    const GraphSources& graph = *map.graph(ref.run, ref.graph);
    for (std::uint32_t frame : includeLibrary ? item->frames : item->shown)
        frames.push_back(&graph.frames[frame]);
    return frames;
}

SourceSummary summarizeSources(
    const Index& index, const SourceMap& map, bool includeLibrary, std::optional<std::size_t> onlyRun)
{
    SourceSummary summary;
    std::map<std::pair<std::string, int>, std::size_t> byLocation;
    std::vector<std::set<std::pair<std::size_t, std::size_t>>> graphsOf;
    std::vector<std::set<std::size_t>> runsOf;
    const auto add = [&](const SourceItemRef& ref, const Kernel* kernel, const Fallback* fallback) {
        const ItemSources* item = itemSources(map, ref);
        const SourceEvidence evidence = item ? item->evidence : SourceEvidence::None;
        (ref.fallback ? summary.fallbacksByEvidence
                      : summary.kernelsByEvidence)[static_cast<std::size_t>(evidence)]++;
        const std::vector<const SourceFrame*> frames = itemFrames(map, ref, includeLibrary);
        std::vector<std::size_t> targets; // indices: summary.locations grows meanwhile
        const auto count = [&](LocationCounts& counts) {
            if (kernel)
                counts.kernels[static_cast<std::size_t>(kernel->backend)]++;
            if (fallback)
                counts.fallbacks[static_cast<std::size_t>(fallback->kind)]++;
        };
        if (frames.empty())
            count(summary.unattributed);
        for (const SourceFrame* frame : frames) {
            const auto [it, added] =
                byLocation.emplace(std::make_pair(frame->file, frame->line), summary.locations.size());
            if (added) {
                summary.locations.push_back(SourceLocationSummary { *frame, {}, 0, 0, {} });
                graphsOf.emplace_back();
                runsOf.emplace_back();
            }
            SourceLocationSummary& location = summary.locations[it->second];
            if (!location.items.empty()) {
                const SourceItemRef& last = location.items.back();
                if (last.run == ref.run && last.graph == ref.graph && last.fallback == ref.fallback
                    && last.item == ref.item)
                    continue; // two frames of one item on one line
            }
            location.items.push_back(ref);
            graphsOf[it->second].emplace(ref.run, ref.graph);
            runsOf[it->second].insert(ref.run);
            targets.push_back(it->second);
        }
        for (std::size_t target : targets)
            count(summary.locations[target].counts);
    };
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        if (onlyRun && r != *onlyRun)
            continue;
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g) {
            const std::optional<OutputCode>& code = index.runs[r].graphs[g].outputCode;
            if (!code || !code->indexed)
                continue;
            for (std::size_t k = 0; k < code->kernels.size(); ++k)
                add(SourceItemRef { r, g, false, k }, &code->kernels[k], nullptr);
            for (std::size_t f = 0; f < code->fallbacks.size(); ++f)
                add(SourceItemRef { r, g, true, f }, nullptr, &code->fallbacks[f]);
        }
    }
    for (std::size_t i = 0; i < summary.locations.size(); ++i) {
        summary.locations[i].graphs = static_cast<int>(graphsOf[i].size());
        summary.locations[i].runs = static_cast<int>(runsOf[i].size());
    }
    std::stable_sort(summary.locations.begin(), summary.locations.end(), sourceLocationLess);
    return summary;
}

std::string shortLocation(const SourceFrame& frame)
{
    const std::size_t slash = frame.file.find_last_of("/\\");
    const std::string name = slash == std::string::npos ? frame.file : frame.file.substr(slash + 1);
    return name + ':' + std::to_string(frame.line);
}

} // namespace dvmlens
