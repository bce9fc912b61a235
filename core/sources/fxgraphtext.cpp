// SPDX-License-Identifier: MIT
#include "core/sources/fxgraphtext.h"

#include "core/parse/linetext.h"

#include <algorithm>

namespace dvmlens {

namespace {

bool isIdentifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

std::string_view trimmedFxLine(std::string_view line)
{
    return trimmedLine(line);
}

std::optional<FxNodeLine> parseFxNodeLine(std::string_view line)
{
    std::size_t end = 0;
    while (end < line.size() && isIdentifierChar(line[end]))
        ++end;
    if (end == 0 || (line[0] >= '0' && line[0] <= '9') || end == line.size())
        return std::nullopt;
    const std::string_view name = line.substr(0, end);
    if (name == "def" || name == "class" || name == "return")
        return std::nullopt;
    if (line[end] != ':' && line.substr(end, 3) != " = ")
        return std::nullopt;
    const std::size_t equals = line.find(" = ", end);
    if (equals == std::string_view::npos)
        return std::nullopt;
    FxNodeLine node { name, {} };
    const std::string_view value = line.substr(equals + 3);
    if (value.starts_with("torch.ops."))
        node.target = value.substr(0, value.find('('));
    return node;
}

bool isLibraryFile(std::string_view file)
{
    std::size_t start = 0;
    while (start <= file.size()) {
        std::size_t slash = file.find_first_of("/\\", start);
        if (slash == std::string_view::npos)
            return false; // the last component is the file's own name
        const std::string_view part = file.substr(start, slash - start);
        if (part == "torch" || part == "torch_npu")
            return true;
        start = slash + 1;
    }
    return false;
}

std::optional<SourceFrame> parseFileComment(std::string_view line)
{
    line = trimmedLine(line);
    if (!line.starts_with("#"))
        return std::nullopt;
    line = trimmedLine(line.substr(1));
    if (!line.starts_with("File: "))
        return std::nullopt;
    line.remove_prefix(6);
    SourceFrame frame;
    std::string_view head = line;
    const std::size_t codeAt = line.find(", code: ");
    if (codeAt != std::string_view::npos) {
        head = line.substr(0, codeAt);
        frame.code = std::string(line.substr(codeAt + 8));
    }
    const std::size_t inAt = head.rfind(" in ");
    if (inAt != std::string_view::npos) {
        frame.function = std::string(head.substr(inAt + 4));
        head = head.substr(0, inAt);
    }
    const std::size_t colon = head.rfind(':');
    if (colon == std::string_view::npos || colon + 1 >= head.size())
        return std::nullopt;
    int number = 0;
    for (char c : head.substr(colon + 1)) {
        if (c < '0' || c > '9' || number > 100'000'000)
            return std::nullopt;
        number = number * 10 + (c - '0');
    }
    frame.file = std::string(head.substr(0, colon));
    frame.line = number;
    frame.library = isLibraryFile(frame.file);
    if (frame.file.empty())
        return std::nullopt;
    return frame;
}

std::vector<SourceFrame> parseStackTrace(std::string_view text)
{
    std::vector<SourceFrame> frames;
    bool codeNext = false; // the line after a File line is its code
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trimmedLine(text.substr(start, end - start));
        start = end + 1;
        if (line.starts_with("File \"")) {
            codeNext = false;
            const std::size_t close = line.find("\", line ", 6);
            if (close == std::string_view::npos)
                continue;
            std::string_view rest = line.substr(close + 8);
            int number = 0;
            std::size_t digits = 0;
            while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9' && number < 100'000'000)
                number = number * 10 + (rest[digits++] - '0');
            if (digits == 0)
                continue;
            rest.remove_prefix(digits);
            SourceFrame frame;
            frame.file = std::string(line.substr(6, close - 6));
            frame.line = number;
            if (rest.starts_with(", in "))
                frame.function = std::string(rest.substr(5));
            frame.library = isLibraryFile(frame.file);
            if (frame.file.empty())
                continue;
            frames.push_back(std::move(frame));
            codeNext = true;
        } else if (codeNext && !line.empty() && line.find_first_not_of("^~ ") != std::string_view::npos) {
            frames.back().code = std::string(line);
            codeNext = false;
        }
    }
    return frames;
}

const FxGraphText::Node* FxGraphText::node(const std::string& name) const
{
    const auto it = byName.find(name);
    return it == byName.end() ? nullptr : &nodes[it->second];
}

FxGraphText parseFxGraphText(std::string_view text)
{
    FxGraphText graph;
    std::optional<std::size_t> current;
    std::unordered_map<std::string_view, std::size_t> seen; // comment text -> frame (same text, same frame)
    // Frame -> its index, for comments that differ in text but name the same frame (spacing): a
    // hash, so 200,000 distinct comments cost one lookup each, not a search of the frames so far.
    std::unordered_map<std::string, std::size_t> frameIndex;
    std::size_t start = 0;
    int lineNumber = 0;
    while (start < text.size()) {
        ++lineNumber;
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trimmedLine(text.substr(start, end - start));
        start = end + 1;
        if (line.empty())
            continue;
        if (line.front() == '#') {
            if (const auto known = seen.find(line); known != seen.end()) {
                current = known->second;
            } else if (std::optional<SourceFrame> frame = parseFileComment(line)) {
                std::string key = frame->file + '\n' + std::to_string(frame->line) + '\n' + frame->function
                    + '\n' + frame->code;
                const auto [same, added] = frameIndex.emplace(std::move(key), graph.frames.size());
                current = same->second;
                if (added)
                    graph.frames.push_back(std::move(*frame));
                seen.emplace(line, *current);
            } else if (line.find("No stacktrace found") != std::string_view::npos) {
                current.reset();
            }
            continue;
        }
        if (const std::optional<FxNodeLine> node = parseFxNodeLine(line)) {
            graph.byName.emplace(std::string(node->name), graph.nodes.size());
            graph.nodes.push_back(FxGraphText::Node {
                std::string(node->name), std::string(node->target), current, lineNumber });
        }
    }
    return graph;
}

} // namespace dvmlens
