// SPDX-License-Identifier: MIT
// Where the record lines of a plain trace log begin, remembered across reads of that log, so a
// re-read of one record (a graph's file, tracemember.h) starts at or near its record instead of at
// byte 0: without them, reading every graph's file of a log costs graphs × the log's size.
//
// A read of a plain log on disk (tracelog.cpp) notes the line number and byte offset of each line
// it passes that may start a record (neither empty nor a payload line). The marks are kept in the
// read's memo (tracereadmemo.h) per log path together with the log's identity (device, inode, size,
// mtime), so a log changed since is never entered at a stale offset. Bounded: the kMarkedLogs logs
// used last, at most kMostLineMarks
// marks each (past that every other mark is dropped and marks are taken half as often, so they
// stay spread over the whole log). A gzip log's marks are offsets in its text, kept with its access
// points (gzipaccess.h), where a gunzip can start part-way. Archive members get no marks (a member's
// bytes come from another pass): they are read from the start.
#pragma once

#include "core/trace/gzipaccess.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

inline constexpr std::size_t kMarkedLogs = 16;

// Which file a log is and how it was: a changed or replaced file differs in one of these.
struct FileIdentity
{
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::uint64_t size = 0;
    std::int64_t modifiedNs = 0;
    friend bool operator==(const FileIdentity&, const FileIdentity&) = default;
};

// The identity of the regular file `path` names (stat, links followed); nullopt for anything else
// (an archive member's path names no file).
std::optional<FileIdentity> fileIdentity(const std::string& path);
// The identity of the regular file open as `fd`.
std::optional<FileIdentity> fileIdentity(int fd);
inline constexpr std::size_t kMostLineMarks = std::size_t(1) << 17;

struct TraceLineMark
{
    int line = 0; // 1-based
    std::uint64_t offset = 0; // of the line's first byte
};

class TraceLineMarks
{
public:
    // A line that may start a record is `line`, at `offset`; lines come in increasing order.
    void add(int line, std::uint64_t offset);
    // Every line up to `line` was passed over (marked or not).
    void cover(int line);
    int covered() const
    {
        return m_covered;
    }
    const std::vector<TraceLineMark>& marks() const
    {
        return m_marks;
    }
    // The last mark at or before `line`; nullopt when there is none.
    std::optional<TraceLineMark> atOrBefore(int line) const;

private:
    std::vector<TraceLineMark> m_marks;
    int m_covered = 0;
    int m_every = 1; // a mark is kept of every m_every-th line offered
    int m_offered = 0;
};

} // namespace dvmlens
