// SPDX-License-Identifier: MIT
#include "gui/sources/sourcesdock.h"

#include "gui/common/dockfit.h"
#include "gui/common/jobrunner.h"
#include "gui/common/languagechange.h"
#include "gui/document/treedocument.h"
#include "gui/sources/dvmsharedelegate.h"
#include "gui/sources/sourceitemsmodel.h"
#include "gui/sources/sourcelocationsmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace {

QTableView* makeTable(QWidget* parent, const QString& name)
{
    auto* table = new QTableView(parent);
    table->setObjectName(name);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setWordWrap(false);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6); // compact rows
    return table;
}

} // namespace

SourcesDock::SourcesDock(QWidget* parent)
    : QDockWidget(parent)
    , m_locations(new SourceLocationsModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_items(new SourceItemsModel(this))
{
    setObjectName(QStringLiteral("sourcesDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new WrappedLabel(content); // word-wrapped, never cut mid-line
    layout->addWidget(m_summary);
    m_filter = new QLineEdit(content);
    m_filter->setObjectName(QStringLiteral("sourcesFilter"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);

    m_proxy->setSourceModel(m_locations);
    m_proxy->setSortRole(SourceLocationsModel::SortRole);
    m_proxy->setFilterKeyColumn(-1); // file, code, backends: whatever the user types
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);

    auto* splitter = new QSplitter(Qt::Vertical, content);
    m_locationsTable = makeTable(splitter, QStringLiteral("sourceLocationsTable"));
    m_locationsTable->setModel(m_proxy);
    m_locationsTable->setSortingEnabled(true);
    m_locationsTable->sortByColumn(SourceLocationsModel::LocationColumn, Qt::AscendingOrder);
    m_locationsTable->setItemDelegateForColumn(SourceLocationsModel::ShareColumn, new DvmShareDelegate(this));
    m_itemsTable = makeTable(splitter, QStringLiteral("sourceItemsTable"));
    m_itemsTable->setModel(m_items);
    splitter->addWidget(m_locationsTable);
    splitter->addWidget(m_itemsTable);
    layout->addWidget(splitter, 1);
    // Side by side in a short dock (the default layout's bottom row), so each table keeps eight rows.
    stackWhenTall(splitter, [this] {
        const int table = headerHeight(*m_locationsTable->horizontalHeader())
            + 8 * m_locationsTable->verticalHeader()->defaultSectionSize();
        return 2 * table;
    });
    setWidget(content);

    connect(m_locationsTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showLocation(current); });
    connect(m_itemsTable, &QAbstractItemView::activated, this, &SourcesDock::activateItem);
    connect(m_itemsTable, &QAbstractItemView::doubleClicked, this, &SourcesDock::activateItem);
    translateNowAndOnChange(this, [this] { retranslate(); });
}

int SourcesDock::heightForRows(int rows, int width) const
{
    const int table = headerHeight(*m_locationsTable->horizontalHeader())
        + rows * m_locationsTable->verticalHeader()->defaultSectionSize()
        + 2 * m_locationsTable->frameWidth();
    return dockHeightFor(*this, *m_locationsTable->parentWidget(), table, width);
}

void SourcesDock::follow(const TreeDocument& document)
{
    connect(&document, &TreeDocument::indexChanged, this, [this, &document] {
        m_finding = document.isFindingModelSources();
        m_locations->setWhy(nullptr);
        showSources(nullptr, nullptr); // the old tree's are gone; ready when modelSourcesChanged
    });
    connect(&document, &TreeDocument::modelSourcesChanged, this, [this, &document] {
        m_finding = false;
        m_locations->setWhy(document.why()); // either may come first
        setSources(document.index(), document.modelSources());
    });
    // The Why column fills in when the reasons arrive: same rows, the selection kept.
    connect(&document, &TreeDocument::whyChanged, this, [this, &document] {
        m_locations->setWhy(document.why());
        fitWhyColumn();
    });
}

void SourcesDock::setSources(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const ModelSources> sources)
{
    showSources(std::move(index), std::move(sources));
    Q_EMIT sourcesReady();
}

void SourcesDock::showSources(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const ModelSources> sources)
{
    m_index = std::move(index);
    m_items->setLocation(nullptr, nullptr, nullptr);
    m_locations->setSources(m_index ? std::move(sources) : nullptr);
    m_locationsTable->resizeColumnsToContents();
    fitWhyColumn();
    updateSummary();
}

void SourcesDock::fitWhyColumn()
{
    // Several reasons make a long cell: the tooltip has them all, the column stays readable.
    constexpr int kMaxWidth = 480;
    m_locationsTable->resizeColumnToContents(SourceLocationsModel::WhyColumn);
    if (m_locationsTable->columnWidth(SourceLocationsModel::WhyColumn) > kMaxWidth)
        m_locationsTable->setColumnWidth(SourceLocationsModel::WhyColumn, kMaxWidth);
}

const std::shared_ptr<const ModelSources>& SourcesDock::sources() const
{
    return m_locations->sources();
}

bool SourcesDock::isFinding() const
{
    return m_finding;
}

void SourcesDock::selectFirstLocation()
{
    if (m_proxy->rowCount() > 0)
        m_locationsTable->setCurrentIndex(m_proxy->index(0, 0));
}

SourceLocationsModel* SourcesDock::locationsModel() const
{
    return m_locations;
}

SourceItemsModel* SourcesDock::itemsModel() const
{
    return m_items;
}

QSortFilterProxyModel* SourcesDock::locationsProxy() const
{
    return m_proxy;
}

QTableView* SourcesDock::locationsTable() const
{
    return m_locationsTable;
}

QTableView* SourcesDock::itemsTable() const
{
    return m_itemsTable;
}

QLineEdit* SourcesDock::filter() const
{
    return m_filter;
}

QLabel* SourcesDock::summary() const
{
    return m_summary;
}

void SourcesDock::retranslate()
{
    setWindowTitle(tr("Model Sources"));
    m_locationsTable->setAccessibleName(windowTitle());
    m_itemsTable->setAccessibleName(tr("Kernels and fallback calls of the selected line"));
    m_filter->setPlaceholderText(tr("Filter model lines (file, code, backend)"));
    m_filter->setAccessibleName(tr("Filter model lines"));
    updateSummary();
}

void SourcesDock::updateSummary()
{
    if (m_finding) {
        m_summary->setText(tr("Finding model source lines…"));
        return;
    }
    const std::shared_ptr<const ModelSources>& sources = m_locations->sources();
    if (!sources) {
        m_summary->setText(tr("No tree open."));
        return;
    }
    int fellBack = 0;
    for (const dvmlens::SourceLocationSummary& location : sources->summary.locations)
        fellBack += location.fellBack() ? 1 : 0;
    const dvmlens::LocationCounts& none = sources->summary.unattributed;
    m_summary->setText(tr("%1 model source lines, %2 with fallbacks or non-DVM kernels; %3 kernels and %4 "
                          "fallback calls with no source line found. Select a line to list its kernels.")
                           .arg(sources->summary.locations.size())
                           .arg(fellBack)
                           .arg(none.kernelTotal())
                           .arg(none.fallbackTotal()));
}

void SourcesDock::showLocation(const QModelIndex& proxyIndex)
{
    const dvmlens::SourceLocationSummary* location =
        proxyIndex.isValid() ? m_locations->locationAt(m_proxy->mapToSource(proxyIndex).row()) : nullptr;
    m_items->setLocation(m_index, m_locations->sources(), location);
    m_itemsTable->resizeColumnsToContents();
}

void SourcesDock::activateItem(const QModelIndex& index)
{
    const std::optional<dvmlens::SourceItemRef> ref = m_items->itemAt(index.row());
    if (!ref || !m_index)
        return;
    const dvmlens::Run& run = m_index->runs[ref->run];
    const dvmlens::Graph& graph = run.graphs[ref->graph];
    if (ref->fallback) {
        Q_EMIT lineActivated(
            QString::fromStdString(graph.outputCode->path), graph.outputCode->fallbacks[ref->item].line);
        return;
    }
    QString spec = QString::fromStdString(graph.name) + QLatin1Char('/')
        + QString::fromStdString(graph.outputCode->kernels[ref->item].name);
    if (m_index->runs.size() > 1 && run.name)
        spec = QString::fromStdString(*run.name) + QLatin1Char('/') + spec;
    Q_EMIT kernelActivated(spec);
}
