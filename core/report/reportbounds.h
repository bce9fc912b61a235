// SPDX-License-Identifier: MIT
// Reports that fit an issue tracker. Unless --full, a report (any format) is cut to fit
// kMaxReportBytes: graphs identical on every rank (ranks/rankconsistency.h) are shown once, at the
// first rank, naming the runs; every not-engaged or divergent graph is shown; each graph's DVM
// kernel table, kernel source excerpts and fallback calls are cut with a count of what was left
// out. The cuts get tighter level by level (reportBoundLevels; JSON is tried on one line before the
// next) until the report fits; the writers
// say what each cut left out ("… and 312 more DVM kernels; --full lists them").
#pragma once

#include "core/report/reportmodel.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace dvmlens {

inline constexpr std::size_t kMaxReportBytes = 5'000'000;

struct ReportBounds
{
    std::size_t dvmKernelsPerGraph = 0; // rows of a graph's DVM kernel table
    std::size_t excerptsPerGraph = 0; // of those, how many show their builder source
    std::size_t fallbacksPerGraph = 0;
    // Known failures listed per rule (the first found, rank 0's first); the rest are counted.
    std::size_t findingsPerRule = 0;
    // Rows of the graphs tables, cut only by the last levels (trees of tens of thousands of
    // graphs), each run's cut rows said in one count line under its table:
    bool foldedRows = true; // rows of graphs folded into another rank's
    bool engagedRows = true; // rows of engaged graphs that are not divergent
    std::size_t rowsPerRun = SIZE_MAX; // rows a run keeps at most, in graph order
    bool graphSections = true; // the per-graph DVM kernel and fallback call sections
    std::size_t treeProblems = SIZE_MAX; // rows of "Problems reading the tree"
};

// Loosest first; the last shows counts only.
const std::vector<ReportBounds>& reportBoundLevels();

// Which graphs fold into which: by run, then graph position, of `index`.
struct ReportFold
{
    bool folded = false; // shown at (intoRun, intoGraph) instead
    std::size_t intoRun = 0;
    std::size_t intoGraph = 0;
    std::vector<std::size_t> identicalRuns; // on the graph shown: every run holding it, rank order
    std::string identicalRanks; // "ranks 0–7"
    int intoRank = -1; // of a folded graph: the rank of (intoRun)
    bool divergent = false; // its graph key's ranks do not all agree (rankconsistency.h)
};
// Graphs of a key identical on every rank (one folder per rank, none missing, not "not engaged")
// fold into the first rank's. Nothing folds with fewer than two ranks.
std::vector<std::vector<ReportFold>> identicalRankFolds(const Index& index);

// Cuts every graph's lists to `bounds` in place (a tighter level after a looser one cuts further),
// counting what was left out in the graphs and the model's totals.
void applyReportBounds(ReportModel& model, const ReportBounds& bounds);

// The line under a run's graphs table when rows were cut, empty otherwise: "… and 312 more graphs
// (the same as rank 0's); --full lists them" (the words in brackets when every cut row is folded
// into that rank).
std::string graphRowsLeftOutText(const ReportRun& run, ReportLanguage language = ReportLanguage::English);

// "ranks 0–7 identical (run_a, run_b, …): shown once" on the graph shown for its ranks; empty
// on every other graph.
std::string identicalRanksText(const ReportModel& model, const ReportGraph& graph);
// The report's note on its bounds, empty when nothing was cut: "Bounded report: 315 graphs
// identical on every rank are shown once; 1234 DVM kernels and 56 fallback calls are not listed.
// --full lists everything."
std::string boundsNote(const ReportModel& model);

// The one line a writer shows under a cut list: "… and 312 more DVM kernels; --full lists them".
// In Chinese: "… 另有 312 个 DVM 内核未列出；--full 会全部列出" (the nouns are reportText's).
std::string leftOutText(ReportLanguage language, std::size_t count, const char* singular, const char* plural);

} // namespace dvmlens
