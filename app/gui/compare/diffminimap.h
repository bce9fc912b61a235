// SPDX-License-Identifier: MIT
// A narrow strip beside a compare pane's scroll bar: every difference of that side drawn at its
// place in the whole file (rows scaled to the strip's height), the visible rows as a frame, and a
// click that scrolls there, as meld and Kompare show where a long file changed.
#pragma once

#include "gui/codeview/codeeditor.h"

#include <QVector>
#include <QWidget>

class DiffMinimap : public QWidget
{
    Q_OBJECT
public:
    explicit DiffMinimap(QWidget* parent = nullptr);

    // What to draw: the side's painted rows (fillers included) out of `rows` rows in all.
    void setDifferences(const QVector<CodeRowBackground>& rows, int rowCount);
    const QVector<CodeRowBackground>& differences() const;
    int rowCount() const;
    void setVisibleRows(int first, int count); // 0-based first row, rows on screen
    // The vertical span (in widget pixels) a 0-based block occupies; for tests and painting.
    QRect markRect(const CodeRowBackground& row) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void rowClicked(int row); // 0-based

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    int rowAt(int y) const;

    QVector<CodeRowBackground> m_rows;
    int m_rowCount = 0;
    int m_firstVisible = 0;
    int m_visibleCount = 0;
};
