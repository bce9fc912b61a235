// SPDX-License-Identifier: MIT
// The environment checklist as a table (File ▸ Check Environment): one row an item, in core's order,
// with its number, status (an icon and a word), title, evidence and fix; titles and fixes in the
// interface language (core's zh/en texts), status words translated. It shows core's items as they are.
#pragma once

#include "core/doctor/doctor.h"

#include <QAbstractTableModel>

#include <vector>

class ChecklistModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ItemColumn, // the number in the guide's order
        StatusColumn,
        TitleColumn,
        EvidenceColumn,
        FixColumn,
        ColumnCount
    };
    static constexpr int IdRole = Qt::UserRole + 1; // the item's stable id ("versions", …)

    explicit ChecklistModel(QObject* parent = nullptr);

    void setItems(std::vector<dvmlens::CheckItem> items);
    const std::vector<dvmlens::CheckItem>& items() const;

    // "pass" / "fail" / "unknown" in the interface language.
    static QString statusWord(dvmlens::CheckStatus status);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString fixText(const dvmlens::CheckItem& item) const;

    std::vector<dvmlens::CheckItem> m_items;
};
