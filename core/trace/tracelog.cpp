// SPDX-License-Identifier: MIT
// Reading a log: bytes come from SafeFile (through libarchive's gzip filter for a .gz, told by its
// magic bytes), are cut into lines in one reused buffer (a line longer than maxLineBytes is
// skipped, not kept), and the lines go to TraceLogParser.
#include "core/trace/tracelog.h"

#include "core/io/safefile.h"
#include "core/trace/tracelogparser.h"
#include "core/trace/traceprefix.h"

#include <archive.h>
#include <cstring>
#include <memory>

namespace dvmlens {

namespace {

constexpr std::size_t kChunk = 1u << 20;

// Cuts bytes into lines for the parser, holding at most one partial line (bounded) between chunks.
class LineSplitter
{
public:
    LineSplitter(TraceLogParser& parser, const TraceReadOptions& options)
        : m_parser(parser)
        , m_maxLine(options.maxLineBytes)
    {
    }

    void feed(std::string_view bytes)
    {
        while (!bytes.empty() && !m_parser.done()) {
            const char* newline = static_cast<const char*>(std::memchr(bytes.data(), '\n', bytes.size()));
            const std::size_t length =
                newline ? static_cast<std::size_t>(newline - bytes.data()) : bytes.size();
            take(bytes.substr(0, length), newline != nullptr);
            bytes.remove_prefix(newline ? length + 1 : length);
        }
    }

    bool done() const
    {
        return m_parser.done();
    }

    void finish()
    {
        if (!m_parser.done() && (m_skipping || !m_partial.empty()))
            endLine(std::string_view(m_partial));
        m_parser.finish();
    }

private:
    void take(std::string_view piece, bool complete)
    {
        if (m_skipping) {
            m_skipped += piece.size();
        } else if (m_partial.size() + piece.size() > m_maxLine) {
            m_skipping = true;
            m_skipped = m_partial.size() + piece.size();
            m_partial.clear();
        } else if (complete && m_partial.empty()) {
            ++m_number;
            m_parser.line(piece, m_number);
            return;
        } else {
            m_partial.append(piece);
        }
        if (complete)
            endLine(std::string_view(m_partial));
    }

    void endLine(std::string_view text)
    {
        ++m_number;
        if (m_skipping)
            m_parser.overlongLine(m_number, m_skipped);
        else
            m_parser.line(text, m_number);
        m_skipping = false;
        m_skipped = 0;
        m_partial.clear();
    }

    TraceLogParser& m_parser;
    std::size_t m_maxLine;
    std::string m_partial;
    bool m_skipping = false;
    std::size_t m_skipped = 0;
    int m_number = 0;
};

bool cancelled(const TraceReadOptions& options)
{
    return options.cancel && options.cancel->load(std::memory_order_relaxed);
}

// libarchive's view of a SafeFile whose first bytes were already read (to see the gzip magic).
struct GzipInput
{
    SafeFile* file = nullptr;
    std::string first;
    bool firstGiven = false;
    std::string buffer = std::string(kChunk, '\0');
    FileError error;
    bool failed = false;
};

la_ssize_t gzipRead(struct archive*, void* data, const void** block)
{
    auto* input = static_cast<GzipInput*>(data);
    if (!input->firstGiven) {
        input->firstGiven = true;
        *block = input->first.data();
        return static_cast<la_ssize_t>(input->first.size());
    }
    const std::optional<std::size_t> got =
        input->file->read(input->buffer.data(), input->buffer.size(), input->error);
    if (!got) {
        input->failed = true;
        return -1;
    }
    *block = input->buffer.data();
    return static_cast<la_ssize_t>(*got);
}

// Feeds the gunzipped text of `file` to `splitter`; false with `error` when it cannot be read.
bool feedGzip(SafeFile& file, std::string first, LineSplitter& splitter, const TraceReadOptions& options,
    TraceReadResult& result, std::string& error)
{
    GzipInput input;
    input.file = &file;
    input.first = std::move(first);
    std::unique_ptr<struct archive, int (*)(struct archive*)> archive(archive_read_new(), archive_read_free);
    archive_read_support_filter_gzip(archive.get());
    archive_read_support_format_raw(archive.get());
    struct archive_entry* entry = nullptr;
    if (archive_read_open(archive.get(), &input, nullptr, gzipRead, nullptr) != ARCHIVE_OK
        || archive_read_next_header(archive.get(), &entry) != ARCHIVE_OK) {
        error = input.failed ? input.error.message : "not a readable gzip file";
        return false;
    }
    std::string buffer(kChunk, '\0');
    while (!cancelled(options) && !splitter.done()) {
        const la_ssize_t got = archive_read_data(archive.get(), buffer.data(), buffer.size());
        if (got < 0) {
            error = input.failed ? input.error.message : archive_error_string(archive.get());
            return false;
        }
        if (got == 0)
            break;
        result.bytes += static_cast<std::uint64_t>(got);
        if (result.bytes > options.budget)
            return true;
        splitter.feed(std::string_view(buffer.data(), static_cast<std::size_t>(got)));
    }
    return true;
}

// Feeds the rest of a plain `file` (whose first bytes are `first`) to `splitter`.
bool feedPlain(SafeFile& file, std::string first, LineSplitter& splitter, const TraceReadOptions& options,
    TraceReadResult& result, std::string& error)
{
    result.bytes += first.size();
    splitter.feed(first);
    std::string buffer(kChunk, '\0');
    while (!cancelled(options) && !splitter.done() && result.bytes <= options.budget) {
        FileError fileError;
        const std::optional<std::size_t> got = file.read(buffer.data(), buffer.size(), fileError);
        if (!got) {
            error = fileError.message;
            return false;
        }
        if (*got == 0)
            break;
        result.bytes += *got;
        splitter.feed(std::string_view(buffer.data(), *got));
    }
    return true;
}

} // namespace

const nlohmann::json& TraceRecord::body() const
{
    static const nlohmann::json null;
    const auto found = metadata.find(kind);
    return found == metadata.end() ? null : *found;
}

std::string TraceRecord::name() const
{
    const nlohmann::json& tag = body();
    if (!tag.is_object())
        return {};
    const auto found = tag.find("name");
    return found != tag.end() && found->is_string() ? found->get<std::string>() : std::string();
}

std::optional<std::string_view> TraceRecord::internedString(std::int64_t index) const
{
    if (!strings || index < 0 || static_cast<std::size_t>(index) >= strings->size())
        return std::nullopt;
    return std::string_view((*strings)[static_cast<std::size_t>(index)]);
}

TraceReadResult readTraceLog(const std::string& path, const std::string& tree,
    const TraceReadOptions& options, const TraceRecordHandler& onRecord)
{
    TraceReadResult result;
    FileError fileError;
    // The budget of SafeFile bounds the file's own bytes; the text's bytes are counted as read.
    std::optional<SafeFile> file = SafeFile::open(path, tree, options.budget, fileError);
    if (!file) {
        result.error = fileError.message;
        return result;
    }
    std::string first(2, '\0');
    std::size_t have = 0;
    while (have < first.size()) {
        const std::optional<std::size_t> got =
            file->read(first.data() + have, first.size() - have, fileError);
        if (!got) {
            result.error = fileError.message;
            return result;
        }
        if (*got == 0)
            break;
        have += *got;
    }
    first.resize(have);
    result.opened = true;
    TraceLogParser parser(path, options, onRecord, result);
    LineSplitter splitter(parser, options);
    const bool gzip = first.size() == 2 && first[0] == '\x1f' && first[1] == '\x8b';
    std::string error;
    const bool ok = gzip ? feedGzip(*file, std::move(first), splitter, options, result, error)
                         : feedPlain(*file, std::move(first), splitter, options, result, error);
    if (!ok)
        parser.diagnose(
            std::nullopt, Severity::Warning, "trace-unreadable", "reading stopped part-way: " + error);
    if (result.bytes > options.budget)
        parser.diagnose(std::nullopt, Severity::Warning, "trace-budget",
            "reading stopped after " + std::to_string(options.budget) + " bytes of log text");
    result.cancelled = cancelled(options);
    splitter.finish();
    return result;
}

TraceReadResult readTraceText(std::string_view text, const std::string& path, const TraceReadOptions& options,
    const TraceRecordHandler& onRecord)
{
    TraceReadResult result;
    result.opened = true;
    TraceLogParser parser(path, options, onRecord, result);
    LineSplitter splitter(parser, options);
    result.bytes = text.size();
    splitter.feed(text);
    splitter.finish();
    return result;
}

bool looksLikeTraceLog(std::string_view head)
{
    std::string_view line;
    while (line.empty() && !head.empty()) { // empty lines are passed over, as the reader does
        const std::size_t newline = head.find('\n');
        line = head.substr(0, newline);
        head = newline == std::string_view::npos ? std::string_view() : head.substr(newline + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
    }
    TracePrefix prefix;
    return parseTracePrefix(line, prefix) && !prefix.rest.empty() && prefix.rest.front() == '{';
}

} // namespace dvmlens
