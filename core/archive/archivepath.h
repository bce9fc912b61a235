// SPDX-License-Identifier: MIT
// How an archive member is named everywhere (Index paths, diagnostics, the GUI, reports):
// "ARCHIVE!/inner/path", the archive's absolute path, "!/", the entry's normalised name. One
// string keeps every path of the model a path: the walk joins names as for folders, writers print
// it, and only io/safefile.h (through archivetree.h) knows that such a path is read from an archive.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

inline constexpr std::string_view kArchiveSeparator = "!/";

// "ARCHIVE!/inner", or "ARCHIVE!" for the archive's own top (inner empty).
std::string archiveMemberPath(std::string_view archive, std::string_view inner);

// An entry name as a tar or zip stores it, made the clean relative form the tree uses: "./"
// prefixes, empty and "." components and a trailing "/" dropped. Nullopt with `problem` set for a
// name that could lead out of the archive's folder (absolute, "..", NUL) or is empty; "" is the
// archive's top itself ("./").
std::optional<std::string> normaliseEntryName(std::string_view raw, std::string& problem);

// Joins the folder `base` (inner form) with a link target, resolving "." and "..". Nullopt when
// the result would leave the archive (an absolute target, or ".." above its top).
std::optional<std::string> joinInner(std::string_view base, std::string_view relative);

} // namespace dvmlens
