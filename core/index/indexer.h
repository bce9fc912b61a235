// SPDX-License-Identifier: MIT
// The whole pipeline for one path: scan the tree and parse every output_code.py in parallel with it.
#pragma once

#include "model/model.h"
#include "parse/outputcodeparser.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>

namespace dvmlens {

struct IndexOptions
{
    int jobs = 0; // worker threads; 0 = one per core
    // Called from worker threads, one call at a time: (1, total), (2, total) … in order. buildIndex
    // parses while it walks, so the first call waits for the walk's end (when the total is known).
    std::function<void(int done, int total)> progress;
    const std::atomic<bool>* cancel = nullptr; // when it becomes true, workers stop early
    // How much of each DVM kernel to keep (outputcodeparser.h). With Full and a budget, the files
    // parsed once the kernel bodies held pass `kernelBodyBudget` bytes are kept as Summary
    // (OutputCode::kernelBodies false), so a tree of 100k kernels stays within memory; a writer
    // that needs their bodies reads them again (kernelbodies.h). 0: no budget.
    KernelDetail kernelDetail = KernelDetail::Full;
    std::size_t kernelBodyBudget = 0;
};

// Scans `path` (see scanTree) and parses every output_code.py found, starting as soon as the walk
// finds the first one. The result equals scanTree followed by parseOutputCodes. Returns nullopt
// with `error` set when `path` is missing or unreadable. When cancelled, returns what was done so
// far with an Info diagnostic "cancelled".
std::optional<Index> buildIndex(const std::string& path, const IndexOptions& options, std::string& error);

// Parses every output_code.py that `index` names (graphs whose outputCode has only a path) and
// moves the file diagnostics to their graph: after this, every diagnostic about a graph is in
// Graph::diagnostics (scanner's first, then the parser's) and OutputCode::diagnostics is empty.
// The result is the same for any number of jobs. When cancelled, graphs not reached keep an
// outputCode with only its path, and index.diagnostics gets an Info "cancelled" saying how many.
void parseOutputCodes(Index& index, const IndexOptions& options);

} // namespace dvmlens
