// SPDX-License-Identifier: MIT
// Which Dynamo frame a compile belongs to: one user function of one process (a rank, or a log without
// one), told by its compile id's frame (and compiled-autograd) id, and anew after each
// torch._dynamo.reset() that recompiles the frame from [f/0] (core/trace/compileresets.h). The compile
// summary's recompiles per frame and the frames of compileframes.h group by it alike.
#pragma once

#include "core/compile/compileevents.h"

#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <tuple>

namespace dvmlens {

struct FrameKey
{
    std::int64_t process = 0; // the rank, or -1 - the log's index for a log without one
    std::int64_t autogradId = -1;
    std::int64_t frameId = -1;
    int resetRepeat = 0; // the repeat of the frame's first compile ([f/0])

    auto operator<=>(const FrameKey&) const = default;
};

class FrameKeys
{
public:
    // The frame of `facts`, a compile of logs[logIndex]; fed every compile in log order.
    FrameKey add(const GraphCompileFacts& facts, std::size_t logIndex);

private:
    // A frame's repeat is its first compile's: a reset starts the frame anew from there.
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, int> m_repeat;
};

} // namespace dvmlens
