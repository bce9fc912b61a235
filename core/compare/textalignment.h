// SPDX-License-Identifier: MIT
// Where the side-by-side view puts filler rows so that equal lines of A and B always sit on the
// same row (as meld and Kompare show a diff): inside each hunk the first min(countA, countB) lines
// pair row by row, and the shorter side gets a filler block of |countA - countB| rows after its
// part of the hunk. Both sides then have the same number of rows; a view that inserts the fillers
// scrolls both by the same value.
#pragma once

#include "core/compare/textdiff.h"

#include <vector>

namespace dvmlens {

// `rows` empty rows in front of line `beforeLine` (1-based; lines + 1 puts them after the last line).
struct FillerBlock
{
    int beforeLine = 1;
    int rows = 0;
    bool operator==(const FillerBlock&) const = default;
};

struct TextAlignment
{
    int rows = 0; // rows of each side, fillers included
    std::vector<FillerBlock> fillersA; // sorted by beforeLine, at most one per line
    std::vector<FillerBlock> fillersB;
};

TextAlignment alignTexts(const TextDiff& diff);

// Row (1-based, fillers counted) of `line` (1-based) of a side with these fillers.
int rowOfLine(const std::vector<FillerBlock>& fillers, int line);
// Line (1-based) shown on `row` (1-based) of that side, or 0 when the row is a filler.
int lineOfRow(const std::vector<FillerBlock>& fillers, int row);

} // namespace dvmlens
