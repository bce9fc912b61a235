// SPDX-License-Identifier: MIT
#include "core/parse/exprreader.h"

#include <array>
#include <charconv>

namespace dvmlens::expr {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\n';
}

// What splitting and bracket matching look at: one table lookup per byte instead of seven compares.
enum ByteRole : unsigned char
{
    kOther,
    kOpen,
    kClose,
    kComma
};
constexpr std::array<ByteRole, 256> kByteRole = [] {
    std::array<ByteRole, 256> roles {};
    for (unsigned char c : { '(', '[', '{' })
        roles[c] = kOpen;
    for (unsigned char c : { ')', ']', '}' })
        roles[c] = kClose;
    roles[','] = kComma;
    return roles;
}();

ByteRole roleOf(char c)
{
    return kByteRole[static_cast<unsigned char>(c)];
}

std::size_t skipBlanks(std::string_view text, std::size_t pos)
{
    while (pos < text.size() && isBlank(text[pos]))
        ++pos;
    return pos;
}

} // namespace

std::string_view trimmed(std::string_view text)
{
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && isBlank(text[begin]))
        ++begin;
    while (end > begin && isBlank(text[end - 1]))
        --end;
    return text.substr(begin, end - begin);
}

std::string_view dottedNameAt(std::string_view text, std::size_t pos, std::size_t& end)
{
    end = pos;
    std::string_view first = identifierAt(text, pos);
    if (first.empty())
        return {};
    end = pos + first.size();
    for (;;) {
        const std::size_t dot = skipBlanks(text, end);
        if (dot >= text.size() || text[dot] != '.')
            break;
        const std::size_t next = skipBlanks(text, dot + 1);
        const std::string_view part = identifierAt(text, next);
        if (part.empty())
            break;
        end = next + part.size();
    }
    return text.substr(pos, end - pos);
}

std::string_view dottedNameBefore(std::string_view text, std::size_t end, std::size_t& start)
{
    // Back over one identifier: [at, to) must be identifier bytes that do not start with a digit.
    const auto identifierBefore = [&text](std::size_t to) {
        std::size_t at = to;
        while (at > 0 && isIdentifierChar(text[at - 1]))
            --at;
        while (at < to && !isIdentifierStart(text[at]))
            ++at; // a name cannot start with a digit: `2abc` holds the name `abc`, and it is preceded by '2'
        return at;
    };
    start = identifierBefore(end);
    if (start == end)
        return {};
    for (;;) {
        std::size_t dot = start;
        while (dot > 0 && isBlank(text[dot - 1]))
            --dot;
        if (dot == 0 || text[dot - 1] != '.')
            break;
        std::size_t partEnd = dot - 1;
        while (partEnd > 0 && isBlank(text[partEnd - 1]))
            --partEnd;
        const std::size_t partStart = identifierBefore(partEnd);
        if (partStart == partEnd)
            break;
        start = partStart;
    }
    return text.substr(start, end - start);
}

std::size_t closingBracket(std::string_view text, std::size_t open)
{
    int depth = 0;
    for (std::size_t at = open; at < text.size(); ++at) {
        const ByteRole role = roleOf(text[at]);
        if (role == kOpen) {
            ++depth;
        } else if (role == kClose) {
            if (--depth == 0)
                return at;
        }
    }
    return std::string_view::npos;
}

std::optional<std::string_view> callArguments(std::string_view text, std::string_view callee)
{
    text = trimmed(text);
    if (text.substr(0, callee.size()) != callee)
        return std::nullopt;
    const std::size_t open = skipBlanks(text, callee.size());
    if (open >= text.size() || text[open] != '(')
        return std::nullopt;
    const std::size_t close = closingBracket(text, open);
    if (close == std::string_view::npos || skipBlanks(text, close + 1) != text.size())
        return std::nullopt;
    return text.substr(open + 1, close - open - 1);
}

namespace {

// Calls `onPart` with each part of `inner` between the commas outside brackets, trimmed; the last
// part only when it is not empty (`[1, 2, ]`, `[]`) and every bracket closed (an unclosed bracket
// swallows the rest).
template <typename OnPart> void forEachTopLevelPart(std::string_view inner, OnPart&& onPart)
{
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t at = 0; at < inner.size(); ++at) {
        const ByteRole role = roleOf(inner[at]);
        if (role == kOpen) {
            ++depth;
        } else if (role == kClose) {
            --depth;
        } else if (role == kComma && depth <= 0) {
            onPart(trimmed(inner.substr(start, at - start)));
            start = at + 1;
        }
    }
    const std::string_view last = trimmed(inner.substr(start));
    if (!last.empty() && depth <= 0)
        onPart(last);
}

} // namespace

void splitArguments(std::string_view inner, std::vector<std::string_view>& parts)
{
    parts.clear();
    forEachTopLevelPart(inner, [&](std::string_view part) { parts.push_back(part); });
}

std::optional<std::pair<std::string_view, std::string_view>> keywordArgument(std::string_view argument)
{
    const std::string_view key = identifierAt(argument, 0);
    if (key.empty())
        return std::nullopt;
    const std::size_t equals = skipBlanks(argument, key.size());
    if (equals >= argument.size() || argument[equals] != '='
        || (equals + 1 < argument.size() && argument[equals + 1] == '='))
        return std::nullopt;
    return std::make_pair(key, trimmed(argument.substr(equals + 1)));
}

std::optional<std::int64_t> integer(std::string_view text)
{
    text = trimmed(text);
    bool negative = false;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        negative = text[0] == '-';
        text = trimmed(text.substr(1));
    }
    if (text.empty())
        return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return negative ? -value : value;
}

std::optional<bool> boolean(std::string_view text)
{
    text = trimmed(text);
    if (text == "True")
        return true;
    if (text == "False")
        return false;
    return std::nullopt;
}

namespace {

bool intSequence(std::string_view text, char open, char close, std::vector<std::int64_t>& values)
{
    values.clear();
    text = trimmed(text);
    if (text.size() < 2 || text.front() != open || text.back() != close)
        return false;
    forEachTopLevelPart(text.substr(1, text.size() - 2),
        [&](std::string_view part) { values.push_back(integer(part).value_or(-1)); });
    return true;
}

} // namespace

bool intList(std::string_view text, std::vector<std::int64_t>& values)
{
    return intSequence(text, '[', ']', values);
}

bool intTuple(std::string_view text, std::vector<std::int64_t>& values)
{
    return intSequence(text, '(', ')', values);
}

} // namespace dvmlens::expr
