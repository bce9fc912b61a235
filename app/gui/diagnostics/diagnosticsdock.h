// SPDX-License-Identifier: MIT
// The Diagnostics dock: the open tree's known failures (TreeDocument searches them off the GUI
// thread once an index arrives) and what went wrong or looked odd while indexing, filterable by severity.
// Activating an entry asks to open its file at its line; the selected entry's cause and fix show below the
// list.
#pragma once

#include "core/model/model.h"

#include <QDockWidget>

#include <functional>
#include <memory>

class DiagnosticsModel;
class FindingDetails;
class TreeDocument;
class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTreeView;

class DiagnosticsDock : public QDockWidget
{
    Q_OBJECT
public:
    // Shows `document`'s index and known failures, following its signals.
    explicit DiagnosticsDock(const TreeDocument& document, QWidget* parent = nullptr);

    // Shows only diagnostics at least this severe.
    void setMinimumSeverity(dvmlens::Severity severity);
    bool selectFirst(); // selects and activates the first visible entry; false when there is none
    // Selects and activates the first known failure (else the first entry), now or, while the
    // search runs, when it ends.
    void showFirstKnownFailure();
    bool isSearchingKnownFailures() const;
    FindingDetails* details() const;
    // Gives the list the height of its rows (up to `maxRows`) and the selected entry's details the rest,
    // at least eight lines; the list never gets less than a third.
    void fitListToRows(int maxRows = 12);
    // The dock's height that shows `rows` rows of the list beside the details, `width` wide.
    int heightForRows(int rows, int width) const;

    DiagnosticsModel* model() const;
    QSortFilterProxyModel* proxy() const;
    QTreeView* view() const;

Q_SIGNALS:
    void locationActivated(const QString& path, int line);
    void knownFailuresSearched(); // the list now holds the known failures of the current index

private:
    void activate(const QModelIndex& proxyIndex);
    void updateCount();
    void showDetails(const QModelIndex& proxyIndex);
    void retranslate(); // texts, the count and the selected entry's details in the current language
    bool selectFirstKnownFailure();
    void showIndex(); // the document's new index, before its known failures are known
    void showKnownFailures();
    // Runs `change` (a model reset) and selects again the entry that was selected, when it is still
    // listed: reasons and known failures arrive while the user reads an entry.
    void keepingCurrent(const std::function<void()>& change);
    int listRowHeight() const;

    DiagnosticsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTreeView* m_view;
    QComboBox* m_severity;
    QLabel* m_count;
    FindingDetails* m_details;
    QSplitter* m_split;
    const TreeDocument& m_document;
    bool m_showFirstKnownFailure = false; // asked for while the search was running
};
