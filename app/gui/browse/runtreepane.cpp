// SPDX-License-Identifier: MIT
#include "gui/browse/runtreepane.h"

#include "gui/browse/frametreemodel.h"
#include "gui/browse/graphtreemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/common/compactsortheader.h"
#include "gui/common/emptyviewhint.h"
#include "gui/common/languagechange.h"

#include <QAction>
#include <QButtonGroup>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScopedValueRollback>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace {

// Divergent keys open by themselves when there are few enough to read through.
constexpr int kMaxDivergentExpanded = 12;

} // namespace

RunTreePane::RunTreePane(QTreeView* runTree, RunTreeModel* runModel, QWidget* parent)
    : QWidget(parent)
    , m_runTree(runTree)
    , m_runModel(runModel)
    , m_graphModel(new GraphTreeModel(this))
    , m_graphTree(new QTreeView)
    , m_frameModel(new FrameTreeModel(this))
    , m_frameTree(new QTreeView)
    , m_stack(new QStackedWidget)
    , m_byRunButton(new QToolButton)
    , m_byGraphButton(new QToolButton)
    , m_byFrameButton(new QToolButton)
    , m_byGraphAction(new QAction(this))
    , m_byFrameAction(new QAction(this))
{
    setObjectName(QStringLiteral("RunTreePane"));
    m_graphTree->setObjectName(QStringLiteral("GraphTree"));
    auto* header = new CompactSortHeader(Qt::Horizontal, m_graphTree); // room beside short titles
    header->setSectionsMovable(true); // as QTreeView's own header: titles on the left
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_graphTree->setHeader(header);
    m_graphTree->setModel(m_graphModel);
    // Before a tree is open (and for one without runs, whose page says more) the panes say so.
    for (QTreeView* tree : { m_runTree, m_graphTree, m_frameTree }) {
        new EmptyViewHint(tree, [] {
            return tr(
                "No runs to show. Open a torch_compile_debug, TORCH_TRACE or Inductor cache folder (File ▸ "
                "Open Folder…) or drop one here.");
        });
    }
    m_graphTree->setUniformRowHeights(true);
    m_graphTree->setAllColumnsShowFocus(true);
    m_graphTree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_graphTree->header()->setStretchLastSection(false);
    m_graphTree->header()->setSectionResizeMode(GraphTreeModel::NameColumn, QHeaderView::Interactive);
    for (int column = GraphTreeModel::RanksColumn; column < GraphTreeModel::ColumnCount; ++column)
        m_graphTree->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);

    m_frameTree->setObjectName(QStringLiteral("FrameTree"));
    m_frameTree->setModel(m_frameModel);
    m_frameTree->setUniformRowHeights(true);
    m_frameTree->setAllColumnsShowFocus(true);
    m_frameTree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_frameTree->header()->setStretchLastSection(false);
    m_frameTree->header()->setSectionResizeMode(FrameTreeModel::NameColumn, QHeaderView::Interactive);
    for (int column = FrameTreeModel::VerdictColumn; column < FrameTreeModel::ColumnCount; ++column)
        m_frameTree->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);

    // Words on the buttons, not icons: a screen reader says which mode is on.
    for (QToolButton* button : { m_byRunButton, m_byGraphButton, m_byFrameButton }) {
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }
    m_byRunButton->setObjectName(QStringLiteral("ByRunButton"));
    m_byGraphButton->setObjectName(QStringLiteral("ByGraphButton"));
    m_byFrameButton->setObjectName(QStringLiteral("ByFrameButton"));
    m_byFrameButton->setVisible(false); // until the compile side has frames
    m_byRunButton->setChecked(true);
    auto* buttons = new QButtonGroup(this);
    buttons->setExclusive(true);
    buttons->addButton(m_byRunButton);
    buttons->addButton(m_byGraphButton);
    buttons->addButton(m_byFrameButton);
    m_byGraphAction->setCheckable(true);
    m_byGraphAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    m_byFrameAction->setCheckable(true);
    m_byFrameAction->setEnabled(false);
    translateNowAndOnChange(this, [this] {
        m_byRunButton->setText(tr("By run"));
        m_byRunButton->setToolTip(tr("Runs ▸ graphs ▸ files"));
        m_byGraphButton->setText(tr("By graph"));
        m_byGraphButton->setToolTip(tr("One row per graph: do all ranks hold the same code? (%1)")
                                        .arg(m_byGraphAction->shortcut().toString(QKeySequence::NativeText)));
        m_byGraphAction->setText(tr("Run Tree &By Graph"));
        m_byFrameButton->setText(tr("By frame"));
        m_byFrameButton->setToolTip(
            tr("Frames of the TORCH_TRACE logs ▸ the graphs their compiles made, with "
               "each frame's DVM share, recompiles and breaks"));
        m_byFrameAction->setText(tr("Run Tree By &Frame"));
        // What a screen reader names the two trees by.
        m_runTree->setAccessibleName(m_byRunButton->toolTip());
        m_graphTree->setAccessibleName(m_byGraphButton->text());
        m_frameTree->setAccessibleName(m_byFrameButton->text());
    });
    connect(m_byGraphButton, &QToolButton::toggled, this, &RunTreePane::setByGraph);
    connect(m_byGraphAction, &QAction::toggled, this, &RunTreePane::setByGraph);
    connect(m_byFrameButton, &QToolButton::toggled, this, &RunTreePane::setByFrame);
    connect(m_byFrameAction, &QAction::toggled, this, &RunTreePane::setByFrame);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(2, 2, 2, 0);
    bar->setSpacing(2);
    bar->addWidget(m_byRunButton);
    bar->addWidget(m_byGraphButton);
    bar->addWidget(m_byFrameButton);
    bar->addStretch();
    m_stack->addWidget(m_runTree);
    m_stack->addWidget(m_graphTree);
    m_stack->addWidget(m_frameTree);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_stack);
    setFocusProxy(m_runTree);

    connect(m_graphTree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &RunTreePane::onGraphCurrentChanged);
    connect(m_frameTree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &RunTreePane::onFrameCurrentChanged);
    connect(m_runTree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &RunTreePane::followRunTree);
}

void RunTreePane::setIndex(std::shared_ptr<const IndexSummaries> summaries)
{
    m_summaries = std::move(summaries);
    m_ranks.reset(); // the old index's
    m_graphModelStale = true;
    refreshGraphModel();
    if (m_frameModel->treeIndex() != m_runModel->treeIndex())
        m_facts.reset(); // the old index's: the new one's come with compileChanged
    updateFrameModel();
}

void RunTreePane::setCompileFacts(std::shared_ptr<const CompileFacts> facts)
{
    m_facts = std::move(facts);
    updateFrameModel();
}

void RunTreePane::updateFrameModel()
{
    const QScopedValueRollback following(m_following, true);
    m_frameModel->setIndex(m_runModel->treeIndex(), m_summaries);
    m_frameModel->setCompileFacts(m_facts);
    const bool frames = m_frameModel->hasFrames();
    m_byFrameButton->setVisible(frames);
    m_byFrameAction->setEnabled(frames);
    if (!frames && mode() == Mode::Frame)
        setMode(Mode::Run);
    if (frames) {
        m_frameTree->expandAll();
        m_frameTree->resizeColumnToContents(FrameTreeModel::NameColumn);
    }
}

void RunTreePane::setRankConsistency(std::shared_ptr<const dvmlens::RankConsistency> ranks)
{
    m_ranks = std::move(ranks);
    m_graphModelStale = true;
    refreshGraphModel();
}

RunTreePane::Mode RunTreePane::mode() const
{
    if (m_stack->currentWidget() == m_graphTree)
        return Mode::Graph;
    return m_stack->currentWidget() == m_frameTree ? Mode::Frame : Mode::Run;
}

bool RunTreePane::byGraph() const
{
    return mode() == Mode::Graph;
}

bool RunTreePane::byFrame() const
{
    return mode() == Mode::Frame;
}

void RunTreePane::setByGraph(bool byGraph)
{
    if (byGraph)
        setMode(Mode::Graph);
    else if (mode() == Mode::Graph)
        setMode(Mode::Run);
}

void RunTreePane::setByFrame(bool byFrame)
{
    if (byFrame && m_frameModel->hasFrames())
        setMode(Mode::Frame);
    else if (mode() == Mode::Frame || byFrame)
        setMode(Mode::Run);
}

void RunTreePane::setMode(Mode mode)
{
    const bool wasByGraph = byGraph();
    if (mode != this->mode()) {
        const bool hadFocus = currentView()->hasFocus();
        m_stack->setCurrentWidget(mode == Mode::Graph ? m_graphTree
                : mode == Mode::Frame                 ? m_frameTree
                                                      : m_runTree);
        setFocusProxy(currentView());
        refreshGraphModel();
        if (mode != Mode::Run)
            followRunTree(m_runTree->selectionModel()->currentIndex());
        if (hadFocus)
            currentView()->setFocus(Qt::OtherFocusReason);
    }
    // The buttons and actions show the mode (their toggles come back here and change nothing).
    (mode == Mode::Graph          ? m_byGraphButton
            : mode == Mode::Frame ? m_byFrameButton
                                  : m_byRunButton)
        ->setChecked(true); // the exclusive group unchecks the others
    m_byGraphAction->setChecked(mode == Mode::Graph);
    m_byFrameAction->setChecked(mode == Mode::Frame);
    if (wasByGraph != byGraph())
        Q_EMIT byGraphChanged(byGraph());
}

QAction* RunTreePane::byGraphAction() const
{
    return m_byGraphAction;
}

QTreeView* RunTreePane::graphTree() const
{
    return m_graphTree;
}

GraphTreeModel* RunTreePane::graphModel() const
{
    return m_graphModel;
}

QAction* RunTreePane::byFrameAction() const
{
    return m_byFrameAction;
}

QToolButton* RunTreePane::byFrameButton() const
{
    return m_byFrameButton;
}

QTreeView* RunTreePane::frameTree() const
{
    return m_frameTree;
}

FrameTreeModel* RunTreePane::frameModel() const
{
    return m_frameModel;
}

QTreeView* RunTreePane::currentView() const
{
    return static_cast<QTreeView*>(m_stack->currentWidget());
}

void RunTreePane::refreshGraphModel()
{
    // The rows are made only for a by-graph tree someone looks at.
    if (!byGraph() || !m_graphModelStale)
        return;
    m_graphModelStale = false;
    const QScopedValueRollback following(m_following, true);
    m_graphModel->setIndex(m_runModel->treeIndex(), m_ranks, m_summaries);
    int expanded = 0;
    for (int row = 0; row < m_graphModel->rowCount() && expanded < kMaxDivergentExpanded; ++row) {
        const QModelIndex key = m_graphModel->index(row, 0);
        if (key.data(GraphTreeModel::DivergentRole).toBool()) {
            m_graphTree->expand(key);
            ++expanded;
        }
    }
    m_graphTree->resizeColumnToContents(GraphTreeModel::NameColumn);
}

void RunTreePane::onGraphCurrentChanged(const QModelIndex& current)
{
    const auto [run, graph] = m_graphModel->graphPositionAt(current);
    selectInRunTree(run, graph); // a missing rank (-1) opens nothing
}

void RunTreePane::onFrameCurrentChanged(const QModelIndex& current)
{
    const auto [run, graph] = m_frameModel->graphPositionAt(current);
    selectInRunTree(run, graph); // a frame row (-1) opens nothing
}

void RunTreePane::selectInRunTree(int run, int graph)
{
    if (m_following || run < 0)
        return;
    const QModelIndex target = m_runModel->indexForGraph(run, graph);
    if (!target.isValid() || target == m_runTree->selectionModel()->currentIndex().siblingAtColumn(0))
        return;
    const QScopedValueRollback following(m_following, true);
    m_runTree->selectionModel()->setCurrentIndex(
        target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void RunTreePane::followRunTree(const QModelIndex& current)
{
    if (m_following || mode() == Mode::Run)
        return;
    const std::shared_ptr<const dvmlens::Index>& index = m_runModel->treeIndex();
    const dvmlens::Graph* graph = m_runModel->graphAt(current);
    const dvmlens::Run* run = m_runModel->runAt(current);
    if (!index || !graph || !run)
        return;
    const int runPosition = int(run - index->runs.data());
    const int graphPosition = int(graph - run->graphs.data());
    QTreeView* tree = currentView();
    const QModelIndex target = mode() == Mode::Graph
        ? m_graphModel->indexForGraph(runPosition, graphPosition)
        : m_frameModel->indexForGraph(runPosition, graphPosition);
    if (!target.isValid())
        return;
    const QScopedValueRollback following(m_following, true);
    tree->scrollTo(target);
    tree->selectionModel()->setCurrentIndex(
        target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}
