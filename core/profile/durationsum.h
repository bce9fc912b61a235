// SPDX-License-Identifier: MIT
// Device time summed exactly: Duration(us) as torch_npu writes it ("12.345", a few decimals) is
// read as an integer count of 10^-6 µs and added as integers, so a total is the same whatever
// order the rows are added in (a file read as ranges on several threads, merged) and costs an
// integer add a row instead of a division and a rounded add. A duration of more decimals, or
// too big for that, is added as a double apart.
#pragma once

#include <cstdint>
#include <string_view>

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

// The rest of parseDuration: anything from_chars reads whole (spaces around it ignored) as a
// finite number >= 0, as `inexact`.
bool parseInexactDuration(std::string_view text, Duration& duration);

// A non-negative Duration(us). Digits, a point and up to 6 decimals (at most 18 digits) are read
// as units; the rest goes to parseInexactDuration. False for an empty field, text, "nan", "inf"
// or a negative number.
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
    return true;
}

} // namespace dvmlens
