// SPDX-License-Identifier: MIT
// The Diagnostics dock: what went wrong or looked odd while indexing, filterable by severity.
// Activating an entry asks to open its file at its line.
#pragma once

#include "model.h"

#include <QDockWidget>

#include <memory>

class DiagnosticsModel;
class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTreeView;

class DiagnosticsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit DiagnosticsDock(QWidget* parent = nullptr);

    void setIndex(std::shared_ptr<const dvmlens::Index> index);
    // Shows only diagnostics at least this severe.
    void setMinimumSeverity(dvmlens::Severity severity);
    bool selectFirst(); // selects and activates the first visible entry; false when there is none

    DiagnosticsModel* model() const;
    QSortFilterProxyModel* proxy() const;
    QTreeView* view() const;

Q_SIGNALS:
    void locationActivated(const QString& path, int line);

private:
    void activate(const QModelIndex& proxyIndex);
    void updateCount();

    DiagnosticsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTreeView* m_view;
    QComboBox* m_severity;
    QLabel* m_count;
};
