// SPDX-License-Identifier: MIT
#include "gui/profile/hotkernelsdock.h"

#include "core/profile/profilecompare.h"
#include "core/text/profiletext.h"
#include "gui/common/dockfit.h"
#include "gui/common/languagechange.h"
#include "gui/profile/hotkernelsmodel.h"
#include "gui/profile/timesharechart.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

HotKernelsDock::HotKernelsDock(QWidget* parent)
    : QDockWidget(parent)
    , m_model(new HotKernelsModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("hotKernelsDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new WrappedLabel(content); // word-wrapped, never cut mid-line
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    auto* splitter = new QSplitter(Qt::Vertical, content);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(HotKernelsModel::SortRole);
    m_table = new QTableView(splitter);
    m_table->setObjectName(QStringLiteral("hotKernelsTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(HotKernelsModel::TimeColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6); // compact rows
    connect(m_table, &QAbstractItemView::activated, this, &HotKernelsDock::activate);
    connect(m_table, &QAbstractItemView::clicked, this, &HotKernelsDock::activate);

    auto* scroll = new QScrollArea(splitter);
    m_chart = new TimeShareChart(scroll);
    m_chart->setObjectName(QStringLiteral("timeShareChart"));
    scroll->setWidget(m_chart);
    scroll->setWidgetResizable(true);
    splitter->addWidget(m_table);
    splitter->addWidget(scroll);
    layout->addWidget(splitter, 1);
    // Side by side in a short dock (the default layout's bottom row), so the table keeps eight rows
    // beside the chart; the chart below it once both get as much.
    stackWhenTall(splitter, [this] {
        return 2
            * (headerHeight(*m_table->horizontalHeader())
                + 8 * m_table->verticalHeader()->defaultSectionSize());
    });
    setWidget(content);
    translateNowAndOnChange(this, [this] {
        retranslate();
        refreshTranslatedTexts(m_model);
    });
}

int HotKernelsDock::heightForRows(int rows, int width) const
{
    const int table = headerHeight(*m_table->horizontalHeader())
        + rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth();
    return dockHeightFor(*this, *m_table->parentWidget(), table, width);
}

void HotKernelsDock::setProfile(std::shared_ptr<const dvmlens::Index> index,
    std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& path)
{
    m_index = std::move(index);
    m_join = m_index ? std::move(join) : nullptr;
    m_path = m_join ? path : QString();
    m_model->setProfile(m_index, m_join);
    m_chart->setProfile(m_index.get(), m_join.get());
    m_table->resizeColumnsToContents();
    updateSummary();
}

const std::shared_ptr<const dvmlens::ProfileJoin>& HotKernelsDock::join() const
{
    return m_join;
}

HotKernelsModel* HotKernelsDock::model() const
{
    return m_model;
}

QTableView* HotKernelsDock::table() const
{
    return m_table;
}

TimeShareChart* HotKernelsDock::chart() const
{
    return m_chart;
}

QLabel* HotKernelsDock::summary() const
{
    return m_summary;
}

void HotKernelsDock::retranslate()
{
    setWindowTitle(tr("Hot Kernels"));
    m_table->setAccessibleName(windowTitle());
    updateSummary();
}

void HotKernelsDock::updateSummary()
{
    if (!m_join) {
        m_summary->setText(tr("No profile. Open one with File ▸ Open Profile… (a *_ascend_pt folder, its "
                              "ASCEND_PROFILER_OUTPUT or a kernel_details.csv)."));
        return;
    }
    const dvmlens::ProfileJoin& join = *m_join;
    const std::optional<double> share = join.total.dvmShare();
    QString text = tr("%1: %2 kernel rows, %3 matched, %4 ambiguous, %5 outside compiled kernels.")
                       .arg(m_path)
                       .arg(join.rows)
                       .arg(join.matched)
                       .arg(join.ambiguous)
                       .arg(join.unmatched);
    text += QLatin1Char(' ')
        + tr("Device time %1; DVM share of compiled time %2.")
              .arg(QString::fromStdString(dvmlens::durationText(join.total.total())),
                  share ? QString(QString::number(*share * 100.0, 'f', 1) + QLatin1Char('%')) : tr("n/a"));
    if (join.ambiguous > 0)
        text += QLatin1Char(' ')
            + tr("Some kernel names repeat across graphs (Inductor numbers kernels per graph): the table "
                 "lists "
                 "them by name, with the graphs they could be in.");
    text += QLatin1Char('\n') + QString::fromStdString(dvmlens::timeSharesText(join.total));
    m_summary->setText(text);
}

void HotKernelsDock::activate(const QModelIndex& proxyIndex)
{
    if (!proxyIndex.isValid() || !m_index)
        return;
    const dvmlens::KernelRef ref = m_model->refAt(m_proxy->mapToSource(proxyIndex).row());
    const dvmlens::Run& run = m_index->runs[ref.run];
    const dvmlens::Graph& graph = run.graphs[ref.graph];
    QString spec = QString::fromStdString(graph.name) + QLatin1Char('/')
        + QString::fromStdString(graph.outputCode->kernels[ref.kernel].name);
    if (m_index->runs.size() > 1 && run.name)
        spec = QString::fromStdString(*run.name) + QLatin1Char('/') + spec;
    Q_EMIT kernelActivated(spec);
}
