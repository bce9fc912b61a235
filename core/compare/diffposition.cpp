// SPDX-License-Identifier: MIT
#include "core/compare/diffposition.h"

namespace dvmlens {

DiffPosition diffPositionOf(const TextDiff& diff, int lineA, int lineB)
{
    const bool sideA = lineA > 0;
    const int line = sideA ? lineA : lineB;
    DiffPosition position;
    if (line <= 0)
        return position;
    for (std::size_t i = 0; i < diff.hunks.size(); ++i) {
        const DiffHunk& hunk = diff.hunks[i];
        const int start = sideA ? hunk.startA : hunk.startB;
        const int count = sideA ? hunk.countA : hunk.countB;
        if (start > line)
            break;
        position.hunk = static_cast<int>(i);
        position.inside = count > 0 && line < start + count;
    }
    return position;
}

} // namespace dvmlens
