// SPDX-License-Identifier: MIT
// The run tree's "By graph" mode: one row per graph key of core's rank consistency (ranks/),
// saying "8/8 ranks identical" or which ranks differ and which miss the graph, expanding to one
// row per rank: its graph folder (selecting it opens it as the by-run tree does) or "missing".
// The grouping, the variants and the rank numbers are core's; this model only words them.
#pragma once

#include "core/model/model.h"
#include "core/ranks/rankconsistency.h"
#include "gui/common/itemroles.h"
#include "gui/document/indexsummaries.h"

#include <QAbstractItemModel>
#include <QIcon>

#include <memory>

class GraphTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn, // the graph key; a rank row: "rank 3"
        RanksColumn, // "8/8 ranks identical", "7/8 ranks agree; rank 5 differs; missing in rank 3"
        VerdictColumn,
        DvmColumn,
        OtherColumn,
        ColumnCount
    };
    enum Role
    {
        // Of a rank row with a graph: its positions in the Index (run, graph); invalid otherwise.
        RunPositionRole = ItemRoles::FirstModelRole,
        GraphPositionRole,
        DivergentRole, // bool, on key rows and rank rows: the key's ranks do not all agree
    };

    explicit GraphTreeModel(QObject* parent = nullptr);

    // Shows `ranks`, the rank consistency of `index` (TreeDocument computes it off the GUI thread);
    // null: no rows. `summaries` as RunTreeModel's.
    void setIndex(std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const dvmlens::RankConsistency> ranks,
        std::shared_ptr<const IndexSummaries> summaries = nullptr);
    const std::shared_ptr<const dvmlens::Index>& treeIndex() const;
    const dvmlens::RankConsistency& ranks() const; // empty without ranks

    // The rank row of the graph at Index positions (run, graph), column 0; invalid when absent.
    QModelIndex indexForGraph(int run, int graph) const;
    // The Index positions of the graph a row opens: a rank row's own, a key row's first graph of
    // its majority variant; {-1, -1} for a missing rank.
    std::pair<int, int> graphPositionAt(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // One child row of a key: a rank's graph folder, or the rank without the key (graph -1).
    struct RankRow
    {
        std::size_t run = 0;
        int graph = -1;
        std::size_t variant = 0;
    };
    bool onlyOneRank(const dvmlens::RankGraph& graph) const; // several ranks, the key on one
    QString ranksText(const dvmlens::RankGraph& graph) const; // the key row's Ranks cell
    QString rankRowRanksText(const dvmlens::RankGraph& graph, const RankRow& row) const;
    QVariant keyData(std::size_t key, int column, int role) const;
    QVariant rankData(std::size_t key, const RankRow& row, int column, int role) const;
    QString rankList(const std::vector<std::size_t>& runs) const; // "rank 3", "ranks 0–3, 5"
    QIcon cachedVerdictIcon(dvmlens::Verdict verdict) const;

    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const IndexSummaries> m_summaries;
    std::shared_ptr<const dvmlens::RankConsistency> m_ranks;
    std::vector<std::vector<RankRow>> m_rows; // by key: its rank rows in rank order
    std::vector<std::vector<int>> m_rowOfGraph; // [run][graph] -> row under its key
    std::vector<std::vector<int>> m_keyOfGraph; // [run][graph] -> key row
    mutable qint64 m_iconPaletteKey = -1;
    mutable QIcon m_verdictIcons[std::size(dvmlens::kAllVerdicts)];
};
