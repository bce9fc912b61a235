// SPDX-License-Identifier: MIT
// Over 600 lines: one streaming pass and the tree it builds (entry names, links, duplicates,
// hostile entries) share the pass's state; the reader (archivereader) and member paths
// (archivepath) are already apart.
#include "core/archive/archivetree.h"

#include "core/archive/archiveprefetch.h"
#include "core/archive/archivereader.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <filesystem>
#include <mutex>
#include <set>
#include <sys/stat.h>

namespace dvmlens {

namespace {

constexpr std::size_t kProbeBytes = 4096; // what the walk reads of a loose *.py (treescanner)
constexpr std::size_t kRunnableHeadBytes = 64 * 1024 + 1; // versions.cpp reads 64 KiB of it
constexpr std::size_t kQuotedNameBytes = 200; // of a name over the bounds, in its diagnostic

std::string_view baseName(std::string_view inner)
{
    const std::size_t slash = inner.rfind('/');
    return slash == std::string_view::npos ? inner : inner.substr(slash + 1);
}

std::string_view parentOf(std::string_view inner)
{
    const std::size_t slash = inner.rfind('/');
    return slash == std::string_view::npos ? std::string_view() : inner.substr(0, slash);
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string bytesText(std::uint64_t bytes)
{
    if (bytes >= (1ull << 30) && bytes % (1ull << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

// How much of a regular entry the pass keeps for later stages (0: none) and whether it could be
// wanted whole.
std::size_t headToKeep(std::string_view name)
{
    if (name == "fx_graph_runnable.py")
        return kRunnableHeadBytes;
    // Inductor's own dumps are never wrapper modules: the walk does not probe them in a graph folder.
    if (name == "fx_graph_readable.py" || name == "fx_graph_transformed.py" || name == "output_code.py")
        return 0;
    return endsWith(name, ".py") ? kProbeBytes + 1 : 0; // one byte more: a probe of 4 KiB is served whole
}

bool statArchive(const std::string& path, std::int64_t& size, std::int64_t& mtimeNs)
{
    struct stat status;
    if (::stat(path.c_str(), &status) != 0)
        return false;
    size = status.st_size;
    mtimeNs = static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec;
    return true;
}

} // namespace

class ArchiveCursor
{
public:
    std::mutex mutex;
    std::string archive;
    std::unique_ptr<ArchiveReader> reader;
    std::uint64_t next = 0; // the ordinal of the header the reader reads next
};

std::shared_ptr<ArchiveCursor> newArchiveCursor()
{
    return std::make_shared<ArchiveCursor>();
}

namespace {

// A new pass over the archive (or the cursor's last one, continued), stopped at the entry and
// reading its data as it is asked.
class StreamMember final : public ArchiveMember
{
public:
    explicit StreamMember(std::shared_ptr<ArchiveCursor> cursor)
        : m_cursor(std::move(cursor))
    {
    }
    ~StreamMember() override
    {
        if (m_cursor && m_reader && m_seekOk) {
            const std::lock_guard lock(m_cursor->mutex);
            m_cursor->archive = m_archive;
            m_cursor->reader = std::move(m_reader);
            m_cursor->next = m_ordinal + 1;
        }
    }
    bool seek(const ArchiveTree& tree, const std::string& inner, std::uint64_t ordinal, std::string& error)
    {
        m_archive = tree.archive();
        m_ordinal = ordinal;
        std::uint64_t at = 0;
        if (m_cursor) {
            const std::lock_guard lock(m_cursor->mutex);
            if (m_cursor->reader && m_cursor->archive == tree.archive() && m_cursor->next <= ordinal) {
                m_reader = std::move(m_cursor->reader);
                at = m_cursor->next;
            }
            m_cursor->reader.reset();
        }
        if (!m_reader) {
            m_reader = std::make_unique<ArchiveReader>();
            if (!m_reader->open(tree.archive(), error))
                return false;
            countArchivePass();
        }
        ArchiveHeader header;
        for (;; ++at) {
            if (m_reader->next(header, error) != ArchiveReader::Next::Entry) {
                if (error.empty())
                    error = "the archive changed since it was read";
                return false;
            }
            if (at == ordinal)
                break;
        }
        std::string problem;
        if (normaliseEntryName(header.name, problem) != inner) {
            error = "the archive changed since it was read";
            return false;
        }
        m_seekOk = true;
        return true;
    }
    void setSizeHint(std::uint64_t size)
    {
        m_sizeHint = size;
    }
    bool read(char* data, std::size_t size, std::size_t& got, std::string& error) override
    {
        got = 0;
        while (m_pendingSize == 0) {
            if (m_ended)
                return true;
            if (!m_reader->readBlock(m_pending, m_pendingSize, error)) {
                if (!error.empty())
                    return false;
                m_ended = true;
                return true;
            }
        }
        got = std::min(size, m_pendingSize);
        std::copy_n(m_pending, got, data);
        m_pending += got;
        m_pendingSize -= got;
        return true;
    }
    std::uint64_t sizeHint() const override
    {
        return m_sizeHint;
    }

private:
    std::shared_ptr<ArchiveCursor> m_cursor;
    std::unique_ptr<ArchiveReader> m_reader;
    std::string m_archive;
    std::uint64_t m_ordinal = 0;
    bool m_seekOk = false;
    const char* m_pending = nullptr;
    std::size_t m_pendingSize = 0;
    bool m_ended = false;
    std::uint64_t m_sizeHint = 0;
};

} // namespace

std::size_t ArchiveTree::ChildKeyHash::operator()(const ChildKey& key) const noexcept
{
    return std::hash<std::string_view>()(key.name)
        ^ (std::hash<const void*>()(key.folder) * 0x9e3779b97f4a7c15ull);
}

const ArchiveNode* ArchiveTree::child(const ArchiveNode* folder, std::string_view name) const
{
    const auto found = m_children.find(ChildKey { folder, name });
    return found == m_children.end() ? nullptr : found->second;
}

const ArchiveNode* ArchiveTree::find(std::string_view inner) const
{
    const ArchiveNode* node = root();
    for (std::size_t start = 0; node && start < inner.size();) {
        std::size_t slash = inner.find('/', start);
        if (slash == std::string_view::npos)
            slash = inner.size();
        if (slash > start)
            node = child(node, inner.substr(start, slash - start));
        start = slash + 1;
    }
    return node;
}

std::optional<std::string> ArchiveTree::innerOf(std::string_view path) const
{
    if (path.size() < m_archive.size() + 1 || path.compare(0, m_archive.size(), m_archive) != 0
        || path[m_archive.size()] != '!')
        return std::nullopt;
    std::string_view rest = path.substr(m_archive.size() + 1);
    if (rest.empty())
        return std::string();
    if (rest.front() != '/')
        return std::nullopt;
    while (!rest.empty() && rest.front() == '/')
        rest.remove_prefix(1);
    while (!rest.empty() && rest.back() == '/')
        rest.remove_suffix(1);
    return std::string(rest);
}

ArchiveTree::Resolved ArchiveTree::resolve(std::string_view inner, bool followLast) const
{
    Resolved result;
    std::vector<std::string> pending; // components still to walk, the next one last
    auto push = [&pending](std::string_view text) {
        std::vector<std::string> parts;
        std::size_t start = 0;
        while (start <= text.size()) {
            std::size_t slash = text.find('/', start);
            if (slash == std::string_view::npos)
                slash = text.size();
            if (slash > start)
                parts.emplace_back(text.substr(start, slash - start));
            start = slash + 1;
        }
        pending.insert(pending.end(), parts.rbegin(), parts.rend());
    };
    push(inner);
    std::string at; // resolved so far (a folder)
    const ArchiveNode* atNode = root();
    int hops = 0;
    // A link followed again with as many components still to walk comes round a loop; a chain
    // without one that is only longer than kMaxLinkHops says so apart (EMLINK).
    std::set<std::pair<const ArchiveNode*, std::size_t>> followed;
    while (!pending.empty()) {
        const std::string part = std::move(pending.back());
        pending.pop_back();
        if (part == ".")
            continue;
        if (part == "..") {
            if (atNode == root()) {
                result.error = EXDEV;
                std::filesystem::path outside = std::filesystem::path(m_archive).parent_path();
                for (auto it = pending.rbegin(); it != pending.rend(); ++it)
                    outside /= *it;
                result.outside = outside.lexically_normal().native();
                return result;
            }
            at.resize(parentOf(at).size());
            atNode = atNode->parent;
            continue;
        }
        const ArchiveNode* node = child(atNode, part);
        if (!node) {
            result.error = ENOENT;
            return result;
        }
        if (node->type == DT_LNK && (!pending.empty() || followLast)) {
            if (!followed.emplace(node, pending.size()).second) {
                result.error = ELOOP;
                return result;
            }
            if (++hops > kMaxLinkHops) {
                result.error = EMLINK;
                return result;
            }
            if (node->link.empty()) {
                result.error = ENOENT;
                return result;
            }
            if (node->link.front() == '/') {
                result.error = EXDEV;
                result.outside = node->link;
                return result;
            }
            push(node->link); // relative to the link's own folder, which `at` still is
            continue;
        }
        if (!pending.empty() && node->type != DT_DIR) {
            result.error = ENOTDIR;
            return result;
        }
        if (!at.empty())
            at += '/';
        at += part;
        atNode = node;
    }
    result.inner = std::move(at);
    result.node = atNode;
    return result;
}

bool ArchiveTree::unchangedOnDisk() const
{
    std::int64_t size = -1;
    std::int64_t mtime = -1;
    return statArchive(m_archive, size, mtime) && size == m_fileSize && mtime == m_fileMtimeNs;
}

// The one pass: headers and data in archive order, into a new ArchiveTree.
class ArchiveTreeBuilder
{
public:
    ArchiveTreeBuilder(
        const std::string& archive, const ArchivePass& pass, std::vector<Diagnostic>& diagnostics)
        : m_pass(pass)
        , m_diagnostics(diagnostics)
        , m_tree(std::make_shared<ArchiveTree>())
    {
        m_tree->m_archive = archive;
        ArchiveNode& root = m_tree->m_nodes.emplace_back();
        root.type = DT_DIR;
        root.implicit = true;
        m_captureLeft = pass.captureBudget;
    }

    std::shared_ptr<ArchiveTree> run(std::string& error)
    {
        if (!statArchive(m_tree->m_archive, m_tree->m_fileSize, m_tree->m_fileMtimeNs)) {
            error = "cannot examine the archive";
            return nullptr;
        }
        if (!m_reader.open(m_tree->m_archive, error))
            return nullptr;
        countArchivePass();
        for (std::uint64_t ordinal = 0;; ++ordinal) {
            ArchiveHeader header;
            std::string failure;
            const ArchiveReader::Next next = m_reader.next(header, failure);
            if (ordinal == 0 && next == ArchiveReader::Next::Failed) {
                error = failure;
                return nullptr;
            }
            if (next == ArchiveReader::Next::End)
                break;
            if (m_pass.cancel && m_pass.cancel->load(std::memory_order_relaxed))
                break;
            if (next == ArchiveReader::Next::Failed) {
                addCut(failure, ordinal);
                break;
            }
            if (ordinal >= kMaxArchiveEntries) {
                addTooMany();
                break;
            }
            if (!entry(header, ordinal))
                break;
        }
        m_tree->m_format = m_reader.formatName();
        chooseTop();
        return m_tree;
    }

private:
    void add(std::string path, Severity severity, std::string code, std::string message)
    {
        Diagnostic diagnostic;
        diagnostic.path = std::move(path);
        diagnostic.severity = severity;
        diagnostic.code = std::move(code);
        diagnostic.message = std::move(message);
        m_diagnostics.push_back(std::move(diagnostic));
    }

    std::string memberPath(std::string_view inner) const
    {
        return archiveMemberPath(m_tree->m_archive, inner);
    }

    void addCut(const std::string& failure, std::uint64_t entries)
    {
        add(m_tree->m_archive, Severity::Error, "archive-corrupt",
            "The archive is corrupt or cut off after " + std::to_string(entries) + " entries (" + failure
                + "): what was read before stays, the rest is left out.");
    }

    // False when the pass must stop (the stream broke or the budget ran out).
    bool entry(const ArchiveHeader& header, std::uint64_t ordinal)
    {
        std::string problem;
        bool tooLong = false;
        const std::optional<std::string> inner = normaliseEntryName(header.name, problem, &tooLong);
        if (!inner) {
            // A name over the bounds is named by its start only: the diagnostic stays small too.
            add(memberPath(tooLong ? std::string_view(header.name).substr(0, kQuotedNameBytes) : header.name),
                Severity::Warning, tooLong ? "archive-name-too-long" : "archive-unsafe-name",
                "This archive entry is left out: " + problem + ".");
            return drain(std::string_view(), nullptr);
        }
        if (!header.warning.empty())
            add(memberPath(*inner), Severity::Warning, "archive-warning",
                "libarchive warned while reading this entry's header: " + header.warning + ".");
        if (inner->empty())
            return drain(*inner, nullptr); // "./": the top itself
        if (header.size && m_read + *header.size > m_pass.budget) {
            addBudget();
            return false;
        }
        ArchiveNode node;
        node.type = header.type;
        node.ordinal = ordinal;
        node.size = header.size.value_or(0);
        if (!header.hardlink.empty()) {
            settleHardlink(node, header.hardlink, *inner);
        } else if (node.type == DT_LNK && header.symlink.size() > kMaxEntryNameBytes) {
            add(memberPath(*inner), Severity::Warning, "archive-name-too-long",
                "This link's target is " + std::to_string(header.symlink.size()) + " bytes long, over the "
                    + std::to_string(kMaxEntryNameBytes) + " bytes DVM Lens reads; it is not followed.");
        } else if (node.type == DT_LNK) {
            node.link = header.symlink;
        }
        bool keepGoing = true;
        if (header.encrypted) {
            node.problemErrno = EACCES;
            node.problem = "it is encrypted in the archive (DVM Lens reads no encrypted entries)";
            add(memberPath(*inner), Severity::Warning, "archive-encrypted-entry",
                "This archive entry is encrypted, so it cannot be read; it is listed, its content is not.");
        } else if (node.type == DT_REG && !node.hardlink) {
            keepGoing = readData(*inner, node);
        } else {
            keepGoing = drain(*inner, &node);
        }
        if (const std::string warning = m_reader.takeDataWarning(); !warning.empty())
            add(memberPath(*inner), Severity::Warning, "archive-warning",
                "libarchive warned while reading this entry's data: " + warning
                    + "; its content may be damaged.");
        return insert(*inner, std::move(node)) && keepGoing;
    }

    void settleHardlink(ArchiveNode& node, const std::string& stored, const std::string& inner)
    {
        std::string problem;
        const std::optional<std::string> target = normaliseEntryName(stored, problem);
        const ArchiveNode* content = target ? m_tree->find(*target) : nullptr;
        // A link to a hard link repeats what that one repeats: node.link names the content itself,
        // so a chain c -> b -> a is one step long, whatever its length.
        const std::string* contentInner = target ? &*target : nullptr;
        if (content && content->hardlink) {
            contentInner = &content->link;
            content = m_tree->find(content->link);
        }
        if (!content || content->type != DT_REG) {
            node.type = DT_LNK; // a link to nothing: the walk says it cannot be read
            node.link.clear();
            add(memberPath(inner), Severity::Warning, "archive-bad-link",
                "This hard link names "
                    + (target ? "'" + *target + "', which is no file before it in the archive"
                              : "an entry outside the archive")
                    + "; it is not followed.");
            return;
        }
        node.type = DT_REG;
        node.hardlink = true;
        node.link = *contentInner;
        node.size = content->size;
    }

    // Reads (and counts) the data of an entry nobody wants.
    bool drain(std::string_view inner, ArchiveNode* node)
    {
        const char* data = nullptr;
        std::size_t size = 0;
        std::string failure;
        while (m_reader.readBlock(data, size, failure)) {
            m_read += size;
            if (m_read > m_pass.budget) {
                addBudget();
                return false;
            }
        }
        if (!failure.empty()) {
            if (node)
                cutNode(*node, inner);
            addCut(failure, node ? node->ordinal : 0);
            return false;
        }
        return true;
    }

    void cutNode(ArchiveNode& node, std::string_view)
    {
        node.problemErrno = EIO;
        node.problem = "the archive is corrupt or cut off inside it";
        node.captured.reset();
        node.capturedWhole = false;
    }

    bool readData(const std::string& inner, ArchiveNode& node)
    {
        const std::string_view name = baseName(inner);
        bool whole = name == "output_code.py";
        const std::size_t head = headToKeep(name);
        const bool isLog = endsWith(name, ".log");
        // Logs are kept whole while the capture budget lasts (the known-failure rules read them).
        std::size_t keep = isLog
            ? static_cast<std::size_t>(std::min<std::uint64_t>(m_captureLeft, 256ull << 20))
            : std::min<std::size_t>(head, m_captureLeft);
        bool probed = whole || head == 0 || !m_pass.wantsWhole;
        bool tooLarge = false;
        std::string buffer;
        if (node.size > 0 && (whole || keep > 0))
            buffer.reserve(static_cast<std::size_t>(
                std::min<std::uint64_t>(node.size, whole ? m_pass.maxWholeBytes : keep) + 1));
        const char* data = nullptr;
        std::size_t size = 0;
        std::string failure;
        std::uint64_t total = 0;
        while (m_reader.readBlock(data, size, failure)) {
            m_read += size;
            total += size;
            if (m_read > m_pass.budget) {
                cutNode(node, inner);
                node.problem = "the archive budget ran out inside it";
                addBudget();
                return false;
            }
            const bool wantMore = (whole && !tooLarge) || buffer.size() < keep || !probed;
            if (wantMore)
                buffer.append(data, size);
            if (!probed && (buffer.size() >= kProbeBytes)) {
                probed = true;
                whole = m_pass.wantsWhole(inner, std::string_view(buffer).substr(0, kProbeBytes));
            }
            if (whole && buffer.size() > m_pass.maxWholeBytes) {
                tooLarge = true; // left to a later read, which says it is too large
                whole = false;
            }
            if (!whole && !tooLarge && probed && buffer.size() > keep)
                buffer.resize(keep);
            if (tooLarge && buffer.size() > keep)
                buffer.resize(keep);
        }
        if (!failure.empty()) {
            cutNode(node, inner);
            addCut(failure, node.ordinal);
            return false;
        }
        node.size = total;
        if (!probed)
            whole = m_pass.wantsWhole(inner, buffer);
        // A log is kept only whole; a head is kept as far as it goes.
        const bool complete = total <= keep;
        if (keep > 0 && (complete || !isLog)) {
            auto kept = std::make_shared<std::string>(buffer, 0, std::min<std::size_t>(buffer.size(), keep));
            m_captureLeft -= kept->size();
            node.capturedWhole = complete;
            node.captured = std::move(kept);
        }
        if (whole && m_pass.onWhole)
            m_pass.onWhole(inner, std::move(buffer));
        return true;
    }

    void addBudget()
    {
        if (m_budgetSaid)
            return;
        m_budgetSaid = true;
        add(m_tree->m_archive, Severity::Error, "archive-budget-exceeded",
            "DVM Lens stopped reading this archive at " + bytesText(m_pass.budget)
                + " of entry data (the archive budget; --archive-budget SIZE raises it): what was read "
                  "before "
                  "stays, the rest is left out. An archive that unpacks to this much may be a decompression "
                  "bomb.");
    }

    // Adds a node below `folder`; null (the pass stops, said once) past the node or name caps.
    ArchiveNode* addChild(ArchiveNode& folder, std::string_view name, ArchiveNode node)
    {
        if (m_tree->m_nodes.size() > kMaxArchiveEntries || m_nameBytes + name.size() > kMaxArchiveNameBytes) {
            addTooMany();
            return nullptr;
        }
        m_nameBytes += name.size() + node.link.size();
        ArchiveNode& added = m_tree->m_nodes.emplace_back(std::move(node));
        added.name = std::string(name);
        added.parent = &folder;
        folder.children.push_back(&added);
        m_tree->m_children.emplace(ArchiveTree::ChildKey { &folder, added.name }, &added);
        return &added;
    }

    void addTooMany()
    {
        if (m_tooManySaid)
            return;
        m_tooManySaid = true;
        add(m_tree->m_archive, Severity::Error, "archive-too-many-entries",
            "This archive holds more than " + std::to_string(kMaxArchiveEntries)
                + " entries and folders, or more than " + bytesText(kMaxArchiveNameBytes)
                + " of names; the rest is left out.");
    }

    // Takes `node`'s data, keeping where `existing` sits (its key views its name: made again).
    void replaceData(ArchiveNode& existing, ArchiveNode&& node)
    {
        m_tree->m_children.erase(ArchiveTree::ChildKey { existing.parent, existing.name });
        node.name = std::move(existing.name);
        node.parent = existing.parent;
        existing = std::move(node);
        m_tree->m_children.emplace(ArchiveTree::ChildKey { existing.parent, existing.name }, &existing);
    }

    // What was below a folder replaced by a file is gone, as on disk: no longer found by name.
    void forgetBelow(ArchiveNode& folder)
    {
        std::vector<const ArchiveNode*> pending(folder.children.begin(), folder.children.end());
        folder.children.clear();
        while (!pending.empty()) {
            const ArchiveNode* node = pending.back();
            pending.pop_back();
            m_tree->m_children.erase(ArchiveTree::ChildKey { node->parent, node->name });
            pending.insert(pending.end(), node->children.begin(), node->children.end());
        }
    }

    // False when the pass must stop (the caps on nodes and names).
    bool insert(const std::string& inner, ArchiveNode node)
    {
        // Parents first: entries may come without their folders (zip, tar of single files).
        ArchiveNode* folder = &m_tree->m_nodes.front();
        std::size_t start = 0;
        for (std::size_t slash = inner.find('/'); slash != std::string::npos;
             start = slash + 1, slash = inner.find('/', start)) {
            const std::string_view part = std::string_view(inner).substr(start, slash - start);
            ArchiveNode* found = const_cast<ArchiveNode*>(m_tree->child(folder, part));
            if (!found) {
                ArchiveNode implicit;
                implicit.type = DT_DIR;
                implicit.implicit = true;
                found = addChild(*folder, part, std::move(implicit));
                if (!found)
                    return false;
            } else if (found->type != DT_DIR) {
                add(memberPath(inner), Severity::Warning, "archive-duplicate-entry",
                    "This archive entry is left out: '" + inner.substr(0, slash)
                        + "' above it is a file or link in the archive, not a folder.");
                return true;
            }
            folder = found;
        }
        const std::string_view name = std::string_view(inner).substr(start);
        ArchiveNode* existing = const_cast<ArchiveNode*>(m_tree->child(folder, name));
        if (!existing)
            return addChild(*folder, name, std::move(node)) != nullptr;
        if (existing->type == DT_DIR && node.type == DT_DIR) {
            node.children = std::move(existing->children);
            replaceData(*existing, std::move(node));
            return true;
        }
        add(memberPath(inner), Severity::Warning, "archive-duplicate-entry",
            "This name appears more than once in the archive; the last copy is used, as unpacking it would "
            "leave it.");
        if (existing->type == DT_DIR)
            forgetBelow(*existing);
        replaceData(*existing, std::move(node));
        return true;
    }

    void chooseTop()
    {
        const ArchiveNode& root = m_tree->m_nodes.front();
        if (root.children.size() == 1 && root.children.front()->type == DT_DIR)
            m_tree->m_top = root.children.front()->name;
    }

    const ArchivePass& m_pass;
    std::vector<Diagnostic>& m_diagnostics;
    std::shared_ptr<ArchiveTree> m_tree;
    ArchiveReader m_reader;
    std::uint64_t m_read = 0;
    std::uint64_t m_captureLeft = 0;
    std::uint64_t m_nameBytes = 0;
    bool m_budgetSaid = false;
    bool m_tooManySaid = false;
};

std::shared_ptr<const ArchiveTree> readArchiveTree(const std::string& archive, const ArchivePass& pass,
    std::vector<Diagnostic>& diagnostics, std::string& error)
{
    return ArchiveTreeBuilder(archive, pass, diagnostics).run(error);
}

std::unique_ptr<ArchiveMember> openArchiveMember(const ArchiveTree& tree, std::string_view inner,
    std::uint64_t wanted, int& error, std::string& message, const std::shared_ptr<ArchiveCursor>& cursor)
{
    ArchiveTree::Resolved resolved = tree.resolve(inner, true);
    if (resolved.error == EXDEV) {
        error = EXDEV;
        message = "it is a link that leads out of the archive (to " + resolved.outside + ")";
        return nullptr;
    }
    if (resolved.error != 0 || !resolved.node) {
        error = resolved.error ? resolved.error : ENOENT;
        message = error == ELOOP ? "it is a link that leads round a loop"
            : error == EMLINK    ? kLinkChainTooLong
                                 : "there is no such entry in the archive";
        return nullptr;
    }
    const ArchiveNode* node = resolved.node;
    std::string contentInner = resolved.inner;
    if (node->hardlink) {
        contentInner = node->link;
        node = tree.find(contentInner);
        if (!node || node->type != DT_REG) {
            error = ENOENT;
            message = "it is a hard link to nothing";
            return nullptr;
        }
    }
    if (node->type != DT_REG) {
        error = node->type == DT_DIR ? EISDIR : ENODEV;
        message = std::string("it is ")
            + (node->type == DT_DIR                                ? "a folder"
                    : node->type == DT_FIFO                        ? "a FIFO"
                    : node->type == DT_SOCK                        ? "a socket"
                    : node->type == DT_CHR || node->type == DT_BLK ? "a device"
                                                                   : "not a regular file")
            + " in the archive, not a regular file";
        return nullptr;
    }
    if (node->problemErrno != 0) {
        error = node->problemErrno;
        message = node->problem;
        return nullptr;
    }
    if (node->captured && (node->capturedWhole || wanted < node->captured->size()))
        return std::make_unique<BytesStream>(node->captured, node->size);
    if (!tree.unchangedOnDisk()) {
        error = EIO;
        message = "the archive changed on disk since it was read; open it again";
        return nullptr;
    }
    auto member = std::make_unique<StreamMember>(cursor);
    std::string failure;
    if (!member->seek(tree, contentInner, node->ordinal, failure)) {
        error = EIO;
        message = failure;
        return nullptr;
    }
    member->setSizeHint(node->size);
    return member;
}

} // namespace dvmlens
