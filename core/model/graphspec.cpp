// SPDX-License-Identifier: MIT
#include "core/model/graphspec.h"

#include <vector>

namespace dvmlens {

namespace {

std::vector<std::string_view> partsOf(std::string_view spec)
{
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= spec.size()) {
        std::size_t end = spec.find('/', start);
        if (end == std::string_view::npos)
            end = spec.size();
        parts.push_back(spec.substr(start, end - start));
        start = end + 1;
    }
    // "/a/b/" names what "a/b" names.
    while (!parts.empty() && parts.front().empty())
        parts.erase(parts.begin());
    while (!parts.empty() && parts.back().empty())
        parts.pop_back();
    return parts;
}

std::string joined(const std::vector<std::string_view>& parts, std::size_t from, std::size_t to)
{
    std::string text;
    for (std::size_t i = from; i < to; ++i)
        text += std::string(i > from ? "/" : "") + std::string(parts[i]);
    return text;
}

} // namespace

std::optional<GraphSpecMatch> matchGraphSpec(const Index& index, std::string_view spec)
{
    const std::vector<std::string_view> parts = partsOf(spec);
    if (parts.empty())
        return std::nullopt;
    // (run part, kernel part) in the order the readings are tried.
    const bool readings[4][2] = { { true, true }, { true, false }, { false, true }, { false, false } };
    for (const auto& [withRun, withKernel] : readings) {
        const std::size_t ends = std::size_t(withRun) + std::size_t(withKernel);
        if (parts.size() <= ends)
            continue;
        const std::string run = withRun ? std::string(parts.front()) : std::string();
        const std::string graph = joined(parts, withRun ? 1 : 0, parts.size() - (withKernel ? 1 : 0));
        for (std::size_t r = 0; r < index.runs.size(); ++r) {
            if (withRun && index.runs[r].name.value_or(std::string()) != run)
                continue;
            for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g)
                if (index.runs[r].graphs[g].name == graph)
                    return GraphSpecMatch { r, g, withKernel ? std::string(parts.back()) : std::string() };
        }
    }
    return std::nullopt;
}

} // namespace dvmlens
