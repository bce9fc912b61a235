// SPDX-License-Identifier: MIT
// Device time summed exactly: Duration(us) as torch_npu writes it ("12.345", a few decimals) is
// read as an integer count of 10^-6 µs and added as integers, so a total is the same whatever
// order the rows are added in (a file read as ranges on several threads, merged) and costs an
// integer add a row instead of a division and a rounded add. A duration of more decimals, or
// too big for that, is added as a double apart.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dvmlens {

__extension__ typedef unsigned __int128 ExactUnits; // GCC and Clang: 2^128 of 10^-6 µs

// One duration: `units` (10^-6 µs) when it was read exactly, else `inexact` microseconds.
struct Duration
{
    std::uint64_t units = 0;
    double inexact = 0;
};

struct DurationSum
{
    ExactUnits units = 0;
    double inexact = 0;

    void add(const Duration& duration)
    {
        units += duration.units;
        inexact += duration.inexact;
    }
    void add(const DurationSum& other)
    {
        units += other.units;
        inexact += other.inexact;
    }
    double microseconds() const
    {
        return static_cast<double>(units) / 1e6 + inexact;
    }
};

// The longest Duration(us) a row may have: 10^12 µs is 11.6 days for one launch. A bigger value
// (1.7e308) is no time a device measured, and summed it would make the totals infinite.
inline constexpr double kMaxDurationUs = 1e12;
inline constexpr std::uint64_t kMaxDurationUnits = 1000000000000000000ull; // kMaxDurationUs in 10^-6 µs

// The rest of parseDuration: anything from_chars reads whole (spaces around it ignored) as a
// finite number from 0 to kMaxDurationUs, as `inexact`.
bool parseInexactDuration(std::string_view text, Duration& duration);

// A non-negative Duration(us). Digits, a point and up to 6 decimals (at most 18 digits) are read
// as units; the rest goes to parseInexactDuration. False for an empty field, text, "nan", "inf",
// a negative number or one over kMaxDurationUs.
inline bool parseDuration(std::string_view text, Duration& duration)
{
    static constexpr std::uint64_t kScale[] = { 1000000, 100000, 10000, 1000, 100, 10, 1 };
    const char* p = text.data();
    const char* const end = p + text.size();
    std::uint64_t mantissa = 0;
    for (; p < end && static_cast<unsigned char>(*p - '0') < 10; ++p)
        mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    const char* const point = p;
    if (p < end && *p == '.') {
        for (++p; p < end && static_cast<unsigned char>(*p - '0') < 10; ++p)
            mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    }
    const auto digits = (point - text.data()) + (p > point ? p - point - 1 : 0);
    const auto decimals = p > point ? p - point - 1 : 0;
    if (p != end || digits == 0 || digits > 18 || decimals > 6
        || __builtin_mul_overflow(mantissa, kScale[decimals], &duration.units))
        return parseInexactDuration(text, duration);
    duration.inexact = 0;
    return duration.units <= kMaxDurationUnits;
}

namespace detail {

// The number the first `count` (≤ 8) digits at `p` spell; 8 bytes at p are readable. The bytes
// after them are shifted out, so any may follow; eight digits are combined in three multiplies
// (as fast_float and simdjson do), not one by one.
inline std::uint64_t leadingDigits(const char* p, std::size_t count)
{
    if (count == 0)
        return 0;
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    word -= 0x3030303030303030ull; // a borrow runs only into the bytes shifted out
    word <<= 8 * (8 - count); // zeros (as leading digits) in front
    word = word * 10 + (word >> 8);
    return (((word & 0x000000FF000000FFull) * (100 + (1000000ull << 32)))
               + (((word >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32))))
        >> 32;
}

} // namespace detail

// parseDuration for a field with 32 readable bytes from its start (a row read from the reader's
// window or buffer): the usual "134.325" (up to 8 digits, a point, up to 6 decimals) is checked
// in one compare of 16 bytes and converted without a loop over its digits, whose exits the
// branch predictor cannot learn; anything else is parseDuration's, so both read the same.
inline bool parseDurationPadded(std::string_view text, Duration& duration)
{
#if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    static constexpr std::uint64_t kScale[] = { 1000000, 100000, 10000, 1000, 100, 10, 1 };
    const std::size_t size = text.size();
    if (size == 0 || size > 15)
        return parseDuration(text, duration);
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data()));
    const __m128i values = _mm_sub_epi8(bytes, _mm_set1_epi8('0'));
    const auto digitBits = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(values, _mm_set1_epi8(9)), values)));
    const auto pointBits =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('.'))));
    const unsigned used = (1u << size) - 1;
    const unsigned point = pointBits & used;
    if (((digitBits | point) & used) != used || (point & (point - 1)) != 0)
        return parseDuration(text, duration); // not digits with one point at most
    const std::size_t whole = point ? static_cast<std::size_t>(__builtin_ctz(point)) : size;
    const std::size_t decimals = point ? size - whole - 1 : 0;
    if (whole > 8 || decimals > 6 || whole + decimals == 0)
        return parseDuration(text, duration);
    duration.units = detail::leadingDigits(text.data(), whole) * 1000000
        + detail::leadingDigits(text.data() + whole + 1, decimals) * kScale[decimals];
    duration.inexact = 0;
    return true;
#else
    return parseDuration(text, duration);
#endif
}

} // namespace dvmlens
