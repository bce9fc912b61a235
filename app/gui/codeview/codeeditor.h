// SPDX-License-Identifier: MIT
// The read-only text area of the code view: system fixed font, no wrapping, a CodeMargin on the
// left, and kernel bands painted under the text of the visible lines only (extra selections
// would cost seconds to set for the tens of thousands of marks a 10 MB file can have).
// In Compare the document also holds filler rows (empty blocks that are no line of the file, as
// core's compare/textalignment.h places them): line numbers, marks and go-to-line count file
// lines, and row backgrounds (removed / added / changed) paint over the kernel bands, which then
// stay as the margin stripe only.
#pragma once

#include "core/compare/textalignment.h"
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codemarks.h"

#include <QColor>
#include <QPlainTextEdit>
#include <QVector>

#include <vector>

class CodeMargin;
class QPainter;

// Blocks [firstBlock, lastBlock] (0-based, fillers counted) painted in one colour; hatched ones are fillers.
struct CodeRowBackground
{
    int firstBlock = 0;
    int lastBlock = 0;
    QColor color;
    bool hatched = false;
    bool operator==(const CodeRowBackground&) const = default;
};

class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);

    // setDocument() plus a margin sized for the new line count (setDocument() does not emit
    // blockCountChanged, so the margin would keep the old width and cover the text).
    void showDocument(QTextDocument* document);

    void setMarks(const QVector<CodeMark>& marks);
    const QVector<CodeMark>& marks() const;
    // The mark covering `line` (1-based), or null.
    const CodeMark* markAt(int line) const;

    // Lines [first, last] (1-based) painted as the current range; 0, 0 for none.
    void setCurrentRange(int first, int last);
    QPair<int, int> currentRange() const;

    // Filler rows inserted into the document (see CodeView::setFillers); empty for a plain file.
    void setFillers(std::vector<dvmlens::FillerBlock> fillers);
    const std::vector<dvmlens::FillerBlock>& fillers() const;
    int lineOfBlock(int blockNumber) const; // 1-based file line, 0 for a filler row
    int blockOfLine(int line) const; // 0-based block number of a 1-based file line
    int lineCount() const; // blocks that are file lines
    // While only a file's first lines are shown: the whole file's line count, so the margin is
    // as wide as it will be (0: none, the document's own count).
    void setLineCountHint(int lines);
    // Sorted, not overlapping; painted instead of kernel bands on their rows.
    void setRowBackgrounds(QVector<CodeRowBackground> backgrounds);
    const QVector<CodeRowBackground>& rowBackgrounds() const;
    const CodeRowBackground* rowBackgroundAt(int blockNumber) const;
    // Lines (1-based, sorted) linked to a selection in another view (the Provenance panes):
    // painted as the current range is, line by line, with a stripe in the margin.
    void setLinkedLines(const QVector<int>& lines);
    const QVector<int>& linkedLines() const;
    bool isLinkedLine(int line) const;

    // Kernel bands under the lines (default on). Compare turns them off: equal lines stay neutral,
    // as in meld, and the backend shows in the margin stripe only, so no band reads as a diff colour.
    void setLineBandsShown(bool shown);
    bool lineBandsShown() const;

    const CodeColors& colors() const;
    // Re-derives colours from the palette and repaints bands and margin.
    void updateColors();

    int marginWidth() const;
    QWidget* margin() const;
    // Used by CodeMargin: draws line numbers and mark stripes for the visible blocks.
    void paintMargin(QPaintEvent* event);
    // The 1-based line at margin y-coordinate `y`, or 0.
    int lineAtMarginY(int y) const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void updateMarginWidth();
    // The dot of a mark with a why-not-DVM reason, centred in `room` (left of the stripe).
    void paintWhyMarker(QPainter& painter, const QRect& room, const CodeMark& mark) const;
    void updateMarginArea(const QRect& rect, int dy);

    CodeMargin* m_margin = nullptr;
    CodeColors m_colors;
    QVector<CodeMark> m_marks;
    QPair<int, int> m_currentRange { 0, 0 };
    std::vector<dvmlens::FillerBlock> m_fillers;
    int m_fillerRows = 0;
    int m_lineCountHint = 0; // setLineCountHint
    QVector<CodeRowBackground> m_rowBackgrounds;
    QVector<int> m_linkedLines;
    bool m_lineBands = true;
};
