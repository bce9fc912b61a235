// SPDX-License-Identifier: MIT
#include "core/trace/tracefiles.h"

#include "core/scan/treescanner.h"
#include "core/scan/treesource.h"
#include "core/trace/tracelog.h"

#include <algorithm>
#include <archive.h>
#include <dirent.h>
#include <memory>

namespace dvmlens {

namespace {

bool endsWith(std::string_view text, std::string_view end)
{
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

constexpr std::size_t kHeadBytes = 64 * 1024;

// The first bytes of the text inside the gzip bytes `head` (as much as they decompress to).
std::string gunzipHead(const std::string& head)
{
    std::unique_ptr<struct archive, int (*)(struct archive*)> archive(archive_read_new(), archive_read_free);
    archive_read_support_filter_gzip(archive.get());
    archive_read_support_format_raw(archive.get());
    struct archive_entry* entry = nullptr;
    if (archive_read_open_memory(archive.get(), head.data(), head.size()) != ARCHIVE_OK
        || archive_read_next_header(archive.get(), &entry) != ARCHIVE_OK)
        return {};
    std::string text(kHeadBytes, '\0');
    const la_ssize_t got = archive_read_data(archive.get(), text.data(), text.size());
    text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
    return text;
}

} // namespace

bool isTraceLogName(std::string_view name)
{
    return name.substr(0, kTraceLogPrefix.size()) == kTraceLogPrefix
        && (endsWith(name, ".log") || endsWith(name, ".log.gz"));
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
    std::optional<std::string> head = source.readHead(path, kHeadBytes);
    if (!head)
        return false;
    if (head->size() >= 2 && (*head)[0] == '\x1f' && (*head)[1] == '\x8b')
        head = gunzipHead(*head);
    return looksLikeTraceLog(*head);
}

std::vector<std::string> findTraceLogs(
    const std::string& folder, const TreeSource& source, std::vector<Diagnostic>* notes)
{
    std::vector<TreeSource::Listed> entries;
    int error = 0;
    int partError = 0;
    std::vector<std::string> logs;
    if (!source.list(folder, entries, error, partError))
        return logs;
    const std::string base = folder == "/" ? folder : folder + '/';
    for (const TreeSource::Listed& entry : entries) {
        const bool named = isTraceLogName(entry.name);
        if (!named && entry.name != kTlparseRawLog)
            continue;
        const std::string path = base + entry.name;
        int typeError = 0;
        const std::optional<unsigned char> type = entry.type == DT_UNKNOWN
            ? source.typeOf(path, typeError)
            : std::optional<unsigned char>(entry.type);
        if (type != DT_REG) {
            if (notes && named && type) {
                if (std::optional<Diagnostic> note = specialLogNote(path, *type))
                    notes->push_back(std::move(*note));
            }
            continue;
        }
        if (named || isTraceLogFile(path, source))
            logs.push_back(path);
    }
    std::sort(logs.begin(), logs.end());
    return logs;
}

std::vector<std::string> traceLogsAt(const std::string& path, std::vector<Diagnostic>* notes)
{
    const TreeSource& source = posixTreeSource();
    int error = 0;
    const std::optional<unsigned char> type = source.typeOf(path, error);
    if (type == DT_DIR)
        return findTraceLogs(path, source, notes);
    const std::size_t slash = path.find_last_of('/');
    const std::string_view name =
        slash == std::string::npos ? std::string_view(path) : std::string_view(path).substr(slash + 1);
    if (type == DT_REG && (isTraceLogName(name) || isTraceLogFile(path, source)))
        return { path };
    return {};
}

} // namespace dvmlens
