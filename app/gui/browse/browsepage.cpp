// SPDX-License-Identifier: MIT
#include "gui/browse/browsepage.h"

#include "core/io/pathtext.h"
#include "core/model/graphspec.h"
#include "gui/browse/codeheader.h"
#include "gui/browse/kernelbodiesjob.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/browse/notengagedreasontext.h"
#include "gui/browse/runtreemodel.h"
#include "gui/browse/runtreepane.h"
#include "gui/codeview/codeview.h"
#include "gui/common/compactsortheader.h"
#include "gui/common/languagechange.h"
#include "gui/common/wholerowselection.h"
#include "gui/document/treedocument.h"
#include "gui/document/treewhy.h"
#include "gui/profile/timesharedelegate.h"
#include "gui/provenance/provenanceview.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTextCursor>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// Expanding every run is helpful for a handful of runs and slow noise for hundreds.
constexpr int kMaxRunsExpanded = 12;
// QHeaderView's default: the rows its ResizeToContents sections are fitted to.
constexpr int kRunTreeMeasuredRows = 1000;

QString cleanPath(const QString& path)
{
    return QDir::cleanPath(path);
}

} // namespace

BrowsePage::BrowsePage(QWidget* parent)
    : QWidget(parent)
    , m_runModel(new RunTreeModel(this))
    , m_kernelModel(new KernelTableModel(this))
    , m_runTree(new QTreeView)
    , m_kernelPanel(new KernelPanel(m_kernelModel))
    , m_details(new KernelDetails)
    , m_codeView(new CodeView(this))
    , m_codeHeader(new CodeHeader(this))
    , m_provenance(new ProvenanceView(this))
    , m_codeArea(new QStackedWidget(this))
    , m_provenanceAction(new QAction(this))
    , m_bodiesJob(new KernelBodiesJob(this))
{
    auto* header = new CompactSortHeader(Qt::Horizontal, m_runTree);
    header->setSectionsMovable(true); // as QTreeView's own header
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_runTree->setHeader(header);
    m_runTree->setModel(m_runModel);
    keepSelectedRowsWhole(*m_runTree); // the time columns come at the end
    m_runTree->setUniformRowHeights(true);
    m_runTree->setAllColumnsShowFocus(true);
    m_runTree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_runTree->header()->setStretchLastSection(false);
    // Header clicks cycle ascending, descending, then back to the scan order (no indicator), which
    // is where a fresh window starts.
    m_runTree->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_runTree->header()->setSortIndicatorClearable(true);
    m_runTree->setSortingEnabled(true);
    m_runTree->header()->setSectionResizeMode(RunTreeModel::NameColumn, QHeaderView::Interactive);
    // Only the sections there are (QHeaderView must not be asked about others): the time columns
    // come with a profile, and showTimeColumns sets them up then.
    for (int column = RunTreeModel::VerdictColumn; column < m_runModel->columnCount(); ++column)
        m_runTree->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_runTree->setItemDelegateForColumn(RunTreeModel::TimeShareColumn, new TimeShareDelegate(m_runTree));
    m_defaultRunTreeHeader = m_runTree->header()->saveState();
    // Run names say "pid" in the user's language: fit the Name column to them as setIndex does.
    // (The model, an earlier child, has refreshed its texts by the time this runs.)
    onLanguageChange(this, [this] {
        if (!m_runTreeHeaderRestored && m_runModel->rowCount() > 0)
            m_runTree->resizeColumnToContents(RunTreeModel::NameColumn);
    });
    m_runTree->setObjectName(QStringLiteral("RunTree"));
    m_runTreePane = new RunTreePane(m_runTree, m_runModel);
    m_kernelPanel->setObjectName(QStringLiteral("KernelPanel"));
    m_details->setObjectName(QStringLiteral("KernelDetails"));

    connect(m_runTree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &BrowsePage::onTreeCurrentChanged);
    connect(m_kernelPanel, &KernelPanel::currentKernelChanged, this, &BrowsePage::onKernelChanged);
    connect(m_kernelPanel, &KernelPanel::launchSiteRequested, this, [this](int sourceRow, int line) {
        const dvmlens::Graph* graph = m_kernelModel->graphAt(sourceRow);
        if (graph && graph->outputCode && line > 0)
            showCode(dvmlens::pathText(graph->outputCode->path), graph, line, 0);
    });
    // A launch line of the kernel shown: the code moves there, the tree and the kernel stay.
    connect(m_details, &KernelDetails::lineActivated, this, [this](const QString& path, int line) {
        if (cleanPath(m_codeView->currentPath()) == cleanPath(path))
            m_codeView->goToLine(line);
        else
            openLocation(path, line);
    });
    connect(
        m_bodiesJob, &KernelBodiesJob::finished, this, [this](std::shared_ptr<const KernelBodies> bodies) {
            m_kernelModel->setKernelBodies(bodies);
            m_details->setKernelBodies(std::move(bodies));
            Q_EMIT kernelBodiesRead();
        });
    connect(m_codeView, &CodeView::dvmKernelReached, this, &BrowsePage::onDvmKernelReached);
    connect(m_codeView, &CodeView::noDvmKernelToReach, this, &BrowsePage::onNoDvmKernelToReach);

    m_provenanceAction->setCheckable(true);
    m_provenanceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    translateNowAndOnChange(this, [this] { m_provenanceAction->setText(tr("&Provenance")); });
    connect(m_provenanceAction, &QAction::toggled, this, &BrowsePage::showProvenance);
    addAction(m_provenanceAction); // its shortcut works wherever the page is
    m_runTree->setContextMenuPolicy(Qt::ActionsContextMenu); // right-click a graph: Provenance
    m_runTree->addAction(m_provenanceAction);
    // A node clicked in Provenance moves the code to its kernel: the table and Details follow, and the
    // node stays the selection there (the kernel's own nodes are not painted over it).
    connect(m_provenance, &ProvenanceView::kernelLinked, this, [this](const QString& name) {
        const QScopedValueRollback following(m_followingProvenance, true);
        m_kernelPanel->selectKernel(name);
    });
    connect(m_provenance->backButton(), &QToolButton::clicked, m_provenanceAction,
        [this] { m_provenanceAction->setChecked(false); });
    m_codeArea->addWidget(m_codeView);
    m_codeArea->addWidget(m_provenance);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_codeHeader);
    layout->addWidget(m_codeArea, 1);
}

BrowsePage::~BrowsePage()
{
    for (QWidget* panel : { static_cast<QWidget*>(m_runTreePane.data()),
             static_cast<QWidget*>(m_kernelPanel.data()), static_cast<QWidget*>(m_details.data()) }) {
        if (panel && !panel->parent())
            delete panel;
    }
}

void BrowsePage::follow(const TreeDocument& document)
{
    const TreeDocument* followed = &document;
    m_provenance->follow(document.provenanceStore());
    connect(followed, &TreeDocument::indexGrowing, this,
        [this, followed] { showGrowingIndex(followed->growingIndex(), followed->growingSummaries()); });
    connect(followed, &TreeDocument::graphsParsed, this, [this, followed](const auto& positions) {
        updateParsedGraphs(positions, followed->growingSummaries());
    });
    connect(followed, &TreeDocument::indexChanged, this, [this, followed] {
        setIndex(followed->index(), followed->summaries());
        setProfile(followed->profileJoin()); // the old index's device time is gone
        setWhy(followed->why()); // and its reasons
    });
    connect(followed, &TreeDocument::knownFailuresChanged, this,
        [this, followed] { m_runModel->setKnownFailures(followed->knownFailures()); });
    connect(followed, &TreeDocument::profileJoined, this,
        [this, followed] { setProfile(followed->profileJoin()); });
    connect(followed, &TreeDocument::modelSourcesChanged, this,
        [this, followed] { m_details->setModelSources(followed->modelSources()); });
    connect(followed, &TreeDocument::rankConsistencyChanged, this,
        [this, followed] { setRankConsistency(followed->rankConsistency()); });
    connect(followed, &TreeDocument::whyChanged, this, [this, followed] { setWhy(followed->why()); });
    connect(followed, &TreeDocument::compileChanged, this, [this, followed] {
        m_runModel->setCompileFacts(followed->compile());
        m_runTreePane->setCompileFacts(followed->compile());
        m_details->setCompileFacts(followed->compile());
    });
}

void BrowsePage::setIndex(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const IndexSummaries> summaries)
{
    // Columns fit every row again (up to Qt's 1000) once the index is whole: see showGrowingIndex.
    showIndex(std::move(index), std::move(summaries), kRunTreeMeasuredRows);
}

void BrowsePage::showIndex(std::shared_ptr<const dvmlens::Index> index,
    std::shared_ptr<const IndexSummaries> summaries, int measuredRows)
{
    QHeaderView* header = m_runTree->header();
    header->setResizeContentsPrecision(measuredRows);
    if (index && index == m_runModel->treeIndex()) {
        // The index that grew here is complete: the rows, the selection and the code stay.
        m_runModel->setIndex(std::move(index), summaries);
        m_runTreePane->setIndex(std::move(summaries));
        return;
    }
    const QString previousPath = currentPath();
    const dvmlens::Kernel* previousKernel = currentKernel();
    const QString previousKernelName =
        previousKernel ? QString::fromStdString(previousKernel->name) : QString();

    // The old index must stay alive until every view has let go of its pointers.
    const std::shared_ptr<const dvmlens::Index> keepAlive = m_runModel->treeIndex();
    m_bodiesJob->discard();
    m_details->clearKernel();
    m_kernelModel->clear();
    m_runModel->setIndex(std::move(index), summaries);
    m_runTreePane->setIndex(std::move(summaries));
    showTimeColumns();
    if (m_runModel->rowCount() <= kMaxRunsExpanded)
        m_runTree->expandToDepth(0);
    if (!m_runTreeHeaderRestored) { // the user's saved width wins over the fit
        // Every row's name, which the skeleton has too, whatever the verdicts are fitted to.
        header->setResizeContentsPrecision(kRunTreeMeasuredRows);
        m_runTree->resizeColumnToContents(RunTreeModel::NameColumn);
        header->setResizeContentsPrecision(measuredRows);
    }

    const QModelIndex restored = m_runModel->indexForPath(previousPath);
    if (restored.isValid()) {
        // A live pick-up (new graph folders of a training run) must not move the code the user is
        // reading: re-selecting the kernel would scroll back to it, so the view's place is kept.
        QPlainTextEdit* editor = m_codeView->editor();
        const QString shownPath = m_codeView->currentPath();
        const int scrolled = editor->verticalScrollBar()->value();
        const int scrolledSideways = editor->horizontalScrollBar()->value();
        const int cursor = editor->textCursor().position();
        const QPair<int, int> range = m_codeView->currentRange();
        selectTreeIndex(restored);
        if (!previousKernelName.isEmpty())
            m_kernelPanel->selectKernel(previousKernelName);
        if (!shownPath.isEmpty() && m_codeView->currentPath() == shownPath && !m_codeView->isLoading()) {
            if (range.first > 0)
                m_codeView->goToLine(range.first, range.second);
            QTextCursor restoredCursor(editor->document());
            restoredCursor.setPosition(std::min(cursor, editor->document()->characterCount() - 1));
            editor->setTextCursor(restoredCursor);
            editor->verticalScrollBar()->setValue(scrolled);
            editor->horizontalScrollBar()->setValue(scrolledSideways);
        }
    } else {
        clearCode();
        m_provenance->setGraph(nullptr, nullptr);
    }
}

const std::shared_ptr<const dvmlens::Index>& BrowsePage::treeIndex() const
{
    return m_runModel->treeIndex();
}

void BrowsePage::showGrowingIndex(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const IndexSummaries> summaries)
{
    // Each batch of verdicts makes the header fit its columns again: over the rows on screen only
    // while the index grows (every cell of a 300-row tree was ~10 ms of the GUI thread a batch).
    showIndex(std::move(index), std::move(summaries), 0);
    m_runModel->setIndexing(true);
}

void BrowsePage::updateParsedGraphs(const std::vector<std::pair<std::size_t, std::size_t>>& positions,
    std::shared_ptr<const IndexSummaries> summaries)
{
    m_runModel->updateGraphs(positions, std::move(summaries));
    // What is selected shows the parsed graph now: its kernels, details and code marks.
    const QModelIndex current = m_runTree->selectionModel()->currentIndex();
    const dvmlens::Run* run = m_runModel->runAt(current);
    if (!run)
        return;
    const std::size_t runPosition = std::size_t(run - m_runModel->treeIndex()->runs.data());
    const dvmlens::Graph* graph = m_runModel->graphAt(current);
    const std::size_t graphPosition = graph ? std::size_t(graph - run->graphs.data()) : 0;
    const bool changed = std::any_of(positions.begin(), positions.end(), [&](const auto& position) {
        return position.first == runPosition && (!graph || position.second == graphPosition);
    });
    if (changed)
        onTreeCurrentChanged(current);
}

bool BrowsePage::selectTreeIndex(const QModelIndex& index)
{
    if (!index.isValid())
        return false;
    m_runTree->scrollTo(index);
    m_runTree->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

void BrowsePage::setProfile(std::shared_ptr<const dvmlens::ProfileJoin> join)
{
    m_runModel->setProfile(join);
    m_kernelModel->setProfile(std::move(join));
    showTimeColumns();
}

void BrowsePage::setWhy(std::shared_ptr<const TreeWhy> why)
{
    m_why = why;
    m_kernelModel->setWhy(why);
    m_details->setWhy(std::move(why));
    // The file shown gets its reasons in the margin; it stays where it is.
    if (const dvmlens::Graph* graph = shownGraph())
        m_codeView->setMarkReasons(*graph->outputCode, graphWhy(*graph));
}

const dvmlens::GraphWhy* BrowsePage::graphWhy(const dvmlens::Graph& graph) const
{
    return m_why ? m_why->graphWhy(graph) : nullptr;
}

void BrowsePage::setRankConsistency(std::shared_ptr<const dvmlens::RankConsistency> ranks)
{
    m_runTreePane->setRankConsistency(std::move(ranks));
}

void BrowsePage::showTimeColumns()
{
    // The model has the time columns only with a profile; sections it inserts come with the
    // header's defaults, so they are set up each time.
    if (!m_runModel->hasProfile())
        return;
    QHeaderView* header = m_runTree->header();
    header->setSectionResizeMode(RunTreeModel::DeviceTimeColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RunTreeModel::TimeShareColumn, QHeaderView::Interactive);
    for (const int column : { RunTreeModel::DeviceTimeColumn, RunTreeModel::TimeShareColumn })
        m_runTree->setColumnHidden(column, false);
    m_runTree->resizeColumnToContents(RunTreeModel::TimeShareColumn); // the bar's width (its delegate's)
}

bool BrowsePage::selectFirstDvmKernel()
{
    const auto& tree = m_runModel->treeIndex();
    if (!tree)
        return false;
    for (int r = 0; r < int(tree->runs.size()); ++r) {
        const dvmlens::Run& run = tree->runs[size_t(r)];
        for (int g = 0; g < int(run.graphs.size()); ++g) {
            const dvmlens::Graph& graph = run.graphs[size_t(g)];
            if (!graph.outputCode || !graph.outputCode->dvmEngaged)
                continue;
            selectTreeIndex(m_runModel->indexForGraph(r, g));
            const dvmlens::Kernel* first = nullptr;
            for (const dvmlens::Kernel& kernel : graph.outputCode->kernels) {
                if (kernel.backend == dvmlens::Backend::Dvm && (!first || kernel.line < first->line))
                    first = &kernel;
            }
            return first && m_kernelPanel->selectKernel(QString::fromStdString(first->name));
        }
    }
    return false;
}

bool BrowsePage::selectFirstGraphWithCode()
{
    const auto& tree = m_runModel->treeIndex();
    if (!tree)
        return false;
    for (int r = 0; r < int(tree->runs.size()); ++r) {
        const std::vector<dvmlens::Graph>& graphs = tree->runs[size_t(r)].graphs;
        for (int g = 0; g < int(graphs.size()); ++g) {
            if (graphs[size_t(g)].outputCode)
                return selectTreeIndex(m_runModel->indexForGraph(r, g));
        }
    }
    return false;
}

bool BrowsePage::selectGraph(int run, int graph)
{
    const auto& tree = m_runModel->treeIndex();
    if (!tree || run < 0 || std::size_t(run) >= tree->runs.size() || graph < 0
        || std::size_t(graph) >= tree->runs[std::size_t(run)].graphs.size())
        return false;
    return selectTreeIndex(m_runModel->indexForGraph(run, graph));
}

QString BrowsePage::selectBySpec(const QString& spec)
{
    const auto& tree = m_runModel->treeIndex();
    if (!tree)
        return tr("Nothing is open.");
    const std::optional<dvmlens::GraphSpecMatch> match = dvmlens::matchGraphSpec(*tree, spec.toStdString());
    if (!match) {
        if (spec.split(QLatin1Char('/'), Qt::SkipEmptyParts).isEmpty())
            return tr("Expected [RUN/]GRAPH[/KERNEL], got \"%1\".").arg(spec);
        return tr("No graph matches \"%1\".").arg(spec);
    }
    selectTreeIndex(m_runModel->indexForGraph(int(match->run), int(match->graph)));
    const QString kernel = QString::fromStdString(match->kernel);
    if (kernel.isEmpty() || m_kernelPanel->selectKernel(kernel))
        return {};
    return tr("Graph \"%1\" has no kernel \"%2\".")
        .arg(QString::fromStdString(tree->runs[match->run].graphs[match->graph].name), kernel);
}

void BrowsePage::openLocation(const QString& path, int line)
{
    const QModelIndex node = m_runModel->indexForPath(path);
    const QModelIndex current = m_runTree->selectionModel()->currentIndex();
    if (node.isValid() && node != current.siblingAtColumn(0))
        selectTreeIndex(node);
    if (QFileInfo(path).isFile())
        showCode(path, nullptr, line, 0);
}

QString BrowsePage::currentPath() const
{
    return m_runModel->pathAt(m_runTree->selectionModel()->currentIndex());
}

const dvmlens::Graph* BrowsePage::currentGraph() const
{
    return m_runModel->graphAt(m_runTree->selectionModel()->currentIndex());
}

const dvmlens::Kernel* BrowsePage::currentKernel() const
{
    return m_kernelModel->kernelAt(m_kernelPanel->currentSourceRow());
}

void BrowsePage::onTreeCurrentChanged(const QModelIndex& current)
{
    m_details->clearKernel();
    const auto& tree = m_runModel->treeIndex();
    if (!current.isValid() || !tree) {
        m_bodiesJob->discard();
        m_kernelModel->clear();
        clearCode();
        m_provenance->setGraph(nullptr, nullptr);
        Q_EMIT currentPathChanged({});
        return;
    }
    const dvmlens::Graph* graph = m_runModel->graphAt(current);
    switch (m_runModel->kindAt(current)) {
    case RunTreeModel::RunNode: {
        // A run shows every kernel of its graphs, so one filter searches the whole process.
        std::vector<const dvmlens::Graph*> graphs;
        for (const dvmlens::Graph& each : m_runModel->runAt(current)->graphs)
            graphs.push_back(&each);
        m_kernelModel->setGraphs(tree, graphs);
        readKernelBodies(graphs);
        // No graph's code stays on screen for a run: the header says what to select instead, or,
        // for a run without graphs, why there is nothing to select.
        const dvmlens::Run* run = m_runModel->runAt(current);
        clearCode(current.siblingAtColumn(RunTreeModel::NameColumn).data().toString(),
            run->graphs.empty() ? std::optional(dvmlens::runInput(*run)) : std::nullopt);
        break;
    }
    case RunTreeModel::GraphNode:
        m_kernelModel->setGraphs(tree, { graph });
        readKernelBodies({ graph });
        m_details->showGraph(tree, graph);
        if (graph->outputCode)
            showCode(dvmlens::pathText(graph->outputCode->path), graph, 0, 0);
        else
            clearCode(current.parent().siblingAtColumn(RunTreeModel::NameColumn).data().toString());
        break;
    case RunTreeModel::FileNode: {
        m_kernelModel->setGraphs(tree, { graph });
        readKernelBodies({ graph });
        m_details->showGraph(tree, graph);
        const QString path = m_runModel->pathAt(current);
        if (QFileInfo(path).isFile())
            showCode(path, graph, 0, 0);
        break;
    }
    }
    if (isProvenanceShown())
        m_provenance->setGraph(tree, graph);
    Q_EMIT currentPathChanged(m_runModel->pathAt(current));
}

void BrowsePage::readKernelBodies(const std::vector<const dvmlens::Graph*>& graphs)
{
    if (!m_bodiesJob->start(m_runModel->treeIndex(), graphs))
        m_details->setKernelBodies(nullptr); // the index holds them all: nothing to read
}

bool BrowsePage::isReadingKernelBodies() const
{
    return m_bodiesJob->isRunning();
}

void BrowsePage::onKernelChanged(int sourceRow)
{
    const dvmlens::Kernel* kernel = m_kernelModel->kernelAt(sourceRow);
    const dvmlens::Graph* graph = m_kernelModel->graphAt(sourceRow);
    if (!kernel || !graph || !graph->outputCode) {
        // Back to the graph's summary when the selection goes away (a filter hid the kernel).
        const dvmlens::Graph* current = currentGraph();
        if (current)
            m_details->showGraph(m_runModel->treeIndex(), current);
        else
            m_details->clearKernel();
        return;
    }
    m_details->showKernel(m_runModel->treeIndex(), kernel, graph);
    if (isProvenanceShown() && !m_followingProvenance) {
        m_provenance->setGraph(m_runModel->treeIndex(), graph);
        m_provenance->selectKernel(QString::fromStdString(kernel->name));
    }
    showCode(dvmlens::pathText(graph->outputCode->path), graph, kernel->line, kernel->endLine);
}

const dvmlens::Graph* BrowsePage::shownGraph() const
{
    const dvmlens::Graph* graph = m_runModel->graphAt(m_runModel->indexForPath(m_codeView->currentPath()));
    return graph && graph->outputCode
            && cleanPath(dvmlens::pathText(graph->outputCode->path)) == cleanPath(m_codeView->currentPath())
        ? graph
        : nullptr;
}

void BrowsePage::onDvmKernelReached(int firstLine, int position, int count, bool wrapped)
{
    // Where F8 went, and when it came round (it wrapped silently before).
    Q_EMIT statusMessage(wrapped ? tr("DVM kernel %1 of %2 (wrapped round)").arg(position).arg(count)
                                 : tr("DVM kernel %1 of %2").arg(position).arg(count));
    // F8 moves the whole page, not only the highlight: the kernel table and details follow.
    const dvmlens::Graph* graph = shownGraph();
    if (!graph)
        return;
    for (const dvmlens::Kernel& kernel : graph->outputCode->kernels) {
        if (kernel.backend != dvmlens::Backend::Dvm || kernel.line != firstLine)
            continue;
        if (!m_kernelPanel->selectKernel(QString::fromStdString(kernel.name))) // hidden by the filter
            m_details->showKernel(m_runModel->treeIndex(), &kernel, graph);
        return;
    }
}

void BrowsePage::onNoDvmKernelToReach()
{
    const dvmlens::Graph* graph = shownGraph();
    QString message = graph ? tr("No DVM kernel in %1.").arg(QString::fromStdString(graph->name))
                            : tr("No DVM kernel in this file.");
    if (graph) {
        const std::vector<dvmlens::NotEngagedReason> reasons = dvmlens::notEngagedReasonList(*graph);
        if (!reasons.empty()) {
            // The reason is a clause ("no `from …`"): after the full stop it starts a sentence.
            QString reason = notEngagedReasonText(reasons.front());
            if (!reason.isEmpty())
                reason[0] = reason[0].toUpper();
            message += QLatin1Char(' ') + reason;
        }
    }
    Q_EMIT statusMessage(message);
}

void BrowsePage::showCode(const QString& path, const dvmlens::Graph* graph, int line, int endLine)
{
    if (cleanPath(m_codeView->currentPath()) != cleanPath(path)) {
        if (!graph) {
            // A location from a diagnostic or a link: find the graph whose output_code.py this is.
            graph = m_runModel->graphAt(m_runModel->indexForPath(path));
        }
        const bool isOutputCode = graph && graph->outputCode
            && cleanPath(dvmlens::pathText(graph->outputCode->path)) == cleanPath(path);
        m_codeView->showFile(path, treeIndex() ? treeIndex()->files : nullptr,
            isOutputCode ? &*graph->outputCode : nullptr, isOutputCode ? graphWhy(*graph) : nullptr);
        // A file the tree does not list (a run's torchdynamo/debug.log) is named by its path under
        // the nearest folder the tree has, so the header still says which run it is of.
        QModelIndex start = m_runModel->indexForPath(path);
        QString fileName = QFileInfo(path).fileName();
        QString tail = fileName;
        QFileInfo folder(QFileInfo(path).path());
        for (int up = 0; !start.isValid() && up < 4; ++up) {
            start = m_runModel->indexForPath(folder.filePath());
            if (start.isValid())
                fileName = tail;
            tail = folder.fileName() + QLatin1Char('/') + tail;
            folder.setFile(folder.path());
        }
        // Run ▸ graph ▸ file, from the tree's own names of the nodes above the file.
        QStringList parts;
        for (QModelIndex node = start; node.isValid(); node = node.parent())
            parts.prepend(node.siblingAtColumn(RunTreeModel::NameColumn).data().toString());
        if (parts.isEmpty() || parts.back() != fileName)
            parts << fileName;
        m_codeHeader->showFile(parts, path);
    }
    if (line > 0)
        m_codeView->goToLine(line, endLine); // applied after the load when the file is still loading
}

void BrowsePage::clearCode(const QString& runName, std::optional<dvmlens::RunInput> emptyRun)
{
    m_codeView->clear();
    m_codeHeader->showNoCode(runName, emptyRun);
}

CodeHeader* BrowsePage::codeHeader() const
{
    return m_codeHeader;
}

QByteArray BrowsePage::runTreeHeaderState() const
{
    return m_runTree->header()->saveState();
}

void BrowsePage::resetRunTreeHeader()
{
    applyRunTreeHeaderState(m_defaultRunTreeHeader);
    m_runTreeHeaderRestored = false;
    showTimeColumns();
    m_runTree->resizeColumnToContents(RunTreeModel::NameColumn);
}

bool BrowsePage::restoreRunTreeHeaderState(const QByteArray& state)
{
    m_runTreeHeaderRestored = applyRunTreeHeaderState(state);
    showTimeColumns(); // a saved state says nothing about whether a profile is loaded now
    return m_runTreeHeaderRestored;
}

bool BrowsePage::applyRunTreeHeaderState(const QByteArray& state)
{
    // A state saved with the time columns (a profile was joined) may come back without them, or
    // the other way round, and QHeaderView takes its section count from the state, not from the
    // model. So the state is read into a header of its own and what applies to the sections there
    // are now is copied: order, widths, hidden sections, the sort.
    QStandardItemModel columns(0, RunTreeModel::ColumnCount);
    QHeaderView saved(Qt::Horizontal);
    saved.setModel(&columns);
    if (!saved.restoreState(state))
        return false;
    QHeaderView* header = m_runTree->header();
    const int count = header->count();
    int to = 0;
    for (int visual = 0; visual < saved.count(); ++visual) {
        const int logical = saved.logicalIndex(visual);
        if (logical < 0 || logical >= count)
            continue;
        header->moveSection(header->visualIndex(logical), to++);
        header->setSectionHidden(logical, saved.isSectionHidden(logical));
        if (!saved.isSectionHidden(logical))
            header->resizeSection(logical, saved.sectionSize(logical));
    }
    const int sorted = saved.sortIndicatorSection();
    header->setSortIndicator(sorted < count ? sorted : -1, saved.sortIndicatorOrder());
    return true;
}

QTreeView* BrowsePage::runTree() const
{
    return m_runTree;
}

RunTreePane* BrowsePage::runTreePane() const
{
    return m_runTreePane;
}

int BrowsePage::runTreeWidthForAllColumns() const
{
    // The tree shown (By run or By graph: their columns differ). Sections that fit their contents are
    // measured now: the header resizes them at its next layout.
    const QTreeView* tree = m_runTreePane->currentView();
    const QHeaderView* header = tree->header();
    const QAbstractItemView* view = tree;
    int width = 0;
    for (int column = 0; column < header->count(); ++column) {
        if (header->isSectionHidden(column))
            continue;
        width += header->sectionResizeMode(column) == QHeaderView::ResizeToContents
            ? std::max({ view->sizeHintForColumn(column), header->sectionSizeHint(column),
                header->sectionSize(column) })
            : header->sectionSize(column);
    }
    return width + tree->verticalScrollBar()->sizeHint().width() + 2 * tree->frameWidth();
}

RunTreeModel* BrowsePage::runModel() const
{
    return m_runModel;
}

KernelPanel* BrowsePage::kernelPanel() const
{
    return m_kernelPanel;
}

KernelDetails* BrowsePage::details() const
{
    return m_details;
}

CodeView* BrowsePage::codeView() const
{
    return m_codeView;
}

QAction* BrowsePage::provenanceAction() const
{
    return m_provenanceAction;
}

ProvenanceView* BrowsePage::provenanceView() const
{
    return m_provenance;
}

bool BrowsePage::isProvenanceShown() const
{
    return m_codeArea->currentWidget() == m_provenance;
}

void BrowsePage::showProvenance(bool shown)
{
    m_codeArea->setCurrentWidget(shown ? static_cast<QWidget*>(m_provenance) : m_codeView);
    if (!shown) {
        m_provenance->setGraph(nullptr, nullptr); // lets go of the index and the files
        return;
    }
    m_provenance->setGraph(m_runModel->treeIndex(), currentGraph());
    if (const dvmlens::Kernel* kernel = currentKernel())
        m_provenance->selectKernel(QString::fromStdString(kernel->name));
}
