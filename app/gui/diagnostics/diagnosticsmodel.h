// SPDX-License-Identifier: MIT
// Every Diagnostic of an Index (tree-level first, then per graph, in tree order) as a table, after
// the known failures found in it (their titles in the user-interface language) and one entry per
// why-not-DVM reason of the tree (core's groups, worst first: title, count, an example's place).
#pragma once

#include "core/model/model.h"
#include "gui/common/itemroles.h"
#include "gui/document/knownfailures.h"
#include "gui/document/treewhy.h"

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
        SeverityRole = ItemRoles::FirstModelRole, // int(dvmlens::Severity)
        PathRole,
        LineRole, // 0 when the diagnostic has no line
        KnownFailureRole, // bool: a known-failure rule matched (code = rule id)
    };

    explicit DiagnosticsModel(QObject* parent = nullptr);

    void setIndex(std::shared_ptr<const dvmlens::Index> index);
    // The known failures of the current index, listed first; ignored when they are for another index.
    void setKnownFailures(std::shared_ptr<const KnownFailures> knownFailures);
    const dvmlens::Diagnostic* diagnosticAt(int row) const;
    const dvmlens::Finding* findingAt(int row) const; // null for a row that is no known failure
    // The why-not-DVM reasons of the current index, one entry per reason after the known failures;
    // ignored when they are for another index.
    void setWhy(std::shared_ptr<const TreeWhy> why);
    const dvmlens::WhyGroup* whyGroupAt(int row) const; // null for a row that is no reason

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuildRows();

    struct Row
    {
        const dvmlens::Diagnostic* diagnostic;
        const dvmlens::Finding* finding; // null unless a known failure
        const dvmlens::WhyGroup* group = nullptr; // a why-not-DVM reason; `diagnostic` is its example
    };
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const KnownFailures> m_knownFailures;
    std::shared_ptr<const TreeWhy> m_why;
    std::vector<dvmlens::Diagnostic> m_whyExamples; // per group of m_why: its example's place
    std::vector<Row> m_rows;
};
