// SPDX-License-Identifier: MIT
#include "core/archive/archivegraphpass.h"

#include "core/archive/archivepath.h"
#include "core/archive/archiveprefetch.h"
#include "core/trace/traceahead.h"
#include "core/trace/tracemember.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <dirent.h>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace dvmlens {

namespace {

// One item's members (a graph's output_code.py is at most 512 MiB; one that does not fit is
// read from the archive as usual).
constexpr std::uint64_t kItemBytes = std::uint64_t(512) << 20;

// Where item i's data starts in the archive: its first member's header number.
std::uint64_t firstOrdinal(const ArchiveTree& tree, const std::vector<std::string>& inners)
{
    std::uint64_t first = UINT64_MAX;
    for (const std::string& inner : inners) {
        const ArchiveTree::Resolved resolved = tree.resolve(inner, true);
        const ArchiveNode* node = resolved.node;
        if (node && node->hardlink)
            node = tree.find(node->link);
        if (resolved.error == 0 && node)
            first = std::min(first, node->ordinal);
    }
    return first;
}

// The files of item i that are graph files of a trace log inside the archive
// ("LOG!L<line>/<file>", trace/tracemember.h): no member of that name, a log that is one.
struct TraceItems
{
    std::map<std::uint64_t, std::string> logs; // by the log's header number: its inner path
    std::map<std::string, std::vector<TraceFileAsk>> asks; // by log
    std::map<std::string, std::vector<std::string>> innersOfAsks; // by log, parallel to asks
    std::vector<bool> isTrace; // per item: it has such files (read with its log)
};

TraceItems traceItemsOf(const ArchiveTree& tree, const std::vector<std::vector<std::string>>& innersOf)
{
    TraceItems trace;
    trace.isTrace.assign(innersOf.size(), false);
    std::vector<std::string> itemLog(innersOf.size());
    for (std::size_t i = 0; i < innersOf.size(); ++i) {
        for (const std::string& inner : innersOf[i]) {
            if (inner.find(kTraceGraphSeparator) == std::string::npos || tree.resolve(inner, true).node)
                continue;
            std::optional<TraceMemberName> member = parseTraceMemberPath(inner);
            if (!member || member->file.empty())
                continue;
            const ArchiveTree::Resolved log = tree.resolve(member->log, true);
            if (log.error != 0 || !log.node || log.node->type != DT_REG)
                continue;
            if (!itemLog[i].empty() && itemLog[i] != member->log)
                continue; // an item is handed over once, with its first log's files
            itemLog[i] = member->log;
            trace.logs.emplace(log.node->ordinal, member->log);
            trace.asks[member->log].push_back(TraceFileAsk { i, member->line, member->file });
            trace.innersOfAsks[member->log].push_back(inner);
            trace.isTrace[i] = true;
        }
    }
    return trace;
}

} // namespace

void runInArchiveOrder(const Container& base, const ArchiveTree& tree,
    const std::vector<std::vector<std::string>>& innersOf,
    const std::function<void(std::size_t item, const Container& files)>& work, unsigned threads,
    std::uint64_t inFlight)
{
    std::vector<std::pair<std::uint64_t, std::size_t>> order;
    order.reserve(innersOf.size());
    for (std::size_t i = 0; i < innersOf.size(); ++i)
        order.emplace_back(firstOrdinal(tree, innersOf[i]), i);
    std::sort(order.begin(), order.end());

    struct Ready
    {
        std::size_t item = 0;
        PrefetchedMembers members;
    };
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<Ready> queue;
    std::uint64_t held = 0; // bytes in `queue` and being worked on
    bool done = false;

    const auto worker = [&] {
        for (;;) {
            std::unique_lock<std::mutex> lock(mutex);
            changed.wait(lock, [&] { return done || !queue.empty(); });
            if (queue.empty())
                return;
            Ready ready = std::move(queue.front());
            queue.pop_front();
            lock.unlock();
            const std::uint64_t bytes = ready.members.bytes;
            {
                const PrefetchedContainer served(base, std::move(ready.members));
                work(ready.item, served);
            }
            lock.lock();
            held -= bytes;
            lock.unlock();
            changed.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < std::max(1u, threads); ++t)
        pool.emplace_back(worker);

    const auto handOver = [&](std::size_t item, PrefetchedMembers members) {
        const std::uint64_t bytes = members.bytes;
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return held == 0 || held + bytes <= inFlight; });
        held += bytes;
        queue.push_back(Ready { item, std::move(members) });
        lock.unlock();
        changed.notify_all();
    };
    // This thread decompresses: one pass, every member in archive order; then each log whose
    // graphs' files are asked for, read once for all of them.
    const TraceItems trace = traceItemsOf(tree, innersOf);
    const std::shared_ptr<ArchiveCursor> cursor = newArchiveCursor(); // one pass for every item
    for (const auto& [ordinal, item] : order)
        if (!trace.isTrace[item])
            handOver(item, readMembersAhead(tree, innersOf[item], kItemBytes, cursor));
    for (const auto& [ordinal, log] : trace.logs) {
        const std::string path = archiveMemberPath(tree.archive(), log);
        const std::vector<std::string>& inners = trace.innersOfAsks.at(log);
        readTraceFilesAhead(
            base, path, path, trace.asks.at(log), [&](std::size_t item, TraceFilesRead payloads) {
                // Its other files (a member beside the log, another log's) as usual.
                PrefetchedMembers members = readMembersAhead(tree, innersOf[item], kItemBytes, cursor);
                for (auto& [ask, payload] : payloads) {
                    members.bytes += payload->size();
                    members.members.emplace(inners[ask], std::move(payload));
                }
                handOver(item, std::move(members));
            });
    }
    {
        const std::lock_guard<std::mutex> lock(mutex);
        done = true;
    }
    changed.notify_all();
    for (std::thread& thread : pool)
        thread.join();
}

} // namespace dvmlens
