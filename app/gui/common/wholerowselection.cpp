// SPDX-License-Identifier: MIT
#include "gui/common/wholerowselection.h"

#include <QAbstractItemView>
#include <QItemSelectionModel>

void keepSelectedRowsWhole(QAbstractItemView& view)
{
    QObject::connect(view.model(), &QAbstractItemModel::columnsInserted, &view, [&view] {
        QItemSelectionModel* selection = view.selectionModel();
        if (!selection || !selection->hasSelection())
            return;
        QItemSelection rows;
        for (const QModelIndex& index : selection->selectedIndexes())
            rows.select(index.siblingAtColumn(0), index.siblingAtColumn(0));
        selection->select(rows, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    });
}
