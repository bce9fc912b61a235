// SPDX-License-Identifier: MIT
// TORCH_TRACE logs' graph files as a container (io/container.h) over the one that holds the logs
// (a folder, an archive): a path "LOG!L<line>/<file>" (tracemember.h) that names no node is read
// from its log's record, the log read through `base`; any other path is `base`'s. A plain log on
// disk is opened once for all its graph files (TraceLogView: positioned reads of about one record
// each); a log in an archive or a gzip log is read again as readTraceMember reads it.
#pragma once

#include "core/io/container.h"
#include "core/trace/tracereadmemo.h"

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace dvmlens {

class TraceLogView;

class TraceLogContainer final : public Container
{
public:
    explicit TraceLogContainer(std::shared_ptr<const Container> base);
    ~TraceLogContainer() override;
    std::optional<SafeFile> open(const std::string& path, const std::string& tree, std::uint64_t budget,
        FileError& error) const override;
    const Container* wrapped() const override
    {
        return m_base.get();
    }

    // How many logs this container has opened views of (one per log and bound, however many of
    // its graph files were read).
    int logsOpened() const;

    // What every read of its logs leaves for the next (line marks, gzip access points, graph file
    // tables): the index's first read of each log, then its re-reads, share it.
    TraceReadMemo* memo() const
    {
        return &m_memo;
    }

private:
    std::shared_ptr<TraceLogView> viewOf(const std::string& log, const std::string& tree) const;

    // The views held open at once (each a descriptor and its marks): more logs than these reopen
    // the ones read again past them.
    static constexpr std::size_t kOpenLogs = 64;

    std::shared_ptr<const Container> m_base;
    mutable std::mutex m_mutex;
    mutable std::map<std::string, std::shared_ptr<TraceLogView>> m_views; // by log and bound; null: none
    mutable int m_opened = 0;
    mutable TraceReadMemo m_memo; // safe from any thread itself
};

// The memo of the TraceLogContainer `files` is or wraps (Container::wrapped); null when there is none
// (a plain folder's container: every record is then read from its log's start).
TraceReadMemo* traceReadMemoOf(const Container& files);

} // namespace dvmlens
