// SPDX-License-Identifier: MIT
// The one way core's per-graph passes (report reading, the model sources' map) share out their work:
// `workerThreads` decides how many threads, `runOnThreads` runs the worker on them (this thread
// included) and waits. The worker takes items from a shared counter until none are left.
#pragma once

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace dvmlens {

// `jobs` threads (all cores when 0 or less), never more than there are items, at least one.
inline unsigned workerThreads(int jobs, std::size_t items)
{
    const unsigned wanted =
        jobs > 0 ? static_cast<unsigned>(jobs) : std::max(1u, std::thread::hardware_concurrency());
    return std::min<unsigned>(wanted, static_cast<unsigned>(std::max<std::size_t>(items, 1)));
}

template <typename Worker> void runOnThreads(unsigned threads, const Worker& worker)
{
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& thread : pool)
        thread.join();
}

} // namespace dvmlens
