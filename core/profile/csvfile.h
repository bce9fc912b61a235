// SPDX-License-Identifier: MIT
// Streaming reads of the profiler's CSV files: a regular file opened without blocking (a FIFO or a
// device named kernel_details.csv must not hang the reader), mapped a window of a few MiB at a
// time (io/mappedwindow.h; read in fixed blocks where mapping is refused) so a file of several GB
// costs a few MiB, cut into lines (CRLF or LF) and fields (RFC 4180 quoting).
#pragma once

#include "core/io/mappedwindow.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

class CsvFile;

// The bytes of a file from an offset on, for CsvFile::forEachRow: windows of the mapped file, or
// blocks read into a buffer (CsvFile::Access::Read, or where mapping is refused). Only the bytes
// the file had when it was opened are read; kLinePadding readable bytes follow data() + size().
class CsvBytes
{
public:
    CsvBytes(const CsvFile& file, std::uint64_t begin, std::uint64_t end);

    const char* data() const
    {
        return data_;
    }
    std::size_t size() const
    {
        return size_;
    }
    // The file offset of data()[0].
    std::uint64_t offset() const
    {
        return offset_;
    }

    // Moves on: the bytes from data() + keep on (keep <= size()) are kept, now at data(), and more
    // follow. Returns how many more (0 at the end of the file), or -1 with `error` set when a read
    // fails or the file shrank.
    long next(std::size_t keep, std::string& error);
    // After the last next(): false with `error` set when the file shrank while it was mapped.
    bool finish(std::string& error) const;

private:
    long shrank(std::string& error) const; // sets `error`, returns -1
    long read(std::size_t keep, std::string& error);

    const CsvFile& file_;
    std::uint64_t end_; // of the range: a window reaches past it only for the line that crosses it
    std::optional<MappedWindow> window_;
    bool mapping_ = true; // false once mapping was refused: the rest is read
    std::string buffer_; // the read bytes, kLinePadding more allocated
    const char* data_ = nullptr;
    std::size_t size_ = 0;
    std::uint64_t offset_ = 0;
};

// A read-only regular file. Moves, closes on destruction.
class CsvFile
{
public:
    // How forEachRow gets the bytes: mapped (no copy; the default), or read into a buffer.
    enum class Access
    {
        Mapped,
        Read,
    };

    // Opens `path` with the safe opener (io/safefile.h: regular files only, named without being
    // opened, so a FIFO or device never blocks) inside `folder`, the profile folder: a link that
    // leads out of it is refused (an empty `folder` allows any place). On failure returns nullopt
    // and sets `error` to "<path>: <why>".
    static std::optional<CsvFile> open(const std::string& path, std::string& error,
        Access access = Access::Mapped, const std::string& folder = {});

    CsvFile(CsvFile&& other) noexcept;
    CsvFile& operator=(CsvFile&&) = delete;
    CsvFile(const CsvFile&) = delete;
    ~CsvFile();

    const std::string& path() const
    {
        return path_;
    }
    std::uint64_t size() const
    {
        return size_;
    }

    // Calls onLine(std::string_view line, std::int64_t lineNumber) for every line of bytes
    // [begin, end) (lineNumber counts from 1 at `begin`; the line without its LF or CRLF; a UTF-8
    // BOM at the start of the file removed). `begin` must start a line; the last line may run past
    // `end` to its newline, so ranges cut at newlines cover the file exactly once. A line longer
    // than kMaxLineBytes is skipped and reported to onLongLine(lineNumber). The kLinePadding bytes
    // after each line are readable (they are the mapped window's or the buffer's), for
    // cutCsvFields. Returns false with `error` set when reading fails midway or the file shrank.
    template <typename OnLine, typename OnLongLine>
    bool forEachLine(std::uint64_t begin, std::uint64_t end, OnLine&& onLine, OnLongLine&& onLongLine,
        std::string& error) const
    {
        const auto noShortcut = [](const char* row, const char*, const char*, std::int64_t) {
            return RowsTaken { row, 0 };
        };
        return forEachRow(begin, end, noShortcut, onLine, onLongLine, error);
    }

    // What a shortcut took: the rows from `row` up to `next` (just past the last one's LF).
    struct RowsTaken
    {
        const char* next;
        std::int64_t rows;
    };

    // forEachLine with a shortcut for the usual rows: before a line is looked for, tryRows(const
    // char* row, const char* stop, const char* limit, std::int64_t lineNumber) is handed its first
    // byte; [row, limit) is what it may read of the file (64 readable bytes follow limit; less
    // than kMaxLineBytes, so a row it takes is never overlong), and rows starting at or past
    // `stop` belong to the next range. It takes the rows it can, one after
    // the other (lineNumber is the first one's), and returns what it took; onLine is not called for
    // those. The row it stops at is cut and given to onLine. So the bytes are looked at once, not
    // once for the line end and again for the fields.
    template <typename TryRows, typename OnLine, typename OnLongLine>
    bool forEachRow(std::uint64_t begin, std::uint64_t end, TryRows&& tryRows, OnLine&& onLine,
        OnLongLine&& onLongLine, std::string& error) const;

    // The offset just past the first newline at or after `offset` (size() when there is none).
    std::uint64_t nextLineStart(std::uint64_t offset, std::string& error) const;

    // Half a core's L2: the bytes a read copies in are still in cache when they are cut.
    static constexpr std::size_t kBlockBytes = std::size_t(256) << 10;
    // The most a mapped window holds: a 16 MiB piece of the file (readKernelDetails' pieces) and
    // the line that crosses its end, so a piece costs one mmap and one munmap (each munmap stops
    // the other reading threads for their TLBs).
    static constexpr std::size_t kMaxLineBytes = std::size_t(4) << 20;
    static constexpr std::size_t kWindowBytes = (std::size_t(16) << 20) + kMaxLineBytes + 1;
    static constexpr std::size_t kLinePadding = MappedWindow::kPadding;

private:
    friend class CsvBytes;
    CsvFile(int fd, std::string path, std::uint64_t size, Access access);
    // Reads up to `length` bytes at `offset` into `into`; -1 on error (error set).
    long readAt(std::uint64_t offset, char* into, std::size_t length, std::string& error) const;

    int fd_ = -1;
    std::string path_;
    std::uint64_t size_ = 0;
    Access access_ = Access::Mapped;
};

// Splits one CSV line into `fields` (views into `line`, or into `scratch` for quoted fields with
// doubled quotes: `scratch` is reserved once so the views stay valid). Surrounding quotes are
// removed. Stops after `maxFields` fields (the rest of the line is not looked at). Returns false
// for an unterminated quote.
bool splitCsvLine(std::string_view line, std::vector<std::string_view>& fields, std::string& scratch,
    std::size_t maxFields = SIZE_MAX);

// The hot path of a big file: the first `maxFields` fields of `line` into `fields` (views into the
// line), 64 bytes a step, looking only at commas and quotes. It takes plain fields and quoted ones
// without doubled quotes that close right before a comma or the line end ("8,1024;1024,4096");
// for anything else (a doubled quote, a quote inside a field, text after a closing quote, an
// unterminated quote) it returns kNeedsSplit having decided nothing, and splitCsvLine, which gives
// the same fields wherever both apply, takes the line. Otherwise returns the number of fields cut.
// CsvFile::kLinePadding bytes after the line must be readable (forEachLine's lines are).
inline constexpr std::size_t kNeedsSplit = SIZE_MAX;
std::size_t cutCsvFields(std::string_view line, std::string_view* fields, std::size_t maxFields);

// `text` without surrounding spaces and tabs.
inline std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// Why a file whose header line holds a CR is not read: its lines end with CR alone (old Mac
// line ends), so the whole file would read as one header line and no rows.
inline constexpr const char* kCrOnlyLines =
    "the lines end with CR alone (a carriage return without a line feed); save the file with LF or "
    "CRLF line ends";

// The index of the header field `name` (spaces around it ignored), nullopt when there is none.
inline std::optional<std::size_t> columnOf(const std::vector<std::string_view>& header, std::string_view name)
{
    for (std::size_t i = 0; i < header.size(); ++i) {
        if (trimmed(header[i]) == name)
            return i;
    }
    return std::nullopt;
}

// A whole field as a number (spaces around it ignored): false for an empty field or any other text.
template <typename T> bool parseNumber(std::string_view text, T& value)
{
    text = trimmed(text);
    if (text.empty())
        return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

template <typename TryRows, typename OnLine, typename OnLongLine>
bool CsvFile::forEachRow(std::uint64_t begin, std::uint64_t end, TryRows&& tryRows, OnLine&& onLine,
    OnLongLine&& onLongLine, std::string& error) const
{
    if (begin >= end)
        return true;
    CsvBytes bytes(*this, begin, end);
    std::size_t start = 0; // the line being cut starts at bytes.data()[start]
    std::size_t scanned = 0; // bytes from `start` on known to hold no LF
    std::int64_t lineNumber = 0;
    bool skippingLongLine = false;
    bool atFileStart = begin == 0;
    const auto longLine = [&] {
        ++lineNumber;
        onLongLine(lineNumber);
        atFileStart = false;
    };
    const auto emit = [&](const char* lineBegin, std::size_t length) {
        if (length >= kMaxLineBytes) {
            longLine(); // found whole in a mapped window, still too long
            return;
        }
        ++lineNumber;
        if (length > 0 && lineBegin[length - 1] == '\r')
            --length;
        if (atFileStart) {
            atFileStart = false;
            if (length >= 3 && std::memcmp(lineBegin, "\xEF\xBB\xBF", 3) == 0) {
                lineBegin += 3;
                length -= 3;
            }
        }
        onLine(std::string_view(lineBegin, length), lineNumber);
    };
    for (;;) {
        const long got = bytes.next(start, error);
        if (got < 0)
            return false;
        start = 0;
        if (got == 0)
            break;
        const char* const base = bytes.data();
        const char* const last = base + bytes.size();
        const char* scan = base + scanned;
        for (;;) {
            if (!skippingLongLine && !atFileStart && scan == base + start && scan < last
                && bytes.offset() + start < end) {
                // Then the row it stops at is cut below.
                const char* const stop =
                    end - bytes.offset() < bytes.size() ? base + (end - bytes.offset()) : last;
                const char* const limit =
                    bytes.size() - start > kMaxLineBytes - 1 ? base + start + (kMaxLineBytes - 1) : last;
                const RowsTaken taken = tryRows(base + start, stop, limit, lineNumber + 1);
                lineNumber += taken.rows;
                start = static_cast<std::size_t>(taken.next - base);
                scan = taken.next;
            }
            const char* newline = static_cast<const char*>(std::memchr(scan, '\n', last - scan));
            if (!newline)
                break;
            if (bytes.offset() + start >= end)
                return bytes.finish(error); // the line starts the next range: its reader takes it
            if (skippingLongLine)
                skippingLongLine = false;
            else
                emit(base + start, static_cast<std::size_t>(newline - (base + start)));
            start = static_cast<std::size_t>(newline + 1 - base);
            scan = newline + 1;
        }
        // No LF from `start` on: the line goes on in the bytes to come.
        if (!skippingLongLine && bytes.offset() + start >= end)
            return bytes.finish(error);
        if (!skippingLongLine && bytes.size() - start >= kMaxLineBytes) {
            longLine(); // reported and skipped up to its LF
            skippingLongLine = true;
        }
        if (skippingLongLine)
            start = bytes.size();
        scanned = bytes.size() - start;
    }
    if (!skippingLongLine && start < bytes.size() && bytes.offset() + start < end)
        emit(bytes.data() + start, bytes.size() - start);
    return bytes.finish(error);
}

} // namespace dvmlens
