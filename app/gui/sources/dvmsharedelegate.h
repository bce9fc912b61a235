// SPDX-License-Identifier: MIT
// Draws a cell's DVM share (SourceLocationsModel::ShareRole, 0..1) as a bar behind its text: the
// share filled in the DVM colour, the rest in the fallback colour; the text stays for screen readers.
#pragma once

#include <QStyledItemDelegate>

class DvmShareDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(
        QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};
