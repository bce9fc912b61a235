// SPDX-License-Identifier: MIT
#include "core/compile/framekey.h"

namespace dvmlens {

FrameKey FrameKeys::add(const GraphCompileFacts& facts, std::size_t logIndex)
{
    // Logs without a rank are separate processes: their frames are not one frame.
    const std::int64_t process = facts.rank ? *facts.rank : -1 - static_cast<std::int64_t>(logIndex);
    const std::tuple<std::int64_t, std::int64_t, std::int64_t> frame { process,
        facts.id.compiledAutogradId.value_or(-1), facts.id.frameId.value_or(-1) };
    if (facts.id.frameCompileId.value_or(0) == 0)
        m_repeat[frame] = facts.resetRepeat;
    const auto repeat = m_repeat.find(frame);
    return { std::get<0>(frame), std::get<1>(frame), std::get<2>(frame),
        repeat != m_repeat.end() ? repeat->second : facts.resetRepeat };
}

} // namespace dvmlens
