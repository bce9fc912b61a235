// SPDX-License-Identifier: MIT
#include "gui/sources/dvmsharedelegate.h"

#include "gui/sources/sourcelocationsmodel.h"

#include <QPainter>

void DvmShareDelegate::paint(
    QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QVariant share = index.data(SourceLocationsModel::ShareRole);
    if (share.isValid()) {
        const QRect bar = option.rect.adjusted(2, 3, -2, -3);
        const int filled = qRound(bar.width() * qBound(0.0, share.toDouble(), 1.0));
        painter->save();
        painter->fillRect(bar, QColor(0xd9, 0x6c, 0x2c, 90)); // not DVM: the fallback colour, light
        painter->fillRect(QRect(bar.left(), bar.top(), filled, bar.height()), QColor(0x2e, 0x9e, 0x5b, 170));
        painter->restore();
    }
    QStyledItemDelegate::paint(painter, option, index);
}
