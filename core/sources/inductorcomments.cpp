// SPDX-License-Identifier: MIT
#include "core/sources/inductorcomments.h"

#include "core/parse/linetext.h"

#include <algorithm>

namespace dvmlens {

namespace {

void addUnique(std::vector<std::string>& names, std::string_view name)
{
    name = trimmedLine(name);
    if (name.empty() || name.size() > 512)
        return;
    if (std::find(names.begin(), names.end(), name) == names.end())
        names.emplace_back(name);
}

// "a, b, c" -> each name.
void addList(std::vector<std::string>& names, std::string_view list)
{
    std::size_t start = 0;
    while (start <= list.size()) {
        std::size_t comma = list.find(',', start);
        if (comma == std::string_view::npos)
            comma = list.size();
        addUnique(names, list.substr(start, comma - start));
        start = comma + 1;
    }
}

bool isIdentifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

InductorComments parseInductorComments(const std::vector<std::string_view>& commentLines)
{
    InductorComments comments;
    for (std::string_view line : commentLines) {
        line = trimmedLine(line);
        if (!line.starts_with("#"))
            continue;
        line = trimmedLine(line.substr(1));
        if (line.starts_with("[Provenance debug handles]")) {
            addUnique(comments.debugHandles, line.substr(26));
            continue;
        }
        const std::size_t sourceAt = line.find("Source Nodes: [");
        if (sourceAt != std::string_view::npos) {
            const std::size_t open = sourceAt + 14;
            const std::size_t close = line.find(']', open);
            if (close != std::string_view::npos)
                addList(comments.sourceNodes, line.substr(open + 1, close - open - 1));
            continue;
        }
        if (line.starts_with(
                "%")) { // graph fragment: `%mul : [num_users=1] = …`, `%mm : Tensor "…" = PlaceHolder…`
            std::size_t end = 1;
            while (end < line.size() && isIdentifierChar(line[end]))
                ++end;
            if (line.find("PlaceHolder[") == std::string_view::npos) // inputs of the fragment, not its nodes
                addUnique(comments.atenNodes, line.substr(1, end - 1));
            continue;
        }
        const std::size_t arrow = line.find("=>");
        if (arrow != std::string_view::npos && !line.starts_with("Original ATen")) {
            const std::string_view source = trimmedLine(line.substr(0, arrow));
            if (!source.empty() && std::all_of(source.begin(), source.end(), isIdentifierChar))
                addUnique(comments.sourceNodes, source);
            addList(comments.atenNodes, line.substr(arrow + 2));
        }
    }
    return comments;
}

TextLines::TextLines(std::string_view text)
    : m_text(text)
{
    m_starts.reserve(text.size() / 32 + 1); // generated code runs ~40 bytes a line
    std::size_t start = 0;
    while (start < text.size()) {
        m_starts.push_back(start);
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
}

std::string_view TextLines::line(int number) const
{
    if (number < 1 || number > count())
        return {};
    const std::size_t start = m_starts[number - 1];
    std::size_t end = number < count() ? m_starts[number] - 1 : m_text.size();
    if (end > start && m_text[end - 1] == '\r')
        --end;
    return m_text.substr(start, end - start);
}

std::vector<std::string_view> TextLines::commentsAbove(int number) const
{
    std::vector<std::string_view> lines;
    int n = number - 1;
    // Between the comments and the line they describe Inductor may leave a blank line (a
    // definition) or the stream lookup (`stream0 = get_raw_stream(0)` before a launch).
    for (int skipped = 0; n >= 1 && skipped < 3; --n, ++skipped) {
        const std::string_view text = trimmedLine(line(n));
        if (!text.empty() && text.find("get_raw_stream(") == std::string_view::npos
            && text.find("get_cuda_stream(") == std::string_view::npos)
            break;
    }
    for (; n >= 1; --n) {
        const std::string_view text = trimmedLine(line(n));
        if (!text.starts_with("#"))
            break;
        lines.push_back(text);
        if (lines.size() > 4096) // a pathological comment wall: enough
            break;
    }
    std::reverse(lines.begin(), lines.end());
    return lines;
}

std::string_view TextLines::span(int first, int last) const
{
    first = std::max(first, 1);
    last = std::min(last, count());
    if (first > last)
        return {};
    const std::size_t start = m_starts[first - 1];
    const std::size_t end = last < count() ? m_starts[last] : m_text.size();
    return m_text.substr(start, end - start);
}

} // namespace dvmlens
