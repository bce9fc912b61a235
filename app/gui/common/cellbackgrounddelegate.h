// SPDX-License-Identifier: MIT
// The base of delegates that draw their own content in a cell (the time-share bars, the compile timeline's
// bars): paintCellBackground draws the cell's background, alternate colour and selection as the style
// does, without the text the drawn content says instead.
#pragma once

#include <QStyledItemDelegate>

class CellBackgroundDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void paintCellBackground(
        QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const;
};
