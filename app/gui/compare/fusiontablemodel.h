// SPDX-License-Identifier: MIT
// The fused kernels of one graph pair (dvmlens::GraphDiff::fusions, in that order): the fusion
// key, where it went (backend A → backend B), its device time A → B when a profile is beside
// either tree, the kernel names and the DVM changes.
#pragma once

#include "core/compare/compare.h"
#include "core/profile/profilecompare.h"

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
        TimeColumn, // device time A → B (profilecompare.h); empty without profiles
        KernelAColumn,
        KernelBColumn,
        ChangesColumn,
        ColumnCount
    };

    explicit FusionTableModel(QObject* parent = nullptr);

    // Copies the fusions; null empties the table. `times` (may be null) are the comparison's
    // device times; `graphIndex` is the graph's place in CompareResult::graphs.
    void setGraphDiff(const dvmlens::GraphDiff* graph, const dvmlens::ProfileComparison* times = nullptr,
        std::size_t graphIndex = 0);
    bool hasTimes() const;
    const dvmlens::FusionDiff* fusionAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<dvmlens::FusionDiff> m_fusions;
    std::vector<std::optional<dvmlens::FusionTime>> m_times; // by fusion row; empty without times
};
