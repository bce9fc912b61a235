// SPDX-License-Identifier: MIT
// The model source lines of the open tree, worst first as core sorted them (fell back without DVM,
// fell back beside DVM, DVM only): location, DVM share (drawn as a bar by DvmShareDelegate, and
// said in text for screen readers), DVM / other kernels / fallbacks, why not DVM (core's reasons of
// what fell back on the line, once the document's why product is in), graphs, ranks, code.
#pragma once

#include "core/why/sourcelinewhy.h"
#include "gui/common/itemroles.h"
#include "gui/document/modelsources.h"
#include "gui/document/treewhy.h"

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
        WhyColumn,
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
    // The reasons of the index's items (null: none yet). They fill the Why column when they explain
    // the index the sources describe; rows and selection stay as they are (dataChanged, no reset).
    void setWhy(std::shared_ptr<const TreeWhy> why);
    const std::shared_ptr<const TreeWhy>& why() const;
    // core's reasons of what fell back on `row` (empty: none, or not decided yet).
    const std::vector<dvmlens::LineWhy>& whyAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void joinWhy();
    QString whyText(int row) const;
    QString whyWords(int row) const;
    QString whyTip(int row) const;

    std::shared_ptr<const ModelSources> m_sources;
    std::shared_ptr<const TreeWhy> m_why;
    dvmlens::SourceLinesWhy m_lineWhy; // parallel to m_sources->summary.locations, or empty
};
