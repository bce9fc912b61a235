// SPDX-License-Identifier: MIT
// The rows of kernel_details.csv to launch groups (profile.h): every row looks its group up, so
// this is the reader's hot path. Keys live in one flat arena (a group's five parts side by side),
// not in the groups' own strings, so a lookup touches one or two cache lines; and as a profile
// repeats the same launch order step after step, the group that followed the previous row's group
// last time is tried first (its key prefetched while the row before is still being read), so most
// rows cost one comparison and no hashing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// What tells launch groups apart: Name, Type, Accelerator Core, Input Shapes, Input Data Types.
using LaunchKey = std::array<std::string_view, 5>;

class LaunchGroupTable
{
public:
    static constexpr std::uint32_t kNone = UINT32_MAX;

    // The group of `key` (0, 1, 2… in order of first sight); `added` tells whether it is new.
    // `padded`: 64 bytes after each part of `key` are readable (a line of CsvFile::forEachLine),
    // so parts are compared 64 bytes at a time.
    std::uint32_t groupOf(const LaunchKey& key, bool& added, bool padded);

    std::size_t size() const
    {
        return keyAt_.size();
    }

    // The groups the launch order predicts for the next row, best first (kNone when there is
    // none): the one that came after the same rows last time (the launch order of a step repeats;
    // a name that repeats across graphs makes the previous row alone too little context), then the
    // one that followed the previous row's group last time. When the caller has checked the row is
    // one of them (RowShortcut), confirm does groupOf's bookkeeping for it.
    // (Inline: both run for every row.)
    std::array<std::uint32_t, 2> predicted() const;
    void confirm(std::uint32_t group);

private:
    static std::uint64_t hash(const LaunchKey& key);
    bool matches(std::uint32_t group, const LaunchKey& key) const;
    std::uint32_t find(const LaunchKey& key, std::uint64_t h) const;
    std::uint32_t add(const LaunchKey& key, std::uint64_t h);
    void place(std::uint64_t h, std::uint32_t group);
    void grow();

    struct Slot
    {
        std::uint64_t hash = 0;
        std::uint32_t group = kNone;
    };
    std::vector<Slot> slots_; // open addressing, a power of two long
    std::size_t mask_ = 0;
    std::string arena_; // per group: for each part its length (4 bytes) and bytes
    std::vector<std::size_t> keyAt_; // by group: where its key starts in arena_
    std::vector<std::uint32_t> next_; // by group: the group of the row after it, last time
    std::uint32_t last_ = kNone; // the previous row's group
    // The groups of the last kHistory rows (a ring), each group's last row, and the row of the
    // history whose group is predicted next: it moves one row on while the order repeats, and
    // back to the row after the group's previous launch when it does not.
    static constexpr std::size_t kHistory = std::size_t(1) << 17;
    std::vector<std::uint32_t> history_; // grows to kHistory (a small file allocates little)
    std::vector<std::uint64_t> lastRow_; // by group
    std::uint64_t rows_ = 0;
    std::uint64_t cursor_ = 0;
    bool rowPadded_ = false; // the key being looked up may be read 64 bytes past each part
    static constexpr std::size_t kPadding = 64; // zero bytes kept after the last key in arena_
};

inline std::array<std::uint32_t, 2> LaunchGroupTable::predicted() const
{
    if (last_ == kNone)
        return { kNone, kNone };
    const bool inHistory = cursor_ < rows_ && rows_ - cursor_ <= kHistory;
    const std::uint32_t byHistory = inHistory ? history_[cursor_ & (kHistory - 1)] : kNone;
    const std::uint32_t byLast = next_[last_];
    if (byHistory == kNone || byHistory == byLast)
        return { byLast, kNone };
    return { byHistory, byLast };
}

inline void LaunchGroupTable::confirm(std::uint32_t group)
{
    const bool inHistory = cursor_ < rows_ && rows_ - cursor_ <= kHistory;
    if (inHistory && history_[cursor_ & (kHistory - 1)] == group)
        ++cursor_;
    else
        cursor_ = group < lastRow_.size() ? lastRow_[group] + 1 : rows_ + 1; // past the end: none
    if (lastRow_.size() <= group)
        lastRow_.resize(group + 1);
    lastRow_[group] = rows_;
    if (history_.size() < kHistory)
        history_.push_back(group);
    else
        history_[rows_ & (kHistory - 1)] = group;
    ++rows_;
    if (last_ != kNone)
        next_[last_] = group;
    last_ = group;
}

} // namespace dvmlens
