// SPDX-License-Identifier: MIT
#include "core/io/container.h"

#include <algorithm>

namespace dvmlens {

FolderContainer::FolderContainer(const std::string& root)
    : m_root(TreeBound::of(root))
{
}

std::optional<SafeFile> FolderContainer::open(
    const std::string& path, const std::string& tree, std::uint64_t budget, FileError& error) const
{
    if (!m_root.tree.empty() && tree == m_root.tree)
        return SafeFile::open(path, m_root, budget, error);
    return SafeFile::open(path, tree, budget, error);
}

const Container& fileSystem()
{
    static const FolderContainer files;
    return files;
}

bool readWholeFile(const Container& files, const std::string& path, const std::string& tree,
    std::uint64_t budget, std::string& buffer, std::size_t& size, FileError& error)
{
    size = 0;
    std::optional<SafeFile> file = files.open(path, tree, budget, error);
    if (!file)
        return false;
    // The stat size is only where the buffer starts: the file may be a device-like regular file
    // (procfs, size 0) or grow while it is read.
    const std::size_t expected =
        static_cast<std::size_t>(std::min<std::uint64_t>(file->sizeHint(), budget)) + 1;
    if (buffer.size() < expected)
        buffer.resize(expected);
    for (;;) {
        if (size == buffer.size())
            buffer.resize(std::max<std::size_t>(buffer.size() * 2, 4096));
        const std::optional<std::size_t> got = file->read(buffer.data() + size, buffer.size() - size, error);
        if (!got)
            return false;
        if (*got == 0)
            return true;
        size += *got;
    }
}

std::optional<std::string> readFileHead(const Container& files, const std::string& path,
    const std::string& tree, std::size_t limit, FileError& error)
{
    std::optional<SafeFile> file = files.open(path, tree, limit, error);
    if (!file)
        return std::nullopt;
    std::string head(limit, '\0');
    std::size_t size = 0;
    while (size < limit) {
        FileError readError;
        const std::optional<std::size_t> got = file->read(head.data() + size, limit - size, readError);
        if (!got) {
            if (readError.problem == FileProblem::TooLarge)
                break; // only the head was wanted
            error = readError;
            return std::nullopt;
        }
        if (*got == 0)
            break;
        size += *got;
    }
    head.resize(size);
    return head;
}

} // namespace dvmlens
