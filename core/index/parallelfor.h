// SPDX-License-Identifier: MIT
// Work items 0 … count-1 shared out over IndexOptions::jobs threads (the calling thread one of
// them), each item done once; progress (done, count) in order, cancel checked between items.
#pragma once

#include "core/index/indexer.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace dvmlens {

template <typename Work> void parallelFor(std::size_t count, const IndexOptions& options, const Work& work)
{
    std::atomic<std::size_t> next { 0 };
    int done = 0;
    std::mutex progressMutex;
    const auto worker = [&] {
        for (std::size_t i = next++; i < count; i = next++) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed))
                break;
            work(i);
            if (options.progress) {
                const std::lock_guard<std::mutex> lock(progressMutex);
                options.progress(++done, static_cast<int>(count));
            }
        }
    };
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t jobs =
        std::min(count, options.jobs > 0 ? static_cast<std::size_t>(options.jobs) : cores);
    std::vector<std::thread> threads;
    for (std::size_t t = 1; t < jobs; ++t)
        threads.emplace_back(worker);
    worker();
    for (std::thread& thread : threads)
        thread.join();
}

} // namespace dvmlens
