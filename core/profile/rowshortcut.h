// SPDX-License-Identifier: MIT
// The profile reader's shortcut for the usual row of kernel_details.csv: a launch of the group the
// launch order predicts (LaunchGroupTable::predicted). Instead of cutting every column the join
// uses and comparing five decoded parts, the row's bytes are compared, span of key columns by span,
// with the bytes of that group's first row, and only the columns between them are cut (to reach
// Duration(us) and Step Id), in the same pass that finds the line's end. Equal bytes from the start
// of a field parse to equal fields, so a match is that group; anything else (another group, other quoting or
// spacing, a quoted value column, too few fields) says no, and the row takes the full path, which decides and
// reports as before.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// GCC and Clang build functions for AVX2 on any x86-64 baseline (RowShortcut::matchRowAvx2).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define DVMLENS_ROWSHORTCUT_AVX2 1
#else
#define DVMLENS_ROWSHORTCUT_AVX2 0
#endif

namespace dvmlens {

// The byte compares the row shortcut runs on. Widest: AVX2 where the processor has it, else the
// baseline; Baseline: the build's (SSE2 on x86-64, else Portable); Portable: 8 bytes a step in
// plain C++, what processors without SSE2 run (the aarch64 of Kunpeng hosts), built everywhere
// so the tests run it too. Every kind takes the same rows.
enum class RowCompares : std::uint8_t
{
    Widest,
    Baseline,
    Portable,
};

class RowShortcut
{
public:
    enum class Role : std::uint8_t
    {
        Skip, // cut past, never looked at
        Key, // part of the launch group's key: compared as bytes
        Value, // cut and handed back, in column order
    };

    // `roles` of the columns 0 … n-1, n being the fields the reader cuts per row.
    void setRoles(const std::vector<Role>& roles);

    void setCompares(RowCompares compares)
    {
        matcher_ = matcherFor(compares);
    }

    // Keeps the key bytes of `line` (a row of `group`, the first one seen; later calls for the same
    // group change nothing). A line the full path could not cut is not kept.
    void remember(std::uint32_t group, std::string_view line);

    // The row starting at `row`, read straight from the file's buffer ([row, limit) holds file
    // bytes, 64 readable bytes follow `limit`): when its line (up to the LF, a CR before it
    // dropped) has the kept key bytes of `group`, returns the byte past its LF, values[0…] being
    // its Value columns (views into the row); otherwise null. It says yes exactly where the line,
    // cut by CsvFile::forEachLine, would match, so a row it declines takes the full path unchanged.
    const char* matchRow(
        std::uint32_t group, const char* row, const char* limit, std::string_view* values) const;

private:
    // matchRow built for each kind of compares from rowmatch.inc; matchRow calls matcher_'s.
    enum class Matcher : std::uint8_t
    {
        Portable,
        Sse2,
        Avx2,
    };
    static Matcher matcherFor(RowCompares compares);
    static bool processorHasAvx2();
    const char* matchRowPortable(
        std::uint32_t group, const char* row, const char* limit, std::string_view* values) const;
    const char* matchRowSse2(
        std::uint32_t group, const char* row, const char* limit, std::string_view* values) const;
    const char* matchRowAvx2(
        std::uint32_t group, const char* row, const char* limit, std::string_view* values) const;

    struct Step
    {
        Role role = Role::Skip;
        std::uint32_t columns = 1; // a Key step: that many consecutive key columns
    };
    std::vector<Step> steps_; // the columns, consecutive key columns folded into one step
    std::size_t columnCount_ = 0;
    // Per group: for each Key step its byte length (bit 31: it ends the line; else the bytes end
    // with the comma after its last column) and the bytes; kPadding zero bytes after the last.
    std::string arena_;
    std::vector<std::uint64_t> keyAt_; // by group; kNotKept when none
    static constexpr std::uint64_t kNotKept = UINT64_MAX;
    static constexpr std::size_t kPadding = 64;
    static constexpr std::uint32_t kEndsLine = std::uint32_t(1) << 31;
    Matcher matcher_ = matcherFor(RowCompares::Widest);
};

} // namespace dvmlens
