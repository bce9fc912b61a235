// SPDX-License-Identifier: MIT
// One pass over the bytes of an Inductor output_code.py: masks strings and comments, finds kernel
// definitions (DVM, import_fx, Triton, C++, MLIR…), the entry code, launches and fallback calls.
#pragma once

#include "core/model/model.h"

#include <string>
#include <string_view>

namespace dvmlens {

// How much of each DVM kernel to keep.
enum class KernelDetail
{
    Full, // everything in model.h
    // No ops, inputs or outputs: the builder bodies are skipped, not read. Everything else (kernels,
    // lines, ktype, dyn_shape, framing, launches, fallbacks, verdict, coverage) is the same. For
    // answers that never show a kernel's body (scan's text summary, check) on trees of 100k kernels.
    Summary,
};

// Parses `bytes` (the whole file) as the output_code.py at `path`. CRLF and non-UTF-8 bytes parse
// like clean files; an empty or binary file yields no kernels and a diagnostic.
OutputCode parseOutputCode(
    std::string_view bytes, const std::string& path, KernelDetail detail = KernelDetail::Full);

// Reads `path` into `scratch` (reused between calls so a worker allocates once) and parses it.
// The file is opened through `files` (io/container.h), bounded by `tree` (the scanned root; empty:
// anywhere).
// An unreadable file (missing, not a regular file, out of the tree, too large) yields an
// OutputCode with an "unreadable" diagnostic that says which.
OutputCode parseOutputCodeFile(const Container& files, const std::string& path, std::string& scratch,
    KernelDetail detail = KernelDetail::Full, const std::string& tree = {});

} // namespace dvmlens
