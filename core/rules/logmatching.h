// SPDX-License-Identifier: MIT
// Log matching: one log streamed once through every log rule of a rule book. Regexes run in RE2,
// whose time is linear in the line whatever the pattern (a user rule like (a+)+$ cannot stall a
// 200 MB log), and lines are cut at 64 KiB by the reader, so a log costs time linear in its size.
#pragma once

#include "core/io/container.h"
#include "core/rules/finding.h"
#include "core/rules/rulebook.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// Whether one line matches one pattern (substring, case-folded substring or regex).
bool patternMatches(const TextPattern& pattern, std::string_view line);

struct RuleProgress; // one log rule's progress through a file (logmatching.cpp)

// The log rules of a book fed one line at a time, in order, then asked what they found.
class LogMatcher
{
public:
    explicit LogMatcher(const RuleBook& rules);
    ~LogMatcher();
    LogMatcher(const LogMatcher&) = delete;
    LogMatcher& operator=(const LogMatcher&) = delete;

    bool empty() const; // the book has no log rules
    void line(std::int64_t number, std::string_view text); // 1-based; without its line break
    std::vector<Finding> findings(const std::string& path) const; // one per rule that matched

private:
    std::vector<RuleProgress> m_progress;
};

// Streams one log and returns one finding per matching log rule (first high-confidence match,
// else the first match), read through `files`. Returns nullopt with `error` when the file cannot be read (not
// a regular file, outside `tree`, …).
std::optional<std::vector<Finding>> scanLogForKnownFailures(const Container& files, const std::string& path,
    const RuleBook& rules, std::string& error, const std::string& tree = {});

} // namespace dvmlens
