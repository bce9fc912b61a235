// SPDX-License-Identifier: MIT
// The Hot kernels table: the kernels with the most device time (core's hotKernels), one row each; a
// name whose launches could be any of several graphs' kernels is one row that says so.
#pragma once

#include "core/model/model.h"
#include "core/profile/hotkernels.h"
#include "gui/common/itemroles.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

class HotKernelsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    static constexpr std::size_t kMaxRows = 200;
    enum Column
    {
        NameColumn,
        BackendColumn,
        TimeColumn, // total device time
        ShareColumn, // of all device time of the profile
        LaunchesColumn,
        MeanColumn,
        CoreColumn,
        GraphColumn, // [run/]graph
        ColumnCount
    };
    enum Role
    {
        SortRole = ItemRoles::SortRole, // numbers for numeric columns
        BackendRole =
            ItemRoles::FirstModelRole, // int(dvmlens::Backend); -1 when the candidates' backends differ
        AmbiguousRole, // bool: the row's graph is not known
    };

    explicit HotKernelsModel(QObject* parent = nullptr);

    // Both keep what the rows point into alive; `join` belongs to `index`. Null clears.
    void setProfile(
        std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const dvmlens::ProfileJoin> join);
    // The row's kernel; the first candidate of an ambiguous name.
    dvmlens::KernelRef refAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const dvmlens::ProfileJoin> m_join;
    std::vector<dvmlens::HotKernel> m_rows;

    QString whereText(const dvmlens::HotKernel& hot) const;
    QString candidatesText(const dvmlens::HotKernel& hot) const;
};
