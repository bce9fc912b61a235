// SPDX-License-Identifier: MIT
#include "profile/rowshortcut.h"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dvmlens {

namespace {

// The bits of the ',' and of the LF bytes among the kWindow (16) at `p`, none at or past `limit`:
// the fields between key spans are short, so a small window wastes the least.
constexpr std::size_t kWindow = 16;
inline void separatorsAt(const char* p, const char* limit, std::uint32_t& separators, std::uint32_t& newlines)
{
#if defined(__SSE2__)
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i isNewline = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n'));
    const __m128i isSeparator = _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(',')), isNewline);
    std::uint32_t any = static_cast<std::uint32_t>(_mm_movemask_epi8(isSeparator));
    std::uint32_t lf = static_cast<std::uint32_t>(_mm_movemask_epi8(isNewline));
#else
    std::uint32_t any = 0, lf = 0;
    for (std::size_t i = 0; i < kWindow; ++i) {
        lf |= std::uint32_t(p[i] == '\n') << i;
        any |= std::uint32_t(p[i] == ',' || p[i] == '\n') << i;
    }
#endif
    const auto left = static_cast<std::size_t>(limit - p);
    if (left < kWindow) {
        any &= (std::uint32_t(1) << left) - 1;
        lf &= (std::uint32_t(1) << left) - 1;
    }
    separators = any;
    newlines = lf;
}

// a[0, n) == b[0, n), 16 bytes a step; 16 bytes past both are readable.
inline bool sameBytes(const char* a, const char* b, std::size_t n)
{
#if defined(__SSE2__)
    std::size_t at = 0;
    __m128i equal = _mm_set1_epi8(-1);
    for (; at + 16 <= n; at += 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + at));
        const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + at));
        equal = _mm_and_si128(equal, _mm_cmpeq_epi8(x, y));
    }
    if (_mm_movemask_epi8(equal) != 0xffff)
        return false;
    if (at == n)
        return true;
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + at));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + at));
    const unsigned used = (1u << (n - at)) - 1;
    return (static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))) & used) == used;
#else
    return std::memcmp(a, b, n) == 0;
#endif
}

} // namespace

void RowShortcut::setRoles(const std::vector<Role>& roles)
{
    steps_.clear();
    arena_.clear();
    keyAt_.clear();
    columnCount_ = roles.size();
    for (const Role role : roles) {
        const bool key = role == Role::Key;
        if (steps_.empty() || steps_.back().key != key || (!key && steps_.back().columns == 64))
            steps_.push_back(Step { key, 0, 0 });
        Step& step = steps_.back();
        if (role == Role::Value)
            step.values |= std::uint64_t(1) << step.columns;
        ++step.columns;
    }
}

void RowShortcut::remember(std::uint32_t group, std::string_view line)
{
    if (group < keyAt_.size() && keyAt_[group] != kNotKept)
        return;
    // Where each column starts, and whether it is the line's last, cut as splitCsvLine cuts.
    std::vector<const char*> starts;
    starts.reserve(columnCount_ + 1);
    const char* p = line.data();
    const char* const end = p + line.size();
    bool ended = false;
    for (std::size_t column = 0; column < columnCount_; ++column) {
        if (ended)
            return; // too few fields: the full path reported the row
        starts.push_back(p);
        const char* from = p;
        if (p < end && *p == '"') {
            const char* close = p + 1;
            for (;;) {
                close =
                    static_cast<const char*>(std::memchr(close, '"', static_cast<std::size_t>(end - close)));
                if (!close)
                    return; // unterminated
                if (close + 1 < end && close[1] == '"') {
                    close += 2;
                    continue;
                }
                break;
            }
            from = close + 1;
        }
        const void* comma = std::memchr(from, ',', static_cast<std::size_t>(end - from));
        if (comma) {
            p = static_cast<const char*>(comma) + 1;
        } else {
            p = end;
            ended = true;
        }
    }
    starts.push_back(p);
    if (keyAt_.size() <= group)
        keyAt_.resize(group + 1, kNotKept);
    if (arena_.empty())
        arena_.assign(kPadding, '\0');
    arena_.resize(arena_.size() - kPadding); // the padding moves past the new bytes
    keyAt_[group] = arena_.size();
    std::size_t column = 0;
    for (const Step& step : steps_) {
        if (step.key) {
            const char* const first = starts[column];
            const char* const last = starts[column + step.columns];
            auto length = static_cast<std::uint32_t>(last - first);
            const bool endsLine = ended && column + step.columns == columnCount_;
            const std::uint32_t word = length | (endsLine ? kEndsLine : 0);
            arena_.append(reinterpret_cast<const char*>(&word), 4);
            arena_.append(first, length);
        }
        column += step.columns;
    }
    arena_.append(kPadding, '\0');
}

const char* RowShortcut::matchRow(
    std::uint32_t group, const char* p, const char* limit, std::string_view* values) const
{
    if (group >= keyAt_.size() || keyAt_[group] == kNotKept)
        return nullptr;
    const char* stored = arena_.data() + keyAt_[group];
    const char* lineEnd = nullptr; // the row's LF, once a field has ended the line
    // The separators (',' and LF) of the kWindow bytes at windowAt, those before p cleared: the short
    // fields of a run (Start Time, Duration, Wait Time, Block Num) are taken one set bit after the
    // other, so finding the next one does not wait on the one before.
    const char* windowAt = p;
    bool windowRead = false;
    std::uint32_t separators = 0;
    std::uint32_t newlines = 0;
    for (const Step& step : steps_) {
        // (Only the last step can end the line: a kept row has every column, and a run that
        // meets the LF early says no.)
        if (step.key) {
            std::uint32_t word;
            std::memcpy(&word, stored, 4);
            const std::size_t length = word & ~kEndsLine;
            if (length > static_cast<std::size_t>(limit - p) || !sameBytes(p, stored + 4, length))
                return nullptr;
            // Kept bytes come from a line, so equal ones hold no LF. Those that do not end the line
            // end with the comma after their last column.
            p += length;
            stored += 4 + length;
            if (word & kEndsLine) {
                // The line ends here: LF, or CRLF (the line's CR is not part of its last field).
                if (p < limit && *p == '\n' && !(length > 0 && p[-1] == '\r'))
                    lineEnd = p;
                else if (limit - p >= 2 && p[0] == '\r' && p[1] == '\n')
                    lineEnd = p + 1;
                else
                    return nullptr;
            }
            continue;
        }
        // A run of fields: from the window when p is in it, else from a new one at p.
        std::uint32_t bits = 0;
        if (const auto offset = static_cast<std::size_t>(p - windowAt); windowRead && offset < kWindow)
            bits = separators & (~std::uint32_t(0) << offset);
        std::uint64_t valueBits = step.values;
        for (std::uint32_t left = step.columns; left > 0; --left, valueBits >>= 1) {
            if (*p == '"')
                return nullptr; // quoted: the full path unquotes it (p <= limit: a readable byte)
            while (!bits) {
                windowAt = windowRead && windowAt + kWindow > p ? windowAt + kWindow : p;
                windowRead = true;
                if (windowAt >= limit)
                    return nullptr; // the buffer ends inside the field
                separatorsAt(windowAt, limit, separators, newlines);
                bits = separators;
            }
            const std::uint32_t lowest = bits & (0 - bits);
            bits ^= lowest;
            const char* const separator = windowAt + __builtin_ctz(lowest);
            const char* valueEnd = separator;
            if (lowest & newlines) {
                if (left > 1 || &step != &steps_.back())
                    return nullptr; // too few fields: the full path reports the row
                lineEnd = separator;
                if (separator > p && separator[-1] == '\r')
                    --valueEnd; // CRLF
            }
            if (valueBits & 1)
                *values++ = std::string_view(p, static_cast<std::size_t>(valueEnd - p));
            p = separator + 1;
        }
    }
    if (!lineEnd) {
        // The LF: in the window when one follows p there, else looked for.
        const auto offset = static_cast<std::size_t>(p - windowAt);
        const std::uint32_t after =
            windowRead && offset < kWindow ? newlines & (~std::uint32_t(0) << offset) : 0;
        lineEnd = after ? windowAt + __builtin_ctz(after)
                        : static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(limit - p)));
    }
    return lineEnd ? lineEnd + 1 : nullptr;
}

} // namespace dvmlens
