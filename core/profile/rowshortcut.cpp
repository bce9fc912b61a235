// SPDX-License-Identifier: MIT
#include "profile/rowshortcut.h"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dvmlens {

namespace {

#if defined(__SSE2__)
// Bits of the bytes equal to `a` or `b` among the 64 at `p`.
inline std::uint64_t bytesOf64(const char* p, char a, char b)
{
    const __m128i first = _mm_set1_epi8(a);
    const __m128i second = _mm_set1_epi8(b);
    std::uint64_t bits = 0;
    for (int i = 0; i < 4; ++i) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
        const __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(bytes, first), _mm_cmpeq_epi8(bytes, second));
        bits |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(hit))) << (16 * i);
    }
    return bits;
}
#else
inline std::uint64_t bytesOf64(const char* p, char a, char b)
{
    std::uint64_t bits = 0;
    for (int i = 0; i < 64; ++i)
        bits |= std::uint64_t(p[i] == a || p[i] == b) << i;
    return bits;
}
#endif

// The ',' and LF bytes of the 64 at `p`, none at or past `limit`.
inline std::uint64_t separators(const char* p, const char* limit)
{
    const std::uint64_t bits = bytesOf64(p, ',', '\n');
    const auto left = static_cast<std::size_t>(limit - p);
    return left >= 64 ? bits : bits & ((std::uint64_t(1) << left) - 1);
}

// The first LF in [p, limit), else null.
inline const char* newlineIn(const char* p, const char* limit)
{
    for (; p < limit; p += 64) {
        std::uint64_t bits = bytesOf64(p, '\n', '\n');
        const auto left = static_cast<std::size_t>(limit - p);
        if (left < 64)
            bits &= (std::uint64_t(1) << left) - 1;
        if (bits)
            return p + __builtin_ctzll(bits);
    }
    return nullptr;
}

// a[0, n) == b[0, n); 64 bytes past both are readable.
inline bool sameBytes(const char* a, const char* b, std::size_t n)
{
#if defined(__SSE2__)
    for (std::size_t at = 0; at < n; at += 64) {
        std::uint64_t equal = 0;
        for (int i = 0; i < 4; ++i) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + at + 16 * i));
            const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + at + 16 * i));
            equal |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))))
                << (16 * i);
        }
        const std::size_t left = n - at;
        const std::uint64_t used = left >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << left) - 1;
        if (~equal & used)
            return false;
    }
    return true;
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
        if (role == Role::Key && !steps_.empty() && steps_.back().role == Role::Key)
            ++steps_.back().columns;
        else
            steps_.push_back(Step { role, 1 });
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
        if (step.role == Role::Key) {
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
    // The separators (',' and LF) of the 64 bytes at windowAt: the short fields between two key
    // spans (Start Time, Duration, Wait Time, Block Num) are found in one window, no loop per field.
    const char* windowAt = p;
    std::uint64_t window = 0;
    for (const Step& step : steps_) {
        if (lineEnd)
            return nullptr; // too few fields: the full path reports the row
        if (step.role == Role::Key) {
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
        if (p >= limit || *p == '"')
            return nullptr; // not all here yet, or quoted: the full path unquotes it
        // The next separator: in the window when it reaches that far, else in new windows from p.
        const char* separator;
        const auto offset = static_cast<std::size_t>(p - windowAt);
        if (const std::uint64_t bits = offset < 64 ? window >> offset : 0) {
            separator = p + __builtin_ctzll(bits);
        } else {
            for (windowAt = p; !(window = separators(windowAt, limit));) {
                windowAt += 64;
                if (windowAt >= limit)
                    return nullptr; // the buffer ends inside the field
            }
            separator = windowAt + __builtin_ctzll(window);
        }
        const char* valueEnd = separator;
        if (*separator == '\n') {
            lineEnd = separator;
            if (separator > p && separator[-1] == '\r')
                --valueEnd; // CRLF
        }
        if (step.role == Role::Value)
            *values++ = std::string_view(p, static_cast<std::size_t>(valueEnd - p));
        p = separator + 1;
    }
    if (!lineEnd)
        lineEnd = newlineIn(p, limit);
    return lineEnd ? lineEnd + 1 : nullptr;
}

} // namespace dvmlens
