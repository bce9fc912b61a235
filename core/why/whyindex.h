// SPDX-License-Identifier: MIT
// Why not DVM for a whole index: every graph's reasons (whyexplain.h) with its run's recorded
// environment, found in one more read of the output_code.py files (in archive order from an
// archive), and the counts per reason code that scan --json, `why` and reports print.
#pragma once

#include "core/model/model.h"
#include "core/why/whyexplain.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct IndexWhy
{
    // graphs[r][g]: the reasons of index.runs[r].graphs[g] (null: no parsed output_code.py).
    std::vector<std::vector<std::optional<GraphWhy>>> graphs;
    std::vector<WhyEnvironment> environments; // per run
    std::vector<Diagnostic> problems; // output_code.py files that could not be read again

    const GraphWhy* graph(std::size_t run, std::size_t graph) const;
};

// `jobs` threads (0: one per core).
IndexWhy explainIndex(const Index& index, const WhyRules& rules, int jobs = 0);

// What telling why needs besides each graph's file: the rule table and every run's recorded
// environment, read once. scan --json explains each graph from the text its rereads already read
// (json/scanrereads.h), so the output_code.py files are read once, not twice.
struct WhyContext
{
    const WhyRules* rules = nullptr;
    std::vector<WhyEnvironment> environments; // per run
};
WhyContext whyContext(const Index& index, const WhyRules& rules);

// Reason code -> how many kernels and fallback calls have it.
using WhyCounts = std::map<std::string, std::size_t>;
void addWhyCounts(const GraphWhy& why, WhyCounts& counts);
WhyCounts runWhyCounts(const IndexWhy& why, std::size_t run);
WhyCounts treeWhyCounts(const IndexWhy& why);

} // namespace dvmlens
