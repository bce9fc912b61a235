// SPDX-License-Identifier: MIT
// Which files are TORCH_TRACE logs, and what their names say: PyTorch names them
// dedicated_log_torch_trace_[rank_<N>_]<8 random chars>.log (LazyTraceHandler), users gzip them
// (.log.gz), and tlparse keeps its input as raw.log in its output folder.
#pragma once

#include "core/model/model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

class TreeSource;

inline constexpr std::string_view kTraceLogPrefix = "dedicated_log_torch_trace";
inline constexpr std::string_view kTlparseRawLog = "raw.log";

// dedicated_log_torch_trace*.log or *.log.gz.
bool isTraceLogName(std::string_view name);

// N of "dedicated_log_torch_trace_rank_<N>_…": the rank when the first record came after
// init_process_group (the name is decided at that first record).
std::optional<std::int64_t> rankFromTraceLogName(std::string_view name);

// The trace logs directly in `folder` (of `source`): every dedicated_log_torch_trace*.log[.gz]
// regular file, and raw.log when its first line is a trace record (a tlparse output folder),
// sorted by name. Links are not followed. A FIFO, socket or device under a log's name is not read
// and, with `notes`, said there ("log-not-a-file").
std::vector<std::string> findTraceLogs(
    const std::string& folder, const TreeSource& source, std::vector<Diagnostic>* notes = nullptr);

// The trace logs `path` (on the file system) stands for: itself when it is a trace log (plain or
// gzip, by its first line; dedicated_log_torch_trace*.log.gz by name), or the logs directly in the
// folder `path` (a TORCH_TRACE folder; a tlparse output folder's raw.log). Empty when it is no
// trace input. Every front end finds logs this way: scan, compile and the reports agree.
std::vector<std::string> traceLogsAt(const std::string& path, std::vector<Diagnostic>* notes = nullptr);

// Whether `path` (a regular file of `source`) is a trace log by its content: its first line is a
// record (a .gz is looked into).
bool isTraceLogFile(const std::string& path, const TreeSource& source);

} // namespace dvmlens
