// SPDX-License-Identifier: MIT
#include "core/scan/scanpaths.h"

#include "core/model/graphname.h"

namespace dvmlens::scanpath {

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::filesystem::path absoluteClean(const std::string& path, std::error_code& error)
{
    std::filesystem::path clean =
        std::filesystem::absolute(std::filesystem::path(path), error).lexically_normal();
    if (clean.has_relative_path() && !clean.has_filename())
        clean = clean.parent_path();
    return clean;
}

std::string joinPath(std::string_view folder, std::string_view name)
{
    std::string path;
    path.reserve(folder.size() + 1 + name.size());
    path.append(folder);
    if (path.empty() || path.back() != '/')
        path += '/';
    path.append(name);
    return path;
}

std::string_view fileName(std::string_view path)
{
    const std::size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string errnoMessage(int error)
{
    return std::generic_category().message(error);
}

bool isWithin(std::string_view child, std::string_view root)
{
    if (child == root)
        return true;
    if (!root.empty() && root.back() == '/')
        root.remove_suffix(1);
    return child.size() > root.size() && child.compare(0, root.size(), root) == 0
        && child[root.size()] == '/';
}

std::optional<std::string> runAncestor(std::string_view path)
{
    for (std::size_t slash = path.rfind('/'); slash != std::string_view::npos && slash > 0;
         slash = path.rfind('/', slash - 1)) {
        const std::string_view parent = path.substr(0, slash);
        if (parseRunName(fileName(parent)))
            return std::string(parent);
    }
    return std::nullopt;
}

} // namespace dvmlens::scanpath
