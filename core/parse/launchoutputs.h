// SPDX-License-Identifier: MIT
// The shapes of a DVM kernel's outputs, read where the entry code launches it: the wrapper
// allocates each output buffer (`buf0 = empty_strided((128, 128), (128, 1), device='npu', …)`)
// and calls `kernel.run(inputs in load/scalar order…, outputs in store order…, stream=stream0)`
// (dvm-format.md §2.1), so the arguments map to the builder's inputs and outputs by position.
#pragma once

#include "core/model/model.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dvmlens {

class LaunchOutputReader
{
public:
    // A new entry function (call, Runner.call, partition_N): its buffers are its own.
    void startEntry();

    // One statement of the entry code (masked). `<name> = empty_strided(shape, stride, …)`,
    // `empty_strided_npu(shape, stride, …)` or `reinterpret_tensor(buffer, shape, stride, offset)`
    // records what `name` holds; any other assignment to `name` forgets it.
    void readStatement(std::string_view statement);

    // A launch of the DVM `kernel` whose argument list opens at `open` in `statement`. Outputs
    // without a shape yet take their argument's allocation (a buffer recorded above, or an inline
    // `reinterpret_tensor(…)`). Nothing is taken unless the positional arguments are exactly the
    // inputs and then the outputs: graph_fusion and mfusion kernels return their outputs instead.
    void readLaunch(std::string_view statement, std::size_t open, Kernel& kernel);

private:
    // What an allocation says, kept inline (no allocation per buffer: a 10 MB file allocates
    // thousands): `rank` sizes, then `rank` strides. Tensors of more dims are not kept (unknown).
    static constexpr std::size_t kMaxRank = 8;
    struct Allocation
    {
        std::array<std::int64_t, 2 * kMaxRank> dims {};
        std::uint8_t rank = 0;
    };
    // Shape and stride of `empty_strided*(…)` or `reinterpret_tensor(…)` at `value`; false otherwise.
    bool readAllocation(std::string_view value, Allocation& allocation);
    static void take(const Allocation& allocation, DvmOutput& output);

    struct NameHash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view name) const
        {
            return std::hash<std::string_view> {}(name);
        }
    };
    // Buffer names are short (SSO): one node a buffer, reused when the name is assigned again.
    std::unordered_map<std::string, Allocation, NameHash, std::equal_to<>> allocations_;
    std::vector<std::string_view> arguments_;
};

} // namespace dvmlens
