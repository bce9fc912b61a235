// SPDX-License-Identifier: MIT
#include "core/archive/archivecontainer.h"

#include "core/scan/scanpaths.h"

#include <cerrno>

namespace dvmlens {

ArchiveContainer::ArchiveContainer(std::shared_ptr<const ArchiveTree> tree)
    : m_tree(std::move(tree))
    , m_cursor(newArchiveCursor())
{
}

std::optional<SafeFile> ArchiveContainer::open(
    const std::string& path, const std::string& tree, std::uint64_t budget, FileError& error) const
{
    const std::optional<std::string> inner = m_tree->innerOf(path);
    if (!inner)
        return fileSystem().open(path, tree, budget, error);
    const ArchiveTree::Resolved resolved = m_tree->resolve(*inner, true);
    if (resolved.error == 0 && !tree.empty() && tree != m_tree->archive()) {
        const std::string where = archiveMemberPath(m_tree->archive(), resolved.inner);
        if (!scanpath::isWithin(where, tree)) {
            error =
                FileError { FileProblem::OutsideTree, "it leads out of the scanned tree (to " + where + ")" };
            return std::nullopt;
        }
    }
    int code = 0;
    std::string message;
    std::unique_ptr<ArchiveMember> member =
        openArchiveMember(*m_tree, *inner, budget, code, message, m_cursor);
    if (!member) {
        const FileProblem problem = code == ENOENT || code == ENOTDIR ? FileProblem::Missing
            : code == ELOOP                                           ? FileProblem::LinkLoop
            : code == EXDEV                                           ? FileProblem::OutsideTree
            : code == EISDIR || code == ENODEV                        ? FileProblem::NotRegular
            : code == EACCES                                          ? FileProblem::PermissionDenied
                                                                      : FileProblem::IoError;
        error = FileError { problem, message };
        return std::nullopt;
    }
    return SafeFile::ofStream(std::move(member), budget);
}

const ArchiveTree* archiveOf(const Container& files)
{
    for (const Container* each = &files; each; each = each->wrapped())
        if (const auto* archive = dynamic_cast<const ArchiveContainer*>(each))
            return &archive->archive();
    return nullptr;
}

} // namespace dvmlens
