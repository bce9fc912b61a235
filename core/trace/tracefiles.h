// SPDX-License-Identifier: MIT
// Which files are TORCH_TRACE logs, and what their names say: PyTorch names them
// dedicated_log_torch_trace_[rank_<N>_]<8 random chars>.log (LazyTraceHandler), users gzip them
// (.log.gz) and rename them (trace-2025-07-….log, rank0.log), and tlparse keeps its input as
// raw.log in its output folder. A log of another name is known by its content: its first
// non-empty line is a record (glog prefix, then '{').
#pragma once

#include "core/model/model.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

class TreeSource;

inline constexpr std::string_view kTraceLogPrefix = "dedicated_log_torch_trace";
inline constexpr std::string_view kTlparseRawLog = "raw.log";

// How much of a log the content check reads: its first bytes, never the whole file. A gzip log is
// read up to kTraceGzipProbeBytes compressed bytes (libarchive's gzip filter hands out nothing
// before it has filled its first 64 KiB block, or reached the end) and its first kTraceProbeBytes
// decompressed bytes looked at.
inline constexpr std::size_t kTraceProbeBytes = 4096;
inline constexpr std::size_t kTraceGzipProbeBytes = 64 * 1024;

// How many sub-folders traceLogsAt looks into when a folder holds neither logs nor a debug tree.
inline constexpr std::size_t kTraceSubfolderLimit = 64;

// dedicated_log_torch_trace*.log or *.log.gz.
bool isTraceLogName(std::string_view name);

// *.log or *.log.gz: a name a log of any name may have.
bool isLogFileName(std::string_view name);

// N of "dedicated_log_torch_trace_rank_<N>_…": the rank when the first record came after
// init_process_group (the name is decided at that first record).
std::optional<std::int64_t> rankFromTraceLogName(std::string_view name);

// The trace logs directly in `folder` (of `source`): every dedicated_log_torch_trace*.log[.gz]
// regular file, and every other *.log[.gz] (raw.log of a tlparse output folder, a renamed log)
// whose first non-empty line is a record, sorted by name. Another .log (a job's stdout beside the
// logs) is passed over without a word. A FIFO, socket or device under a .log[.gz] name is not
// opened and, with `notes`, said there ("log-not-a-file"). A link under such a name is read through
// only when it leads to a regular file inside the folder opened, and once: not when that file is
// read under its own name too. Any other link is never opened and said ("link-outside-tree" for a
// link out of the folder, e.g. to /dev/zero or a log elsewhere; "link-loop"; "unreadable").
std::vector<std::string> findTraceLogs(
    const std::string& folder, const TreeSource& source, std::vector<Diagnostic>* notes = nullptr);

// The trace logs `path` (on the file system) stands for: itself when it is a trace log (plain or
// gzip, by its first line; dedicated_log_torch_trace*.log.gz by name), or the logs directly in the
// folder `path` (a TORCH_TRACE folder; a tlparse output folder's raw.log). When that folder holds
// no logs and no debug tree, the logs one level down (myrun/trace/…): its first
// kTraceSubfolderLimit real sub-folders by name, none if one of them is a debug tree (with
// `notes`, "trace-subfolders-limit" says how many were left out). Empty when it is no trace
// input. Every front end finds logs this way: scan, compile and the reports agree. Every head is
// read through the safe opener (io/safefile.h), bounded by `path`.
std::vector<std::string> traceLogsAt(const std::string& path, std::vector<Diagnostic>* notes = nullptr);

// The trace logs beside a debug tree in the folder `folder`: directly in it and in its first
// kTraceSubfolderLimit real sub-folders that are no debug tree (myrun/trace/ beside
// myrun/torch_compile_debug/). Read as traceLogsAt reads.
std::vector<std::string> traceLogsBesideTree(const std::string& folder);

// Whether `path` (a regular file of `source`) is a trace log by its content: its first non-empty
// line is a record (a .gz is looked into). Reads at most kTraceProbeBytes of it
// (kTraceGzipProbeBytes of a .gz).
bool isTraceLogFile(const std::string& path, const TreeSource& source);

// Whether `diagnostic` says a file named like a log (*.log[.gz]) was not read: a link out of the
// folder, a loop, a FIFO. `scan` lists them with the tree's problems; the other commands say them
// on stderr, so a log left out is never left out silently.
bool isUnreadLogNote(const Diagnostic& diagnostic);

} // namespace dvmlens
