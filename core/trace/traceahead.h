// SPDX-License-Identifier: MIT
// Files of many graphs of one TORCH_TRACE log ("LOG!L<line>/<file>", tracemember.h) read in one
// read of the log instead of one per file: a log inside an archive is read from the archive's
// start at every such read, which made scan --json, sources and reports over an archived log of
// many graphs quadratic. Which record stands for each file is found as readTraceMember finds it
// (one pass over the metadata, only when a file other than output_code.py is asked for); each
// payload is checked as readTraceMember checks it.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace dvmlens {

class Container;

struct TraceFileAsk
{
    std::size_t item = 0; // whose ask it is
    int graphLine = 0; // the graph's inductor_output_code line
    std::string file; // "output_code.py", "fx_graph_runnable.py"…
};

// The payloads asked by one item: (index into the asks, bytes). An ask missing here could not be
// read so (no such record, a cut or changed payload…): reading it as usual says why.
using TraceFilesRead = std::vector<std::pair<std::size_t, std::shared_ptr<const std::string>>>;

// Reads the asks' payloads from `log` (bounded by `tree` as readTraceMember bounds it) and calls
// `ready(item, payloads)` once per item, as soon as the read has passed its last record (so at most
// the payloads of the items not yet passed are held), the rest at the end.
void readTraceFilesAhead(const Container& files, const std::string& log, const std::string& tree,
    const std::vector<TraceFileAsk>& asks,
    const std::function<void(std::size_t item, TraceFilesRead payloads)>& ready);

} // namespace dvmlens
