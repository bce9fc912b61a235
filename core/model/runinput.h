// SPDX-License-Identifier: MIT
// What a run was read from, told by what the model holds, so every front end words a run in its own
// input's terms: a debug tree's run has graph folders and logs of its own, a TORCH_TRACE log's run
// is named after its log and has a graph per inductor_output_code record, and the Inductor cache's
// one run has a graph per wrapper module.
#pragma once

#include "core/model/model.h"

namespace dvmlens {

enum class RunInput
{
    DebugTree,
    TraceLog,
    Cache
};

// By its graphs' origin; a run without graphs by its name and path (a run folder's name or logs:
// a debug tree; a path ending in .log or .log.gz: a trace log; else the cache).
RunInput runInput(const Run& run);

} // namespace dvmlens
