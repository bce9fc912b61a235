// SPDX-License-Identifier: MIT
// The TORCH_TRACE logs a path names: the file itself, or the trace logs of a folder as the index finds
// them (trace/tracefiles.h traceLogsAt: directly in it, by name, tlparse's raw.log by content), so
// `compile`, `check`'s gates and a report's Compile section read the logs `scan` reads.
#pragma once

#include "core/compile/compileevents.h"

#include <string>
#include <vector>

namespace dvmlens {

struct TraceLogFiles
{
    std::vector<std::string> logs;
    std::string error; // the path cannot be read at all
    std::vector<Diagnostic> notes; // files named like logs that were not read (traceLogsAt's notes)
};

TraceLogFiles findTraceLogs(const std::string& path);

// The compile events of every log under `path` (an absolute file or folder path).
std::vector<CompileLog> readCompileLogs(const TraceLogFiles& files, const std::string& path);

} // namespace dvmlens
