// SPDX-License-Identifier: MIT
// Finds runs, graph folders, their files and logs under any level of a torch_compile_debug tree.
// It only walks and names things; parsing output_code.py is the indexer's job.
#pragma once

#include "core/model/model.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

// Accepts a debug root (any name), a run_* folder, a torchinductor folder, a graph folder or one
// output_code.py. Each graph that has an output_code.py gets `outputCode` with only `path` set.
// Returns nullopt and sets `error` when `path` is missing or unreadable; every other problem
// becomes a Diagnostic and the walk always finishes. Never follows a link out of the tree or
// round a loop.
// `onOutputCode`, when set, is called on the calling thread with each output_code.py path as soon
// as the walk finds it, so parsing can start before the walk ends; each path it gets is the
// outputCode->path of exactly one graph in the result.
using OutputCodeFound = std::function<void(const std::string& path)>;
std::optional<Index> scanTree(
    const std::string& path, std::string& error, const OutputCodeFound& onOutputCode = {});

class TreeSource;

// The warning for an entry named as a log that is a FIFO, socket or device (`type`, a DT_* value):
// reading it could block or never end. nullopt for a regular file, a folder or a link.
std::optional<Diagnostic> specialLogNote(const std::string& path, unsigned char type);

// Whether the first bytes (4 KiB are looked at) of a loose *.py file are an Inductor wrapper module's.
bool looksLikeWrapperHead(std::string_view head);

// The same walk over a folder `root` of another source (an archive's entries): `root` is clean
// and absolute in that source's terms and bounds every link.
Index scanSourceTree(
    const std::string& root, const TreeSource& source, const OutputCodeFound& onOutputCode = {});

} // namespace dvmlens
