// SPDX-License-Identifier: MIT
#include "core/text/locationtext.h"

namespace dvmlens {

std::string pathUnderRoot(const std::string& root, const std::string& path)
{
    if (path == root)
        return ".";
    if (path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/')
        return path.substr(root.size() + 1);
    return path;
}

std::string locationText(const std::string& root, const std::string& path, std::optional<int> line)
{
    std::string text = pathUnderRoot(root, path);
    if (line)
        text += ':' + std::to_string(*line);
    return text;
}

} // namespace dvmlens
