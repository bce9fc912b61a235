// SPDX-License-Identifier: MIT
#include "core/why/whysummary.h"

#include "core/sources/sourcesummary.h"
#include "core/why/itemwhy.h"

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

void addItem(Building& building, const WhyReason& reason, const std::string& op, const std::string& path,
    const std::vector<const SourceFrame*>& frames)
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
    for (const SourceFrame* source : frames) {
        WhyModelLine& line = building.lines[{ source->file, source->line }];
        line.file = source->file;
        line.line = source->line;
        line.code = source->code;
        ++line.count;
    }
}

} // namespace

ItemWhy itemWhy(const Index& index, const IndexWhy& why, const SourceItemRef& item)
{
    ItemWhy result;
    const GraphWhy* graphWhy = why.graph(item.run, item.graph);
    if (!graphWhy || item.run >= index.runs.size() || item.graph >= index.runs[item.run].graphs.size())
        return result;
    const BoxedOptional<OutputCode>& code = index.runs[item.run].graphs[item.graph].outputCode;
    if (!code)
        return result;
    if (item.fallback) {
        if (item.item < graphWhy->fallbacks.size() && item.item < code->fallbacks.size()) {
            result.reason = &graphWhy->fallbacks[item.item];
            result.op = code->fallbacks[item.item].target;
        }
        return result;
    }
    if (item.item < graphWhy->kernels.size() && item.item < code->kernels.size()
        && graphWhy->kernels[item.item]) {
        result.reason = &*graphWhy->kernels[item.item];
        result.op = result.reason->evidence.op.empty()
            ? std::string(backendName(code->kernels[item.item].backend)) + " kernel"
            : result.reason->evidence.op;
    }
    return result;
}

std::vector<WhyGroup> summarizeWhy(
    const Index& index, const IndexWhy& why, const WhyRules& rules, const SourceMap* sources)
{
    std::map<std::string, Building> byCode;
    const auto add = [&](const SourceItemRef& ref, const std::string& path) {
        const ItemWhy item = itemWhy(index, why, ref);
        if (!item.reason)
            return;
        Building& building = byCode[item.reason->code];
        ++(ref.fallback ? building.group.fallbacks : building.group.kernels);
        // The model lines as the sources summary joins them (sourcesummary.h).
        addItem(building, *item.reason, item.op, path,
            sources ? itemFrames(*sources, ref) : std::vector<const SourceFrame*>());
    };
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g) {
            const BoxedOptional<OutputCode>& code = index.runs[r].graphs[g].outputCode;
            if (!why.graph(r, g) || !code)
                continue;
            for (std::size_t k = 0; k < code->kernels.size(); ++k)
                add(SourceItemRef { r, g, false, k }, code->path);
            for (std::size_t f = 0; f < code->fallbacks.size(); ++f)
                add(SourceItemRef { r, g, true, f }, code->path);
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
