// SPDX-License-Identifier: MIT
#include "core/trace/tracelinemarks.h"

#include <algorithm>
#include <mutex>
#include <sys/stat.h>

namespace dvmlens {

namespace {

struct MarkedLog
{
    std::string path;
    FileIdentity identity;
    TraceLineMarks marks;
    std::shared_ptr<const GzipAccessPoints> gzip; // a gzip log's, with marks in its text
};

// The logs' marks, the one used last at the back.
struct MarkCache
{
    std::mutex mutex;
    std::vector<MarkedLog> logs;
};

std::optional<FileIdentity> identityOf(const struct stat& status)
{
    if (!S_ISREG(status.st_mode))
        return std::nullopt;
    return FileIdentity { static_cast<std::uint64_t>(status.st_dev),
        static_cast<std::uint64_t>(status.st_ino), static_cast<std::uint64_t>(status.st_size),
        static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec };
}

MarkCache& cache()
{
    static MarkCache instance;
    return instance;
}

} // namespace

std::optional<FileIdentity> fileIdentity(const std::string& path)
{
    struct stat status;
    return ::stat(path.c_str(), &status) == 0 ? identityOf(status) : std::nullopt;
}

std::optional<FileIdentity> fileIdentity(int fd)
{
    struct stat status;
    return ::fstat(fd, &status) == 0 ? identityOf(status) : std::nullopt;
}

void TraceLineMarks::add(int line, std::uint64_t offset)
{
    if (line <= m_covered || (!m_marks.empty() && line <= m_marks.back().line))
        return;
    if (++m_offered < m_every)
        return;
    m_offered = 0;
    m_marks.push_back(TraceLineMark { line, offset });
    if (m_marks.size() <= kMostLineMarks)
        return;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_marks.size(); i += 2)
        m_marks[kept++] = m_marks[i];
    m_marks.resize(kept);
    m_every *= 2;
}

void TraceLineMarks::cover(int line)
{
    m_covered = std::max(m_covered, line);
}

std::optional<TraceLineMark> TraceLineMarks::atOrBefore(int line) const
{
    const auto after = std::upper_bound(m_marks.begin(), m_marks.end(), line,
        [](int wanted, const TraceLineMark& mark) { return wanted < mark.line; });
    if (after == m_marks.begin())
        return std::nullopt;
    return *(after - 1);
}

std::optional<TraceLineMark> findTraceLineMark(
    const std::string& path, const FileIdentity& identity, int line)
{
    MarkCache& marks = cache();
    const std::lock_guard lock(marks.mutex);
    for (const MarkedLog& log : marks.logs)
        if (log.path == path && log.identity == identity)
            return log.marks.atOrBefore(line);
    return std::nullopt;
}

std::shared_ptr<const GzipAccessPoints> findGzipAccessPoints(
    const std::string& path, const FileIdentity& identity)
{
    MarkCache& marks = cache();
    const std::lock_guard lock(marks.mutex);
    for (const MarkedLog& log : marks.logs)
        if (log.path == path && log.identity == identity)
            return log.gzip;
    return nullptr;
}

void keepTraceLineMarks(const std::string& path, const FileIdentity& identity, int startLine,
    const TraceLineMarks& seen, std::shared_ptr<const GzipAccessPoints> gzip)
{
    MarkCache& marks = cache();
    const std::lock_guard lock(marks.mutex);
    auto found = std::find_if(
        marks.logs.begin(), marks.logs.end(), [&](const MarkedLog& log) { return log.path == path; });
    const bool same = found != marks.logs.end() && found->identity == identity;
    if (same && startLine <= found->marks.covered() + 1) {
        // A read that began at a kept mark: what it passed beyond the kept lines extends them.
        if (seen.covered() > found->marks.covered()) {
            for (const TraceLineMark& mark : seen.marks())
                found->marks.add(mark.line, mark.offset);
            found->marks.cover(seen.covered());
        }
    } else if (startLine == 1) {
        if (found == marks.logs.end()) {
            if (marks.logs.size() >= kMarkedLogs)
                marks.logs.erase(marks.logs.begin());
            marks.logs.push_back(MarkedLog { path, identity, {}, nullptr });
            found = marks.logs.end() - 1;
        }
        found->identity = identity;
        found->marks = seen;
        found->gzip = std::move(gzip);
    } else {
        return;
    }
    std::rotate(found, found + 1, marks.logs.end());
}

void forgetTraceLineMarks()
{
    MarkCache& marks = cache();
    const std::lock_guard lock(marks.mutex);
    marks.logs.clear();
}

} // namespace dvmlens
