// SPDX-License-Identifier: MIT
#include "profile/rowshortcut.h"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dvmlens {

namespace {

// The first ',' in [p, end), else end. 16 bytes a step; the 64 bytes past `end` are readable.
inline const char* commaIn(const char* p, const char* end)
{
#if defined(__SSE2__)
    const __m128i comma = _mm_set1_epi8(',');
    for (; p < end; p += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        if (const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, comma)))) {
            const char* const at = p + __builtin_ctz(mask);
            return at < end ? at : end;
        }
    }
    return end;
#else
    const void* at = std::memchr(p, ',', static_cast<std::size_t>(end - p));
    return at ? static_cast<const char*>(at) : end;
#endif
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

bool RowShortcut::matches(std::uint32_t group, std::string_view line, std::string_view* values) const
{
    if (group >= keyAt_.size() || keyAt_[group] == kNotKept)
        return false;
    const char* stored = arena_.data() + keyAt_[group];
    const char* p = line.data();
    const char* const end = p + line.size();
    bool ended = false; // the last field was the line's last
    for (const Step& step : steps_) {
        if (ended)
            return false;
        if (step.role == Role::Key) {
            std::uint32_t word;
            std::memcpy(&word, stored, 4);
            const std::size_t length = word & ~kEndsLine;
            const auto left = static_cast<std::size_t>(end - p);
            if ((word & kEndsLine) ? left != length : left < length)
                return false;
            if (!sameBytes(p, stored + 4, length))
                return false;
            p += length;
            stored += 4 + length;
            ended = (word & kEndsLine) != 0;
            continue;
        }
        if (p < end && *p == '"')
            return false; // quoted: the full path unquotes it
        const char* const comma = commaIn(p, end);
        if (step.role == Role::Value)
            *values++ = std::string_view(p, static_cast<std::size_t>(comma - p));
        ended = comma == end;
        p = ended ? end : comma + 1;
    }
    return true;
}

} // namespace dvmlens
