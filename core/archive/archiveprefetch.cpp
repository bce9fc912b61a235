// SPDX-License-Identifier: MIT
#include "core/archive/archiveprefetch.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <dirent.h>
#include <utility>

namespace dvmlens {

namespace {

thread_local ArchivePrefetch* t_prefetch = nullptr; // the thread's innermost
std::atomic<std::uint64_t> g_passes { 0 };

} // namespace

PrefetchedMembers readMembersAhead(
    const ArchiveTree& tree, const std::vector<std::string>& inners, std::uint64_t budget)
{
    PrefetchedMembers ahead;
    ahead.archive = tree.archive();
    std::vector<std::pair<std::uint64_t, const std::string*>> ordered;
    for (const std::string& inner : inners) {
        const ArchiveTree::Resolved resolved = tree.resolve(inner, true);
        if (resolved.error != 0 || !resolved.node || resolved.node->type != DT_REG)
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
        std::unique_ptr<ArchiveMember> member = openArchiveMember(tree, *inner, left, error, message);
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

ArchivePrefetch::ArchivePrefetch(
    const ArchiveTree& tree, const std::vector<std::string>& inners, std::uint64_t budget)
    : ArchivePrefetch(readMembersAhead(tree, inners, budget))
{
}

ArchivePrefetch::ArchivePrefetch(PrefetchedMembers members)
    : m_archive(std::move(members.archive))
    , m_members(std::move(members.members))
    , m_outer(t_prefetch)
{
    t_prefetch = this;
}

ArchivePrefetch::~ArchivePrefetch()
{
    t_prefetch = m_outer;
}

std::shared_ptr<const std::string> prefetchedMember(const std::string& archive, std::string_view inner)
{
    for (const ArchivePrefetch* each = t_prefetch; each; each = each->m_outer) {
        if (each->m_archive != archive)
            continue;
        const auto found = each->m_members.find(inner);
        if (found != each->m_members.end())
            return found->second;
    }
    return nullptr;
}

std::shared_ptr<const std::string> prefetchedMemberAt(std::string_view path)
{
    for (const ArchivePrefetch* each = t_prefetch; each; each = each->m_outer) {
        const std::string& archive = each->m_archive;
        if (path.size() <= archive.size() + 1 || path.compare(0, archive.size(), archive) != 0
            || path.substr(archive.size(), 2) != "!/")
            continue;
        std::string_view inner = path.substr(archive.size() + 1);
        while (!inner.empty() && inner.front() == '/') // as ArchiveTree::innerOf reads it
            inner.remove_prefix(1);
        const auto found = each->m_members.find(inner);
        if (found != each->m_members.end())
            return found->second;
    }
    return nullptr;
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
