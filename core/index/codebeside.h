// SPDX-License-Identifier: MIT
// Where the code of a graph folder without output_code.py may be: on an FX graph cache hit a
// torch_compile_debug tree keeps an empty graph folder, while the TORCH_TRACE log of the same run
// and the Inductor cache still hold the wrapper module. When the folder scanned holds such a log or
// cache beside its debug tree, each such graph gets an info diagnostic "output-code-elsewhere"
// naming them and how many wrapper modules they hold.
//
// No pairing of a graph folder with one record or module is made: a cached wrapper keeps the
// `# AOT ID` of the compile that first wrote it, and neither a log record nor a cache module carries
// the graph folder's name, so no rule ties them exactly. What is exact is the process: a log whose
// records carry the run's pid was written by that process (docs/inputs-trace-and-cache.md).
#pragma once

#include "core/model/model.h"

namespace dvmlens {

// Adds "output-code-elsewhere" to every graph of `index` (a debug tree scanned from the folder
// index.root) whose "missing-output-code" says it may be an FX graph cache hit, when index.root
// holds TORCH_TRACE logs (trace/tracefiles.h traceLogsBesideTree) or an Inductor cache folder (in
// one of its first 64 sub-folders). Reads only the logs' record lines (no payload) and the cache
// modules' first bytes, and only when such a graph exists.
void noteCodeBeside(Index& index);

} // namespace dvmlens
