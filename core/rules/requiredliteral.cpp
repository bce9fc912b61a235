// SPDX-License-Identifier: MIT
#include "core/rules/requiredliteral.h"

#include <algorithm>
#include <cctype>

namespace dvmlens {

namespace {

// Skips a character class that starts at pattern[i] == '['; returns the index of its ']'.
std::size_t classEnd(std::string_view pattern, std::size_t i)
{
    ++i;
    if (i < pattern.size() && pattern[i] == '^')
        ++i;
    if (i < pattern.size() && pattern[i] == ']')
        ++i; // a ']' first in a class is a member
    for (; i < pattern.size() && pattern[i] != ']'; ++i) {
        if (pattern[i] == '\\')
            ++i;
        else if (pattern[i] == '[' && i + 1 < pattern.size() && pattern[i + 1] == ':') {
            const std::size_t close = pattern.find(":]", i + 2);
            if (close != std::string_view::npos)
                i = close + 1;
        }
    }
    return i;
}

// Skips the escape whose letter is at pattern[i] (after the backslash), with its arguments
// (\x41, \x{41}, \101, \p{Han}, \k<n>, \g{1}); returns the index of its last character.
std::size_t escapeEnd(std::string_view pattern, std::size_t i)
{
    const auto skipTo = [&](std::size_t from, char close) {
        const std::size_t end = pattern.find(close, from);
        return end == std::string_view::npos ? pattern.size() - 1 : end;
    };
    const char letter = pattern[i];
    const bool braced = i + 1 < pattern.size() && pattern[i + 1] == '{';
    if (std::isdigit(static_cast<unsigned char>(letter))) {
        while (i + 1 < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[i + 1])))
            ++i;
        return i;
    }
    switch (letter) {
    case 'x':
        if (braced)
            return skipTo(i + 2, '}');
        for (int n = 0;
             n < 2 && i + 1 < pattern.size() && std::isxdigit(static_cast<unsigned char>(pattern[i + 1]));
             ++n)
            ++i;
        return i;
    case 'p':
    case 'P':
    case 'N':
    case 'o':
        return braced ? skipTo(i + 2, '}') : std::min(i + 1, pattern.size() - 1);
    case 'c':
        return std::min(i + 1, pattern.size() - 1);
    case 'k':
    case 'g':
        if (i + 1 < pattern.size()) {
            const char open = pattern[i + 1];
            if (open == '<')
                return skipTo(i + 2, '>');
            if (open == '{')
                return skipTo(i + 2, '}');
            if (open == '\'')
                return skipTo(i + 2, '\'');
            while (i + 1 < pattern.size()
                && (std::isdigit(static_cast<unsigned char>(pattern[i + 1])) || pattern[i + 1] == '-'))
                ++i;
        }
        return i;
    default:
        return i;
    }
}

} // namespace

std::string requiredLiteral(std::string_view pattern)
{
    // Inline flags anywhere ((?i), a(?i)b, (?i:…), (?-s)) change how literals compare, and \Q…\E
    // quotes: no literal is certain then. Groups (?:…), (?=…), (?<name>…) are just skipped.
    for (std::size_t at = pattern.find("(?"); at != std::string_view::npos; at = pattern.find("(?", at + 1)) {
        const char next = at + 2 < pattern.size() ? pattern[at + 2] : '\0';
        const bool lookbehindOrName = next == '<';
        if (next != ':' && next != '=' && next != '!' && !lookbehindOrName)
            return std::string();
    }
    if (pattern.find("\\Q") != std::string_view::npos)
        return std::string();
    std::string best;
    std::string run;
    auto endRun = [&] {
        if (run.size() > best.size())
            best = run;
        run.clear();
    };
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (static_cast<unsigned char>(c) >= 0x80) {
            endRun(); // only ASCII: the line's bytes may hold invalid UTF-8 where the text has U+FFFD
            continue;
        }
        switch (c) {
        case '|':
            return std::string();
        case '\\':
            if (i + 1 >= pattern.size()) {
                endRun();
            } else if (!std::isalnum(static_cast<unsigned char>(pattern[i + 1]))
                && static_cast<unsigned char>(pattern[i + 1]) < 0x80) {
                run.push_back(pattern[++i]);
            } else {
                endRun();
                i = escapeEnd(pattern, i + 1);
            }
            break;
        case '[':
            i = classEnd(pattern, i);
            endRun();
            break;
        case '(': {
            // Skip the group; a '|' inside a group is fine.
            int depth = 0;
            for (; i < pattern.size(); ++i) {
                const char d = pattern[i];
                if (d == '\\')
                    ++i;
                else if (d == '[')
                    i = classEnd(pattern, i);
                else if (d == '(')
                    ++depth;
                else if (d == ')' && --depth == 0)
                    break;
            }
            endRun();
            break;
        }
        case '?':
        case '*':
        case '{':
            if (!run.empty())
                run.pop_back();
            endRun();
            if (c == '{') {
                while (i < pattern.size() && pattern[i] != '}')
                    ++i;
            }
            break;
        case '+':
        case '.':
        case '^':
        case '$':
        case ')':
        case ']':
        case '}':
            endRun();
            break;
        default:
            run.push_back(c);
            break;
        }
    }
    endRun();
    return best.size() >= 2 ? best : std::string();
}

} // namespace dvmlens
