// SPDX-License-Identifier: MIT
// An index handed over while it grows, so a window shows the runs and graph folders as soon as the
// walk ends and each graph's verdict as soon as its output_code.py is parsed, instead of waiting
// for the last file. The receiver keeps the skeleton and applies the batches; the result equals
// buildIndex's without a stream.
#pragma once

#include "core/model/model.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <vector>

namespace dvmlens {

// One parsed output_code.py and the graph it belongs to (positions in the skeleton).
struct ParsedGraph
{
    std::size_t run = 0;
    std::size_t graph = 0;
    OutputCode code;
};

// Set IndexOptions::stream to receive the index while buildIndex runs on a folder (an archive is
// read in one pass before it is walked, so it sends nothing and returns the whole index). Calls
// come from the indexing thread, one at a time, in this order:
//  - `skeleton` once, when the walk ends: every graph with an output_code.py holds only its path
//    (OutputCode::indexed false, so graphVerdict is NotIndexed and every run with one too);
//  - `parsed` with the files parsed since the last call, in the index's order, at most once every
//    `batchInterval` but for the last batch, which comes before buildIndex returns. With
//    `maxBatchInterval` above it, each wait is twice the one before, up to that (nextBatchInterval):
//    the first verdicts come as soon, and a long indexing costs its receiver fewer batches.
// What buildIndex then returns is the skeleton with the index's closing diagnostics ("cancelled");
// the graphs it handed over are not in it: finishStreamedIndex takes them from there.
struct IndexStream
{
    std::function<void(Index skeleton)> skeleton;
    std::function<void(std::vector<ParsedGraph> batch)> parsed;
    std::chrono::milliseconds batchInterval { 50 };
    std::chrono::milliseconds maxBatchInterval { 0 }; // at most batchInterval: every wait the same
};

// The wait before the batch after one handed over `previous` after the one before it.
std::chrono::milliseconds nextBatchInterval(std::chrono::milliseconds previous, const IndexStream& stream);

// The receiver's side, which owns the skeleton (one thread: the GUI's).
// Attaches each parsed file to its graph as buildIndex does (its diagnostics after the scanner's,
// the AOT ID settled). Returns false, changing nothing, for a batch that does not fit `index`.
bool applyParsedGraphs(Index& index, std::vector<ParsedGraph>&& batch);
// After buildIndex returned `returned`: the index's own diagnostics become its (the walk's and a
// cancel's note), so `index` is what buildIndex without a stream returns.
void finishStreamedIndex(Index& index, const Index& returned);

// The parsed file becomes the graph's: its diagnostics join the graph's, and the AOT ID settles.
void attachOutputCode(Graph& graph, OutputCode&& code);

} // namespace dvmlens
