// SPDX-License-Identifier: MIT
// The TORCH_TRACE logs a path names: the file itself, or every trace log under a folder (plain ones told by
// their first line, gzip ones by their name dedicated_log_torch_trace*.log.gz), sorted, symlinks not
// followed.
#pragma once

#include "core/compile/compileevents.h"

#include <string>
#include <vector>

namespace dvmlens {

struct TraceLogFiles
{
    std::vector<std::string> logs;
    std::string error; // the path cannot be read at all
};

TraceLogFiles findTraceLogs(const std::string& path);

// The compile events of every log under `path` (an absolute file or folder path).
std::vector<CompileLog> readCompileLogs(const TraceLogFiles& files, const std::string& path);

} // namespace dvmlens
