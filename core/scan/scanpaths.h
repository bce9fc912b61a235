// SPDX-License-Identifier: MIT
// The path arithmetic of the tree walk: every walked path is clean and absolute ('/'-separated,
// no "." or ".." parts, no trailing '/'), so joining, naming and containment are string work.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace dvmlens::scanpath {

bool endsWith(std::string_view text, std::string_view suffix);

// `path` without a trailing separator, made absolute and lexically clean ("a/./b/" -> "/cwd/a/b").
std::filesystem::path absoluteClean(const std::string& path, std::error_code& error);

// Every walked path is clean and absolute, so joining is plain concatenation (as fs::path's
// operator/ would do, without splitting the path into components on every call).
std::string joinPath(std::string_view folder, std::string_view name);

// The last component of `path`.
std::string_view fileName(std::string_view path);

// strerror's words for an errno value.
std::string errnoMessage(int error);

// Whether `child` is `root` or below it.
bool isWithin(std::string_view child, std::string_view root);

// The nearest ancestor of the clean absolute `path` named like a run folder, if any.
std::optional<std::string> runAncestor(std::string_view path);

} // namespace dvmlens::scanpath
