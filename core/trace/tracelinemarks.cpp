// SPDX-License-Identifier: MIT
#include "core/trace/tracelinemarks.h"

#include <algorithm>
#include <sys/stat.h>

namespace dvmlens {

namespace {

std::optional<FileIdentity> identityOf(const struct stat& status)
{
    if (!S_ISREG(status.st_mode))
        return std::nullopt;
    return FileIdentity { static_cast<std::uint64_t>(status.st_dev),
        static_cast<std::uint64_t>(status.st_ino), static_cast<std::uint64_t>(status.st_size),
        static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec };
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

} // namespace dvmlens
