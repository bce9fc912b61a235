// SPDX-License-Identifier: MIT
#include "core/parse/pylexer.h"

#include <algorithm>
#include <array>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace dvmlens {

namespace {

// Bytes the code scanner must stop at; every other byte is copied in runs.
constexpr std::array<bool, 256> specialBytes()
{
    std::array<bool, 256> table {};
    for (unsigned char c : std::string_view("\n#\\()[]{}'\""))
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

// The first offset in [from, size) where three `quote` bytes follow each other, or npos; adds
// the line breaks before it to `newlines`. SSE2 looks at 16 offsets at a time: this loop is
// where a scan spends most of its time, inside kernel sources.
std::size_t findThreeQuotes(const char* data, std::size_t from, std::size_t size, char quote, int& newlines)
{
    std::size_t at = from;
#ifdef __SSE2__
    // Line breaks are summed per byte lane (at most 255 blocks, then folded with SAD), so the loop
    // needs no popcount instruction.
    const __m128i quotes = _mm_set1_epi8(quote);
    const __m128i breaks = _mm_set1_epi8('\n');
    const __m128i zero = _mm_setzero_si128();
    __m128i lanes = zero;
    int blocks = 0;
    const auto fold = [&]() {
        const __m128i sums = _mm_sad_epu8(lanes, zero);
        newlines += _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
        lanes = zero;
        blocks = 0;
    };
    while (at + 18 <= size) {
        const __m128i first = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at));
        const __m128i second = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at + 1));
        const __m128i third = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at + 2));
        const __m128i all = _mm_and_si128(_mm_cmpeq_epi8(first, quotes),
            _mm_and_si128(_mm_cmpeq_epi8(second, quotes), _mm_cmpeq_epi8(third, quotes)));
        if (_mm_movemask_epi8(all) != 0)
            break; // the scalar loop below finds the exact offset and counts the last breaks
        lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(first, breaks));
        if (++blocks == 255)
            fold();
        at += 16;
    }
    fold();
#endif
    for (; at + 2 < size; ++at) {
        if (data[at] == quote && data[at + 1] == quote && data[at + 2] == quote)
            return at;
        newlines += data[at] == '\n';
    }
    for (; at < size; ++at)
        newlines += data[at] == '\n';
    return std::string_view::npos;
}

// Bracket depth of a logical line; `line` is where the outermost open bracket is.
struct Brackets
{
    int depth = 0;
    int line = 0;

    void step(char c, int currentLine)
    {
        if (c == '(' || c == '[' || c == '{') {
            if (depth++ == 0)
                line = currentLine;
        } else {
            depth = std::max(0, depth - 1);
        }
    }
};

// The first offset at or after `at` holding a byte the code scanner must look at (kSpecial) other
// than a bracket; the brackets passed on the way update `brackets`. Builder and entry code is dense
// with brackets, so they are taken from the block's mask instead of stopping the scan.
std::size_t skipPlainCode(const char* data, std::size_t at, std::size_t size, Brackets& brackets, int line)
{
#ifdef __SSE2__
    // Eight compares cover the eleven bytes: `(`/`)` differ in bit 0, `[`/`{` and `]`/`}` in bit 5.
    const auto equal = [](__m128i bytes, char c) { return _mm_cmpeq_epi8(bytes, _mm_set1_epi8(c)); };
    while (at + 16 <= size) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at));
        const __m128i bit0 = _mm_or_si128(bytes, _mm_set1_epi8(0x01));
        const __m128i bit5 = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
        const __m128i bracket =
            _mm_or_si128(equal(bit0, ')'), _mm_or_si128(equal(bit5, '{'), equal(bit5, '}')));
        const __m128i other = _mm_or_si128(_mm_or_si128(equal(bytes, '\n'), equal(bytes, '#')),
            _mm_or_si128(equal(bytes, '\\'), _mm_or_si128(equal(bytes, '\''), equal(bytes, '"'))));
        const auto otherMask = static_cast<unsigned>(_mm_movemask_epi8(other));
        auto bracketMask = static_cast<unsigned>(_mm_movemask_epi8(bracket));
        const unsigned stop = otherMask != 0 ? static_cast<unsigned>(__builtin_ctz(otherMask)) : 16;
        bracketMask &= (1u << stop) - 1;
        for (; bracketMask != 0; bracketMask &= bracketMask - 1)
            brackets.step(data[at + static_cast<std::size_t>(__builtin_ctz(bracketMask))], line);
        if (otherMask != 0)
            return at + stop;
        at += 16;
    }
#endif
    for (; at < size; ++at) {
        const char c = data[at];
        if (!kSpecial[static_cast<unsigned char>(c)])
            continue;
        if (c != '(' && c != ')' && c != '[' && c != ']' && c != '{' && c != '}')
            return at;
        brackets.step(c, line);
    }
    return at;
}

} // namespace

int LogicalLine::lineAt(std::size_t offset) const
{
    // Binary search: a cut file can leave one logical line with thousands of breaks and calls.
    if (!lineBreaks || lineBreaks->empty())
        return firstLine;
    const auto after = std::upper_bound(lineBreaks->begin(), lineBreaks->end(), offset,
        [](std::size_t wanted, const std::pair<std::uint32_t, int>& lineBreak) {
            return wanted < lineBreak.first;
        });
    return after == lineBreaks->begin() ? firstLine : std::prev(after)->second;
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
        // Long sources (Triton, C++, MLIR) live here: jump from one run of three quotes to the next.
        std::size_t search = contentStart;
        int newlines = 0;
        while (search < size) {
            const std::size_t at = findThreeQuotes(data, search, size, quote, newlines);
            if (at == std::string_view::npos)
                break;
            std::size_t backslashes = at;
            while (backslashes > contentStart && data[backslashes - 1] == '\\')
                --backslashes;
            if ((at - backslashes) % 2 == 0) {
                contentEnd = at;
                pos_ = at + 3;
                terminated = true;
                break;
            }
            search = at + 1; // an escaped quote; the run may still close one byte later
        }
        line_ += newlines;
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
    Brackets brackets;
    bool ended = false;
    // Most lines hold no string, comment or joined break: their code is a view of the file itself.
    // The first byte that needs masking switches to copying into code_; `pending` is where the
    // bytes not yet copied start.
    const std::size_t start = pos_;
    std::size_t pending = start;
    bool copying = false;
    const auto copyPending = [&]() {
        if (!copying) {
            code_.clear();
            copying = true;
        }
        code_.append(data + pending, pos_ - pending);
    };
    while (pos_ < size && !ended) {
        // A local cursor: the compiler cannot keep a member in a register across char reads.
        const std::size_t at = skipPlainCode(data, pos_, size, brackets, line_);
        pos_ = at;
        if (at >= size)
            break;
        switch (data[pos_]) {
        case '\n':
            if (brackets.depth > 0) {
                copyPending();
                if (!code_.empty() && code_.back() == '\r')
                    code_.pop_back();
                ++pos_;
                ++line_;
                code_ += ' ';
                noteLineChange();
                pending = pos_;
            } else {
                ended = true;
            }
            break;
        case '#': {
            copyPending();
            const void* newline = std::memchr(data + pos_, '\n', size - pos_);
            pos_ = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data) : size;
            pending = pos_;
            break;
        }
        case '\\': {
            std::size_t after = pos_ + 1;
            if (after < size && data[after] == '\r')
                ++after;
            if (after < size && data[after] == '\n') {
                copyPending();
                pos_ = after + 1;
                ++line_;
                code_ += ' ';
                noteLineChange();
                pending = pos_;
            } else {
                ++pos_;
            }
            break;
        }
        default: // a quote
            copyPending();
            readString(data[pos_]);
            pending = pos_;
            break;
        }
    }
    const std::size_t codeEnd = std::min(pos_, size);
    // A line cut by the end of the file ends on the last physical line, not on the empty one after it.
    line.lastLine = !ended && size > 0 && data[size - 1] == '\n' ? line_ - 1 : line_;
    if (ended) {
        ++pos_;
        ++line_;
    }
    if (brackets.depth > 0 && pos_ >= size && !truncatedAt_)
        truncatedAt_ = brackets.line;
    std::string_view code;
    if (copying) {
        code_.append(data + pending, codeEnd - pending);
        code = code_;
    } else {
        lineBreaks_.clear();
        literals_.clear();
        code = std::string_view(data + start, codeEnd - start);
    }
    while (!code.empty()
        && (code.back() == ' ' || code.back() == '\t' || code.back() == '\f' || code.back() == '\r'))
        code.remove_suffix(1);
    line.code = code;
    line.literals = &literals_;
    line.lineBreaks = &lineBreaks_;
    return true;
}

} // namespace dvmlens
