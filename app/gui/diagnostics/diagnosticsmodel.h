// SPDX-License-Identifier: MIT
// Every Diagnostic of an Index (tree-level first, then per graph, in tree order) as a table, after
// the known failures found in it (their titles in the user-interface language).
#pragma once

#include "core/model/model.h"
#include "gui/common/itemroles.h"
#include "gui/document/knownfailures.h"

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

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuildRows();

    const dvmlens::Run* runOf(const std::string& path) const;
    struct Row
    {
        const dvmlens::Diagnostic* diagnostic;
        const dvmlens::Finding* finding; // null unless a known failure
        const dvmlens::Run* run = nullptr; // the run it is about, when known
    };
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const KnownFailures> m_knownFailures;
    std::vector<Row> m_rows;
};
