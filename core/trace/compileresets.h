// SPDX-License-Identifier: MIT
// Compile ids restart after torch._dynamo.reset(), so one log can hold [0/0] twice, each a compile of
// its own (trace-and-cache.md A4). Fed a log's records in order, this tells which repeat of its compile
// id a record belongs to: a dynamo_start, or the recompile_reasons logged just before one, for an id
// that already started or ended (its compilation_metrics seen) begins the id's next repeat. The trace
// index (graphs) and the compile events (facts) count repeats alike, so a graph finds its own compile.
#pragma once

#include "core/trace/tracelog.h"

#include <map>
#include <string>
#include <string_view>
#include <tuple>

namespace dvmlens {

class CompileResets
{
public:
    // The kinds this needs to see (their metadata; the artifact's name only).
    static bool wants(std::string_view kind);

    // The repeat of `record`'s compile id it belongs to: 0 before any reset repeated it, n after the
    // n-th. 0 for a record of no compile.
    int add(const TraceRecord& record);

private:
    struct State
    {
        int repeat = 0;
        bool started = false;
        bool ended = false;
    };
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, State> m_ids;
};

// " after reset 2": what follows a compile id's text when a reset repeated it (nothing for repeat 0).
std::string resetSuffix(int repeat);

} // namespace dvmlens
