// SPDX-License-Identifier: MIT
#include "core/why/whysummary.h"

#include <algorithm>
#include <map>

namespace dvmlens {

namespace {

struct Building
{
    WhyGroup group;
    std::map<std::string, std::size_t> ops;
    std::map<std::pair<std::string, int>, WhyModelLine> lines;
};

template <typename Key>
std::vector<std::pair<Key, std::size_t>> mostFirst(const std::map<Key, std::size_t>& counts)
{
    std::vector<std::pair<Key, std::size_t>> sorted(counts.begin(), counts.end());
    std::stable_sort(
        sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return sorted;
}

void addItem(Building& building, const WhyReason& reason, const std::string& op, const std::string& path,
    const GraphSources* sources, const ItemSources* item)
{
    WhyGroup& group = building.group;
    if (group.count == 0) {
        group.code = reason.code;
        group.rank = reason.rank;
        group.title = reason.title;
        group.fix = reason.fix;
        group.exampleText = reason.text;
        group.examplePath = path;
        group.exampleLine = reason.evidence.line.value_or(0);
    }
    ++group.count;
    ++building.ops[op];
    for (const std::string& release : reason.releases) {
        if (std::find(group.releases.begin(), group.releases.end(), release) == group.releases.end())
            group.releases.push_back(release);
    }
    if (!sources || !item)
        return;
    for (const std::uint32_t frame : item->shown) {
        if (frame >= sources->frames.size())
            continue;
        const SourceFrame& source = sources->frames[frame];
        WhyModelLine& line = building.lines[{ source.file, source.line }];
        line.file = source.file;
        line.line = source.line;
        line.code = source.code;
        ++line.count;
    }
}

} // namespace

std::vector<WhyGroup> summarizeWhy(
    const Index& index, const IndexWhy& why, const WhyRules& rules, const SourceMap* sources)
{
    std::map<std::string, Building> byCode;
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g) {
            const GraphWhy* graphWhy = why.graph(r, g);
            const OutputCode* code =
                index.runs[r].graphs[g].outputCode ? &*index.runs[r].graphs[g].outputCode : nullptr;
            if (!graphWhy || !code)
                continue;
            const GraphSources* graphSources =
                sources && r < sources->graphs.size() && g < sources->graphs[r].size()
                ? &sources->graphs[r][g]
                : nullptr;
            for (std::size_t k = 0; k < graphWhy->kernels.size() && k < code->kernels.size(); ++k) {
                if (!graphWhy->kernels[k])
                    continue;
                const WhyReason& reason = *graphWhy->kernels[k];
                Building& building = byCode[reason.code];
                ++building.group.kernels;
                const std::string op = reason.evidence.op.empty()
                    ? std::string(backendName(code->kernels[k].backend)) + " kernel"
                    : reason.evidence.op;
                addItem(building, reason, op, code->path, graphSources,
                    graphSources && k < graphSources->kernels.size() ? &graphSources->kernels[k] : nullptr);
            }
            for (std::size_t f = 0; f < graphWhy->fallbacks.size() && f < code->fallbacks.size(); ++f) {
                const WhyReason& reason = graphWhy->fallbacks[f];
                Building& building = byCode[reason.code];
                ++building.group.fallbacks;
                addItem(building, reason, code->fallbacks[f].target, code->path, graphSources,
                    graphSources && f < graphSources->fallbacks.size() ? &graphSources->fallbacks[f]
                                                                       : nullptr);
            }
        }
    }
    std::vector<WhyGroup> groups;
    for (auto& [code, building] : byCode) {
        WhyGroup group = std::move(building.group);
        group.ops = mostFirst(building.ops);
        std::map<std::pair<std::string, int>, std::size_t> lineCounts;
        for (const auto& [key, line] : building.lines)
            lineCounts[key] = line.count;
        for (const auto& [key, count] : mostFirst(lineCounts))
            group.modelLines.push_back(building.lines.at(key));
        // Releases in table order.
        std::vector<std::string> ordered;
        for (const WhyRelease& release : rules.releases) {
            if (std::find(group.releases.begin(), group.releases.end(), release.id) != group.releases.end())
                ordered.push_back(release.id);
        }
        group.releases = std::move(ordered);
        groups.push_back(std::move(group));
    }
    std::stable_sort(groups.begin(), groups.end(), [](const WhyGroup& a, const WhyGroup& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.count > b.count;
    });
    return groups;
}

} // namespace dvmlens
