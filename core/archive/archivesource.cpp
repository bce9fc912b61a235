// SPDX-License-Identifier: MIT
#include "core/archive/archivesource.h"

#include <cerrno>
#include <dirent.h>

namespace dvmlens {

ArchiveTreeSource::ArchiveTreeSource(std::shared_ptr<const ArchiveTree> tree)
    : m_tree(std::move(tree))
{
}

bool ArchiveTreeSource::list(
    const std::string& folder, std::vector<Listed>& entries, int& error, int& partError) const
{
    partError = 0;
    const std::optional<std::string> inner = m_tree->innerOf(folder);
    const ArchiveTree::Resolved resolved = inner ? m_tree->resolve(*inner, true) : ArchiveTree::Resolved {};
    if (!inner || resolved.error != 0 || !resolved.node) {
        error = inner ? (resolved.error == EXDEV ? ENOENT : resolved.error) : ENOENT;
        return false;
    }
    if (resolved.node->type != DT_DIR) {
        error = ENOTDIR;
        return false;
    }
    entries.reserve(resolved.node->children.size());
    for (const ArchiveNode* child : resolved.node->children)
        entries.push_back({ child->name, child->type });
    return true;
}

std::optional<unsigned char> ArchiveTreeSource::typeOf(const std::string& path, int& error) const
{
    const std::optional<std::string> inner = m_tree->innerOf(path);
    const ArchiveTree::Resolved resolved = inner ? m_tree->resolve(*inner, false) : ArchiveTree::Resolved {};
    if (!inner || !resolved.node || resolved.error != 0) {
        error = ENOENT;
        return std::nullopt;
    }
    return resolved.node->type;
}

std::optional<std::string> ArchiveTreeSource::canonical(const std::string& path, std::error_code& error) const
{
    const std::optional<std::string> inner = m_tree->innerOf(path);
    if (!inner) {
        error = std::make_error_code(std::errc::no_such_file_or_directory);
        return std::nullopt;
    }
    const ArchiveTree::Resolved resolved = m_tree->resolve(*inner, true);
    if (resolved.error == EXDEV)
        return resolved.outside; // out of the archive: the walk says so and never follows it
    if (resolved.error != 0) {
        error = std::error_code(resolved.error, std::generic_category());
        return std::nullopt;
    }
    return archiveMemberPath(m_tree->archive(), resolved.inner);
}

std::optional<unsigned char> ArchiveTreeSource::targetType(
    const std::string& path, std::error_code& error) const
{
    const std::optional<std::string> inner = m_tree->innerOf(path);
    if (!inner)
        return std::nullopt;
    const ArchiveTree::Resolved resolved = m_tree->resolve(*inner, true);
    if (resolved.error != 0 || !resolved.node) {
        if (resolved.error != ENOENT && resolved.error != EXDEV)
            error = std::error_code(resolved.error, std::generic_category());
        return std::nullopt;
    }
    return resolved.node->type;
}

std::optional<std::string> ArchiveTreeSource::readHead(const std::string& path, std::size_t limit) const
{
    const std::optional<std::string> inner = m_tree->innerOf(path);
    if (!inner)
        return std::nullopt;
    int error = 0;
    std::string message;
    std::unique_ptr<ArchiveMember> member = openArchiveMember(*m_tree, *inner, limit, error, message);
    if (!member)
        return std::nullopt;
    std::string head(limit, '\0');
    std::size_t size = 0;
    while (size < limit) {
        std::size_t got = 0;
        if (!member->read(head.data() + size, limit - size, got, message))
            return std::nullopt;
        if (got == 0)
            break;
        size += got;
    }
    head.resize(size);
    return head;
}

} // namespace dvmlens
