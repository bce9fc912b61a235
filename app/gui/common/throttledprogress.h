// SPDX-License-Identifier: MIT
// The IndexOptions::progress callback both indexing jobs use: it runs on worker threads, so it
// passes a call on only when the percentage moves (a big tree cannot flood the event loop) and
// never after the job was cancelled.
#pragma once

#include <atomic>
#include <functional>
#include <memory>

inline std::function<void(int, int)> throttledProgress(
    std::shared_ptr<std::atomic<bool>> cancelled, std::function<void(int done, int total)> post)
{
    auto lastPercent = std::make_shared<std::atomic<int>>(-1);
    return [cancelled = std::move(cancelled), post = std::move(post), lastPercent](int done, int total) {
        const int percent = total > 0 ? done * 100 / total : 0;
        if (cancelled->load() || lastPercent->exchange(percent) == percent)
            return;
        post(done, total);
    };
}
