// SPDX-License-Identifier: MIT
#include "core/profile/rowshortcut.h"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if DVMLENS_ROWSHORTCUT_AVX2
#include <immintrin.h>
#endif

namespace dvmlens {

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

// The portable matcher: built everywhere (on processors without SSE2 it is the baseline's).
#define DVMLENS_ROWMATCH_FUNCTION matchRowPortable
#define DVMLENS_ROWMATCH_NAMESPACE rowmatchportable
#define DVMLENS_ROWMATCH_KIND 0
#include "core/profile/rowmatch.inc"

#if defined(__SSE2__)
// The baseline of every x86-64.
#define DVMLENS_ROWMATCH_FUNCTION matchRowSse2
#define DVMLENS_ROWMATCH_NAMESPACE rowmatchsse2
#define DVMLENS_ROWMATCH_KIND 1
#include "core/profile/rowmatch.inc"
#endif

#if DVMLENS_ROWSHORTCUT_AVX2
// The same, built for AVX2 whatever the build's baseline (only these functions; what they call
// from headers stays the baseline's): 8 % less CPU on the bench profile.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
#define DVMLENS_ROWMATCH_FUNCTION matchRowAvx2
#define DVMLENS_ROWMATCH_NAMESPACE rowmatchavx2
#define DVMLENS_ROWMATCH_KIND 2
#include "core/profile/rowmatch.inc"
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

bool RowShortcut::processorHasAvx2()
{
#if DVMLENS_ROWSHORTCUT_AVX2
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
#else
    return false;
#endif
}

RowShortcut::Matcher RowShortcut::matcherFor(RowCompares compares)
{
#if DVMLENS_ROWSHORTCUT_AVX2
    if (compares == RowCompares::Widest && processorHasAvx2())
        return Matcher::Avx2;
#endif
#if defined(__SSE2__)
    if (compares != RowCompares::Portable)
        return Matcher::Sse2;
#endif
    return Matcher::Portable;
}

const char* RowShortcut::matchRow(
    std::uint32_t group, const char* row, const char* limit, std::string_view* values) const
{
    switch (matcher_) {
#if DVMLENS_ROWSHORTCUT_AVX2
    case Matcher::Avx2:
        return matchRowAvx2(group, row, limit, values);
#endif
#if defined(__SSE2__)
    case Matcher::Sse2:
        return matchRowSse2(group, row, limit, values);
#endif
    default:
        return matchRowPortable(group, row, limit, values);
    }
}

} // namespace dvmlens
