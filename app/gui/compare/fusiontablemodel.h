// SPDX-License-Identifier: MIT
// The fused kernels of one graph pair (dvmlens::GraphDiff::fusions, in that order): the fusion
// key, where it went (backend A → backend B), the kernel names and the DVM changes.
#pragma once

#include "compare/compare.h"

#include <QAbstractTableModel>

#include <vector>

class FusionTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        FusionColumn,
        BackendColumn,
        KernelAColumn,
        KernelBColumn,
        ChangesColumn,
        ColumnCount
    };

    explicit FusionTableModel(QObject* parent = nullptr);

    // Copies the fusions; null empties the table.
    void setGraphDiff(const dvmlens::GraphDiff* graph);
    const dvmlens::FusionDiff* fusionAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<dvmlens::FusionDiff> m_fusions;
};
