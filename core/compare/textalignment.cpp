// SPDX-License-Identifier: MIT
#include "core/compare/textalignment.h"

#include <algorithm>

namespace dvmlens {

TextAlignment alignTexts(const TextDiff& diff)
{
    TextAlignment alignment;
    int fillerRowsA = 0;
    for (const DiffHunk& hunk : diff.hunks) {
        if (hunk.countA < hunk.countB) {
            alignment.fillersA.push_back({ hunk.startA + hunk.countA, hunk.countB - hunk.countA });
            fillerRowsA += hunk.countB - hunk.countA;
        } else if (hunk.countB < hunk.countA) {
            alignment.fillersB.push_back({ hunk.startB + hunk.countB, hunk.countA - hunk.countB });
        }
    }
    alignment.rows = diff.linesA + fillerRowsA;
    return alignment;
}

int rowOfLine(const std::vector<FillerBlock>& fillers, int line)
{
    int row = line;
    for (const FillerBlock& filler : fillers) {
        if (filler.beforeLine > line)
            break;
        row += filler.rows;
    }
    return row;
}

int lineOfRow(const std::vector<FillerBlock>& fillers, int row)
{
    // Walk the fillers: each one ends a stretch of lines; the row falls in a stretch or a filler.
    int line = 1; // first line of the current stretch
    int rowOfStretch = 1; // its row
    for (const FillerBlock& filler : fillers) {
        const int fillerRow = rowOfStretch + (filler.beforeLine - line);
        if (row < fillerRow)
            break;
        if (row < fillerRow + filler.rows)
            return 0;
        rowOfStretch = fillerRow + filler.rows;
        line = filler.beforeLine;
    }
    return line + (row - rowOfStretch);
}

} // namespace dvmlens
