// SPDX-License-Identifier: MIT
// Members of an archive read ahead, in archive order, by the thread that then uses them: while an
// ArchivePrefetch lives, openArchiveMember on that thread serves them from memory. A report reads
// several files of each graph (output_code.py for excerpts, kernel bodies and model sources, the FX
// graph files, the provenance JSONs) in an order that is not the archive's, and a member asked out
// of archive order restarts the pass (archivetree.h); read ahead graph after graph in archive order,
// they cost one pass for the whole report.
#pragma once

#include "core/archive/archivetree.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// Members read ahead on one thread, to be served on another (archivegraphpass.h).
struct PrefetchedMembers
{
    std::string archive;
    std::map<std::string, std::shared_ptr<const std::string>, std::less<>> members;
    std::uint64_t bytes = 0;
};

// Reads the regular members `inners` of `tree` (those that exist) in archive order, keeping at
// most `budget` bytes: a member that does not fit is left to be read as usual.
PrefetchedMembers readMembersAhead(
    const ArchiveTree& tree, const std::vector<std::string>& inners, std::uint64_t budget);

class ArchivePrefetch
{
public:
    // readMembersAhead's members, served on this thread.
    ArchivePrefetch(const ArchiveTree& tree, const std::vector<std::string>& inners, std::uint64_t budget);
    explicit ArchivePrefetch(PrefetchedMembers members);
    ~ArchivePrefetch();
    ArchivePrefetch(const ArchivePrefetch&) = delete;
    ArchivePrefetch& operator=(const ArchivePrefetch&) = delete;

    std::size_t members() const
    {
        return m_members.size();
    }

private:
    friend std::shared_ptr<const std::string> prefetchedMember(
        const std::string& archive, std::string_view inner);
    friend std::shared_ptr<const std::string> prefetchedMemberAt(std::string_view path);

    std::string m_archive;
    std::map<std::string, std::shared_ptr<const std::string>, std::less<>> m_members;
    ArchivePrefetch* m_outer = nullptr; // the one this thread had before (they nest)
};

// The data of the member `inner` of `archive` read ahead on this thread, or null.
std::shared_ptr<const std::string> prefetchedMember(const std::string& archive, std::string_view inner);

// The same for a whole path "ARCHIVE!/inner" (a trace log's graph file, which names no member).
std::shared_ptr<const std::string> prefetchedMemberAt(std::string_view path);

// Passes over archives started in this process: readArchiveTree's, and each pass a member read
// starts anew (one continued is not counted). Tests assert with it that members are read in
// archive order.
std::uint64_t archivePassesStarted();
void countArchivePass();

} // namespace dvmlens
