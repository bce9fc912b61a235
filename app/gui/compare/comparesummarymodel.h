// SPDX-License-Identifier: MIT
// The compare mode's table of graph pairs (one row per dvmlens::GraphDiff, in CompareResult
// order) and its proxy: regressions first by default, sortable, "only regressions" and text filters.
// Every value shown comes from compareIndexes; this file only formats and colours it.
#pragma once

#include "core/compare/compare.h"
#include "gui/common/itemroles.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QPalette>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <memory>
#include <vector>

// Text colours for "worse" (fewer DVM kernels, more fallbacks) and "better", readable on light and dark
// bases.
QColor compareWorseColor(const QPalette& palette);
QColor compareBetterColor(const QPalette& palette);

class CompareSummaryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        SortRole = ItemRoles::SortRole, // numbers for count columns (B − A), ranks for the others
        RegressionRole = ItemRoles::FirstModelRole, // bool: GraphDiff::regression
        GraphRole, // int: the row's index in CompareResult::graphs
        KeyRole, // QString: GraphDiff::key in full (the Graph column shows "rank 3 · <key>")
    };
    // Fixed columns; the kernel counts follow (one column per backend that any graph defines, DVM
    // always), then FallbacksColumn at columnCount() − 1.
    enum Column
    {
        RegressionColumn,
        GraphColumn,
        StatusColumn,
        VerdictColumn,
        FirstBackendColumn
    };

    explicit CompareSummaryModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const dvmlens::CompareResult> result);
    const std::shared_ptr<const dvmlens::CompareResult>& result() const;
    const dvmlens::GraphDiff* graphAt(int row) const;

    const std::vector<dvmlens::Backend>& backendColumns() const; // in column order
    int fallbacksColumn() const;

    // "3 graphs · 2 matched · 1 regression · DVM engaged A 3 → B 0" (only-A / only-B parts when present).
    static QString summaryText(const dvmlens::CompareSummary& summary);
    // With several ranks, the regressed graphs by key: "model__0_forward_1 regressed on 8/8 ranks; …";
    // empty with one run pair or no regression.
    static QString regressionRanksText(const dvmlens::CompareResult& result);
    // "✔ engaged", "✖ not engaged", "— no output_code.py", "— absent"
    static QString verdictText(const std::optional<bool>& engaged, bool sidePresent);
    // The Graph column: "rank 3 · model__0_forward_1" with several run pairs (core's graphPairName),
    // else the key.
    QString pairName(const dvmlens::GraphDiff& graph) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant countData(const dvmlens::GraphDiff& graph, dvmlens::Backend backend, int role) const;
    QVariant fallbacksData(const dvmlens::GraphDiff& graph, int role) const;
    QVariant verdictData(const dvmlens::GraphDiff& graph, int role) const;

    std::shared_ptr<const dvmlens::CompareResult> m_result;
    std::vector<dvmlens::Backend> m_backends;
};

class CompareSummaryProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CompareSummaryProxy(QObject* parent = nullptr);

    void setOnlyRegressions(bool only);
    bool onlyRegressions() const;
    // Case-insensitive; every whitespace-separated word must occur in the graph key.
    void setFilterText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    bool m_onlyRegressions = false;
    QStringList m_words;
};
