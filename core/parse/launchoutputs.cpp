// SPDX-License-Identifier: MIT
#include "core/parse/launchoutputs.h"

#include "core/parse/exprreader.h"

#include <algorithm>

namespace dvmlens {

namespace {

// The wrapper's allocators of a fresh buffer: `from torch import empty_strided`, and the newer
// DVM wrapper's `empty_strided_npu = torch_npu._C._empty_strided_npu` (dvm-format.md §2.4).
bool isAllocator(std::string_view callee)
{
    return callee == "empty_strided" || callee == "empty_strided_npu";
}

std::size_t skipBlanks(std::string_view text, std::size_t at)
{
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
        ++at;
    return at;
}

// Reads the tuple `(d, d, …)` at `at` into `dims` (at most `room`; `count` of them): an int
// literal as it is, anything else (a size symbol, an expression) -1. Returns the offset after
// its ')', or npos when there is no tuple there or it holds more than `room` dims. Sizes and
// strides are read once per allocation of a 10 MB file's entry code, so by hand, in one pass.
std::size_t readDims(
    std::string_view text, std::size_t at, std::int64_t* dims, std::size_t room, std::size_t& count)
{
    count = 0;
    if (at >= text.size() || text[at] != '(')
        return std::string_view::npos;
    ++at;
    for (;;) {
        at = skipBlanks(text, at);
        if (at >= text.size())
            return std::string_view::npos;
        if (text[at] == ')')
            return at + 1; // `()`, or after the trailing comma of `(128, )`
        const std::size_t start = at;
        int depth = 0;
        for (; at < text.size(); ++at) {
            const char c = text[at];
            if (c == '(' || c == '[' || c == '{') {
                ++depth;
            } else if (c == ')' || c == ']' || c == '}') {
                if (depth == 0)
                    break;
                --depth;
            } else if (c == ',' && depth == 0) {
                break;
            }
        }
        if (at >= text.size() || count == room)
            return std::string_view::npos;
        dims[count++] = expr::integer(text.substr(start, at - start)).value_or(-1);
        if (text[at] == ',')
            ++at;
    }
}

} // namespace

void LaunchOutputReader::startEntry()
{
    allocations_.clear();
}

bool LaunchOutputReader::readAllocation(std::string_view value, Allocation& allocation)
{
    // Most entry statements are launches and fallback calls: reject them on their first byte.
    if (value.empty() || (value.front() != 'e' && value.front() != 'r'))
        return false;
    const std::string_view callee = expr::identifierAt(value, 0);
    const bool allocator = isAllocator(callee);
    if (!allocator && callee != "reinterpret_tensor")
        return false;
    std::size_t at = skipBlanks(value, callee.size());
    if (at >= value.size() || value[at] != '(')
        return false;
    // empty_strided(size, stride, …); reinterpret_tensor(buffer, size, stride, offset): the buffer
    // is a name, so its argument ends at the first comma.
    if (!allocator) {
        at = value.find(',', at);
        if (at == std::string_view::npos)
            return false;
    }
    std::size_t rank = 0;
    std::size_t strides = 0;
    at = readDims(value, skipBlanks(value, at + 1), allocation.dims.data(), kMaxRank, rank);
    if (at == std::string_view::npos)
        return false;
    at = skipBlanks(value, at);
    if (at >= value.size() || value[at] != ',')
        return false;
    at = readDims(value, skipBlanks(value, at + 1), allocation.dims.data() + rank, kMaxRank, strides);
    // The value must be the call itself, not a method called on its result (`….t()`).
    if (at == std::string_view::npos || strides != rank || value.back() != ')'
        || value.find(").", at) != std::string_view::npos)
        return false;
    allocation.rank = static_cast<std::uint8_t>(rank);
    return true;
}

void LaunchOutputReader::take(const Allocation& allocation, DvmOutput& output)
{
    const auto begin = allocation.dims.begin();
    output.shape.emplace(begin, begin + allocation.rank);
    output.stride.emplace(begin + allocation.rank, begin + 2 * allocation.rank);
}

void LaunchOutputReader::readStatement(std::string_view statement)
{
    const std::string_view target = expr::identifierAt(statement, 0);
    if (target.empty())
        return;
    const std::size_t equals = skipBlanks(statement, target.size());
    if (equals >= statement.size() || statement[equals] != '='
        || (equals + 1 < statement.size() && statement[equals + 1] == '='))
        return;
    Allocation allocation;
    if (readAllocation(expr::trimmed(statement.substr(equals + 1)), allocation)) {
        const auto found = allocations_.find(target);
        if (found == allocations_.end())
            allocations_.emplace(std::string(target), allocation);
        else
            found->second = allocation;
    } else if (!allocations_.empty()) {
        // `buf3 = buf2[0]`, `buf0 = dvm_graph_fused_0(…)`: what was allocated under that name is gone.
        const auto found = allocations_.find(target);
        if (found != allocations_.end())
            allocations_.erase(found);
    }
}

void LaunchOutputReader::readLaunch(std::string_view statement, std::size_t open, Kernel& kernel)
{
    if (std::all_of(kernel.outputs.begin(), kernel.outputs.end(),
            [](const DvmOutput& output) { return output.shape.has_value(); }))
        return; // no outputs, or every one known from an earlier launch
    const std::size_t close = expr::closingBracket(statement, open);
    if (close == std::string_view::npos)
        return;
    expr::splitArguments(statement.substr(open + 1, close - open - 1), arguments_);
    // Positional arguments, then keywords (`stream=stream0`).
    std::size_t positional = 0;
    while (positional < arguments_.size() && !expr::keywordArgument(arguments_[positional]))
        ++positional;
    const std::size_t inputs = kernel.inputs.size();
    if (positional != inputs + kernel.outputs.size())
        return;
    for (std::size_t i = 0; i < kernel.outputs.size(); ++i) {
        DvmOutput& output = kernel.outputs[i];
        if (output.shape)
            continue;
        const std::string_view argument = arguments_[inputs + i];
        if (expr::identifierAt(argument, 0).size() == argument.size()) {
            const auto found = allocations_.find(argument);
            if (found != allocations_.end())
                take(found->second, output);
            continue;
        }
        Allocation inlineAllocation;
        if (readAllocation(argument, inlineAllocation))
            take(inlineAllocation, output);
    }
}

} // namespace dvmlens
