// SPDX-License-Identifier: MIT
// Sorts the kernel table (numbers as numbers) and filters it by text and by backend.
#pragma once

#include "core/model/model.h"

#include <QSet>
#include <QSortFilterProxyModel>

class KernelFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit KernelFilterProxy(QObject* parent = nullptr);

    // Case-insensitive; every whitespace-separated word must match the name, an op or a dtype.
    void setFilterText(const QString& text);
    QString filterText() const;

    void setBackendVisible(dvmlens::Backend backend, bool visible);
    bool isBackendVisible(dvmlens::Backend backend) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QString m_text;
    QStringList m_words;
    QSet<int> m_hiddenBackends;
};
