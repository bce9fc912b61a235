// SPDX-License-Identifier: MIT
// The read-only text area of the code view: system fixed font, no wrapping, a CodeMargin on the
// left, and one full-width background selection per kernel mark (a multi-line cursor each, so a
// 10 MB file with thousands of kernels stays cheap to paint).
#pragma once

#include "codecolors.h"
#include "codemarks.h"

#include <QPlainTextEdit>
#include <QVector>

class CodeMargin;

class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);

    void setMarks(const QVector<CodeMark>& marks);
    const QVector<CodeMark>& marks() const;
    // The mark covering `line` (1-based), or null.
    const CodeMark* markAt(int line) const;

    const CodeColors& colors() const;
    // Re-derives colours from the palette and repaints bands and margin.
    void updateColors();

    int marginWidth() const;
    // Used by CodeMargin: draws line numbers and mark stripes for the visible blocks.
    void paintMargin(QPaintEvent* event);
    // The 1-based line at margin y-coordinate `y`, or 0.
    int lineAtMarginY(int y) const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateMarginWidth();
    void updateMarginArea(const QRect& rect, int dy);
    void applyMarkSelections();

    CodeMargin* m_margin = nullptr;
    CodeColors m_colors;
    QVector<CodeMark> m_marks;
};
