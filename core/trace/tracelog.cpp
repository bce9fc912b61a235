// SPDX-License-Identifier: MIT
// Reading a log: bytes come from SafeFile (gunzipped with zlib for a .gz, told by its magic bytes),
// are cut into lines in one reused buffer (a line longer than maxLineBytes is skipped, not kept), and
// the lines go to TraceLogParser. With a memo (TraceReadOptions::memo, tracereadmemo.h) a log on
// disk leaves marks of where its lines begin (tracelinemarks.h), and a gzip log access points into
// its compressed bytes (gzipaccess.h), for later re-reads of one record.
#include "core/trace/tracelog.h"

#include "core/io/container.h"
#include "core/trace/gzipaccess.h"
#include "core/trace/tracelinemarks.h"
#include "core/trace/tracelogat.h"
#include "core/trace/tracelogparser.h"
#include "core/trace/traceprefix.h"
#include "core/trace/tracereadcount.h"
#include "core/trace/tracereadmemo.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <unistd.h>

namespace dvmlens {

namespace {

constexpr std::size_t kChunk = 1u << 20;

std::atomic<std::uint64_t> g_textBytesCut { 0 };

// Cuts bytes into lines for the parser, holding at most one partial line (bounded) between chunks.
class LineSplitter
{
public:
    LineSplitter(TraceLogParser& parser, const TraceReadOptions& options)
        : m_parser(parser)
        , m_maxLine(options.maxLineBytes)
    {
    }

    // The text fed next begins line `line` at byte `offset` of the log.
    void startAt(int line, std::uint64_t offset)
    {
        m_number = line - 1;
        m_position = offset;
        m_lineStart = offset;
    }

    // Where the lines that may start a record begin is noted in `marks` (null: nowhere).
    void markInto(TraceLineMarks* marks)
    {
        m_marks = marks;
    }

    // The lines passed so far (the last one maybe incomplete).
    int lines() const
    {
        return m_number;
    }

    void feed(std::string_view bytes)
    {
        g_textBytesCut.fetch_add(bytes.size(), std::memory_order_relaxed);
        while (!bytes.empty() && !m_parser.done()) {
            const char* newline = static_cast<const char*>(std::memchr(bytes.data(), '\n', bytes.size()));
            const std::size_t length =
                newline ? static_cast<std::size_t>(newline - bytes.data()) : bytes.size();
            take(bytes.substr(0, length), newline != nullptr);
            bytes.remove_prefix(newline ? length + 1 : length);
            m_position += newline ? length + 1 : length;
            if (newline)
                m_lineStart = m_position;
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
            mark(piece);
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
        else {
            mark(text);
            m_parser.line(text, m_number);
        }
        m_skipping = false;
        m_skipped = 0;
        m_partial.clear();
    }

    void mark(std::string_view text)
    {
        if (m_marks && !text.empty() && text.front() != '\t')
            m_marks->add(m_number, m_lineStart);
    }

    TraceLogParser& m_parser;
    std::size_t m_maxLine;
    std::string m_partial;
    bool m_skipping = false;
    std::size_t m_skipped = 0;
    int m_number = 0;
    std::uint64_t m_position = 0; // of the next byte fed
    std::uint64_t m_lineStart = 0; // of the line being cut
    TraceLineMarks* m_marks = nullptr;
};

bool cancelled(const TraceReadOptions& options)
{
    return options.cancel && options.cancel->load(std::memory_order_relaxed);
}

// What gunzipping reads: SafeFile's bytes, its error in words.
GzipRead gzipReadOf(SafeFile& file)
{
    return [&file](char* data, std::size_t size, std::string& error) {
        FileError fileError;
        const std::optional<std::size_t> got = file.read(data, size, fileError);
        if (!got)
            error = fileError.message;
        return got;
    };
}

// Hands gunzipped text to `splitter` from text offset `from` on (what comes before it is passed
// over), counting it into the read's bytes and stopping at its budget.
GzipSink gzipSinkInto(LineSplitter& splitter, const TraceReadOptions& options, TraceReadResult& result,
    std::uint64_t from = 0, std::uint64_t at = 0)
{
    return [&splitter, &options, &result, from, at](std::string_view text) mutable {
        if (cancelled(options) || splitter.done())
            return false;
        if (at < from) {
            const std::uint64_t skipped = std::min<std::uint64_t>(from - at, text.size());
            at += skipped;
            text.remove_prefix(static_cast<std::size_t>(skipped));
            if (text.empty())
                return true;
        }
        at += text.size();
        result.bytes += text.size();
        if (result.bytes > options.budget)
            return false;
        splitter.feed(text);
        return true;
    };
}

// Feeds the rest of a plain log (whose first bytes are `first`) to `splitter`; `read` is
// SafeFile::read's contract (bytes read, 0 at the end, nullopt with an error).
template <typename Read>
bool feedPlain(Read&& read, std::string first, LineSplitter& splitter, const TraceReadOptions& options,
    TraceReadResult& result, std::string& error)
{
    result.bytes += first.size();
    splitter.feed(first);
    std::string buffer(kChunk, '\0');
    while (!cancelled(options) && !splitter.done() && result.bytes <= options.budget) {
        FileError fileError;
        const std::optional<std::size_t> got = read(buffer.data(), buffer.size(), fileError);
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

// Reads of a descriptor (a log entered part-way) held to `budget` bytes counted from the file's
// start, as SafeFile holds its reads.
struct DescriptorReader
{
    int fd = -1;
    std::uint64_t position = 0;
    std::uint64_t budget = 0;

    std::optional<std::size_t> operator()(char* data, std::size_t size, FileError& error)
    {
        const std::uint64_t room = budget - std::min(budget, position) + 1; // one byte past: too large
        for (;;) {
            const ssize_t got =
                ::read(fd, data, static_cast<std::size_t>(std::min<std::uint64_t>(size, room)));
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0) {
                error = FileError { FileProblem::IoError, std::strerror(errno) };
                return std::nullopt;
            }
            position += static_cast<std::uint64_t>(got);
            if (position > budget) {
                error = FileError { FileProblem::TooLarge,
                    "it is larger than " + std::to_string(budget) + " bytes" };
                return std::nullopt;
            }
            return static_cast<std::size_t>(got);
        }
    }
};

// A descriptor closed when it goes.
struct Descriptor
{
    int fd = -1;
    explicit Descriptor(int open)
        : fd(open)
    {
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// What every read ends with: its diagnostics, and the open record handed over.
void endRead(TraceLogParser& parser, LineSplitter& splitter, const TraceReadOptions& options,
    TraceReadResult& result, bool ok, const std::string& error)
{
    if (!ok)
        parser.diagnose(
            std::nullopt, Severity::Warning, "trace-unreadable", "reading stopped part-way: " + error);
    if (result.bytes > options.budget)
        parser.diagnose(std::nullopt, Severity::Warning, "trace-budget",
            "reading stopped after " + std::to_string(options.budget) + " bytes of log text");
    result.cancelled = cancelled(options);
    splitter.finish();
}

// Whether the file open as `fd` begins with the gzip magic (read in place: the offset is kept).
bool gzipMagicAt(int fd)
{
    unsigned char magic[2] = {};
    return ::pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

// The read of options.onlyLine from the last mark at or before it (tracelinemarks.h): the log is
// opened through SafeFile (tree, links, regular files), its descriptor taken to seek; a gzip log is
// gunzipped from its last access point before the mark (gzipaccess.h). Nullopt when the log as it is
// now has no marks (or no point before the mark), so it is read from the start.
std::optional<TraceReadResult> readFromMark(const Container& files, const std::string& path,
    const std::string& tree, const TraceReadOptions& options, const TraceRecordHandler& onRecord)
{
    TraceReadMemo* const memo = options.memo;
    // By name first, so a log without marks (or inside an archive) is not opened twice.
    const std::optional<FileIdentity> named = memo ? fileIdentity(path) : std::nullopt;
    if (!named || !memo->findMark(path, *named, options.onlyLine))
        return std::nullopt;
    FileError fileError;
    std::optional<SafeFile> file = files.open(path, tree, options.budget, fileError);
    if (!file)
        return std::nullopt;
    const Descriptor fd { file->release() };
    const std::optional<FileIdentity> identity = fd.fd >= 0 ? fileIdentity(fd.fd) : std::nullopt;
    const std::optional<TraceLineMark> mark =
        identity ? memo->findMark(path, *identity, options.onlyLine) : std::nullopt;
    if (!mark || mark->offset > options.budget)
        return std::nullopt;
    const std::shared_ptr<const GzipAccessPoints> points = memo->gzipPoints(path, *identity);
    const bool gzip = gzipMagicAt(fd.fd);
    if (gzip != (points != nullptr))
        return std::nullopt;
    const GzipAccessPoint* point = points ? points->atOrBefore(mark->offset) : nullptr;
    if (gzip && !point)
        return std::nullopt;
    const std::uint64_t seekTo = point ? point->compressed - (point->bits > 0 ? 1 : 0) : mark->offset;
    if (::lseek(fd.fd, static_cast<off_t>(seekTo), SEEK_SET) < 0)
        return std::nullopt;
    TraceReadResult result;
    result.opened = true;
    result.resumed = true;
    TraceLogParser parser(path, options, onRecord, result);
    LineSplitter splitter(parser, options);
    splitter.startAt(mark->line, mark->offset);
    TraceLineMarks seen;
    splitter.markInto(&seen);
    result.bytes = mark->offset;
    std::string error;
    DescriptorReader reader { fd.fd, seekTo, options.budget };
    bool ok = true;
    if (point) {
        const GzipRead read = [&reader](char* data, std::size_t size, std::string& readError) {
            FileError fileError;
            const std::optional<std::size_t> got = reader(data, size, fileError);
            if (!got)
                readError = fileError.message;
            return got;
        };
        ok = gunzipFrom(
            read, *point, gzipSinkInto(splitter, options, result, mark->offset, point->text), error);
    } else {
        ok = feedPlain(reader, {}, splitter, options, result, error);
    }
    endRead(parser, splitter, options, result, ok, error);
    seen.cover(splitter.lines());
    memo->keepMarks(path, *identity, mark->line, seen);
    return result;
}

// The first two bytes of `file` (fewer when it is shorter), to tell a gzip log by its magic.
bool readFirstBytes(SafeFile& file, std::string& first, FileError& error)
{
    first.assign(2, '\0');
    std::size_t have = 0;
    while (have < first.size()) {
        const std::optional<std::size_t> got = file.read(first.data() + have, first.size() - have, error);
        if (!got)
            return false;
        if (*got == 0)
            break;
        have += *got;
    }
    first.resize(have);
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

TraceReadResult readTraceLog(const Container& files, const std::string& path, const std::string& tree,
    const TraceReadOptions& options, const TraceRecordHandler& onRecord)
{
    if (options.onlyLine > 0 && options.resumeNearOnlyLine)
        if (std::optional<TraceReadResult> result = readFromMark(files, path, tree, options, onRecord))
            return std::move(*result);
    TraceReadResult result;
    FileError fileError;
    // The log's marks are kept (with a memo) only when it is the same file before and after the read.
    const std::optional<FileIdentity> identity = options.memo ? fileIdentity(path) : std::nullopt;
    // The budget of SafeFile bounds the file's own bytes; the text's bytes are counted as read.
    std::optional<SafeFile> file = files.open(path, tree, options.budget, fileError);
    if (!file) {
        result.error = fileError.message;
        return result;
    }
    std::string first;
    if (!readFirstBytes(*file, first, fileError)) {
        result.error = fileError.message;
        return result;
    }
    result.opened = true;
    TraceLogParser parser(path, options, onRecord, result);
    LineSplitter splitter(parser, options);
    const bool gzip = first.size() == 2 && first[0] == '\x1f' && first[1] == '\x8b';
    TraceLineMarks seen;
    if (identity)
        splitter.markInto(&seen);
    // A gzip log's access points are where a later read of one record can start gunzipping.
    auto points = gzip && identity ? std::make_shared<GzipAccessPoints>() : nullptr;
    std::string error;
    const auto read = [&](char* data, std::size_t size, FileError& readError) {
        return file->read(data, size, readError);
    };
    const bool ok = gzip ? gunzip(gzipReadOf(*file), std::move(first),
                        gzipSinkInto(splitter, options, result), points.get(), error)
                         : feedPlain(read, std::move(first), splitter, options, result, error);
    endRead(parser, splitter, options, result, ok, error);
    if (identity && fileIdentity(path) == identity) {
        seen.cover(splitter.lines());
        options.memo->keepMarks(path, *identity, 1, seen, std::move(points));
    }
    return result;
}

TraceReadResult readTraceAt(int fd, const std::string& path, const TraceLineMark& from, std::size_t firstRead,
    const TraceReadOptions& options, const TraceRecordHandler& onRecord, TraceLineMarks* marks)
{
    TraceReadResult result;
    result.opened = true;
    result.resumed = from.line > 1;
    TraceLogParser parser(path, options, onRecord, result);
    LineSplitter splitter(parser, options);
    splitter.startAt(from.line, from.offset);
    splitter.markInto(marks);
    result.bytes = from.offset;
    // One record's bytes, not a 1 MiB chunk, for a re-read of one small record.
    std::string buffer(std::clamp<std::size_t>(firstRead, 4096, kChunk), '\0');
    std::uint64_t position = from.offset;
    bool ok = true;
    std::string error;
    while (!cancelled(options) && !splitter.done() && result.bytes <= options.budget) {
        const std::uint64_t room = options.budget - std::min(options.budget, position) + 1;
        const ssize_t got =
            ::pread(fd, buffer.data(), static_cast<std::size_t>(std::min<std::uint64_t>(buffer.size(), room)),
                static_cast<off_t>(position));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            ok = false;
            error = std::strerror(errno);
            break;
        }
        if (got == 0)
            break;
        position += static_cast<std::uint64_t>(got);
        result.bytes += static_cast<std::uint64_t>(got);
        splitter.feed(std::string_view(buffer.data(), static_cast<std::size_t>(got)));
        if (buffer.size() < kChunk)
            buffer.resize(std::min(kChunk, buffer.size() * 2));
    }
    endRead(parser, splitter, options, result, ok, error);
    if (marks)
        marks->cover(splitter.lines());
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

std::uint64_t traceTextBytesCut()
{
    return g_textBytesCut.load(std::memory_order_relaxed);
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
