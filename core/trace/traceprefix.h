// SPDX-License-Identifier: MIT
// The glog-style prefix of a trace record line (TorchLogsFormatter in trace mode):
//     <level><MMDD> <HH:MM:SS>.<6 digits> <pid or thread id> <path>:<line>] <JSON>
// The path may hold ':' (a Windows "C:\…" path): it ends at the last ':' before "] ".
#pragma once

#include "core/trace/tracelog.h"

#include <string_view>

namespace dvmlens {

struct TracePrefix
{
    char level = 'V';
    TraceTime time;
    std::int64_t writer = 0;
    std::string_view emitter; // a view into the line
    int emitterLine = 0;
    std::string_view rest; // what follows "] ": the JSON text
};

// Parses `line`'s prefix; false when the line does not start with one.
bool parseTracePrefix(std::string_view line, TracePrefix& prefix);

} // namespace dvmlens
