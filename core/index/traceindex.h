// SPDX-License-Identifier: MIT
// TORCH_TRACE logs as an Index: each log file is a run (rank from its records, else from its
// name; pid from the prefix's third column when it is one; start from its first record, with no
// year), each inductor_output_code record a graph whose wrapper module is parsed as it streams by,
// named by its compile id and AOT ID ("[0/1] 0_forward"), and fed by the records of its compile id
// (trace/tracegraphs.h). Its folder is "LOG!L<line>" (trace/tracemember.h), so every later reader
// reads its files as a debug tree's.
#pragma once

#include "core/index/indexer.h"
#include "core/model/model.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

// The Index of `logs` (found under `root`, which bounds every read; read through `files`, which
// the index keeps). Never fails: a log that cannot be read is a diagnostic. Nothing is streamed
// (options.stream is not called).
Index buildTraceIndex(std::shared_ptr<const Container> files, const std::string& root,
    const std::vector<std::string>& logs, const IndexOptions& options);

// One log as a run, and the diagnostics about it (the reader's, failed compiles without a graph,
// C++ wrappers, thread ids) for the index.
Run readTraceRun(const Container& files, const std::string& log, const std::string& root,
    const IndexOptions& options, std::vector<Diagnostic>& diagnostics);

} // namespace dvmlens
