// SPDX-License-Identifier: MIT
// Draws a timeline row's compiles as bars on the row's time axis, framed as the run tree's time-share
// bars are: each bar where core placed it (start and length over its axis's span, at least 2 px),
// a first compile in the highlight colour, a recompile darker, a failed or refused one in red. The
// tooltip is the bar under the mouse in words; a click on a bar says which (barClicked).
#pragma once

#include "gui/common/cellbackgrounddelegate.h"

class CompileTimelineDelegate : public CellBackgroundDelegate
{
    Q_OBJECT
public:
    using CellBackgroundDelegate::CellBackgroundDelegate;

    // The bar of the CompileTimelineModel row `index` at `point` in a cell drawn at `cell`; -1 if none.
    static int barAt(const QRect& cell, const QModelIndex& index, const QPoint& point);

    void paint(
        QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    bool helpEvent(QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option,
        const QModelIndex& index) override;

Q_SIGNALS:
    void barClicked(int row, int bar);

protected:
    bool editorEvent(QEvent* event, QAbstractItemModel* model, const QStyleOptionViewItem& option,
        const QModelIndex& index) override;
};
