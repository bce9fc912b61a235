// SPDX-License-Identifier: MIT
// The read-only text area of the code view: system fixed font, no wrapping, a CodeMargin on the
// left, and kernel bands painted under the text of the visible lines only (extra selections
// would cost seconds to set for the tens of thousands of marks a 10 MB file can have).
#pragma once

#include "codeview/codecolors.h"
#include "codeview/codemarks.h"

#include <QPlainTextEdit>
#include <QVector>

class CodeMargin;

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

    // Lines (1-based, sorted) linked to a selection in another view (the Provenance panes):
    // painted as the current range is, line by line, with a stripe in the margin.
    void setLinkedLines(const QVector<int>& lines);
    const QVector<int>& linkedLines() const;
    bool isLinkedLine(int line) const;

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
    void updateMarginArea(const QRect& rect, int dy);

    CodeMargin* m_margin = nullptr;
    CodeColors m_colors;
    QVector<CodeMark> m_marks;
    QPair<int, int> m_currentRange { 0, 0 };
    QVector<int> m_linkedLines;
};
