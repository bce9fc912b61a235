// SPDX-License-Identifier: MIT
// The Model sources dock: which model lines went to DVM and which fell back, over every graph and
// rank. Locations worst first (filtered as you type), each with its DVM share as a bar; selecting
// one lists its kernels and fallback calls, and activating one (double-click, Enter) shows its code.
// The Why not DVM column fills in when the document has decided the reasons.
// The sources are the open tree's (TreeDocument finds them off the GUI thread): follow() shows them.
#pragma once

#include "core/model/model.h"
#include "gui/document/modelsources.h"

#include <QDockWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class SourceItemsModel;
class SourceLocationsModel;
class TreeDocument;

class SourcesDock : public QDockWidget
{
    Q_OBJECT
public:
    // The dock's height that shows `rows` rows of the lines' table, `width` wide.
    int heightForRows(int rows, int width) const;
    explicit SourcesDock(QWidget* parent = nullptr);

    // Shows the model sources of `document`'s open tree from now on: "finding…" while it finds
    // them, then them; `sourcesReady` says when they are shown.
    void follow(const TreeDocument& document);
    // Shows sources already found (null: none).
    void setSources(std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const ModelSources> sources);
    const std::shared_ptr<const ModelSources>& sources() const;
    bool isFinding() const; // the followed document is finding the sources of its index
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
    void showSources(
        std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const ModelSources> sources);
    void showLocation(const QModelIndex& proxyIndex);
    void activateItem(const QModelIndex& index);
    void updateSummary();
    void fitWhyColumn();

    SourceLocationsModel* m_locations;
    QSortFilterProxyModel* m_proxy;
    SourceItemsModel* m_items;
    QTableView* m_locationsTable;
    QTableView* m_itemsTable;
    QLineEdit* m_filter;
    QLabel* m_summary;
    bool m_finding = false;
    std::shared_ptr<const dvmlens::Index> m_index;
};
