// SPDX-License-Identifier: MIT
#include "core/compare/comparenames.h"

#include <algorithm>
#include <vector>

namespace dvmlens {

GraphPairName graphPairName(const CompareResult& result, const GraphDiff& graph)
{
    if (result.runs.size() <= 1)
        return { std::nullopt, graph.key };
    for (std::size_t i = 0; i < result.runs.size(); ++i) {
        const RunPair& runs = result.runs[i];
        const bool sameRun = (graph.a && runs.a == graph.a->run) || (graph.b && runs.b == graph.b->run);
        const std::string prefix = runs.nameA + '|' + runs.nameB + '/';
        if (sameRun && graph.key.starts_with(prefix))
            return { int(i), graph.key.substr(prefix.size()) };
    }
    return { std::nullopt, graph.key };
}

namespace {

std::vector<std::string_view> components(std::string_view path)
{
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string_view::npos)
            end = path.size();
        if (end > start && path.substr(start, end - start) != ".")
            parts.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

std::string joined(const std::vector<std::string_view>& parts, std::size_t first, std::size_t last)
{
    if (first >= last)
        return parts.empty() ? std::string() : std::string(parts.back());
    if (last - first > 3)
        return std::string(parts[first]) + "/…/" + std::string(parts[last - 1]);
    std::string name;
    for (std::size_t i = first; i < last; ++i) {
        if (!name.empty())
            name += '/';
        name += parts[i];
    }
    return name;
}

} // namespace

std::pair<std::string, std::string> distinguishingNames(std::string_view pathA, std::string_view pathB)
{
    const std::vector<std::string_view> a = components(pathA);
    const std::vector<std::string_view> b = components(pathB);
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head])
        ++head;
    std::size_t tail = 0;
    while (
        tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
        ++tail;
    return { joined(a, head, a.size() - tail), joined(b, head, b.size() - tail) };
}

} // namespace dvmlens
