// SPDX-License-Identifier: MIT
// What the tree walk asks of the place it walks: list a folder, say what a node is, resolve a
// link, read a file's first bytes. The file system answers for folders (posixTreeSource); an
// archive's table of entries answers for archives (archive/archivesource.h), so one walk judges
// both and the same Index comes out of a folder and of a tar or zip of it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace dvmlens {

class TreeSource
{
public:
    struct Listed
    {
        std::string name;
        unsigned char type = 0; // DT_* of <dirent.h>; DT_UNKNOWN asks for typeOf
    };

    virtual ~TreeSource() = default;

    // The entries of `folder` (any order; "." and ".." left out). False with `error` (an errno)
    // when it cannot be listed; `partError` non-zero when listing stopped part-way.
    virtual bool list(
        const std::string& folder, std::vector<Listed>& entries, int& error, int& partError) const = 0;

    // DT_* of `path` itself (a link is DT_LNK); nullopt with `error` (an errno) when it is gone.
    virtual std::optional<unsigned char> typeOf(const std::string& path, int& error) const = 0;

    // Where the link `path` leads, every link on the way resolved (errc::too_many_symbolic_link_levels
    // for a loop). The result may lie outside the tree: the walk checks and never follows it then.
    virtual std::optional<std::string> canonical(const std::string& path, std::error_code& error) const = 0;

    // DT_* of what `path` resolves to (links followed); nullopt when nothing is there.
    virtual std::optional<unsigned char> targetType(
        const std::string& path, std::error_code& error) const = 0;

    // Up to `limit` first bytes of the regular file `path` (nullopt when it cannot be read, or is
    // not a regular file: a FIFO is never waited on).
    virtual std::optional<std::string> readHead(const std::string& path, std::size_t limit) const = 0;
};

// The file system.
const TreeSource& posixTreeSource();

} // namespace dvmlens
