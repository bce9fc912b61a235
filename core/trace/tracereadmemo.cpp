// SPDX-License-Identifier: MIT
#include "core/trace/tracereadmemo.h"

#include <algorithm>

namespace dvmlens {

std::optional<TraceLineMark> TraceReadMemo::findMark(
    const std::string& path, const FileIdentity& identity, int line) const
{
    const std::lock_guard lock(m_mutex);
    for (const MarkedLog& log : m_logs)
        if (log.path == path && log.identity == identity)
            return log.marks.atOrBefore(line);
    return std::nullopt;
}

std::optional<TraceLineMarks> TraceReadMemo::marksOf(
    const std::string& path, const FileIdentity& identity) const
{
    const std::lock_guard lock(m_mutex);
    for (const MarkedLog& log : m_logs)
        if (log.path == path && log.identity == identity)
            return log.marks;
    return std::nullopt;
}

std::shared_ptr<const GzipAccessPoints> TraceReadMemo::gzipPoints(
    const std::string& path, const FileIdentity& identity) const
{
    const std::lock_guard lock(m_mutex);
    for (const MarkedLog& log : m_logs)
        if (log.path == path && log.identity == identity)
            return log.gzip;
    return nullptr;
}

void TraceReadMemo::keepMarks(const std::string& path, const FileIdentity& identity, int startLine,
    const TraceLineMarks& seen, std::shared_ptr<const GzipAccessPoints> gzip)
{
    const std::lock_guard lock(m_mutex);
    auto found =
        std::find_if(m_logs.begin(), m_logs.end(), [&](const MarkedLog& log) { return log.path == path; });
    const bool same = found != m_logs.end() && found->identity == identity;
    if (same && startLine <= found->marks.covered() + 1) {
        // A read that began at a kept mark: what it passed beyond the kept lines extends them.
        if (seen.covered() > found->marks.covered()) {
            for (const TraceLineMark& mark : seen.marks())
                found->marks.add(mark.line, mark.offset);
            found->marks.cover(seen.covered());
        }
    } else if (startLine == 1) {
        if (found == m_logs.end()) {
            if (m_logs.size() >= kMarkedLogs)
                m_logs.erase(m_logs.begin());
            m_logs.push_back(MarkedLog { path, identity, {}, nullptr });
            found = m_logs.end() - 1;
        }
        found->identity = identity;
        found->marks = seen;
        found->gzip = std::move(gzip);
    } else {
        return;
    }
    std::rotate(found, found + 1, m_logs.end());
}

std::shared_ptr<const GraphFileLines> TraceReadMemo::graphFilesOnce(
    const std::string& log, const FileIdentity& identity, const std::function<GraphFilesAssembly()>& assemble)
{
    std::unique_lock lock(m_mutex);
    for (const KeptGraphFiles& kept : m_graphFiles)
        if (kept.log == log && kept.identity == identity)
            return kept.graphs;
    if (const auto found = m_assembling.find(log);
        found != m_assembling.end() && found->second.identity == identity) {
        const std::shared_future<std::shared_ptr<const GraphFileLines>> graphs = found->second.graphs;
        lock.unlock();
        return graphs.get();
    }
    std::promise<std::shared_ptr<const GraphFileLines>> promise;
    const std::shared_future<std::shared_ptr<const GraphFileLines>> mine = promise.get_future().share();
    const std::uint64_t serial = ++m_assemblies;
    m_assembling.insert_or_assign(log, Assembling { identity, mine, serial });
    lock.unlock();
    GraphFilesAssembly assembled;
    try {
        assembled = assemble();
    } catch (...) {
        lock.lock();
        m_assembling.erase(log);
        lock.unlock();
        promise.set_value(nullptr); // the waiting threads read the log themselves
        throw;
    }
    lock.lock();
    if (const auto found = m_assembling.find(log);
        found != m_assembling.end() && found->second.serial == serial)
        m_assembling.erase(found);
    if (assembled.first && assembled.second) {
        std::erase_if(m_graphFiles, [&](const KeptGraphFiles& kept) { return kept.log == log; });
        if (m_graphFiles.size() >= kMarkedLogs)
            m_graphFiles.erase(m_graphFiles.begin());
        m_graphFiles.push_back(KeptGraphFiles { log, identity, assembled.first });
    }
    lock.unlock();
    promise.set_value(assembled.first);
    return assembled.first;
}

} // namespace dvmlens
