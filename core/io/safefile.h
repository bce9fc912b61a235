// SPDX-License-Identifier: MIT
// The one way DVM Lens opens a file it did not write: an artifact of an inspected tree, a log, a
// rule file. Only regular files are opened (a FIFO, socket, device or folder is refused before
// open(2) could block or have a side effect), only where the tree allows (checked on the open
// descriptor, not on the name, so a link or a swapped folder cannot lead out), and never more
// bytes than the caller's budget (counted while reading: st_size is 0 for devices and grows with
// a file still being written).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace dvmlens {

class FileStream;

// The canonical folder that bounds reads under a tree (a file's own folder when the tree is one
// file), worked out once for the many files of that tree. An empty tree bounds nothing.
struct TreeBound
{
    std::string tree;
    std::optional<std::string> canonical; // nullopt: the tree cannot be resolved (nothing is inside)
    static TreeBound of(const std::string& tree);
};

enum class FileProblem
{
    Missing, // no such file (or a link to nothing)
    NotRegular, // a FIFO, socket, device or folder
    OutsideTree, // resolves (through a link) to a place outside the tree it was listed in
    LinkLoop, // a link that leads back to itself
    TooLarge, // more bytes than the budget
    PermissionDenied,
    IoError,
};

struct FileError
{
    FileProblem problem = FileProblem::IoError;
    std::string message; // "it is a FIFO, not a regular file", without the path
};

// A short stable name of the problem for diagnostics and tests: "missing", "not-regular",
// "outside-tree", "link-loop", "too-large", "permission-denied", "io-error".
const char* fileProblemName(FileProblem problem);

// What kind of node a non-regular file is, for messages: "a FIFO", "a socket", "a device", "a folder".
const char* nodeKindName(unsigned mode);

// An open, regular, read-only file. Move-only; closes on destruction. SafeFile opens files on disk
// only; an archive's entry or a trace log's record is opened by its container (container.h), which
// hands its bytes over as a FileStream held to the same budget.
class SafeFile
{
public:
    // Opens `path` on disk. `tree` is the folder (or the one file) that bounds it: the file must
    // resolve inside it; an empty `tree` allows any place (files the user named: --rules). At most
    // `budget` bytes can be read; reading past them fails with TooLarge.
    static std::optional<SafeFile> open(
        const std::string& path, const std::string& tree, std::uint64_t budget, FileError& error);
    // The same with the bound worked out before (TreeBound::of).
    static std::optional<SafeFile> open(
        const std::string& path, const TreeBound& bound, std::uint64_t budget, FileError& error);
    // A container's bytes (an archive entry, a record's payload) read as a file.
    static SafeFile ofStream(std::unique_ptr<FileStream> stream, std::uint64_t budget);
    static SafeFile ofBytes(std::shared_ptr<const std::string> bytes, std::uint64_t budget);

    SafeFile(SafeFile&& other) noexcept;
    SafeFile& operator=(SafeFile&& other) noexcept;
    SafeFile(const SafeFile&) = delete;
    SafeFile& operator=(const SafeFile&) = delete;
    ~SafeFile();

    // Reads up to `size` bytes; 0 at the end of the file. nullopt with `error` on a read error or
    // when the file holds more than the budget.
    std::optional<std::size_t> read(char* data, std::size_t size, FileError& error);

    // The descriptor, for a reader that wants its own buffering (QFile::open(int, …)); the caller
    // then owns it and this object no longer reads or closes it. For a stream (ofStream, ofBytes), an
    // A stream's data goes into an anonymous memory file (memfd), up to the budget; -1 when that fails.
    int release();

    // The size fstat reported at open: a hint for buffers, never a limit.
    std::uint64_t sizeHint() const
    {
        return m_sizeHint;
    }

private:
    SafeFile(int fd, std::uint64_t budget, std::uint64_t sizeHint);
    int m_fd = -1;
    std::unique_ptr<FileStream> m_member;
    std::uint64_t m_budget = 0;
    std::uint64_t m_read = 0;
    std::uint64_t m_sizeHint = 0;
};

} // namespace dvmlens
