// SPDX-License-Identifier: MIT
// A tiny reader for the masked Python expressions PyLexer yields: names, calls, argument lists,
// int lists and literals. It never allocates; callers pass the vectors it fills.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace dvmlens::expr {

namespace detail {
// Bit 0: may start an identifier (ASCII letters, '_'); bit 1: may continue one (also digits).
inline constexpr std::array<unsigned char, 256> kIdentifierBytes = [] {
    std::array<unsigned char, 256> bytes {};
    for (int c = 0; c < 256; ++c) {
        const bool start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        bytes[c] = static_cast<unsigned char>((start ? 3 : 0) | (c >= '0' && c <= '9' ? 2 : 0));
    }
    return bytes;
}();
} // namespace detail

// Inline, by table: the parser asks these for nearly every byte of code it reads.
inline bool isIdentifierStart(char c)
{
    return detail::kIdentifierBytes[static_cast<unsigned char>(c)] & 1;
}

inline bool isIdentifierChar(char c)
{
    return detail::kIdentifierBytes[static_cast<unsigned char>(c)] & 2;
}

// `text` without leading and trailing blanks.
std::string_view trimmed(std::string_view text);

// The identifier starting at `pos` (empty when there is none).
inline std::string_view identifierAt(std::string_view text, std::size_t pos)
{
    if (pos >= text.size() || !isIdentifierStart(text[pos]))
        return {};
    std::size_t end = pos + 1;
    while (end < text.size() && isIdentifierChar(text[end]))
        ++end;
    return text.substr(pos, end - pos);
}

// The dotted name (`torch.ops.aten.mm.default`, blanks around dots allowed) starting at `pos`;
// `end` receives the offset just after it.
std::string_view dottedNameAt(std::string_view text, std::size_t pos, std::size_t& end);

// The dotted name that ends just before `end` (blanks around dots allowed), read backwards; `start`
// receives its offset. Empty when no identifier ends there.
std::string_view dottedNameBefore(std::string_view text, std::size_t end, std::size_t& start);

// The offset of the bracket closing the one at `open`, or npos.
std::size_t closingBracket(std::string_view text, std::size_t open);

// When `text` is exactly `callee(args)` (blanks allowed), returns the text between the parentheses.
std::optional<std::string_view> callArguments(std::string_view text, std::string_view callee);

// Splits at the commas outside brackets; each part trimmed; a trailing empty part dropped.
void splitArguments(std::string_view inner, std::vector<std::string_view>& parts);

// `key=value` → key and value, trimmed; nullopt for a positional argument.
std::optional<std::pair<std::string_view, std::string_view>> keywordArgument(std::string_view argument);

std::optional<std::int64_t> integer(std::string_view text); // 12, -1, +3
std::optional<bool> boolean(std::string_view text); // True / False

// `[1, -1, s0]` → 1, -1, -1: anything that is not an int literal (a symbol, an expression) is a
// dynamic dim. False when `text` is not a bracketed list.
bool intList(std::string_view text, std::vector<std::int64_t>& values);
// The same for a parenthesised tuple, as the wrapper writes sizes and strides: `(s0, 128)` → -1,
// 128; `(128, )` → 128; `()` → none (a 0-d tensor). False when `text` is not in parentheses.
bool intTuple(std::string_view text, std::vector<std::int64_t>& values);

} // namespace dvmlens::expr
