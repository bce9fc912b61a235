// SPDX-License-Identifier: MIT
// The graphs of the index that one compile made: the code a trace log's compile id produced (its
// forward and backward), so a compile-side fact (a break, a recompile, a failure) leads to its code.
#pragma once

#include "core/compile/compileevents.h"
#include "core/model/model.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace dvmlens {

// (run, graph) positions in `index` of the graphs read from the trace log `logPath` whose compile id
// is `compileId` ("0/1" or "[0/1]"; an attempt suffix "_N" is ignored on either side; "0/1 after reset 1"
// for a compile whose id a reset repeated: GraphCompileFacts::idText), in index
// order. Empty when the compile made no code (it failed, or was refused at the recompile limit) or
// the index holds no graph of that log.
std::vector<std::pair<std::size_t, std::size_t>> graphsOfCompile(
    const Index& index, const std::string& logPath, const std::string& compileId);

// The other way: the compile facts of `graph` (a trace graph: its log and compile id) among `logs`; null
// for a graph of another origin or a compile the logs do not hold.
const GraphCompileFacts* compileFactsOfGraph(const std::vector<CompileLog>& logs, const Graph& graph);

} // namespace dvmlens
