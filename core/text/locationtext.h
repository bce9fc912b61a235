// SPDX-License-Identifier: MIT
// One form for a place in the inspected tree, wherever it is shown (the report, the window's
// Diagnostics): the path under the tree's root, then ":line" when there is a line.
#pragma once

#include <optional>
#include <string>

namespace dvmlens {

// `path` relative to `root` ("." for the root itself); a path outside the root unchanged.
std::string pathUnderRoot(const std::string& root, const std::string& path);

// "run/torchdynamo/debug.log", "run/g/output_code.py:42": pathUnderRoot, and ":line" with a line.
std::string locationText(const std::string& root, const std::string& path, std::optional<int> line);

} // namespace dvmlens
