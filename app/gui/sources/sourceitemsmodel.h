// SPDX-License-Identifier: MIT
// The kernels and fallback calls of one model source line, in every graph and rank: run, graph,
// kind, name (kernel or fallback target), backend (a fallback's kind), line in output_code.py.
#pragma once

#include "gui/document/modelsources.h"

#include <QAbstractTableModel>

#include <memory>

class SourceItemsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RunColumn,
        GraphColumn,
        KindColumn,
        NameColumn,
        BackendColumn,
        LineColumn,
        ColumnCount
    };

    explicit SourceItemsModel(QObject* parent = nullptr);

    // `location` belongs to `sources`; null: no rows.
    void setLocation(std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const ModelSources> sources,
        const dvmlens::SourceLocationSummary* location);
    std::optional<dvmlens::SourceItemRef> itemAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const ModelSources> m_sources; // keeps m_location alive
    const dvmlens::SourceLocationSummary* m_location = nullptr;
};
