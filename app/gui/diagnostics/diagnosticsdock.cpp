// SPDX-License-Identifier: MIT
#include "gui/diagnostics/diagnosticsdock.h"

#include "gui/common/dockfit.h"
#include "gui/common/languagechange.h"
#include "gui/diagnostics/diagnosticsmodel.h"
#include "gui/diagnostics/findingdetails.h"
#include "gui/document/treedocument.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// The proxy filters on the severity rank: a regular expression of the accepted ranks.
QString acceptedRanks(dvmlens::Severity minimum)
{
    QString ranks;
    for (int rank = int(minimum); rank <= int(dvmlens::Severity::Error); ++rank)
        ranks += QString::number(rank);
    return QStringLiteral("^[%1]$").arg(ranks);
}

} // namespace

DiagnosticsDock::DiagnosticsDock(const TreeDocument& document, QWidget* parent)
    : QDockWidget(parent)
    , m_model(new DiagnosticsModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTreeView)
    , m_severity(new QComboBox)
    , m_count(new QLabel)
    , m_details(new FindingDetails)
    , m_document(document)
{
    setObjectName(QStringLiteral("DiagnosticsDock"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(DiagnosticsModel::SeverityRole);
    m_proxy->setFilterKeyColumn(DiagnosticsModel::SeverityColumn);

    for (const dvmlens::Severity severity :
        { dvmlens::Severity::Info, dvmlens::Severity::Warning, dvmlens::Severity::Error })
        m_severity->addItem(QString(), int(severity));
    connect(m_severity, &QComboBox::currentIndexChanged, this,
        [this](int row) { setMinimumSeverity(dvmlens::Severity(m_severity->itemData(row).toInt())); });

    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(DiagnosticsModel::MessageColumn, QHeaderView::Stretch);
    m_view->header()->resizeSection(DiagnosticsModel::SeverityColumn,
        m_view->fontMetrics().horizontalAdvance(QStringLiteral("MWarningMM")) + 24);
    m_view->header()->resizeSection(DiagnosticsModel::CodeColumn,
        m_view->fontMetrics().horizontalAdvance(QStringLiteral("graph-without-dvm-kernel")) + 16);
    m_view->header()->resizeSection(
        DiagnosticsModel::LocationColumn, m_view->fontMetrics().horizontalAdvance(QStringLiteral("M")) * 36);
    connect(m_view, &QTreeView::activated, this, &DiagnosticsDock::activate);
    connect(m_view, &QTreeView::clicked, this, &DiagnosticsDock::activate);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_severity);
    bar->addWidget(m_count, 1);

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addLayout(bar);
    m_split = new QSplitter(Qt::Vertical);
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_view);
    m_split->addWidget(m_details);
    // Half each: a tree's handful of findings all in view above the selected one's cause and fix
    // (a third for the list showed 2½ rows in a short dock). fitListToRows() sizes it to its rows.
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);
    // In the default layout's short bottom row the list sits beside the details, so it keeps eight
    // rows (stacked, it showed 2½); stacked again once six rows fit above six lines of details.
    stackWhenTall(m_split, [this] {
        return headerHeight(*m_view->header()) + 6 * listRowHeight()
            + 6 * m_details->fontMetrics().lineSpacing() + m_details->copyFixButton()->sizeHint().height()
            + m_split->handleWidth();
    });
    layout->addWidget(m_split, 1);
    setWidget(content);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &DiagnosticsDock::showDetails);
    connect(m_proxy, &QAbstractItemModel::modelReset, m_details, &FindingDetails::clear);
    connect(&m_document, &TreeDocument::indexChanged, this, &DiagnosticsDock::showIndex);
    connect(&m_document, &TreeDocument::knownFailuresChanged, this, &DiagnosticsDock::showKnownFailures);
    connect(&m_document, &TreeDocument::whyChanged, this, [this] {
        keepingCurrent([this] { m_model->setWhy(m_document.why()); }); // one entry per reason of the tree
        updateCount();
    });

    connect(m_proxy, &QAbstractItemModel::modelReset, this, &DiagnosticsDock::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &DiagnosticsDock::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &DiagnosticsDock::updateCount);
    setMinimumSeverity(dvmlens::Severity::Info);
    translateNowAndOnChange(this, [this] { retranslate(); });
}

void DiagnosticsDock::fitListToRows(int maxRows)
{
    const int total = m_split->height() - m_split->handleWidth(); // what the two panes share
    const int rows = std::min(m_proxy->rowCount(), maxRows);
    if (m_split->orientation() == Qt::Horizontal)
        return; // side by side, the list has the dock's height
    const int rowHeight = listRowHeight();
    const int wanted = m_view->header()->height() + std::max(rows, 1) * rowHeight + 2 * m_view->frameWidth()
        + m_view->horizontalScrollBar()->sizeHint().height();
    // The details keep at least eight lines: cause, fix and evidence of the selected entry.
    const int detailsMinimum = 8 * m_details->fontMetrics().lineSpacing();
    const int list = std::max(std::min(wanted, total - detailsMinimum), total / 3);
    m_split->setSizes({ list, total - list });
}

int DiagnosticsDock::listRowHeight() const
{
    // Before the first entry: a line of text and the item's margins.
    return std::max(m_view->sizeHintForRow(0), m_view->fontMetrics().height() + 4);
}

int DiagnosticsDock::heightForRows(int rows, int width) const
{
    const int list = headerHeight(*m_view->header()) + rows * listRowHeight() + 2 * m_view->frameWidth();
    return dockHeightFor(*this, *m_split, list, width);
}

void DiagnosticsDock::retranslate()
{
    setWindowTitle(tr("Diagnostics"));
    m_view->setAccessibleName(windowTitle());
    m_severity->setItemText(0, tr("All severities"));
    m_severity->setItemText(1, tr("Warnings and errors"));
    m_severity->setItemText(2, tr("Errors only"));
    m_severity->setToolTip(tr("Show only diagnostics at least this severe"));
    updateCount();
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid())
        showDetails(current); // the entry's details, in the new language
}

void DiagnosticsDock::showIndex()
{
    const std::shared_ptr<const dvmlens::Index>& index = m_document.index();
    m_model->setIndex(index);
    m_details->setRoot(index ? QString::fromStdString(index->root) : QString());
    updateCount();
}

void DiagnosticsDock::keepingCurrent(const std::function<void()>& change)
{
    const QModelIndex current = m_proxy->mapToSource(m_view->currentIndex());
    const dvmlens::Diagnostic* kept = current.isValid() ? m_model->diagnosticAt(current.row()) : nullptr;
    change();
    if (!kept)
        return;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->diagnosticAt(row) == kept) { // the index's and the findings' entries outlive a reset
            const QModelIndex again = m_proxy->mapFromSource(m_model->index(row, 0));
            if (again.isValid())
                m_view->setCurrentIndex(again);
            return;
        }
    }
}

void DiagnosticsDock::showKnownFailures()
{
    keepingCurrent([this] { m_model->setKnownFailures(m_document.knownFailures()); });
    updateCount();
    if (m_showFirstKnownFailure) {
        m_showFirstKnownFailure = false;
        if (!selectFirstKnownFailure())
            selectFirst();
    }
    Q_EMIT knownFailuresSearched();
}

void DiagnosticsDock::setMinimumSeverity(dvmlens::Severity severity)
{
    const int row = m_severity->findData(int(severity));
    if (row >= 0 && row != m_severity->currentIndex())
        m_severity->setCurrentIndex(row); // comes back here through currentIndexChanged
    m_proxy->setFilterRegularExpression(acceptedRanks(severity));
    updateCount();
}

bool DiagnosticsDock::selectFirst()
{
    const QModelIndex first = m_proxy->index(0, 0);
    if (!first.isValid())
        return false;
    m_view->setCurrentIndex(first);
    activate(first);
    return true;
}

void DiagnosticsDock::showFirstKnownFailure()
{
    if (m_document.isSearchingKnownFailures()) {
        m_showFirstKnownFailure = true;
        return;
    }
    if (!selectFirstKnownFailure())
        selectFirst();
}

bool DiagnosticsDock::selectFirstKnownFailure()
{
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex index = m_proxy->index(row, 0);
        if (index.data(DiagnosticsModel::KnownFailureRole).toBool()) {
            m_view->setCurrentIndex(index);
            activate(index);
            return true;
        }
    }
    return false;
}

bool DiagnosticsDock::isSearchingKnownFailures() const
{
    return m_document.isSearchingKnownFailures();
}

void DiagnosticsDock::showDetails(const QModelIndex& proxyIndex)
{
    const int row = m_proxy->mapToSource(proxyIndex).row();
    if (const dvmlens::WhyGroup* group = m_model->whyGroupAt(row))
        m_details->showWhyGroup(*group);
    else
        m_details->showEntry(m_model->diagnosticAt(row), m_model->findingAt(row));
}

void DiagnosticsDock::activate(const QModelIndex& proxyIndex)
{
    if (!proxyIndex.isValid())
        return;
    const QString path = proxyIndex.data(DiagnosticsModel::PathRole).toString();
    Q_EMIT locationActivated(path, proxyIndex.data(DiagnosticsModel::LineRole).toInt());
}

void DiagnosticsDock::updateCount()
{
    const int shown = m_proxy->rowCount();
    const int total = m_model->rowCount();
    QString text;
    if (shown == total)
        text = total == 1 ? tr("1 diagnostic") : tr("%1 diagnostics").arg(total);
    else
        text = tr("%1 of %2 diagnostics").arg(shown).arg(total);
    int knownFailures = 0;
    for (int row = 0; row < total && m_model->findingAt(row); ++row) // findings come first
        ++knownFailures;
    if (m_document.isSearchingKnownFailures())
        text += QStringLiteral(" · ") + tr("looking for known failures…");
    else if (knownFailures > 0)
        text += QStringLiteral(" · ")
            + (knownFailures == 1 ? tr("1 known failure") : tr("%1 known failures").arg(knownFailures));
    m_count->setText(text);
}

DiagnosticsModel* DiagnosticsDock::model() const
{
    return m_model;
}

QSortFilterProxyModel* DiagnosticsDock::proxy() const
{
    return m_proxy;
}

QTreeView* DiagnosticsDock::view() const
{
    return m_view;
}

FindingDetails* DiagnosticsDock::details() const
{
    return m_details;
}
