// SPDX-License-Identifier: MIT
// Members of an archive read ahead, in archive order, and served from memory by a container over
// the index's (PrefetchedContainer) that the reader is handed. A report reads
// several files of each graph (output_code.py for excerpts, kernel bodies and model sources, the FX
// graph files, the provenance JSONs) in an order that is not the archive's, and a member asked out
// of archive order restarts the pass (archivetree.h); read ahead graph after graph in archive order,
// they cost one pass for the whole report.
#pragma once

#include "core/archive/archivetree.h"
#include "core/io/container.h"

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
// most `budget` bytes: a member that does not fit is left to be read as usual. `cursor` continues
// the pass the last call left (callers that read item after item in archive order share one).
PrefetchedMembers readMembersAhead(const ArchiveTree& tree, const std::vector<std::string>& inners,
    std::uint64_t budget, const std::shared_ptr<ArchiveCursor>& cursor);

// Reads through `base`, but the members read ahead come from memory.
class PrefetchedContainer final : public Container
{
public:
    PrefetchedContainer(const Container& base, PrefetchedMembers members);
    // readMembersAhead's members of `tree`, which `base` reads from.
    PrefetchedContainer(const Container& base, const ArchiveTree& tree,
        const std::vector<std::string>& inners, std::uint64_t budget,
        const std::shared_ptr<ArchiveCursor>& cursor);
    std::optional<SafeFile> open(const std::string& path, const std::string& tree, std::uint64_t budget,
        FileError& error) const override;
    const Container* wrapped() const override
    {
        return &m_base;
    }

    std::size_t members() const
    {
        return m_members.members.size();
    }

private:
    const Container& m_base;
    PrefetchedMembers m_members;
};

// Passes over archives started in this process: readArchiveTree's, and each pass a member read
// starts anew (one continued is not counted). Tests assert with it that members are read in
// archive order.
std::uint64_t archivePassesStarted();
void countArchivePass();

} // namespace dvmlens
