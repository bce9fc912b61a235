// SPDX-License-Identifier: MIT
// The DVM kernel bodies (ops, inputs, outputs) of an output_code.py that the index holds without
// them (OutputCode::kernelBodies false, parsed as KernelDetail::Summary to stay small): the file
// is read and parsed again, in full, when a writer needs them.
#pragma once

#include "core/model/model.h"

#include <optional>
#include <string>

namespace dvmlens {

// About how many bytes of memory the DVM kernel bodies of `code` hold.
std::size_t kernelBodyBytes(const OutputCode& code);

// `code` with its kernel bodies. `scratch` is a read buffer reused between calls (see
// parseOutputCodeFile). When the file no longer holds the kernels and fallbacks the index saw (a
// tree still being written), or cannot be read any more, returns `code` unchanged and sets
// `problem` to a warning that says so.
// `files` and `tree` read it as parseOutputCodeFile does (the index's container and root).
OutputCode withKernelBodies(const Container& files, const OutputCode& code, std::string& scratch,
    std::optional<Diagnostic>& problem, const std::string& tree = {});

// A copy of `graph` with its kernel bodies, for one use; nullopt when `graph` is null or already
// holds them. A file that changed meanwhile stays without bodies (the problem is dropped: callers
// that report problems use the OutputCode form).
std::optional<Graph> withKernelBodies(
    const Container& files, const Graph* graph, std::string& scratch, const std::string& tree = {});

} // namespace dvmlens
