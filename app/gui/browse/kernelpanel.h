// SPDX-License-Identifier: MIT
// The kernel table with its filter line (debounced) and one toggle per backend present.
#pragma once

#include "core/model/model.h"

#include <QWidget>

#include <map>
#include <memory>

class KernelFilterProxy;
class KernelTableModel;
class QHBoxLayout;
class QLabel;
class QMenu;
class QLineEdit;
class QTimer;
class QToolButton;
class QTreeView;

class KernelPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kFilterDelayMs = 200;

    explicit KernelPanel(KernelTableModel* model, QWidget* parent = nullptr);

    KernelTableModel* model() const;
    KernelFilterProxy* proxy() const;
    QTreeView* view() const;
    QLineEdit* filterEdit() const;
    QToolButton* backendToggle(dvmlens::Backend backend) const; // null when no kernel has that backend

    // Selects the row of `kernelName` (source row, when visible); false when it is not shown.
    bool selectKernel(const QString& kernelName);
    bool selectSourceRow(int sourceRow);
    int currentSourceRow() const; // -1 when nothing is selected

    // The table's column widths, order, hidden columns and sort, for the window's settings.
    QByteArray headerState() const;
    bool restoreHeaderState(const QByteArray& state);
    // Back to the first look: every column shown, default order and widths, sorted by line.
    void resetHeader();
    // What the empty table says (empty while it has rows): nothing selected or no code, or, for a
    // graph whose output_code.py could not be read, that.
    QString emptyText() const;

Q_SIGNALS:
    void currentKernelChanged(int sourceRow); // -1 when the selection is gone
    void launchSiteRequested(int sourceRow, int line); // context menu: "Go to Launch Site"

private:
    void rebuildBackendToggles();
    // Widths for typical contents, of the sections first … last (all by default).
    void fitColumns(int first = 0, int last = -1);
    void showHeaderMenu(const QPoint& position);
    void showRowMenu(const QPoint& position); // copy name / row, go to the launch site
    void updateNoMatchNote();

public:
    // The row of the view as text: its shown columns in header order, tab-separated.
    QString rowText(const QModelIndex& proxyIndex) const;
    // "No kernel here matches …" while the filter or toggles hide every kernel; empty otherwise.
    QString noMatchText() const;
    // The context menu of a row (Copy Name, Copy Row, Go to Launch Site); null off the rows.
    std::unique_ptr<QMenu> createRowMenu(const QModelIndex& proxyIndex);

private:
    KernelTableModel* m_model;
    KernelFilterProxy* m_proxy;
    QTreeView* m_view;
    QLineEdit* m_filter;
    QTimer* m_filterTimer;
    QHBoxLayout* m_toggleLayout;
    QLabel* m_noMatch; // "No kernel here matches …"
    std::map<dvmlens::Backend, QToolButton*> m_toggles;
};
