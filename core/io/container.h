// SPDX-License-Identifier: MIT
// Where an inspected tree's files are read from: a container. A folder (a debug tree, a folder of
// TORCH_TRACE logs, the Inductor cache) reads its files from disk; an archive (archive/
// archivecontainer.h) from its entries; a trace log's graph files ("LOG!L<line>/…",
// trace/tracecontainer.h) from the log's records. The indexer makes the one container of an index
// (Index::files) and every later reader (kernel bodies, scan --json, reports, model sources,
// provenance, the window's file view) is handed it: no registry or per-thread state decides where a
// path's bytes come from. Containers are immutable once made (what they keep to read faster is
// guarded inside) and may be used from any thread.
#pragma once

#include "core/io/safefile.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace dvmlens {

class Container
{
public:
    virtual ~Container() = default;
    // Opens `path` (a path the walk listed) as SafeFile::open does: bounded by `tree` (empty: any
    // place), at most `budget` bytes.
    virtual std::optional<SafeFile> open(
        const std::string& path, const std::string& tree, std::uint64_t budget, FileError& error) const = 0;
    // The container this one reads through (a trace log's records through the archive holding the
    // log), or null.
    virtual const Container* wrapped() const
    {
        return nullptr;
    }
};

// The file system under `root`: the canonical folder of `root` is worked out once, so the many
// files of one tree do not each resolve it again.
class FolderContainer final : public Container
{
public:
    explicit FolderContainer(const std::string& root = {});
    std::optional<SafeFile> open(const std::string& path, const std::string& tree, std::uint64_t budget,
        FileError& error) const override;

private:
    TreeBound m_root;
};

// The file system with no root of its own: files a user names (rule files, a Python environment).
const Container& fileSystem();

// `files`, or the file system when there is none (an Index made by hand).
inline const Container& filesOr(const std::shared_ptr<const Container>& files)
{
    return files ? *files : fileSystem();
}

// Reads all of `path` (see Container::open) into `buffer`, which only grows, so a worker reusing it
// allocates once; `size` receives the bytes read. False with `error` otherwise.
bool readWholeFile(const Container& files, const std::string& path, const std::string& tree,
    std::uint64_t budget, std::string& buffer, std::size_t& size, FileError& error);

// Reads the first `limit` bytes of `path` (fewer when it is shorter; a longer file is no error).
std::optional<std::string> readFileHead(const Container& files, const std::string& path,
    const std::string& tree, std::size_t limit, FileError& error);

} // namespace dvmlens
