// SPDX-License-Identifier: MIT
#include "core/archive/archiveprefetch.h"

#include "core/scan/scanpaths.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <dirent.h>
#include <utility>

namespace dvmlens {

namespace {

std::atomic<std::uint64_t> g_passes { 0 };

} // namespace

PrefetchedMembers readMembersAhead(const ArchiveTree& tree, const std::vector<std::string>& inners,
    std::uint64_t budget, const std::shared_ptr<ArchiveCursor>& cursor)
{
    PrefetchedMembers ahead;
    ahead.archive = tree.archive();
    std::vector<std::pair<std::uint64_t, const std::string*>> ordered;
    for (const std::string& inner : inners) {
        const ArchiveTree::Resolved resolved = tree.resolve(inner, true);
        // A link is read as usual: its container checks where it leads against the reader's tree.
        if (resolved.error != 0 || !resolved.node || resolved.node->type != DT_REG || resolved.inner != inner)
            continue;
        const ArchiveNode* node = resolved.node;
        if (node->hardlink) // its data is read at the entry it repeats
            node = tree.find(node->link);
        if (node && node->problemErrno == 0 && node->size <= budget)
            ordered.emplace_back(node->ordinal, &inner);
    }
    std::sort(ordered.begin(), ordered.end());
    std::uint64_t left = budget;
    std::vector<char> chunk(1 << 16);
    for (const auto& [ordinal, inner] : ordered) {
        int error = 0;
        std::string message;
        std::unique_ptr<ArchiveMember> member = openArchiveMember(tree, *inner, left, error, message, cursor);
        if (!member || member->sizeHint() > left)
            continue;
        auto data = std::make_shared<std::string>();
        data->reserve(member->sizeHint());
        bool ok = true;
        for (;;) {
            std::size_t got = 0;
            if (!member->read(chunk.data(), chunk.size(), got, message)) {
                ok = false; // read as usual later, which says what went wrong
                break;
            }
            if (got == 0)
                break;
            if (data->size() + got > left) {
                ok = false;
                break;
            }
            data->append(chunk.data(), got);
        }
        if (!ok)
            continue;
        left -= data->size();
        ahead.bytes += data->size();
        ahead.members.emplace(*inner, std::move(data));
    }
    return ahead;
}

PrefetchedContainer::PrefetchedContainer(const Container& base, PrefetchedMembers members)
    : m_base(base)
    , m_members(std::move(members))
{
}

PrefetchedContainer::PrefetchedContainer(const Container& base, const ArchiveTree& tree,
    const std::vector<std::string>& inners, std::uint64_t budget,
    const std::shared_ptr<ArchiveCursor>& cursor)
    : PrefetchedContainer(base, readMembersAhead(tree, inners, budget, cursor))
{
}

std::optional<SafeFile> PrefetchedContainer::open(
    const std::string& path, const std::string& tree, std::uint64_t budget, FileError& error) const
{
    const std::string& archive = m_members.archive;
    // Inside the tree as the archive resolves it, or the base says why not.
    if (archive.empty() || path.size() <= archive.size() + 1 || path.compare(0, archive.size(), archive) != 0
        || path.compare(archive.size(), 2, "!/") != 0 || (!tree.empty() && !scanpath::isWithin(path, tree)))
        return m_base.open(path, tree, budget, error);
    std::string_view inner = std::string_view(path).substr(archive.size() + 1);
    while (!inner.empty() && inner.front() == '/') // as ArchiveTree::innerOf reads it
        inner.remove_prefix(1);
    const auto found = m_members.members.find(inner);
    if (found == m_members.members.end())
        return m_base.open(path, tree, budget, error);
    return SafeFile::ofBytes(found->second, budget);
}

std::uint64_t archivePassesStarted()
{
    return g_passes.load(std::memory_order_relaxed);
}

void countArchivePass()
{
    g_passes.fetch_add(1, std::memory_order_relaxed);
}

} // namespace dvmlens
