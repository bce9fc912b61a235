// SPDX-License-Identifier: MIT
// A model's header titles as a screen reader lists them, and as a view shows them.
#pragma once

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QStringList>
#include <QTreeView>

// The model's titles in section order.
inline QStringList headerTitles(const QAbstractItemModel& model)
{
    QStringList titles;
    for (int section = 0; section < model.columnCount(); ++section)
        titles << model.headerData(section, Qt::Horizontal).toString();
    return titles;
}

// The header's titles in visual order, the hidden ones left out.
inline QStringList shownTitles(const QTreeView& view)
{
    QStringList titles;
    const QHeaderView* header = view.header();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int section = header->logicalIndex(visual);
        if (!header->isSectionHidden(section))
            titles << view.model()->headerData(section, Qt::Horizontal).toString();
    }
    return titles;
}
