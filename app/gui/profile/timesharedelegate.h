// SPDX-License-Identifier: MIT
// Draws a cell's device time by backend as one stacked bar (the run tree's Time by backend
// column): the model gives the shares under TimeShareDelegate::SharesRole, and whether rows
// outside compiled kernels belong in the bar under OutsideRole. Nothing is decided here.
#pragma once

#include "core/profile/profilejoin.h"
#include "gui/common/cellbackgrounddelegate.h"
#include "gui/common/itemroles.h"

#include <QMetaType>

Q_DECLARE_METATYPE(dvmlens::TimeShares)

class TimeShareDelegate : public CellBackgroundDelegate
{
    Q_OBJECT
public:
    enum Role
    {
        SharesRole = ItemRoles::FirstDelegateRole, // dvmlens::TimeShares, invalid when the row has no time
        OutsideRole, // bool: the bar includes time outside compiled kernels (a run's)
    };

    using CellBackgroundDelegate::CellBackgroundDelegate;

    void paint(
        QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};
