// SPDX-License-Identifier: MIT
// The reasons of a whole index grouped by code, worst (most general level) first, with their
// counts, the ops and model source lines they hit, an example and the fix: what `dvmlens-cli why`,
// reports and the GUI's Diagnostics dock show. Decided here, so every front end says the same.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcemap.h"
#include "core/why/whyindex.h"

#include <cstddef>
#include <string>
#include <vector>

namespace dvmlens {

struct WhyModelLine
{
    std::string file;
    int line = 0;
    std::string code; // the source text of the line
    std::size_t count = 0; // kernels and calls with this reason from this line
};

struct WhyGroup
{
    std::string code;
    int rank = 0;
    LocalizedText title;
    LocalizedText fix;
    std::size_t count = 0;
    std::size_t kernels = 0;
    std::size_t fallbacks = 0;
    std::vector<std::pair<std::string, std::size_t>> ops; // op or kernel name -> count, most first
    std::vector<WhyModelLine> modelLines; // most first
    std::vector<std::string> releases; // every release any of them holds for, in table order
    std::string exampleText; // the reason of the first item, as written
    std::string examplePath; // its output_code.py
    int exampleLine = 0;
};

// Groups sorted by rank, then count. `sources` (model sources, may be null) gives the model lines.
std::vector<WhyGroup> summarizeWhy(
    const Index& index, const IndexWhy& why, const WhyRules& rules, const SourceMap* sources = nullptr);

} // namespace dvmlens
