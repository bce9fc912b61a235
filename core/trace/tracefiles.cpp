// SPDX-License-Identifier: MIT
#include "core/trace/tracefiles.h"

#include "core/io/container.h"
#include "core/model/graphname.h"
#include "core/scan/graphfolder.h"
#include "core/scan/scanpaths.h"
#include "core/scan/treescanner.h"
#include "core/scan/treesource.h"
#include "core/trace/tracelog.h"

#include <algorithm>
#include <archive.h>
#include <dirent.h>
#include <memory>
#include <set>
#include <system_error>

namespace dvmlens {

namespace {

bool endsWith(std::string_view text, std::string_view end)
{
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

std::string joinPath(const std::string& folder, std::string_view name)
{
    return (folder == "/" ? folder : folder + '/') + std::string(name);
}

// The first kTraceProbeBytes of the text inside the gzip bytes `head` (fewer when the file is shorter,
// none when `head` was cut before libarchive's first block).
std::string gunzipHead(const std::string& head)
{
    std::unique_ptr<struct archive, int (*)(struct archive*)> archive(archive_read_new(), archive_read_free);
    archive_read_support_filter_gzip(archive.get());
    archive_read_support_format_raw(archive.get());
    struct archive_entry* entry = nullptr;
    if (archive_read_open_memory(archive.get(), head.data(), head.size()) != ARCHIVE_OK
        || archive_read_next_header(archive.get(), &entry) != ARCHIVE_OK)
        return {};
    std::string text(kTraceProbeBytes, '\0');
    std::size_t size = 0;
    while (size < text.size()) { // the compressed head is cut: keep what decompressed before the cut
        const la_ssize_t got = archive_read_data(archive.get(), text.data() + size, text.size() - size);
        if (got <= 0)
            break;
        size += static_cast<std::size_t>(got);
    }
    text.resize(size);
    return text;
}

// The file system, with every head read through the safe opener bounded by `bound`: a file swapped
// for a link between the listing and the read cannot lead out.
class BoundedFileSource : public TreeSource
{
public:
    explicit BoundedFileSource(std::string bound)
        : m_bound(std::move(bound))
    {
    }

    bool list(
        const std::string& folder, std::vector<Listed>& entries, int& error, int& partError) const override
    {
        return posixTreeSource().list(folder, entries, error, partError);
    }

    std::optional<unsigned char> typeOf(const std::string& path, int& error) const override
    {
        return posixTreeSource().typeOf(path, error);
    }

    std::optional<std::string> canonical(const std::string& path, std::error_code& error) const override
    {
        return posixTreeSource().canonical(path, error);
    }

    std::optional<unsigned char> targetType(const std::string& path, std::error_code& error) const override
    {
        return posixTreeSource().targetType(path, error);
    }

    std::optional<std::string> readHead(const std::string& path, std::size_t limit) const override
    {
        FileError error;
        return readFileHead(fileSystem(), path, m_bound, limit, error);
    }

private:
    std::string m_bound;
};

// The type of a listed entry (DT_UNKNOWN asked again); nullopt when it is gone.
std::optional<unsigned char> entryType(
    const TreeSource& source, const std::string& path, const TreeSource::Listed& entry)
{
    if (entry.type != DT_UNKNOWN)
        return entry.type;
    int error = 0;
    return source.typeOf(path, error);
}

// A folder name that makes its parent a debug tree's (torch_compile_debug/, run_*, torchinductor/,
// a graph folder).
bool isDebugFolderName(std::string_view name)
{
    return name == "torch_compile_debug" || parseRunName(name) || isGraphsFolderName(name)
        || graphfolder::looksLikeGraphFolder(name);
}

// Whether the entries of a folder make it (part of) a debug tree: an output_code.py, or a folder
// the tree walk knows.
bool holdsDebugTree(
    const TreeSource& source, const std::string& folder, const std::vector<TreeSource::Listed>& entries)
{
    return std::any_of(entries.begin(), entries.end(), [&](const TreeSource::Listed& entry) {
        if (entry.name == "output_code.py")
            return true;
        return isDebugFolderName(entry.name)
            && entryType(source, joinPath(folder, entry.name), entry) == DT_DIR;
    });
}

void addNote(std::vector<Diagnostic>* notes, const std::string& path, const char* code, std::string message)
{
    if (notes)
        notes->push_back(graphfolder::makeDiagnostic(path, Severity::Warning, code, std::move(message)));
}

// Whether the link `path`, named like a log, leads to a regular file inside `bound` (the folder
// opened): then it is read through the link. Else it is never opened and `notes` says why: out of
// the folder ("link-outside-tree", as the tree walk says it; /dev/zero, a log elsewhere), round a
// loop, to nothing, or to no regular file.
bool readsThroughLink(const std::string& path, const std::string& bound, const TreeSource& source,
    std::vector<Diagnostic>* notes)
{
    std::error_code error;
    const std::optional<std::string> target = source.canonical(path, error);
    if (error == std::errc::too_many_symbolic_link_levels || error == std::errc::too_many_links) {
        addNote(notes, path, "link-loop",
            "This log is a link that leads round a loop or too long a chain of links; it is not read.");
        return false;
    }
    if (error || !target) {
        addNote(notes, path, "unreadable",
            "This log is a link to nothing that can be read ("
                + (error ? error.message() : std::string("gone")) + "); it is not read.");
        return false;
    }
    std::error_code boundError;
    const std::optional<std::string> root = source.canonical(bound, boundError);
    if (!root || !scanpath::isWithin(*target, *root)) {
        addNote(notes, path, "link-outside-tree",
            "This log is a link out of the opened folder (to " + *target
                + "); it is not read, so nothing outside what was opened is. Copy the log into the "
                  "folder to read it.");
        return false;
    }
    const std::optional<unsigned char> type = source.targetType(*target, error);
    if (type == DT_REG)
        return true;
    if (type && type != DT_DIR) {
        if (std::optional<Diagnostic> note = specialLogNote(path, *type); note && notes)
            notes->push_back(std::move(*note));
    }
    return false;
}

// The trace logs among `entries` of `folder` (see findTraceLogs); `bound`: the folder opened.
std::vector<std::string> logsAmong(const std::string& folder, const std::vector<TreeSource::Listed>& entries,
    const TreeSource& source, std::vector<Diagnostic>* notes, const std::string& bound)
{
    std::vector<std::string> logs;
    std::vector<Diagnostic> said; // sorted by path below: the listing's order is the file system's
    std::vector<Diagnostic>* say = notes ? &said : nullptr;
    for (const TreeSource::Listed& entry : entries) {
        if (!isLogFileName(entry.name))
            continue;
        const std::string path = joinPath(folder, entry.name);
        const std::optional<unsigned char> type = entryType(source, path, entry);
        if (type == DT_LNK) {
            if (readsThroughLink(path, bound, source, say)
                && (isTraceLogName(entry.name) || isTraceLogFile(path, source)))
                logs.push_back(path);
            continue;
        }
        if (type != DT_REG) {
            if (say && type) {
                if (std::optional<Diagnostic> note = specialLogNote(path, *type))
                    say->push_back(std::move(*note));
            }
            continue;
        }
        if (isTraceLogName(entry.name) || isTraceLogFile(path, source))
            logs.push_back(path);
    }
    std::sort(logs.begin(), logs.end());
    if (notes) {
        std::stable_sort(said.begin(), said.end(),
            [](const Diagnostic& a, const Diagnostic& b) { return a.path < b.path; });
        notes->insert(notes->end(), said.begin(), said.end());
    }
    return logs;
}

// `logs` without those reached through a link to a log read under another name too (the file's
// own name first, else the first link): each log is read once.
std::vector<std::string> eachOnce(std::vector<std::string> logs, const TreeSource& source)
{
    std::vector<bool> viaLink(logs.size());
    bool anyLink = false;
    for (std::size_t i = 0; i < logs.size(); ++i) {
        int error = 0;
        viaLink[i] = source.typeOf(logs[i], error) == DT_LNK;
        anyLink = anyLink || viaLink[i];
    }
    if (!anyLink)
        return logs;
    std::vector<std::string> targets(logs.size());
    std::set<std::string> read;
    for (std::size_t i = 0; i < logs.size(); ++i) {
        std::error_code error;
        targets[i] = source.canonical(logs[i], error).value_or(logs[i]);
        if (!viaLink[i])
            read.insert(targets[i]);
    }
    std::vector<std::string> once;
    for (std::size_t i = 0; i < logs.size(); ++i) {
        if (!viaLink[i] || read.insert(targets[i]).second)
            once.push_back(std::move(logs[i]));
    }
    return once;
}

enum class DebugSubfolder
{
    EndsTheLook, // a trace input: a debug tree below means it is none
    IsPassedOver, // logs beside a debug tree: its own folders are passed over
};

// The logs one level below `folder` (its entries `entries`). Links are not followed; past
// kTraceSubfolderLimit sub-folders the rest are said.
std::vector<std::string> logsOneLevelDown(const std::string& folder, std::vector<TreeSource::Listed> entries,
    const TreeSource& source, std::vector<Diagnostic>* notes, DebugSubfolder debugSubfolder)
{
    // `folder` is the folder opened: links in its sub-folders may lead anywhere inside it.
    std::sort(entries.begin(), entries.end(),
        [](const TreeSource::Listed& a, const TreeSource::Listed& b) { return a.name < b.name; });
    std::vector<std::string> logs;
    std::vector<Diagnostic> below;
    std::size_t looked = 0;
    std::size_t leftOut = 0;
    for (const TreeSource::Listed& entry : entries) {
        const std::string path = joinPath(folder, entry.name);
        if (entryType(source, path, entry) != DT_DIR)
            continue;
        if (looked == kTraceSubfolderLimit) {
            ++leftOut;
            continue;
        }
        ++looked;
        std::vector<TreeSource::Listed> inner;
        int error = 0;
        int partError = 0;
        if (!source.list(path, inner, error, partError))
            continue;
        if (isDebugFolderName(entry.name) || holdsDebugTree(source, path, inner)) {
            if (debugSubfolder == DebugSubfolder::EndsTheLook)
                return {};
            continue;
        }
        const std::vector<std::string> found =
            logsAmong(path, inner, source, notes ? &below : nullptr, folder);
        logs.insert(logs.end(), found.begin(), found.end());
    }
    if (notes && !logs.empty()) {
        notes->insert(notes->end(), below.begin(), below.end());
        if (leftOut > 0)
            notes->push_back(graphfolder::makeDiagnostic(folder, Severity::Info, "trace-subfolders-limit",
                "Trace logs were looked for in the first " + std::to_string(kTraceSubfolderLimit)
                    + " sub-folders only; " + std::to_string(leftOut)
                    + " more were not looked into. Open a sub-folder to read its logs."));
    }
    return logs;
}

} // namespace

bool isTraceLogName(std::string_view name)
{
    return name.substr(0, kTraceLogPrefix.size()) == kTraceLogPrefix && isLogFileName(name);
}

bool isLogFileName(std::string_view name)
{
    return endsWith(name, ".log") || endsWith(name, ".log.gz");
}

std::optional<std::int64_t> rankFromTraceLogName(std::string_view name)
{
    const std::string_view marker = "_rank_";
    if (name.substr(0, kTraceLogPrefix.size()) != kTraceLogPrefix)
        return std::nullopt;
    name.remove_prefix(kTraceLogPrefix.size());
    if (name.substr(0, marker.size()) != marker)
        return std::nullopt;
    name.remove_prefix(marker.size());
    std::int64_t rank = 0;
    std::size_t digits = 0;
    while (digits < name.size() && digits < 9 && name[digits] >= '0' && name[digits] <= '9')
        rank = rank * 10 + (name[digits++] - '0');
    if (digits == 0 || (digits < name.size() && name[digits] != '_' && name[digits] != '.'))
        return std::nullopt;
    return rank;
}

bool isTraceLogFile(const std::string& path, const TreeSource& source)
{
    std::optional<std::string> head = source.readHead(path, kTraceProbeBytes);
    if (!head)
        return false;
    if (head->size() >= 2 && (*head)[0] == '\x1f' && (*head)[1] == '\x8b') {
        if (head->size() == kTraceProbeBytes)
            head = source.readHead(path, kTraceGzipProbeBytes);
        if (!head)
            return false;
        head = gunzipHead(*head);
    }
    return looksLikeTraceLog(*head);
}

std::vector<std::string> findTraceLogs(
    const std::string& folder, const TreeSource& source, std::vector<Diagnostic>* notes)
{
    std::vector<TreeSource::Listed> entries;
    int error = 0;
    int partError = 0;
    if (!source.list(folder, entries, error, partError))
        return {};
    return eachOnce(logsAmong(folder, entries, source, notes, folder), source);
}

std::vector<std::string> traceLogsAt(const std::string& path, std::vector<Diagnostic>* notes)
{
    const BoundedFileSource source(path);
    int error = 0;
    const std::optional<unsigned char> type = source.typeOf(path, error);
    if (type == DT_DIR) {
        std::vector<TreeSource::Listed> entries;
        int partError = 0;
        if (!source.list(path, entries, error, partError))
            return {};
        std::vector<std::string> logs = logsAmong(path, entries, source, notes, path);
        if (logs.empty() && !holdsDebugTree(source, path, entries))
            logs = logsOneLevelDown(path, std::move(entries), source, notes, DebugSubfolder::EndsTheLook);
        return eachOnce(std::move(logs), source);
    }
    const std::size_t slash = path.find_last_of('/');
    const std::string_view name =
        slash == std::string::npos ? std::string_view(path) : std::string_view(path).substr(slash + 1);
    if (type == DT_REG && (isTraceLogName(name) || isTraceLogFile(path, source)))
        return { path };
    return {};
}

bool isUnreadLogNote(const Diagnostic& diagnostic)
{
    static const std::set<std::string_view> kCodes { "link-outside-tree", "link-loop", "link-chain-too-long",
        "unreadable", "log-not-a-file" };
    const std::size_t slash = diagnostic.path.find_last_of('/');
    const std::string_view name =
        std::string_view(diagnostic.path).substr(slash == std::string::npos ? 0 : slash + 1);
    return kCodes.count(diagnostic.code) > 0 && isLogFileName(name);
}

std::vector<std::string> traceLogsBesideTree(const std::string& folder)
{
    const BoundedFileSource source(folder);
    std::vector<TreeSource::Listed> entries;
    int error = 0;
    int partError = 0;
    if (!source.list(folder, entries, error, partError))
        return {};
    std::vector<std::string> logs = logsAmong(folder, entries, source, nullptr, folder);
    const std::vector<std::string> below =
        logsOneLevelDown(folder, std::move(entries), source, nullptr, DebugSubfolder::IsPassedOver);
    logs.insert(logs.end(), below.begin(), below.end());
    return eachOnce(std::move(logs), source);
}

} // namespace dvmlens
