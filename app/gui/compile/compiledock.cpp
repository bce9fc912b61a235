// SPDX-License-Identifier: MIT
#include "gui/compile/compiledock.h"

#include "core/compile/compilegraphs.h"
#include "core/compile/compiletext.h"
#include "gui/common/dockfit.h"
#include "gui/common/emptyviewhint.h"
#include "gui/common/languagechange.h"
#include "gui/common/ruletext.h"
#include "gui/compile/compileframesmodel.h"
#include "gui/compile/compilemodel.h"
#include "gui/compile/compiletimelinedelegate.h"
#include "gui/compile/compiletimelinemodel.h"
#include "gui/document/treedocument.h"

#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

CompileDock::CompileDock(QWidget* parent)
    : QDockWidget(parent)
    , m_model(new CompileModel(this))
    , m_timelineModel(new CompileTimelineModel(this))
    , m_framesModel(new CompileFramesModel(this))
{
    setObjectName(QStringLiteral("compileDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new WrappedLabel(content); // word-wrapped, never cut mid-line
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);
    m_table = new QTableView(content);
    m_table->setObjectName(QStringLiteral("compileTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_timelineTable = new QTableView(content);
    m_timelineTable->setObjectName(QStringLiteral("compileTimeline"));
    m_timelineTable->setModel(m_timelineModel);
    auto* bars = new CompileTimelineDelegate(m_timelineTable);
    m_timelineTable->setItemDelegateForColumn(CompileTimelineModel::TimelineColumn, bars);
    m_timelineTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_timelineTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_timelineTable->verticalHeader()->hide();
    m_timelineTable->setTextElideMode(Qt::ElideMiddle); // a log's name keeps its rank and file's end
    m_timelineTable->horizontalHeader()->setStretchLastSection(true);
    m_framesTable = new QTableView(content);
    m_framesTable->setObjectName(QStringLiteral("compileFrames"));
    m_framesTable->setModel(m_framesModel);
    m_framesTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_framesTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_framesTable->verticalHeader()->hide();
    m_framesTable->horizontalHeader()->setStretchLastSection(true);
    m_framesTable->setWordWrap(false);
    m_tabs = new QTabWidget(content);
    m_tabs->setObjectName(QStringLiteral("compileTabs"));
    m_tabs->addTab(m_table, QString());
    m_tabs->addTab(m_timelineTable, QString());
    m_tabs->addTab(m_framesTable, QString());
    layout->addWidget(m_tabs, 1);
    setWidget(content);
    connect(bars, &CompileTimelineDelegate::barClicked, this, &CompileDock::activateBar);
    m_hint = new EmptyViewHint(m_table, [this] { return emptyText(); });

    const auto activate = [this](const QModelIndex& index) { activateRow(index.row()); };
    connect(m_table, &QAbstractItemView::activated, this, activate);
    connect(m_table, &QAbstractItemView::doubleClicked, this, activate);
    const auto activateFrameRow = [this](const QModelIndex& index) { activateFrame(index.row()); };
    connect(m_framesTable, &QAbstractItemView::activated, this, activateFrameRow);
    connect(m_framesTable, &QAbstractItemView::doubleClicked, this, activateFrameRow);
    translateNowAndOnChange(this, [this] { retranslate(); });
}

void CompileDock::follow(const TreeDocument& document)
{
    connect(&document, &TreeDocument::indexChanged, this, [this, &document] {
        m_reading = document.isReadingCompile();
        setFacts(nullptr, nullptr); // the old tree's are gone; ready when compileChanged
    });
    connect(&document, &TreeDocument::compileChanged, this, [this, &document] {
        m_reading = false;
        setFacts(document.index(), document.compile());
    });
}

void CompileDock::setFacts(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const CompileFacts> facts)
{
    m_index = std::move(index);
    m_timelineModel->setFacts(m_index ? facts : nullptr);
    m_framesModel->setFacts(m_index ? facts : nullptr);
    m_model->setFacts(m_index ? std::move(facts) : nullptr);
    m_table->resizeColumnsToContents();
    m_timelineTable->resizeColumnToContents(CompileTimelineModel::RankColumn);
    // Long log names are elided in the middle (the tooltip holds the path), the bars keep their room.
    m_timelineTable->setColumnWidth(CompileTimelineModel::RankColumn,
        std::min(m_timelineTable->columnWidth(CompileTimelineModel::RankColumn),
            28 * m_timelineTable->fontMetrics().averageCharWidth()));
    m_timelineTable->resizeColumnToContents(CompileTimelineModel::CompilesColumn);
    m_framesTable->resizeColumnsToContents();
    updateSummary();
    Q_EMIT factsShown();
}

bool CompileDock::isReading() const
{
    return m_reading;
}

CompileModel* CompileDock::model() const
{
    return m_model;
}

QTableView* CompileDock::table() const
{
    return m_table;
}

QLabel* CompileDock::summary() const
{
    return m_summary;
}

CompileTimelineModel* CompileDock::timelineModel() const
{
    return m_timelineModel;
}

QTableView* CompileDock::timelineTable() const
{
    return m_timelineTable;
}

CompileFramesModel* CompileDock::framesModel() const
{
    return m_framesModel;
}

QTableView* CompileDock::framesTable() const
{
    return m_framesTable;
}

QTabWidget* CompileDock::tabs() const
{
    return m_tabs;
}

QString CompileDock::emptyText() const
{
    if (m_reading)
        return tr("Reading the compile side of the TORCH_TRACE logs…");
    if (!m_model->facts())
        return tr("No tree open.");
    return tr("No TORCH_TRACE log at the open path, so no graph breaks, recompiles, cache use or compile "
              "failures to show. Run with TORCH_TRACE=<dir> to write them, then open that folder.");
}

void CompileDock::activateRow(int row)
{
    const std::shared_ptr<const CompileFacts>& facts = m_model->facts();
    if (!facts || !m_index || row < 0 || row >= m_model->rowCount())
        return;
    activateCompiles(m_model->compilesAt(row));
}

void CompileDock::activateBar(int row, int bar)
{
    const dvmlens::TimelineRow* at = m_timelineModel->timelineRow(row);
    if (!at || bar < 0 || std::size_t(bar) >= at->bars.size())
        return;
    activateCompiles({ at->bars[std::size_t(bar)].compile });
}

void CompileDock::activateFrame(int row)
{
    const dvmlens::CompileFrame* frame = m_framesModel->frame(row);
    if (!frame || !m_index)
        return;
    if (!frame->graphs.empty()) {
        Q_EMIT graphActivated(int(frame->graphs.front().first), int(frame->graphs.front().second));
        return;
    }
    Q_EMIT statusMessage(tr("Frame %1 made no graph in the open tree (its compiles failed or were refused).")
                             .arg(QString::fromStdString(dvmlens::frameTitle(*frame))));
}

void CompileDock::activateCompiles(const std::vector<dvmlens::CompileRef>& compiles)
{
    const std::shared_ptr<const CompileFacts>& facts = m_model->facts();
    if (!facts || !m_index)
        return;
    for (const dvmlens::CompileRef& compile : compiles) {
        const auto graphs = dvmlens::graphsOfCompile(*m_index, facts->logs.at(compile.log).path, compile.id);
        if (!graphs.empty()) {
            Q_EMIT graphActivated(int(graphs.front().first), int(graphs.front().second));
            return;
        }
    }
    if (compiles.empty())
        Q_EMIT statusMessage(tr("This row is about no one compile; it has no graph to go to."));
    else
        Q_EMIT statusMessage(tr("Compile [%1] made no graph in the open tree (it failed or was refused).")
                                 .arg(QString::fromStdString(compiles.front().id)));
}

void CompileDock::retranslate()
{
    setWindowTitle(tr("Compile"));
    m_table->setAccessibleName(tr("Compile side: graph breaks, recompiles, caches, failures, compile time"));
    m_timelineTable->setAccessibleName(tr("Compile timeline: each rank's compiles by start and length"));
    m_tabs->setTabText(0, tr("Facts"));
    m_tabs->setTabText(1, tr("Timeline"));
    m_tabs->setTabText(2, tr("Frames"));
    m_framesTable->setAccessibleName(
        tr("Compile frames: each frame's compiles and the share of its graphs with DVM engaged"));
    refreshTranslatedTexts(m_timelineModel);
    refreshTranslatedTexts(m_framesModel);
    refreshTranslatedTexts(m_model);
    updateSummary();
}

void CompileDock::updateSummary()
{
    const std::shared_ptr<const CompileFacts>& facts = m_model->facts();
    m_summary->setVisible(facts && facts->hasLogs());
    if (!facts || !facts->hasLogs())
        return;
    const dvmlens::CompileSummary& summary = facts->summary;
    m_summary->setText(tr("%1 Double-click a row to select its graph.")
                           .arg(localizedRuleText(dvmlens::compileHeadline(summary))));
}
