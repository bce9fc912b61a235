// SPDX-License-Identifier: MIT
// What a report reads again from the tree once it is indexed: each shown graph's DVM kernels with
// their source excerpts (and their kernel bodies, when the index holds the file without them:
// IndexOptions::kernelBodyBudget) and its fallback calls with their lines, and the model sources
// summed over every graph. One graph at a time, so memory holds one graph's files and sources,
// never the whole tree's SourceMap: a folder's graphs on `jobs` threads, an archive's in archive
// order on one thread with each graph's files read ahead (archive/archiveprefetch.h), which costs
// one pass over the archive for the whole report.
#pragma once

#include "core/report/reportmodel.h"

#include <cstddef>
#include <optional>

namespace dvmlens {

struct ReportReading
{
    std::size_t maxExcerpts = SIZE_MAX; // DVM kernels of a graph whose source is read
    std::size_t keepExcerpts = SIZE_MAX; // of those, how many keep it (the others: sourceLeftOut)
    std::size_t maxKernelBodies = SIZE_MAX; // DVM kernels of a graph whose ops, inputs and outputs are kept
    bool modelSources = false; // sum the model sources of every graph (folded ones too)
    int jobs = 0; // threads for a folder; 0: one per core
};

// Fills dvmKernels and fallbacks of every graph of `model.runs` that is not folded (they must be
// empty), and returns the model sources' summary when `reading.modelSources`.
std::optional<SourceSummary> readReportGraphs(ReportModel& model, const ReportReading& reading);

// readReportGraphs as `input` asks: the model sources summed when `input.modelSources`, or taken
// from `input.sources` when the caller holds them (the graph folders are then not read for them).
void readReportGraphsOf(const ReportInput& input, ReportModel& model, ReportReading reading);

// The same lists without reading anything: every DVM kernel and fallback call as the index holds
// it, no source. A report at least as long as this one would be, so a bounds level this does not
// fit in is skipped before anything is read.
void listReportGraphsUnread(ReportModel& model);
// Empties what readReportGraphs or listReportGraphsUnread filled (and the counts of what the
// bounds cut from it), to fill it again.
void clearReportGraphLists(ReportModel& model);

} // namespace dvmlens
