// SPDX-License-Identifier: MIT
// Graph breaks in a debug tree's torchdynamo/debug.log: bare messages, no compile ids (compile-events.md
// §6). Up to 2.3 TORCH_COMPILE_DEBUG=1 wrote Dynamo's DEBUG text there ("Graph break: from user code at:"
// + stack + traceback); later versions only with TORCH_LOGS=graph_breaks ("Graph break in user code at
// F:L\nGraph Break Reason: …"), plus the Tensor.item() WARNING. A duplicate ("details suppressed") takes
// the type of the full message at the same line.
#pragma once

#include "core/compile/compileevents.h"

#include <string_view>
#include <vector>

namespace dvmlens {

std::vector<GraphBreak> graphBreaksFromDebugLog(std::string_view text);

} // namespace dvmlens
