// SPDX-License-Identifier: MIT
// What the compile-side texts PyTorch writes say: a dynamo_graph_break_reason payload, a recompile reason,
// a fail_type, a known failure in a reason or traceback (compile-events.md §1.2, §2.1, §5).
#pragma once

#include "core/compile/compileevents.h"

#include <string>
#include <string_view>

namespace dvmlens {

// A dynamo_graph_break_reason payload: "Graph break in user code at <file>:<line>\nGraph Break Reason:
// <reason…>\nUser code traceback:\n<stack>\n\n<internal traceback>" (≥2.6; the skip form of
// convert_frame.py too). Fills type, reason, hints, file, line, userStack.
GraphBreak parseGraphBreakPayload(std::string_view payload);

// Sets file and line to the last `File "…", line N` frame of userStack (the innermost), if any.
void innermostUserFrame(GraphBreak& graphBreak);

// One recompile_reasons string "<frame>/<compile>: <guard>" with the guard in words.
GuardFailure parseGuardFailure(std::string_view text);

// "<class 'torch._dynamo.exc.BackendCompilerFailed'>" or "torch._inductor.exc.InductorError" → the last
// dotted component.
std::string failTypeName(std::string_view failType);

// The rule id of a compile failure DVM Lens knows from its text ("fallbackkernel-no-data"), "" if none.
std::string knownCompileFailure(std::string_view text);

// The first line of `text`, trimmed.
std::string firstLine(std::string_view text);

} // namespace dvmlens
