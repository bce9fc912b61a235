// SPDX-License-Identifier: MIT
// Renders items to text on worker threads while the caller consumes the texts in item order, e.g.
// the graphs of a big dvmlens.scan/1 document: each graph's JSON depends only on that graph.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace dvmlens {

class OrderedRenderer
{
public:
    using Render = std::function<std::string(std::size_t index)>;

    // Starts rendering items 0..count-1 with `workers` threads (0: one per core). Workers stay at
    // most `window` items ahead of the consumer, so the memory held stays bounded.
    OrderedRenderer(std::size_t count, Render render, int workers = 0, std::size_t window = 32);
    ~OrderedRenderer(); // stops the workers, also when not every item was taken

    OrderedRenderer(const OrderedRenderer&) = delete;
    OrderedRenderer& operator=(const OrderedRenderer&) = delete;

    // The text of the next item (0, 1, 2… on successive calls), waiting until it is rendered.
    std::string next();

private:
    void work();

    std::size_t count_;
    Render render_;
    std::size_t window_;
    std::vector<std::optional<std::string>> ready_;
    std::size_t claimed_ = 0; // items handed to workers
    std::size_t taken_ = 0; // items handed to the consumer
    bool stopping_ = false;
    std::mutex mutex_;
    std::condition_variable rendered_; // a worker finished an item
    std::condition_variable consumed_; // the consumer took one, or the renderer is stopping
    std::vector<std::thread> threads_;
};

} // namespace dvmlens
