// SPDX-License-Identifier: MIT
#include "core/model/runinput.h"

#include "core/model/graphname.h"

#include <string_view>

namespace dvmlens {

RunInput runInput(const Run& run)
{
    if (!run.graphs.empty()) {
        const std::string kind = graphOrigin(run.graphs.front()).kind;
        return kind == "trace" ? RunInput::TraceLog : kind == "cache" ? RunInput::Cache : RunInput::DebugTree;
    }
    if (!run.name || !run.logs.empty() || parseRunName(*run.name))
        return RunInput::DebugTree;
    // A trace log's run is the log itself (its path ends as every log's does); the cache's, a folder.
    const std::string_view path = run.path;
    const auto endsWith = [&](std::string_view end) {
        return path.size() >= end.size() && path.substr(path.size() - end.size()) == end;
    };
    return endsWith(".log") || endsWith(".log.gz") ? RunInput::TraceLog : RunInput::Cache;
}

} // namespace dvmlens
