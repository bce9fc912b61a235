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
    const std::string_view name = *run.name;
    // A log's run is named after its file, "raw.log (rank_0)" when another log has its name.
    const std::string_view file = name.substr(0, name.find(" ("));
    const auto endsWith = [&](std::string_view end) {
        return file.size() >= end.size() && file.substr(file.size() - end.size()) == end;
    };
    return endsWith(".log") || endsWith(".log.gz") ? RunInput::TraceLog : RunInput::Cache;
}

} // namespace dvmlens
