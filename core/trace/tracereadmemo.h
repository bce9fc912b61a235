// SPDX-License-Identifier: MIT
// What reads of TORCH_TRACE logs leave for the next reads of the same logs, held by whoever hands
// the memo over (a TraceLogContainer, so Index::files, keeps one for every read of its index's
// logs): each plain or gzip log's line marks (tracelinemarks.h) and a gzip log's access points
// (gzipaccess.h), where a re-read of one record starts instead of at byte 0; and each log's graph
// file table (which record stands for a graph's fx_graph_runnable.py…), assembled once rather than
// once per file read. Entries are kept by log path and the identity the log had when read (an
// archive member's: its archive's), so a changed log is never entered at a stale offset nor
// answered from a stale table. Bounded: the kMarkedLogs logs used last. Safe from any thread.
// A read without a memo keeps nothing and reads every record from its log's start.
#pragma once

#include "core/trace/gzipaccess.h"
#include "core/trace/tracelinemarks.h"

#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dvmlens {

// Each graph's files (by the line of its inductor_output_code record): file name → record line.
using GraphFileLines = std::map<int, std::map<std::string, int>>;

class TraceReadMemo
{
public:
    // The last mark at or before `line` of the log `path`, when marks were kept for it as it is now
    // (`identity`); nullopt otherwise.
    std::optional<TraceLineMark> findMark(
        const std::string& path, const FileIdentity& identity, int line) const;

    // Every mark kept for the log `path` as it is now (`identity`); nullopt when none are.
    std::optional<TraceLineMarks> marksOf(const std::string& path, const FileIdentity& identity) const;

    // The access points kept with the marks of the gzip log `path` as it is now; null when it has
    // none (not read whole, changed since, or not a gzip log).
    std::shared_ptr<const GzipAccessPoints> gzipPoints(
        const std::string& path, const FileIdentity& identity) const;

    // Keeps what a read of `path` (as `identity`) that began at `startLine` passed over: a read from
    // the first line starts or replaces the log's marks (and, for a gzip log, its access points
    // `gzip`); one that began at a kept mark extends the marks.
    void keepMarks(const std::string& path, const FileIdentity& identity, int startLine,
        const TraceLineMarks& seen, std::shared_ptr<const GzipAccessPoints> gzip = nullptr);

    // The graph file table of `log` as it is now (`identity`): the one kept, else the one another
    // thread is assembling (waited for), else `assemble`'s, which returns the table (null: the log
    // could not be read) and whether to keep it. So workers asking for one log's files at once read
    // it once.
    using GraphFilesAssembly = std::pair<std::shared_ptr<const GraphFileLines>, bool>;
    std::shared_ptr<const GraphFileLines> graphFilesOnce(const std::string& log, const FileIdentity& identity,
        const std::function<GraphFilesAssembly()>& assemble);

private:
    struct MarkedLog
    {
        std::string path;
        FileIdentity identity;
        TraceLineMarks marks;
        std::shared_ptr<const GzipAccessPoints> gzip; // a gzip log's, with marks in its text
    };
    struct KeptGraphFiles
    {
        std::string log;
        FileIdentity identity;
        std::shared_ptr<const GraphFileLines> graphs;
    };

    struct Assembling
    {
        FileIdentity identity;
        std::shared_future<std::shared_ptr<const GraphFileLines>> graphs;
        std::uint64_t serial = 0; // which assembly this is
    };

    mutable std::mutex m_mutex;
    std::vector<MarkedLog> m_logs; // the one used last at the back
    std::vector<KeptGraphFiles> m_graphFiles; // likewise
    std::map<std::string, Assembling> m_assembling; // by log
    std::uint64_t m_assemblies = 0;
};

} // namespace dvmlens
