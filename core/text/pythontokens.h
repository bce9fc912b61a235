// SPDX-License-Identifier: MIT
// One Python tokenizer for showing code: the GUI's code view (UTF-16 lines) and the HTML report
// (UTF-8 lines) split a line the same way and know the same keywords and builtins; each then
// colours the tokens in its own medium. Not the parser's lexer (parse/pylexer.h masks whole files
// for matching); this one works a line at a time and carries only "inside a triple-quoted string".
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace dvmlens::python {

enum class LineState
{
    Normal = 0,
    InSingleTriple = 1, // inside ''' … that continues on the next line
    InDoubleTriple = 2, // inside """ …
};

enum class TokenKind
{
    Comment,
    String, // with its prefix (r, b, f, u) and quotes
    Number,
    Decorator, // "@name.dotted" at the start of a line
    Keyword,
    Builtin,
    Name, // any other identifier
};

struct Token
{
    TokenKind kind;
    std::size_t start; // in code units of the line
    std::size_t length;
};

// Sorted, for binary search: Python 3's keywords, and the builtins worth a colour.
inline constexpr std::array<std::string_view, 35> kKeywords = { "False", "None", "True", "and", "as",
    "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except",
    "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
    "raise", "return", "try", "while", "with", "yield" };
inline constexpr std::array<std::string_view, 40> kBuiltins = { "Exception", "abs", "all", "any", "bool",
    "callable", "dict", "enumerate", "filter", "float", "format", "getattr", "hasattr", "hash", "id", "int",
    "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min", "next", "object", "open", "print",
    "range", "repr", "reversed", "round", "self", "set", "setattr", "sorted", "str", "sum", "super",
    "tuple" };

// `word` (any code unit type) equals the ASCII text `ascii`.
template <typename Char> bool equalsAscii(std::basic_string_view<Char> word, std::string_view ascii)
{
    return word.size() == ascii.size()
        && std::equal(word.begin(), word.end(), ascii.begin(),
            [](Char a, char b) { return static_cast<char32_t>(a) == static_cast<unsigned char>(b); });
}

// `word` is in `sorted` (ASCII words); no allocation, the GUI asks this for every identifier.
template <typename Char, std::size_t N>
bool isOneOf(std::basic_string_view<Char> word, const std::array<std::string_view, N>& sorted)
{
    const auto less = [](std::string_view listed, std::basic_string_view<Char> text) {
        return std::lexicographical_compare(
            listed.begin(), listed.end(), text.begin(), text.end(), [](auto a, auto b) {
                return static_cast<char32_t>(static_cast<std::make_unsigned_t<decltype(a)>>(a))
                    < static_cast<char32_t>(static_cast<std::make_unsigned_t<decltype(b)>>(b));
            });
    };
    const auto found = std::lower_bound(sorted.begin(), sorted.end(), word, less);
    return found != sorted.end() && equalsAscii(word, *found);
}

template <typename Char> class LineTokenizer
{
public:
    using View = std::basic_string_view<Char>;

    static bool isIdentifierStart(Char c)
    {
        const auto u = static_cast<char32_t>(c);
        return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u >= 0x80;
    }
    static bool isIdentifierChar(Char c)
    {
        const auto u = static_cast<char32_t>(c);
        return isIdentifierStart(c) || (u >= '0' && u <= '9');
    }
    static bool isDigit(Char c)
    {
        return c >= Char('0') && c <= Char('9');
    }
    static bool isSpace(Char c)
    {
        return c == Char(' ') || c == Char('\t') || c == Char('\f') || c == Char('\v');
    }

    // Tokens of `line` into `tokens` (cleared first), starting in `state`; returns the state the next
    // line starts in. Spaces, operators and brackets are left between tokens.
    static LineState tokenize(View line, LineState state, std::vector<Token>& tokens)
    {
        tokens.clear();
        const std::size_t length = line.size();
        std::size_t i = 0;
        if (state != LineState::Normal) {
            const Char q = state == LineState::InSingleTriple ? Char('\'') : Char('"');
            const std::size_t end = stringEnd(line, 0, q, true);
            if (end == View::npos) {
                tokens.push_back({ TokenKind::String, 0, length });
                return state;
            }
            tokens.push_back({ TokenKind::String, 0, end });
            i = end;
        }
        while (i < length) {
            const Char c = line[i];
            if (isSpace(c)) {
                ++i;
                continue;
            }
            if (c == Char('#')) {
                tokens.push_back({ TokenKind::Comment, i, length - i });
                return LineState::Normal;
            }
            if (c == Char('\'') || c == Char('"')) {
                const LineState next = string(line, i, i, tokens);
                if (next != LineState::Normal)
                    return next;
                i = tokens.back().start + tokens.back().length;
                continue;
            }
            if (c == Char('@') && onlySpacesBefore(line, i) && i + 1 < length
                && isIdentifierStart(line[i + 1])) {
                const std::size_t end = dottedNameEnd(line, i + 1);
                tokens.push_back({ TokenKind::Decorator, i, end - i });
                i = end;
                continue;
            }
            if (isDigit(c) || (c == Char('.') && i + 1 < length && isDigit(line[i + 1]))) {
                const std::size_t end = numberEnd(line, i);
                tokens.push_back({ TokenKind::Number, i, end - i });
                i = end;
                continue;
            }
            if (isIdentifierStart(c)) {
                const std::size_t end = identifierEnd(line, i);
                const View word = line.substr(i, end - i);
                if (end < length && (line[end] == Char('\'') || line[end] == Char('"'))
                    && isStringPrefix(word)) {
                    // r"…", f'…', b"""…""": the prefix is part of the string.
                    const LineState next = string(line, i, end, tokens);
                    if (next != LineState::Normal)
                        return next;
                    i = tokens.back().start + tokens.back().length;
                    continue;
                }
                const bool attribute = i > 0 && line[i - 1] == Char('.');
                TokenKind kind = TokenKind::Name;
                if (!attribute && isOneOf(word, kKeywords))
                    kind = TokenKind::Keyword;
                else if (!attribute && isOneOf(word, kBuiltins))
                    kind = TokenKind::Builtin;
                tokens.push_back({ kind, i, end - i });
                i = end;
                continue;
            }
            ++i;
        }
        return LineState::Normal;
    }

    static std::size_t identifierEnd(View line, std::size_t from)
    {
        while (from < line.size() && isIdentifierChar(line[from]))
            ++from;
        return from;
    }

    // A dotted name starting at `from` (a.b.c); returns its end.
    static std::size_t dottedNameEnd(View line, std::size_t from)
    {
        std::size_t end = identifierEnd(line, from);
        while (end + 1 < line.size() && line[end] == Char('.') && isIdentifierStart(line[end + 1]))
            end = identifierEnd(line, end + 1);
        return end;
    }

private:
    static bool onlySpacesBefore(View line, std::size_t i)
    {
        for (std::size_t j = 0; j < i; ++j) {
            if (!isSpace(line[j]))
                return false;
        }
        return true;
    }

    static bool isStringPrefix(View word)
    {
        if (word.size() > 2)
            return false;
        for (Char c : word) {
            const auto u = static_cast<char32_t>(c) | 0x20; // ASCII lower case
            if (u != 'r' && u != 'b' && u != 'f' && u != 'u')
                return false;
        }
        return true;
    }

    // The string token from `start` (its prefix) whose quote opens at `quote`; the state after it.
    static LineState string(View line, std::size_t start, std::size_t quote, std::vector<Token>& tokens)
    {
        const Char q = line[quote];
        const bool triple = quote + 2 < line.size() && line[quote + 1] == q && line[quote + 2] == q;
        const std::size_t end = stringEnd(line, quote + (triple ? 3 : 1), q, triple);
        if (end == View::npos) {
            tokens.push_back({ TokenKind::String, start, line.size() - start });
            if (triple)
                return q == Char('\'') ? LineState::InSingleTriple : LineState::InDoubleTriple;
            return LineState::Normal; // an unterminated one-line string ends with its line
        }
        tokens.push_back({ TokenKind::String, start, end - start });
        return LineState::Normal;
    }

    // Where a string closed by `q` (or three of them) ends, searching from `from`; npos when it runs
    // past the end of the line.
    static std::size_t stringEnd(View line, std::size_t from, Char q, bool triple)
    {
        for (std::size_t i = from; i < line.size(); ++i) {
            if (line[i] == Char('\\')) {
                ++i;
                continue;
            }
            if (line[i] == q && (!triple || (i + 2 < line.size() && line[i + 1] == q && line[i + 2] == q)))
                return i + (triple ? 3 : 1);
        }
        return View::npos;
    }

    static std::size_t numberEnd(View line, std::size_t from)
    {
        std::size_t i = from;
        const bool hex = from + 1 < line.size() && line[from] == Char('0')
            && (line[from + 1] == Char('x') || line[from + 1] == Char('X'));
        while (i < line.size()) {
            const Char c = line[i];
            if (isIdentifierChar(c) || c == Char('.')) {
                ++i;
            } else if ((c == Char('+') || c == Char('-'))
                && (line[i - 1] == Char('e') || line[i - 1] == Char('E')) && !hex) {
                ++i;
            } else {
                break;
            }
        }
        return i;
    }
};

} // namespace dvmlens::python
