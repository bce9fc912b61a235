// SPDX-License-Identifier: MIT
// What changed on the compile side between run A and run B, in sentences for the compare view and report
// ("B has a new graph break at layers.py:210 (…)", "B recompiled forward …", "B's graph [0/0] came from the
// FX cache"), and the pairing of B-only graphs a new break created (its resume function's graph) with the A
// graph they came from, so they are not listed as unmatched.
#pragma once

#include "core/compile/compileevents.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

// A compile a change is about: its rank and compile id ("0/1") on side 'a' or 'b'.
struct CompileGraphRef
{
    char side = 'b';
    std::optional<std::int64_t> rank;
    std::string id;

    bool operator==(const CompileGraphRef&) const = default;
};

struct CompileChange
{
    // "new-break", "gone-break", "more-recompiles", "fewer-recompiles", "cache", "new-failure",
    // "fixed-failure"
    std::string kind;
    std::string sentence;
    // The compiles it is about, so a front end can say it under their graphs: the frames that break and
    // the resume graphs after the break, every compile of a frame that recompiles, the graph of a cache
    // or failure change.
    std::vector<CompileGraphRef> graphs;
};

struct BreakPairing
{
    std::optional<std::int64_t> rank;
    std::string bId; // the B-only graph (a resume function's compile)
    std::string aId; // the A graph of the function it split off from
    std::string resumeFunction;
    std::string breakLocation; // "layers.py:210"
};

struct CompileComparison
{
    std::vector<CompileChange> changes;
    std::vector<BreakPairing> pairings;
};

CompileComparison compareCompile(const std::vector<CompileLog>& a, const std::vector<CompileLog>& b);

// {"changes": [{"kind", "sentence"}], "pairs": [{"rank", "b", "a", "resume_function", "break"}]}
nlohmann::json compileComparisonJson(const CompileComparison& comparison);

} // namespace dvmlens
