// SPDX-License-Identifier: MIT
// The Model sources dock: which model lines went to DVM and which fell back, over every graph and
// rank. Locations worst first (filtered as you type), each with its DVM share as a bar; selecting
// one lists its kernels and fallback calls, and activating one (double-click, Enter) shows its code.
// The sources are found off the GUI thread when an index arrives.
#pragma once

#include "core/model/model.h"
#include "gui/sources/modelsources.h"

#include <QDockWidget>

#include <memory>

class JobRunner;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class SourceItemsModel;
class SourceLocationsModel;

class SourcesDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit SourcesDock(QWidget* parent = nullptr);

    // Starts finding the sources of `index` (null: none); `sourcesReady` says when they are shown.
    void setIndex(std::shared_ptr<const dvmlens::Index> index);
    // Shows sources already found (tests, and setIndex's job).
    void setSources(std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const ModelSources> sources);
    const std::shared_ptr<const ModelSources>& sources() const;
    bool isFinding() const; // a job is finding the sources of the index last given
    void selectFirstLocation(); // the worst line, with its items listed (no-op without rows)

    SourceLocationsModel* locationsModel() const;
    SourceItemsModel* itemsModel() const;
    QSortFilterProxyModel* locationsProxy() const;
    QTableView* locationsTable() const;
    QTableView* itemsTable() const;
    QLineEdit* filter() const;
    QLabel* summary() const;
    void retranslate();

Q_SIGNALS:
    void sourcesReady();
    // A kernel: "[RUN/]GRAPH/KERNEL" for BrowsePage::selectBySpec.
    void kernelActivated(const QString& spec);
    // A fallback call: its output_code.py and line, for BrowsePage::openLocation.
    void lineActivated(const QString& path, int line);

private:
    void showLocation(const QModelIndex& proxyIndex);
    void activateItem(const QModelIndex& index);
    void updateSummary();

    SourceLocationsModel* m_locations;
    QSortFilterProxyModel* m_proxy;
    SourceItemsModel* m_items;
    QTableView* m_locationsTable;
    QTableView* m_itemsTable;
    QLineEdit* m_filter;
    QLabel* m_summary;
    JobRunner* m_job;
    bool m_finding = false;
    std::shared_ptr<const dvmlens::Index> m_index;
};
