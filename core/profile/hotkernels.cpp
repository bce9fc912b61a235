// SPDX-License-Identifier: MIT
#include "core/profile/hotkernels.h"

#include <algorithm>
#include <map>
#include <set>

namespace dvmlens {

namespace {

const Kernel& kernelAt(const Index& index, const KernelRef& ref)
{
    return index.runs[ref.run].graphs[ref.graph].outputCode->kernels[ref.kernel];
}

void addCore(std::vector<std::string>& cores, const std::string& core)
{
    if (!core.empty() && std::find(cores.begin(), cores.end(), core) == cores.end())
        cores.push_back(core);
}

void countPlaces(HotKernel& hot)
{
    std::set<std::pair<std::size_t, std::size_t>> graphs;
    std::set<std::size_t> runs;
    for (const KernelRef& ref : hot.kernels) {
        graphs.emplace(ref.run, ref.graph);
        runs.insert(ref.run);
    }
    hot.graphs = graphs.size();
    hot.runs = runs.size();
}

// The name an ambiguous group is listed under: its candidates' when they share one (a Type match
// such as "Default" / dvm_fused_relu still reads as the kernel), else what the row says.
std::string listedName(const Index& index, const AmbiguousGroup& group)
{
    const std::string& first = kernelAt(index, group.candidates.front()).name;
    const bool same = std::all_of(group.candidates.begin(), group.candidates.end(),
        [&](const KernelRef& ref) { return kernelAt(index, ref).name == first; });
    if (same)
        return first;
    return group.name.empty() ? group.type : group.name;
}

std::vector<HotKernel> ambiguousNames(const Index& index, const ProfileJoin& join)
{
    std::vector<HotKernel> names;
    std::map<std::string, std::size_t> byName;
    for (const AmbiguousGroup& group : join.ambiguousGroups) {
        const std::string name = listedName(index, group);
        auto [at, added] = byName.emplace(name, names.size());
        if (added) {
            names.emplace_back();
            names.back().name = name;
            names.back().backend = kernelAt(index, group.candidates.front()).backend;
        }
        HotKernel& hot = names[at->second];
        hot.launches += group.launches;
        hot.totalUs += group.totalUs;
        addCore(hot.cores, group.core);
        hot.kernels.insert(hot.kernels.end(), group.candidates.begin(), group.candidates.end());
    }
    for (HotKernel& hot : names) {
        std::sort(hot.kernels.begin(), hot.kernels.end());
        hot.kernels.erase(std::unique(hot.kernels.begin(), hot.kernels.end()), hot.kernels.end());
        for (const KernelRef& ref : hot.kernels) {
            if (kernelAt(index, ref).backend != hot.backend)
                hot.backend.reset();
        }
        countPlaces(hot);
    }
    return names;
}

} // namespace

std::vector<HotKernel> hotKernels(const Index& index, const ProfileJoin& join, std::size_t limit)
{
    std::vector<HotKernel> hot;
    for (const KernelRef& ref : topKernels(join, limit)) {
        const KernelTime& time = *join.timeOf(ref);
        HotKernel entry;
        entry.name = kernelAt(index, ref).name;
        entry.backend = kernelAt(index, ref).backend;
        entry.launches = time.launches;
        entry.totalUs = time.totalUs;
        entry.cores = time.cores;
        entry.kernels = { ref };
        countPlaces(entry);
        hot.push_back(std::move(entry));
    }
    std::vector<HotKernel> names = ambiguousNames(index, join);
    hot.insert(hot.end(), std::make_move_iterator(names.begin()), std::make_move_iterator(names.end()));
    std::stable_sort(
        hot.begin(), hot.end(), [](const HotKernel& a, const HotKernel& b) { return a.totalUs > b.totalUs; });
    if (hot.size() > limit)
        hot.resize(limit);
    return hot;
}

std::string hotKernelWhereText(const Index& index, const HotKernel& hot, bool withRun)
{
    if (hot.graphs == 1) {
        const KernelRef& ref = hot.kernels.front();
        const Run& run = index.runs[ref.run];
        const std::string& graph = run.graphs[ref.graph].name;
        return withRun && run.name ? *run.name + "/" + graph : graph;
    }
    std::string text = "one of " + std::to_string(hot.graphs) + " graphs";
    if (hot.runs > 1)
        text += " in " + std::to_string(hot.runs) + " runs";
    return text;
}

} // namespace dvmlens
