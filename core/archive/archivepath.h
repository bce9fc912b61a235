// SPDX-License-Identifier: MIT
// How an archive member is named everywhere (Index paths, diagnostics, the GUI, reports):
// "ARCHIVE!/inner/path", the archive's absolute path, "!/", the entry's normalised name. One
// string keeps every path of the model a path: the walk joins names as for folders, writers print
// it, and only io/safefile.h (through archivetree.h) knows that such a path is read from an archive.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

inline constexpr std::string_view kArchiveSeparator = "!/";

// The longest entry name (as stored, in bytes) and the most folders deep one may go: PATH_MAX on
// Linux, and far deeper than any torch_compile_debug tree. A longer or deeper name (a 1 MiB GNU long
// name, a/a/…/x 32,000 levels deep) is left out with "archive-name-too-long", so no entry costs
// more than these bounds to hold and to walk.
inline constexpr std::size_t kMaxEntryNameBytes = 4096;
inline constexpr std::size_t kMaxEntryDepth = 256;

// "ARCHIVE!/inner", or "ARCHIVE!" for the archive's own top (inner empty).
std::string archiveMemberPath(std::string_view archive, std::string_view inner);

// An entry name as a tar or zip stores it, made the clean relative form the tree uses: "./"
// prefixes, empty and "." components and a trailing "/" dropped. Nullopt with `problem` set for a
// name that could lead out of the archive's folder (absolute, "..", NUL) or is empty; "" is the
// archive's top itself ("./"). A name over kMaxEntryNameBytes or kMaxEntryDepth is nullopt too,
// with `tooLong` set when given.
std::optional<std::string> normaliseEntryName(
    std::string_view raw, std::string& problem, bool* tooLong = nullptr);

// Joins the folder `base` (inner form) with a link target, resolving "." and "..". Nullopt when
// the result would leave the archive (an absolute target, or ".." above its top).
std::optional<std::string> joinInner(std::string_view base, std::string_view relative);

} // namespace dvmlens
