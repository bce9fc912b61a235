// SPDX-License-Identifier: MIT
// A SourceMap summed by model source location over graphs, runs (ranks) and the tree: per
// location its DVM kernels, other kernels by backend, fallback calls by kind, its graphs and runs,
// and the items themselves; worst first (fallbacks or non-DVM kernels and no DVM).
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcemap.h"
#include "core/verdict/summary.h"

#include <array>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace dvmlens {

// A kernel or fallback of the Index.
struct SourceItemRef
{
    std::size_t run = 0;
    std::size_t graph = 0;
    bool fallback = false;
    std::size_t item = 0; // into outputCode->kernels or ->fallbacks
};

struct LocationCounts
{
    std::array<int, std::size(kAllBackends)> kernels {}; // by Backend
    std::array<int, std::size(kAllFallbackKinds)> fallbacks {}; // by FallbackKind
    int dvmKernels() const
    {
        return kernels[static_cast<std::size_t>(Backend::Dvm)];
    }
    int kernelTotal() const;
    int otherKernels() const
    {
        return kernelTotal() - dvmKernels();
    }
    int fallbackTotal() const;
    // Items that did not go to DVM: other kernels (import_fx included) and fallback calls.
    int notDvm() const
    {
        return otherKernels() + fallbackTotal();
    }
    // DVM kernels / all items; null without items.
    std::optional<double> dvmShare() const;
};

struct SourceLocationSummary
{
    SourceFrame frame; // file, line, function, code, library
    LocationCounts counts;
    int graphs = 0; // distinct graphs (of any run) with an item here
    int runs = 0;
    std::vector<SourceItemRef> items; // in index order
    // Fell back: some item here did not go to DVM.
    bool fellBack() const
    {
        return counts.notDvm() > 0;
    }
};

struct SourceSummary
{
    std::vector<SourceLocationSummary> locations; // worst first (sourceLocationLess)
    LocationCounts unattributed; // items with no frame
    std::array<int, std::size(kAllSourceEvidence)> kernelsByEvidence {};
    std::array<int, std::size(kAllSourceEvidence)> fallbacksByEvidence {};
};

// Worst first: fell back without any DVM kernel, then fell back beside DVM kernels, then DVM only;
// within each, more non-DVM items first, then fewer DVM kernels, then file and line.
bool sourceLocationLess(const SourceLocationSummary& a, const SourceLocationSummary& b);

// The summary built one graph at a time, so a caller never holds the whole SourceMap (a report of a
// tree of thousands of graphs: each graph's GraphSources is summed and dropped). Graphs may be added
// in any order: the result equals summarizeSources' (a location shows the frame of its first item
// in index order), except that `items` are kept only with `keepItems` and then follow the order added.
class SourceSummaryBuilder
{
public:
    explicit SourceSummaryBuilder(bool includeLibrary = false, bool keepItems = true);
    // The items of graph (run, graph) of `index`; `sources` null: none of them has a frame.
    void addGraph(const Index& index, std::size_t run, std::size_t graph, const GraphSources* sources);
    SourceSummary finish();

private:
    void addItem(const SourceItemRef& ref, const GraphSources* sources, const Kernel* kernel,
        const Fallback* fallback);

    bool m_includeLibrary = false;
    bool m_keepItems = true;
    SourceSummary m_summary;
    std::map<std::pair<std::string, int>, std::size_t> m_byLocation;
    std::vector<std::set<std::pair<std::size_t, std::size_t>>> m_graphsOf;
    std::vector<std::set<std::size_t>> m_runsOf;
    std::vector<SourceItemRef> m_firstOf; // the item (in index order) whose frame a location shows
    std::vector<std::optional<SourceItemRef>> m_lastOf; // the item last counted at a location
};

// Each item counts at each of its shown frames (SourceMap: model frames, or library frames when
// it has none); with `includeLibrary`, at every frame it has, library frames as their own rows.
// `onlyRun`: that run's items alone (compare --run-a / --run-b).
SourceSummary summarizeSources(const Index& index, const SourceMap& map, bool includeLibrary = false,
    std::optional<std::size_t> onlyRun = std::nullopt);

// The frames an item counts at, as summarizeSources counts it.
std::vector<const SourceFrame*> itemFrames(
    const SourceMap& map, const SourceItemRef& item, bool includeLibrary = false);

// "layers.py:113" (the file's last component and the line).
std::string shortLocation(const SourceFrame& frame);

} // namespace dvmlens
