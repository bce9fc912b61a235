// SPDX-License-Identifier: MIT
// An archive read once, in one streaming pass: its table of entries (names normalised, links and
// duplicates settled, hostile names left out with a diagnostic) and the few small data the later
// stages want (heads of *.py files for the wrapper probe and versions, logs under a budget). The
// rest of the data is never kept: the pass hands whole output_code.py files to the indexer as they
// stream, and anything read later (a code view, kernel bodies, report excerpts) is read again by a
// new pass that stops at that entry (openArchiveMember).
//
// Design (why a member path, not a separate field): every Index path of an archive is
// "ARCHIVE!/inner" (archivepath.h), so the walk (scan/treescanner via archivesource.h), the model,
// the writers and the GUI handle archive trees exactly as folders, and the index's container
// (archivecontainer.h, held by Index::files) opens its member paths.
#pragma once

#include "core/archive/archivepath.h"
#include "core/io/filestream.h"
#include "core/model/model.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dvmlens {

// Bytes of entry data one pass reads at most (decompressed): a bomb stops there with a diagnostic.
inline constexpr std::uint64_t kDefaultArchiveBudget = 4ull << 30;
// Entries one archive may hold, with the folders only their names imply (each costs a node in memory).
inline constexpr std::uint64_t kMaxArchiveEntries = 2'000'000;
// Links one lookup follows in a row at most, as Linux's own limit; a longer chain is no loop, and
// is said apart from one.
inline constexpr int kMaxLinkHops = 40;
inline constexpr const char* kLinkChainTooLong =
    "it is a link at the start of too long a chain of links (more than 40 in a row)";
// Bytes of names (one per node: its last component) and link targets one archive may hold.
inline constexpr std::uint64_t kMaxArchiveNameBytes = 256ull << 20;

struct ArchiveNode
{
    unsigned char type = 0; // DT_* of <dirent.h> (a hard link is DT_REG)
    std::string link; // DT_LNK: the target as stored; hard link: the inner path whose data it repeats
    bool hardlink = false;
    bool implicit = false; // a folder only named by the entries below it
    std::uint64_t ordinal = 0; // header number in the archive (0-based): where to read it again
    std::uint64_t size = 0;
    int problemErrno = 0; // non-zero when the data cannot be read: EACCES (encrypted), EIO (cut off)
    std::string problem; // why, in words: "it is encrypted in the archive"
    std::shared_ptr<const std::string> captured; // data kept from the pass: whole, or a head
    bool capturedWhole = false;
    // Where it sits: a tree of nodes, each holding only its own name, so a deep name costs its
    // bytes once (not one key per folder above it) and a lookup walks its components.
    std::string name; // the last component of its inner path ("" for the archive's root)
    const ArchiveNode* parent = nullptr;
    std::vector<const ArchiveNode*> children; // folders: the entries right below, in archive order
};

class ArchiveTree
{
public:
    const std::string& archive() const
    {
        return m_archive;
    }
    // The folder the walk starts at: the archive's one top-level folder when it has only that
    // (tar -C parent -cf x.tar tree), so the walk sees what opening the unpacked folder shows.
    const std::string& top() const
    {
        return m_top;
    }
    std::string topPath() const
    {
        return archiveMemberPath(m_archive, m_top);
    }
    // "tar (GNU tar format, zstd)": what was read, for messages.
    const std::string& format() const
    {
        return m_format;
    }

    const ArchiveNode* find(std::string_view inner) const;
    // The inner path of `path` when it names a member of this archive.
    std::optional<std::string> innerOf(std::string_view path) const;

    struct Resolved
    {
        std::string inner;
        const ArchiveNode* node = nullptr;
        // ENOENT, ENOTDIR, ELOOP (round a loop), EMLINK (more than 40 links in a row, no loop),
        // EXDEV (a link that leads out: `outside` says where)
        int error = 0;
        std::string outside;
    };
    // Follows the links on the way (and the last one when `followLast`), never out of the archive.
    Resolved resolve(std::string_view inner, bool followLast) const;

    bool unchangedOnDisk() const;

private:
    friend class ArchiveTreeBuilder;
    std::string m_archive;
    std::string m_top;
    std::string m_format;
    struct ChildKey
    {
        const ArchiveNode* folder = nullptr;
        std::string_view name; // views the child's own `name`
        bool operator==(const ChildKey&) const = default;
    };
    struct ChildKeyHash
    {
        std::size_t operator()(const ChildKey& key) const noexcept;
    };
    const ArchiveNode* child(const ArchiveNode* folder, std::string_view name) const;
    const ArchiveNode* root() const
    {
        return &m_nodes.front();
    }

    std::deque<ArchiveNode> m_nodes; // the root first; a node never moves once added
    std::unordered_map<ChildKey, ArchiveNode*, ChildKeyHash> m_children; // (folder, name) -> node
    std::int64_t m_fileSize = -1;
    std::int64_t m_fileMtimeNs = -1;
};

struct ArchivePass
{
    std::uint64_t budget = kDefaultArchiveBudget;
    std::uint64_t captureBudget = 64ull << 20; // heads and logs kept for the later stages
    std::uint64_t maxWholeBytes = 512ull << 20; // an entry handed over whole is at most this big
    // Whether a regular entry's data is wanted whole, asked with its inner path and first bytes (up
    // to 4 KiB) once they are read; output_code.py files always are.
    std::function<bool(std::string_view inner, std::string_view head)> wantsWhole;
    // Called on the reading thread, in archive order, with each entry wanted whole.
    std::function<void(const std::string& inner, std::string&& bytes)> onWhole;
    const std::atomic<bool>* cancel = nullptr; // when it becomes true, the pass stops at the next entry
};

// Reads `archive` (absolute path) once. Null with `error` when it cannot be opened or is no archive;
// otherwise every problem (hostile names, links, duplicates, encrypted entries, a corrupt or cut
// stream, the budget) is a diagnostic and what was read before it stays.
std::shared_ptr<const ArchiveTree> readArchiveTree(const std::string& archive, const ArchivePass& pass,
    std::vector<Diagnostic>& diagnostics, std::string& error);

// One entry's data, read from memory (kept by the pass) or by a new pass to it.
using ArchiveMember = FileStream;

// Where the last pass over an archive stopped, so that reading a member further on continues it
// instead of starting over (a report reads its graphs' files in index order, which mostly is
// archive order): N members cost about one pass, not N. Each container holds one; a reader taken
// out for a member goes back when the member is done, so two threads never share a pass.
class ArchiveCursor;
std::shared_ptr<ArchiveCursor> newArchiveCursor();

// Opens the regular entry `inner` (links inside the archive followed) for reading; `wanted` is how
// many bytes the caller reads at most (a kept head serves a smaller read). A new pass starts at the
// archive's beginning unless `cursor` has one stopped before the entry. Null with `error` (an
// errno: ENOENT, ELOOP, EXDEV, EISDIR, ENODEV, EACCES, EIO) and `message` otherwise.
std::unique_ptr<ArchiveMember> openArchiveMember(const ArchiveTree& tree, std::string_view inner,
    std::uint64_t wanted, int& error, std::string& message,
    const std::shared_ptr<ArchiveCursor>& cursor = {});

} // namespace dvmlens
