// SPDX-License-Identifier: MIT
#include "core/json/orderedrenderer.h"

#include <algorithm>

namespace dvmlens {

OrderedRenderer::OrderedRenderer(std::size_t count, Render render, int workers, std::size_t window)
    : count_(count)
    , render_(std::move(render))
    , window_(std::max<std::size_t>(window, 1))
    , ready_(count)
{
    if (workers <= 0)
        workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    // One core renders in next() itself: a thread would only add hand-over costs.
    if (workers == 1 || count <= 1)
        return;
    const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(workers), count);
    threads_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i)
        threads_.emplace_back([this] { work(); });
}

OrderedRenderer::~OrderedRenderer()
{
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    consumed_.notify_all();
    for (std::thread& thread : threads_)
        thread.join();
}

void OrderedRenderer::work()
{
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        consumed_.wait(
            lock, [this] { return stopping_ || claimed_ >= count_ || claimed_ < taken_ + window_; });
        if (stopping_ || claimed_ >= count_)
            return;
        const std::size_t index = claimed_++;
        lock.unlock();
        std::string text = render_(index);
        lock.lock();
        ready_[index] = std::move(text);
        rendered_.notify_all();
    }
}

std::string OrderedRenderer::next()
{
    const std::size_t index = taken_;
    if (threads_.empty()) {
        ++taken_;
        return index < count_ ? render_(index) : std::string();
    }
    std::unique_lock<std::mutex> lock(mutex_);
    if (index >= count_)
        return {};
    rendered_.wait(lock, [&] { return ready_[index].has_value(); });
    std::string text = std::move(*ready_[index]);
    ready_[index].reset();
    ++taken_;
    lock.unlock();
    consumed_.notify_all();
    return text;
}

} // namespace dvmlens
