// SPDX-License-Identifier: MIT
#include "core/archive/archivepath.h"

#include <vector>

namespace dvmlens {

std::string archiveMemberPath(std::string_view archive, std::string_view inner)
{
    std::string path;
    path.reserve(archive.size() + 2 + inner.size());
    path.append(archive);
    path += '!';
    if (!inner.empty()) {
        path += '/';
        path.append(inner);
    }
    return path;
}

std::optional<std::string> normaliseEntryName(std::string_view raw, std::string& problem, bool* tooLong)
{
    if (tooLong)
        *tooLong = false;
    if (raw.size() > kMaxEntryNameBytes) {
        problem = "its name is " + std::to_string(raw.size()) + " bytes long, over the "
            + std::to_string(kMaxEntryNameBytes) + " bytes DVM Lens reads";
        if (tooLong)
            *tooLong = true;
        return std::nullopt;
    }
    if (raw.empty()) {
        problem = "it has no name";
        return std::nullopt;
    }
    if (raw.find('\0') != std::string_view::npos) {
        problem = "its name holds a NUL byte";
        return std::nullopt;
    }
    if (raw.front() == '/') {
        problem = "its name is absolute, so extracting it would write outside the folder it is unpacked in";
        return std::nullopt;
    }
    std::string clean;
    clean.reserve(raw.size());
    std::size_t depth = 0;
    std::size_t start = 0;
    while (start <= raw.size()) {
        std::size_t slash = raw.find('/', start);
        if (slash == std::string_view::npos)
            slash = raw.size();
        const std::string_view part = raw.substr(start, slash - start);
        start = slash + 1;
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            problem = "its name goes up with '..', so extracting it could write outside the folder it is "
                      "unpacked in";
            return std::nullopt;
        }
        if (++depth > kMaxEntryDepth) {
            problem = "its name is more than " + std::to_string(kMaxEntryDepth)
                + " folders deep, deeper than DVM Lens reads";
            if (tooLong)
                *tooLong = true;
            return std::nullopt;
        }
        if (!clean.empty())
            clean += '/';
        clean.append(part);
    }
    return clean;
}

std::optional<std::string> joinInner(std::string_view base, std::string_view relative)
{
    if (!relative.empty() && relative.front() == '/')
        return std::nullopt;
    std::vector<std::string_view> parts;
    auto add = [&parts](std::string_view text) {
        std::size_t start = 0;
        while (start <= text.size()) {
            std::size_t slash = text.find('/', start);
            if (slash == std::string_view::npos)
                slash = text.size();
            const std::string_view part = text.substr(start, slash - start);
            start = slash + 1;
            if (part.empty() || part == ".")
                continue;
            if (part == "..") {
                if (parts.empty())
                    return false;
                parts.pop_back();
                continue;
            }
            parts.push_back(part);
        }
        return true;
    };
    if (!add(base) || !add(relative))
        return std::nullopt;
    std::string joined;
    for (const std::string_view part : parts) {
        if (!joined.empty())
            joined += '/';
        joined.append(part);
    }
    return joined;
}

} // namespace dvmlens
