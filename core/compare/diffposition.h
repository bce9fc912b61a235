// SPDX-License-Identifier: MIT
// Where a line lies among a diff's hunks, so next / previous difference go on from wherever the
// view was moved (a fusion picked, a line gone to), not from the last difference jumped to.
#pragma once

#include "core/compare/textdiff.h"

namespace dvmlens {

struct DiffPosition
{
    int hunk = -1; // the last hunk starting at or before the line; -1: before the first
    bool inside = false; // the line is one of that hunk's lines
};

// `lineA` (1-based) on side A; when it is 0, `lineB` on side B. A hunk with no lines on that side
// starts in front of its start line, so a line equal to it is after the hunk, not inside it.
DiffPosition diffPositionOf(const TextDiff& diff, int lineA, int lineB);

} // namespace dvmlens
