// SPDX-License-Identifier: MIT
#include "gui/common/cellbackgrounddelegate.h"

#include <QApplication>

void CellBackgroundDelegate::paintCellBackground(
    QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    QStyle* style = background.widget ? background.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &background, painter, background.widget);
}
