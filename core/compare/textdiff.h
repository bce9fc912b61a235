// SPDX-License-Identifier: MIT
// Line diff of two texts, with the changed characters of paired lines, for the side-by-side view.
// The diff itself is Debian's libdtl (Wu/Manber/Myers O(NP)); this file only prepares its input
// (lines become integer ids, the common head and tail are cut off) and turns its edit script into
// hunks. Lines are split on '\n'; a trailing '\r' is not part of a line, so CRLF and LF texts with
// the same lines are equal (TextDiff::lineEndingsDiffer tells the caller).
#pragma once

#include <QStringView>

#include <vector>

namespace dvmlens {

// A run of changed characters inside one line: [start, start + length), in UTF-16 code units
// (QString / QTextBlock positions).
struct CharRange
{
    int start = 0;
    int length = 0;
    bool operator==(const CharRange&) const = default;
};

// A line of A and a line of B that replace each other, with what differs inside them.
struct ChangedLine
{
    int lineA = 0; // 1-based
    int lineB = 0;
    // False when fewer than half of the longer line's words and symbols (blanks aside) are common:
    // the lines were replaced rather than edited, so a view shows them as removed and added.
    bool similar = true;
    std::vector<CharRange> rangesA; // empty when not similar, or too long to compare inside
    std::vector<CharRange> rangesB;
};

// Lines [startA, startA + countA) of A were replaced by lines [startB, startB + countB) of B.
// A count of 0 means nothing on that side: then start is the line in front of which the other
// side's lines go (linesA + 1 at the end). The first min(countA, countB) lines pair in order
// (ChangedLine); the rest of the longer side are only removed (A) or only added (B).
struct DiffHunk
{
    int startA = 1;
    int countA = 0;
    int startB = 1;
    int countB = 0;
    std::vector<ChangedLine> changed;
};

struct TextDiff
{
    int linesA = 0; // lines of each text; "" has 0, "x" and "x\n" have 1
    int linesB = 0;
    std::vector<DiffHunk> hunks; // in order; empty when the texts have the same lines
    bool lineEndingsDiffer = false; // some common line ends with "\r\n" on one side and "\n" on the other
};

struct TextDiffOptions
{
    // Paired lines longer than this (either side) are not compared by character: the whole line
    // counts as changed. Keeps minified or generated one-line blobs from costing seconds.
    int maxIntraLineLength = 2000;
};

// Diffs `a` (before) against `b` (after). Inside a line, words ([A-Za-z0-9_]+), runs of blanks and
// single other characters are compared as units, so ranges cover whole identifiers.
TextDiff diffTexts(QStringView a, QStringView b, const TextDiffOptions& options = {});

// The line of the other side that shows the same place as `line` (1-based) of side A / side B: the
// same line shifted by the hunks above; inside a hunk, the paired line, or the first line after
// the other side's part of the hunk when this side has more lines there (the other side waits).
int alignedLineInB(const TextDiff& diff, int lineA);
int alignedLineInA(const TextDiff& diff, int lineB);

} // namespace dvmlens
