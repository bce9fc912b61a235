// SPDX-License-Identifier: MIT
// An archive as a container (io/container.h): its member paths "ARCHIVE!/inner" are opened from the
// archive's entries (links inside it followed, never out; the tree bound and budget held as for
// files), from the data its pass kept or by a pass over it that continues the last one when it can
// (ArchiveCursor). Any other path is read from disk.
#pragma once

#include "core/archive/archivetree.h"
#include "core/io/container.h"

#include <memory>

namespace dvmlens {

class ArchiveContainer final : public Container
{
public:
    explicit ArchiveContainer(std::shared_ptr<const ArchiveTree> tree);
    std::optional<SafeFile> open(const std::string& path, const std::string& tree, std::uint64_t budget,
        FileError& error) const override;

    const ArchiveTree& archive() const
    {
        return *m_tree;
    }
    const std::shared_ptr<const ArchiveTree>& archivePointer() const
    {
        return m_tree;
    }

private:
    std::shared_ptr<const ArchiveTree> m_tree;
    std::shared_ptr<ArchiveCursor> m_cursor;
};

// The archive `files` reads from (itself or a container it reads through), or null.
const ArchiveTree* archiveOf(const Container& files);

} // namespace dvmlens
