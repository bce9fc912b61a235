// SPDX-License-Identifier: MIT
// Reading a graph folder's text files for the model sources and the Provenance panes: the same
// budgets, the same safe read (io/safefile.h), a warning naming what the file was wanted for.
#pragma once

#include "core/io/container.h"
#include "core/model/model.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

inline constexpr std::uint64_t kMaxOutputCodeBytes = 512ull << 20;
inline constexpr std::uint64_t kMaxFxGraphBytes = 256ull << 20;

inline bool graphHasFile(const Graph& graph, std::string_view name)
{
    return std::find(graph.files.begin(), graph.files.end(), name) != graph.files.end();
}

// The warning `code` that `path` could not be read `purpose` ("for model source lines").
inline Diagnostic unreadableGraphText(
    const std::string& path, const char* code, const char* purpose, const FileError& error)
{
    return Diagnostic { path, std::nullopt, Severity::Warning, code,
        std::string("cannot read it ") + purpose + ": " + error.message };
}

// The whole file at `path` inside `tree`, read through `files` (nullopt with `error` when it cannot be read).
inline std::optional<std::string> readGraphText(const Container& files, const std::string& path,
    const std::string& tree, std::uint64_t budget, FileError& error)
{
    std::string buffer;
    std::size_t size = 0;
    if (!readWholeFile(files, path, tree, budget, buffer, size, error))
        return std::nullopt;
    buffer.resize(size);
    return buffer;
}

// The whole file at `path` inside `tree`, or nullopt with a warning `code` saying it could not be
// read `purpose` ("for model source lines").
inline std::optional<std::string> readGraphText(const Container& files, const std::string& path,
    const std::string& tree, std::uint64_t budget, std::vector<Diagnostic>& problems, const char* code,
    const char* purpose)
{
    FileError error;
    std::optional<std::string> text = readGraphText(files, path, tree, budget, error);
    if (!text)
        problems.push_back(unreadableGraphText(path, code, purpose, error));
    return text;
}

} // namespace dvmlens
