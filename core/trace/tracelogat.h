// SPDX-License-Identifier: MIT
// A trace log read again by positioned reads of a descriptor held open (tracelogview.h), from a line
// where a record may start: no open, check or copy of the log per re-read.
#pragma once

#include "core/trace/tracelinemarks.h"
#include "core/trace/tracelog.h"

#include <cstddef>
#include <string>

namespace dvmlens {

// readTraceLog over the plain (not gzip) log open as `fd`, by positioned reads (the descriptor's
// offset is not used, so threads may share it) from `from` (a line that may start a record, or
// line 1 at byte 0). The first read is `firstRead` bytes (the records' size, when known), later
// ones up to 1 MiB. `marks`, when not null, receives where the lines that may start a record
// begin. `path` names the log in diagnostics; `options.budget` counts from the file's start.
TraceReadResult readTraceAt(int fd, const std::string& path, const TraceLineMark& from, std::size_t firstRead,
    const TraceReadOptions& options, const TraceRecordHandler& onRecord, TraceLineMarks* marks = nullptr);

} // namespace dvmlens
