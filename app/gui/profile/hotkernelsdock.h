// SPDX-License-Identifier: MIT
// The Hot kernels dock: what the profile says, where people look first: a summary line (rows
// joined, DVM share of compiled time, time by backend), the kernels with the most device time
// (sortable; activating one selects it in the browse view, with its code), and a stacked bar per
// graph of time by backend.
#pragma once

#include "core/model/model.h"
#include "core/profile/profilejoin.h"

#include <QDockWidget>

#include <memory>

class HotKernelsModel;
class QLabel;
class QSortFilterProxyModel;
class QTableView;
class TimeShareChart;

class HotKernelsDock : public QDockWidget
{
    Q_OBJECT
public:
    // The dock's height that shows `rows` rows of the table, `width` wide.
    int heightForRows(int rows, int width) const;
    explicit HotKernelsDock(QWidget* parent = nullptr);

    // Null join: "no profile" (the dock says how to open one).
    void setProfile(std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& path);
    const std::shared_ptr<const dvmlens::ProfileJoin>& join() const;

    HotKernelsModel* model() const;
    QTableView* table() const;
    TimeShareChart* chart() const;
    QLabel* summary() const;
    void retranslate();

Q_SIGNALS:
    // "[RUN/]GRAPH/KERNEL" for BrowsePage::selectBySpec.
    void kernelActivated(const QString& spec);

private:
    void activate(const QModelIndex& proxyIndex);
    void updateSummary();

    HotKernelsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    TimeShareChart* m_chart;
    QLabel* m_summary;
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const dvmlens::ProfileJoin> m_join;
    QString m_path;
};
