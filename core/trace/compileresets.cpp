// SPDX-License-Identifier: MIT
#include "core/trace/compileresets.h"

namespace dvmlens {

bool CompileResets::wants(std::string_view kind)
{
    return kind == "dynamo_start" || kind == "compilation_metrics" || kind == "artifact";
}

int CompileResets::add(const TraceRecord& record)
{
    if (!record.compileId.known())
        return 0;
    State& state = m_ids[std::make_tuple(record.compileId.compiledAutogradId.value_or(-1),
        record.compileId.frameId.value_or(-1), record.compileId.frameCompileId.value_or(-1))];
    const bool begins =
        record.kind == "dynamo_start" || (record.kind == "artifact" && record.name() == "recompile_reasons");
    if (begins && (state.ended || (state.started && record.kind == "dynamo_start"))) {
        ++state.repeat;
        state.started = false;
        state.ended = false;
    }
    if (record.kind == "dynamo_start")
        state.started = true;
    else if (record.kind == "compilation_metrics")
        state.ended = true;
    return state.repeat;
}

std::string resetSuffix(int repeat)
{
    return repeat > 0 ? " after reset " + std::to_string(repeat) : std::string();
}

} // namespace dvmlens
