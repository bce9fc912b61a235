// SPDX-License-Identifier: MIT
// What a known-failure rule found: the rule's text, where, and how sure.
#pragma once

#include "core/rules/rulebook.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

enum class Confidence
{
    Medium,
    High
};
std::string_view confidenceName(Confidence confidence); // "medium", "high"

struct Finding
{
    RuleText rule;
    Confidence confidence = Confidence::Medium;
    std::string path; // the log, output_code.py or folder it points at
    std::optional<int> line; // 1-based, when it points at a line
    int occurrences = 1; // matches of this rule in this file (the first is reported)
    std::string excerpt; // the matching log line (valid UTF-8, shortened), or what the tree shows
    // Where it belongs in the Index: a graph (run and graph set), a run (run set), or the tree.
    std::optional<std::size_t> run;
    std::optional<std::size_t> graph;
};

} // namespace dvmlens
