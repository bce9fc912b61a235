// SPDX-License-Identifier: MIT
// The model source lines of the open tree, worst first as core sorted them (fell back without DVM,
// fell back beside DVM, DVM only): location, DVM share (drawn as a bar by DvmShareDelegate, and
// said in text for screen readers), DVM / other kernels / fallbacks, graphs, ranks, code.
#pragma once

#include "gui/common/itemroles.h"
#include "gui/document/modelsources.h"

#include <QAbstractTableModel>

#include <memory>

class SourceLocationsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        LocationColumn,
        ShareColumn,
        DvmColumn,
        OtherColumn,
        FallbacksColumn,
        GraphsColumn,
        RanksColumn,
        CodeColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = ItemRoles::SortRole, // numbers for numbers; core's order for the location
        ShareRole = ItemRoles::FirstModelRole, // DVM share 0..1 (ShareColumn), invalid without items
    };

    explicit SourceLocationsModel(QObject* parent = nullptr);

    void setSources(std::shared_ptr<const ModelSources> sources);
    const std::shared_ptr<const ModelSources>& sources() const;
    const dvmlens::SourceLocationSummary* locationAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ModelSources> m_sources;
};
