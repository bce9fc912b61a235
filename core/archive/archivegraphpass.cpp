// SPDX-License-Identifier: MIT
#include "core/archive/archivegraphpass.h"

#include "core/archive/archiveprefetch.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
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

} // namespace

void runInArchiveOrder(const ArchiveTree& tree, const std::vector<std::vector<std::string>>& innersOf,
    const std::function<void(std::size_t item)>& work, unsigned threads, std::uint64_t inFlight)
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
                const ArchivePrefetch served(std::move(ready.members));
                work(ready.item);
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

    // This thread decompresses: one pass, every member in archive order.
    for (const auto& [ordinal, item] : order) {
        PrefetchedMembers members = readMembersAhead(tree, innersOf[item], kItemBytes);
        const std::uint64_t bytes = members.bytes;
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return held == 0 || held + bytes <= inFlight; });
        held += bytes;
        queue.push_back(Ready { item, std::move(members) });
        lock.unlock();
        changed.notify_all();
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
