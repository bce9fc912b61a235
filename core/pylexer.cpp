// SPDX-License-Identifier: MIT
#include "pylexer.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace dvmlens {

namespace {

// Bytes the code scanner must stop at; every other byte is copied in runs.
constexpr std::array<bool, 256> specialBytes()
{
    std::array<bool, 256> table {};
    for (unsigned char c : std::string_view("\n\r#\\()[]{}'\""))
        table[c] = true;
    return table;
}
constexpr std::array<bool, 256> kSpecial = specialBytes();

bool isIdentifierByte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool isStringPrefixByte(char c)
{
    switch (c) {
    case 'r':
    case 'R':
    case 'b':
    case 'B':
    case 'f':
    case 'F':
    case 'u':
    case 'U':
        return true;
    default:
        return false;
    }
}

} // namespace

int LogicalLine::lineAt(std::size_t offset) const
{
    int line = firstLine;
    if (lineBreaks) {
        for (const auto& [breakOffset, breakLine] : *lineBreaks) {
            if (breakOffset > offset)
                break;
            line = breakLine;
        }
    }
    return line;
}

std::optional<std::string_view> LogicalLine::literalAt(std::size_t offset) const
{
    if (!literals || offset >= code.size() || code[offset] != '"')
        return std::nullopt;
    const auto index = static_cast<std::size_t>(std::count(code.begin(), code.begin() + offset, '"'));
    if (index >= literals->size())
        return std::nullopt;
    return (*literals)[index];
}

PyLexer::PyLexer(std::string_view bytes)
    : bytes_(bytes)
{
}

void PyLexer::noteLineChange()
{
    lineBreaks_.emplace_back(static_cast<std::uint32_t>(code_.size()), line_);
}

void PyLexer::readString(char quote)
{
    // A prefix (r, b, f, u, rb, Rb…) directly before the quote belongs to the literal.
    std::size_t prefix = 0;
    while (prefix < 2 && prefix < code_.size() && isStringPrefixByte(code_[code_.size() - 1 - prefix]))
        ++prefix;
    if (prefix > 0 && (code_.size() == prefix || !isIdentifierByte(code_[code_.size() - 1 - prefix]))) {
        for (; prefix > 0; --prefix)
            code_.pop_back();
    }

    const char* data = bytes_.data();
    const std::size_t size = bytes_.size();
    const int startLine = line_;
    const bool triple = pos_ + 2 < size && data[pos_ + 1] == quote && data[pos_ + 2] == quote;
    std::size_t contentStart = pos_ + (triple ? 3 : 1);
    std::size_t contentEnd = size;
    bool terminated = false;

    if (triple) {
        // Long sources (Triton, C++, MLIR) live here: jump from quote to quote.
        std::size_t search = contentStart;
        while (search < size) {
            const void* hit = std::memchr(data + search, quote, size - search);
            if (!hit)
                break;
            const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(hit) - data);
            std::size_t backslashes = at;
            while (backslashes > contentStart && data[backslashes - 1] == '\\')
                --backslashes;
            if ((at - backslashes) % 2 == 0 && at + 2 < size && data[at + 1] == quote
                && data[at + 2] == quote) {
                contentEnd = at;
                pos_ = at + 3;
                terminated = true;
                break;
            }
            search = at + 1;
        }
        line_ += static_cast<int>(std::count(data + contentStart, data + contentEnd, '\n'));
    } else {
        std::size_t at = contentStart;
        while (at < size) {
            const char c = data[at];
            if (c == '\\') {
                if (at + 1 < size && data[at + 1] == '\n') {
                    ++line_;
                } else if (at + 2 < size && data[at + 1] == '\r' && data[at + 2] == '\n') {
                    ++line_;
                    ++at;
                }
                at += 2;
                continue;
            }
            if (c == quote) {
                contentEnd = at;
                pos_ = at + 1;
                terminated = true;
                break;
            }
            if (c == '\n') {
                // Not valid Python; end the literal at the line break so the next line still parses.
                contentEnd = at > contentStart && data[at - 1] == '\r' ? at - 1 : at;
                pos_ = at;
                terminated = true;
                break;
            }
            ++at;
        }
        contentEnd = std::min(contentEnd, size);
    }
    if (!terminated) {
        pos_ = size;
        if (!truncatedAt_) {
            truncatedAt_ = startLine;
            truncatedInString_ = true;
        }
    }
    code_ += '"';
    literals_.emplace_back(data + contentStart, contentEnd - std::min(contentStart, contentEnd));
    if (line_ != startLine)
        noteLineChange();
}

bool PyLexer::next(LogicalLine& line)
{
    code_.clear();
    literals_.clear();
    lineBreaks_.clear();
    const char* data = bytes_.data();
    const std::size_t size = bytes_.size();

    // Skip blank and comment-only lines, measuring the indent of the first real one.
    int indent = 0;
    for (;;) {
        indent = 0;
        std::size_t at = pos_;
        while (at < size) {
            const char c = data[at];
            if (c == ' ')
                ++indent;
            else if (c == '\t')
                indent = (indent / 8 + 1) * 8;
            else if (c != '\r' && c != '\f')
                break;
            ++at;
        }
        pos_ = at;
        if (at >= size) {
            physicalLines_ = size == 0 ? 0 : (data[size - 1] == '\n' ? line_ - 1 : line_);
            return false;
        }
        if (data[at] == '\n') {
            ++pos_;
            ++line_;
            continue;
        }
        if (data[at] == '#') {
            const void* newline = std::memchr(data + at, '\n', size - at);
            pos_ = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data) : size;
            continue;
        }
        break;
    }

    line.firstLine = line_;
    line.indent = indent;
    int depth = 0;
    int bracketLine = 0;
    bool ended = false;
    while (pos_ < size && !ended) {
        const char c = data[pos_];
        if (!kSpecial[static_cast<unsigned char>(c)]) {
            std::size_t end = pos_ + 1;
            while (end < size && !kSpecial[static_cast<unsigned char>(data[end])])
                ++end;
            code_.append(data + pos_, end - pos_);
            pos_ = end;
            continue;
        }
        switch (c) {
        case '\n':
            if (depth > 0) {
                ++pos_;
                ++line_;
                code_ += ' ';
                noteLineChange();
            } else {
                ended = true;
            }
            break;
        case '\r':
            ++pos_;
            break;
        case '#': {
            const void* newline = std::memchr(data + pos_, '\n', size - pos_);
            pos_ = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data) : size;
            break;
        }
        case '\\': {
            std::size_t after = pos_ + 1;
            if (after < size && data[after] == '\r')
                ++after;
            if (after < size && data[after] == '\n') {
                pos_ = after + 1;
                ++line_;
                code_ += ' ';
                noteLineChange();
            } else {
                code_ += c;
                ++pos_;
            }
            break;
        }
        case '(':
        case '[':
        case '{':
            if (depth++ == 0)
                bracketLine = line_;
            code_ += c;
            ++pos_;
            break;
        case ')':
        case ']':
        case '}':
            depth = std::max(0, depth - 1);
            code_ += c;
            ++pos_;
            break;
        default: // a quote
            readString(c);
            break;
        }
    }
    // A line cut by the end of the file ends on the last physical line, not on the empty one after it.
    line.lastLine = !ended && size > 0 && data[size - 1] == '\n' ? line_ - 1 : line_;
    if (ended) {
        ++pos_;
        ++line_;
    }
    if (depth > 0 && pos_ >= size && !truncatedAt_)
        truncatedAt_ = bracketLine;
    while (!code_.empty() && (code_.back() == ' ' || code_.back() == '\t' || code_.back() == '\f'))
        code_.pop_back();
    line.code = code_;
    line.literals = &literals_;
    line.lineBreaks = &lineBreaks_;
    return true;
}

} // namespace dvmlens
