// SPDX-License-Identifier: MIT
#include "core/verdict/repeatbound.h"

#include "core/verdict/verdict.h"

#include <algorithm>

namespace dvmlens {

RepeatBound::RepeatBound(std::size_t listedPerKind)
    : m_listedPerKind(listedPerKind)
{
}

bool RepeatBound::list(std::string_view kind)
{
    auto listed = m_listed.find(kind);
    if (listed == m_listed.end())
        listed = m_listed.emplace(std::string(kind), 0).first;
    if (listed->second < m_listedPerKind) {
        ++listed->second;
        return true;
    }
    auto left = m_leftOut.find(kind);
    if (left == m_leftOut.end())
        left = m_leftOut.emplace(std::string(kind), 0).first;
    ++left->second;
    return false;
}

std::string RepeatBound::moreLines(std::string_view indent) const
{
    std::string text;
    for (const auto& [kind, count] : m_leftOut)
        text += std::string(indent) + moreLine(kind, count) + '\n';
    return text;
}

std::string_view repeatedGraphKind(const Graph& graph)
{
    constexpr std::string_view kMissing = "missing-output-code";
    if (graphVerdict(graph) != Verdict::NoCode || graph.outputCode || graph.diagnostics.empty())
        return {};
    const bool onlyMissing = std::all_of(graph.diagnostics.begin(), graph.diagnostics.end(),
        [&](const Diagnostic& diagnostic) { return diagnostic.code == kMissing; });
    return onlyMissing ? kMissing : std::string_view();
}

std::string groupedCount(std::size_t count)
{
    std::string digits = std::to_string(count);
    for (std::size_t at = digits.size(); at > 3; at -= 3)
        digits.insert(at - 3, 1, ',');
    return digits;
}

std::string moreLine(std::string_view kind, std::size_t count)
{
    std::string line = "… and " + groupedCount(count) + " more ";
    if (kind == "missing-output-code")
        return line + (count == 1 ? "graph folder" : "graph folders") + " without output_code.py";
    return line + '[' + std::string(kind) + "] " + (count == 1 ? "diagnostic" : "diagnostics");
}

} // namespace dvmlens
