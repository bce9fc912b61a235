// SPDX-License-Identifier: MIT
#include "core/sources/sourcesummary.h"

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

namespace {

bool indexOrderLess(const SourceItemRef& a, const SourceItemRef& b)
{
    return std::tie(a.run, a.graph, a.fallback, a.item) < std::tie(b.run, b.graph, b.fallback, b.item);
}

bool sameItem(const SourceItemRef& a, const SourceItemRef& b)
{
    return a.run == b.run && a.graph == b.graph && a.fallback == b.fallback && a.item == b.item;
}

} // namespace

SourceSummaryBuilder::SourceSummaryBuilder(bool includeLibrary, bool keepItems)
    : m_includeLibrary(includeLibrary)
    , m_keepItems(keepItems)
{
}

void SourceSummaryBuilder::addItem(
    const SourceItemRef& ref, const GraphSources* sources, const Kernel* kernel, const Fallback* fallback)
{
    const ItemSources* item = nullptr;
    if (sources) {
        const std::vector<ItemSources>& items = ref.fallback ? sources->fallbacks : sources->kernels;
        item = ref.item < items.size() ? &items[ref.item] : nullptr;
    }
    const SourceEvidence evidence = item ? item->evidence : SourceEvidence::None;
    (ref.fallback ? m_summary.fallbacksByEvidence
                  : m_summary.kernelsByEvidence)[static_cast<std::size_t>(evidence)]++;
    std::vector<const SourceFrame*> frames;
    if (item) {
        for (std::uint32_t frame : m_includeLibrary ? item->frames : item->shown)
            frames.push_back(&sources->frames[frame]);
    }
    const auto count = [&](LocationCounts& counts) {
        if (kernel)
            counts.kernels[static_cast<std::size_t>(kernel->backend)]++;
        if (fallback)
            counts.fallbacks[static_cast<std::size_t>(fallback->kind)]++;
    };
    if (frames.empty())
        count(m_summary.unattributed);
    std::vector<std::size_t> targets; // indices: m_summary.locations grows meanwhile
    for (const SourceFrame* frame : frames) {
        const auto [it, added] =
            m_byLocation.emplace(std::make_pair(frame->file, frame->line), m_summary.locations.size());
        if (added) {
            m_summary.locations.push_back(SourceLocationSummary { *frame, {}, 0, 0, {} });
            m_graphsOf.emplace_back();
            m_runsOf.emplace_back();
            m_firstOf.push_back(ref);
            m_lastOf.emplace_back();
        } else if (indexOrderLess(ref, m_firstOf[it->second])) {
            m_summary.locations[it->second].frame = *frame; // graphs added out of index order
            m_firstOf[it->second] = ref;
        }
        if (m_lastOf[it->second] && sameItem(*m_lastOf[it->second], ref))
            continue; // two frames of one item on one line
        m_lastOf[it->second] = ref;
        if (m_keepItems)
            m_summary.locations[it->second].items.push_back(ref);
        m_graphsOf[it->second].emplace(ref.run, ref.graph);
        m_runsOf[it->second].insert(ref.run);
        targets.push_back(it->second);
    }
    for (std::size_t target : targets)
        count(m_summary.locations[target].counts);
}

void SourceSummaryBuilder::addGraph(
    const Index& index, std::size_t run, std::size_t graph, const GraphSources* sources)
{
    const BoxedOptional<OutputCode>& code = index.runs[run].graphs[graph].outputCode;
    if (!code || !code->indexed)
        return;
    for (std::size_t k = 0; k < code->kernels.size(); ++k)
        addItem(SourceItemRef { run, graph, false, k }, sources, &code->kernels[k], nullptr);
    for (std::size_t f = 0; f < code->fallbacks.size(); ++f)
        addItem(SourceItemRef { run, graph, true, f }, sources, nullptr, &code->fallbacks[f]);
}

SourceSummary SourceSummaryBuilder::finish()
{
    for (std::size_t i = 0; i < m_summary.locations.size(); ++i) {
        m_summary.locations[i].graphs = static_cast<int>(m_graphsOf[i].size());
        m_summary.locations[i].runs = static_cast<int>(m_runsOf[i].size());
    }
    std::stable_sort(m_summary.locations.begin(), m_summary.locations.end(), sourceLocationLess);
    return std::move(m_summary);
}

SourceSummary summarizeSources(
    const Index& index, const SourceMap& map, bool includeLibrary, std::optional<std::size_t> onlyRun)
{
    SourceSummaryBuilder builder(includeLibrary);
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        if (onlyRun && r != *onlyRun)
            continue;
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g)
            builder.addGraph(index, r, g, map.graph(r, g));
    }
    return builder.finish();
}

std::string shortLocation(const SourceFrame& frame)
{
    const std::size_t slash = frame.file.find_last_of("/\\");
    const std::string name = slash == std::string::npos ? frame.file : frame.file.substr(slash + 1);
    return name + ':' + std::to_string(frame.line);
}

} // namespace dvmlens
