// SPDX-License-Identifier: MIT
#include "gui/profile/timesharedelegate.h"

#include "gui/profile/timesharechart.h"

#include <QPainter>

void TimeShareDelegate::paint(
    QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    paintCellBackground(painter, option, index);

    const QVariant value = index.data(SharesRole);
    if (!value.canConvert<dvmlens::TimeShares>())
        return;
    const auto shares = value.value<dvmlens::TimeShares>();
    const bool withOutside = index.data(OutsideRole).toBool();
    const double whole = withOutside ? shares.total() : shares.compiled() + shares.ambiguous;
    if (whole <= 0)
        return;
    painter->save();
    const QRectF bar = QRectF(option.rect).adjusted(3, 4, -3, -4);
    paintTimeShares(*painter, bar, shares, whole, withOutside);
    painter->setPen(option.palette.color(QPalette::Mid));
    painter->drawRect(bar);
    painter->restore();
}

QSize TimeShareDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width(), 12 * option.fontMetrics.averageCharWidth()));
    return size;
}
