// SPDX-License-Identifier: MIT
// Repeated lines bounded per kind: every front end lists the first few of a kind (a diagnostic
// code, a verdict) and counts the rest in one "… and N more" line, so a tree of a million empty
// graph folders prints a screenful, not 444 MB (issue 30). The index keeps every diagnostic; only
// the printers (scan text and JSON, check, report) go through this.
#pragma once

#include "core/model/model.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace dvmlens {

class RepeatBound
{
public:
    static constexpr std::size_t kListedPerKind = 20;

    explicit RepeatBound(std::size_t listedPerKind = kListedPerKind);

    // True while fewer than the bound of `kind` were listed (the caller lists this one); otherwise
    // counts it as left out.
    bool list(std::string_view kind);

    // Kind → how many were not listed, in kind order; empty when nothing was left out.
    const std::map<std::string, std::size_t, std::less<>>& leftOut() const
    {
        return m_leftOut;
    }

    // One line (with a final newline) a left-out kind, prefixed by `indent`: "… and 999,980 more
    // graph folders without output_code.py".
    std::string moreLines(std::string_view indent) const;

private:
    std::size_t m_listedPerKind;
    std::map<std::string, std::size_t, std::less<>> m_listed;
    std::map<std::string, std::size_t, std::less<>> m_leftOut;
};

// A graph whose line repeats: a folder without output_code.py whose only diagnostic says so
// ("missing-output-code", the kind it is counted under); empty for every other graph, which is
// always listed.
std::string_view repeatedGraphKind(const Graph& graph);

// "999,980": a count with thousands separators.
std::string groupedCount(std::size_t count);

// "… and 999,980 more graph folders without output_code.py", "… and 3 more [binary-file]
// diagnostics": what a left-out kind is, in words.
std::string moreLine(std::string_view kind, std::size_t count);

} // namespace dvmlens
