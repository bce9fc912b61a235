// SPDX-License-Identifier: MIT
// Every Diagnostic of an Index (tree-level first, then per graph, in tree order) as a table.
#pragma once

#include "model.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

class DiagnosticsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeverityColumn,
        CodeColumn,
        MessageColumn,
        LocationColumn,
        ColumnCount
    };
    enum Role
    {
        SeverityRole = Qt::UserRole + 1, // int(dvmlens::Severity)
        PathRole,
        LineRole, // 0 when the diagnostic has no line
    };

    explicit DiagnosticsModel(QObject* parent = nullptr);

    void setIndex(std::shared_ptr<const dvmlens::Index> index);
    const dvmlens::Diagnostic* diagnosticAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const dvmlens::Index> m_index;
    std::vector<const dvmlens::Diagnostic*> m_rows;
};
