// SPDX-License-Identifier: MIT
// The compare page's "Model source lines A → B": the lines whose DVM kernels changed between the two
// trees, as core's compareIndexSources found and ordered them (losses first) and `dvmlens-cli compare`
// prints them: where, what changed, and the DVM, other-kernel and fallback counts A → B.
#pragma once

#include "core/sources/sourcecompare.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

class SourceChangesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        LocationColumn,
        ChangeColumn,
        DvmColumn,
        OtherColumn,
        FallbacksColumn,
        ColumnCount
    };

    explicit SourceChangesModel(QObject* parent = nullptr);

    // Null: no comparison (the table is empty).
    void setChanges(std::shared_ptr<const std::vector<dvmlens::SourceLocationChange>> changes);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "layers.py:113 left DVM in B: DVM 1 → 0, other kernels 0 → 1, fallbacks 0 → 0", for screen readers.
    QString rowSentence(int row) const;

private:
    QString changeWords(const dvmlens::SourceLocationChange& change) const;

    std::shared_ptr<const std::vector<dvmlens::SourceLocationChange>> m_changes;
};
