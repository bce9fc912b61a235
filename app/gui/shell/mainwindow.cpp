// SPDX-License-Identifier: MIT
// The window: its docks and pages, the open tree's signals, indexing, the status bar, layout and
// drops. The menus and the dialogs they open are in mainwindowmenus.cpp, the browse/compare modes
// in mainwindowmodes.cpp. New parts go in their own files (app/gui/README.md) and keep only their
// wiring here.
#include "gui/shell/mainwindow.h"

#include "core/archive/archivereader.h"
#include "core/compare/comparenames.h"
#include "core/io/pathtext.h"
#include "core/verdict/derivedcounts.h"
#include "core/verdict/summary.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/browse/runtreepane.h"
#include "gui/browse/verdicttext.h"
#include "gui/codeview/codehighlighter.h"
#include "gui/codeview/codeview.h"
#include "gui/common/languagechange.h"
#include "gui/common/themes.h"
#include "gui/common/throttledprogressbar.h"
#include "gui/common/timing.h"
#include "gui/common/treepathdialog.h"
#include "gui/compare/comparepage.h"
#include "gui/compare/comparesummarymodel.h"
#include "gui/compile/compiledock.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/diagnostics/diagnosticsmodel.h"
#include "gui/document/treedocument.h"
#include "gui/export/exportactions.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/profilecontroller.h"
#include "gui/shell/recentfolders.h"
#include "gui/shell/shortcutsdialog.h"
#include "gui/shell/translations.h"
#include "gui/shell/welcomepage.h"
#include "gui/sources/sourcesdock.h"
#include "version.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <cstdlib>
#include <iterator>

namespace {

const auto kGeometrySetting = QStringLiteral("window/geometry");
const auto kStateSetting = QStringLiteral("window/state");
const auto kRunTreeHeaderSetting = QStringLiteral("window/runTreeHeader");
const auto kRunTreeByGraphSetting = QStringLiteral("window/runTreeByGraph");
const auto kKernelTableHeaderSetting = QStringLiteral("window/kernelTableHeader");
constexpr int kLayoutVersion = 1; // bump when the docks change so old layouts are not applied
// inotify watches are a shared, limited resource; a huge tree gets its top levels watched only.
constexpr int kMaxWatchedFolders = 512;

// "2 930": digits grouped by thin spaces, readable in every language.
QString groupedNumber(qint64 value)
{
    QString digits = QString::number(value < 0 ? -value : value);
    for (qsizetype at = digits.size() - 3; at > 0; at -= 3)
        digits.insert(at, QChar(0x2009));
    return value < 0 ? QLatin1Char('-') + digits : digits;
}

QString localPathOf(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile())
            return url.toLocalFile();
    }
    return {};
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_document(new TreeDocument(this))
    , m_browse(new BrowsePage)
    , m_pages(new QStackedWidget)
    , m_diagnosticsDock(new DiagnosticsDock(*m_document, this))
    , m_recent(new RecentFolders(this))
    , m_watcher(new QFileSystemWatcher(this))
    , m_reindexTimer(new QTimer(this))
    , m_compare(new ComparePage)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    m_pages->addWidget(m_browse);
    m_pages->addWidget(m_compare);
    m_welcome = new WelcomePage;
    m_pages->addWidget(m_welcome);
    setCentralWidget(m_pages);
    // The views show the open tree's products as the document announces them (first: the
    // window's own reactions below come after the views changed).
    m_browse->follow(*m_document);
    m_compare->follow(*m_document);

    createDocks();
    // Device time from an Ascend profile: a dock tabbed with the kernel table, File ▸ Open Profile….
    m_profile = new ProfileController(*this, *m_document);
    addDockWidget(Qt::BottomDockWidgetArea, m_profile->dock());
    tabifyDockWidget(m_diagnosticsDock, m_profile->dock());
    m_kernelsDock->raise();
    connect(m_profile, &ProfileController::kernelActivated, this, [this](const QString& spec) {
        setMode(Mode::Browse);
        m_browse->selectBySpec(spec);
    });
    connect(m_document, &TreeDocument::profileJoined, this, [this] {
        // The run tree's time columns come last: widen its dock so they are on screen (within reason).
        if (!m_document->profileJoin())
            return; // no time columns, and measuring every cell costs
        const int wanted = m_browse->runTreeWidthForAllColumns();
        if (m_runsDock->width() < wanted)
            resizeDocks({ m_runsDock }, { std::min(wanted, width() * 60 / 100) }, Qt::Horizontal);
    });
    // Where in the model: a dock tabbed with the others, filled off the GUI thread after each index.
    m_sourcesDock = new SourcesDock(this);
    m_sourcesDock->follow(*m_document);
    // A profile's or the sources' explanation takes more lines: the docks below keep their eight rows.
    const auto refitLater = [this] { QTimer::singleShot(0, this, [this] { refitBottomDocks(); }); };
    connect(m_document, &TreeDocument::profileJoined, this, refitLater);
    connect(m_document, &TreeDocument::modelSourcesChanged, this, refitLater);
    addDockWidget(Qt::BottomDockWidgetArea, m_sourcesDock);
    tabifyDockWidget(m_profile->dock(), m_sourcesDock);
    m_kernelsDock->raise();
    connect(m_sourcesDock, &SourcesDock::kernelActivated, this, [this](const QString& spec) {
        setMode(Mode::Browse);
        m_browse->selectBySpec(spec);
    });
    connect(m_sourcesDock, &SourcesDock::lineActivated, this, [this](const QString& path, int line) {
        setMode(Mode::Browse);
        m_browse->openLocation(path, line);
    });
    // The compile side of the TORCH_TRACE logs: a dock tabbed with the others; a row leads to its graph.
    m_compileDock = new CompileDock(this);
    m_compileDock->follow(*m_document);
    addDockWidget(Qt::BottomDockWidgetArea, m_compileDock);
    tabifyDockWidget(m_sourcesDock, m_compileDock);
    m_kernelsDock->raise();
    connect(m_compileDock, &CompileDock::graphActivated, this, [this](int run, int graph) {
        setMode(Mode::Browse);
        m_browse->selectGraph(run, graph);
    });
    connect(m_compileDock, &CompileDock::statusMessage, this,
        [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    createMenus();
    createStatusBar();
    m_defaultState = saveState(kLayoutVersion);

    connect(m_document, &TreeDocument::indexProgress, this, &MainWindow::onProgress);
    // A folder being opened shows its runs and graphs at once (the browse page follows the
    // document), and each verdict once it is parsed.
    connect(m_document, &TreeDocument::indexGrowing, this, [] { timing::mark("skeleton-shown"); });
    connect(m_document, &TreeDocument::graphsParsed, this, [this] {
        if (m_defaultDockSizes) // verdicts arrive in batches, some after indexFinished's check
            widenRunsDockToColumns();
        timing::mark("first-verdict-shown");
        timing::mark("verdicts-batch-shown", false);
    });
    connect(m_document, &TreeDocument::indexFinished, this, &MainWindow::onIndexFinished);
    connect(m_document, &TreeDocument::compareProgress, this, &MainWindow::onCompareProgress);
    connect(m_document, &TreeDocument::compareFinished, this, &MainWindow::onCompareFinished);
    connect(m_recent, &RecentFolders::openRequested, this, &MainWindow::openPath);
    connect(m_recent, &RecentFolders::changed, this, &MainWindow::updateCentralPage);
    connect(m_welcome, &WelcomePage::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_welcome, &WelcomePage::openFileRequested, this, &MainWindow::openFileDialog);
    connect(m_welcome, &WelcomePage::openPathRequested, this, &MainWindow::openPath);
    connect(
        m_diagnosticsDock, &DiagnosticsDock::locationActivated, this, [this](const QString& path, int line) {
            const QScopedValueRollback following(m_followingDiagnostics, true);
            m_browse->openLocation(path, line);
        });
    connect(m_browse->runTree()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &MainWindow::showKnownFailureOf);
    // A default layout follows the columns as the header sizes them to their contents (lazily, after the
    // rows arrive: a fixed delay missed it under load and cut Fallbacks); a user's layout is kept.
    auto* rewiden = new QTimer(this);
    rewiden->setSingleShot(true);
    rewiden->setInterval(0);
    connect(rewiden, &QTimer::timeout, this, [this] {
        // Not while indexing: each batch resizes the header, and a measure sizes every cell.
        if (m_defaultDockSizes && !m_document->isIndexing())
            widenRunsDockNow(); // the sizes are known now: no second pass needed
    });
    for (QTreeView* tree : { m_browse->runTree(), m_browse->runTreePane()->graphTree() })
        connect(tree->header(), &QHeaderView::sectionResized, rewiden, qOverload<>(&QTimer::start));
    // By graph has a Ranks column By run lacks: the dock widens for the tree shown (never narrows).
    connect(m_browse->runTreePane(), &RunTreePane::byGraphChanged, this, [this] {
        if (m_layoutSized)
            widenRunsDockToColumns();
    });
    connect(m_browse, &BrowsePage::currentPathChanged, this, &MainWindow::updateTitle);
    connect(m_browse, &BrowsePage::statusMessage, this,
        [this](const QString& message) { statusBar()->showMessage(message, 8000); });

    m_reindexTimer->setSingleShot(true);
    m_reindexTimer->setInterval(kReindexDelayMs);
    connect(m_reindexTimer, &QTimer::timeout, this, &MainWindow::reindex);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_reindexTimer, qOverload<>(&QTimer::start));
    updateTitle();
    updateCentralPage();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    // Left column: runs above the kernel details; the code fills the centre and the kernel table
    // (tabbed with the diagnostics) gets the window's full width below both, where all its columns
    // fit at 1280×800 (below the code alone they did not).
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);

    const auto makeDock = [this](const QString& title, const QString& objectName, QWidget* content) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(objectName);
        dock->setWidget(content);
        return dock;
    };
    m_runsDock = makeDock(QString(), QStringLiteral("RunsDock"), m_browse->runTreePane());
    m_kernelsDock = makeDock(QString(), QStringLiteral("KernelsDock"), m_browse->kernelPanel());
    m_detailsDock = makeDock(QString(), QStringLiteral("DetailsDock"), m_browse->details());
    translateNowAndOnChange(this, [this] {
        m_runsDock->setWindowTitle(tr("Runs"));
        m_kernelsDock->setWindowTitle(tr("Kernels"));
        m_detailsDock->setWindowTitle(tr("Kernel Details"));
    });

    addDockWidget(Qt::LeftDockWidgetArea, m_runsDock);
    splitDockWidget(m_runsDock, m_detailsDock, Qt::Vertical);
    addDockWidget(Qt::BottomDockWidgetArea, m_kernelsDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
    tabifyDockWidget(m_kernelsDock, m_diagnosticsDock);
    m_kernelsDock->raise();
}

void MainWindow::applyDefaultDockSizes()
{
    // Proportions of the window, within bounds that keep the run tree's columns and the code readable.
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    // 40%: the run tree shows its verdict words ("not engaged 0/12") and three counts beside the names.
    const int runsWidth = qBound(30 * em, width() * 40 / 100, 64 * em);
    resizeDocks({ m_runsDock }, { runsWidth }, Qt::Horizontal);
    resizeDocks({ m_runsDock, m_detailsDock }, { height() * 45 / 100, height() * 55 / 100 }, Qt::Vertical);
    m_bottomWanted = defaultBottomHeight();
    resizeDocks({ m_kernelsDock }, { m_bottomWanted }, Qt::Vertical);
    measureBottomDocks();
    m_defaultDockSizes = true;
    if (m_document->index())
        widenRunsDockToColumns();
}

int MainWindow::defaultBottomHeight() const
{
    // The docks below span the window's width (kernels, diagnostics, model sources, hot kernels): 30% of
    // the height, and at least what eight rows of each list need under the dock's title, explanation,
    // filter and column headers, and above the tabs (at 26% Diagnostics showed 2½ rows at 1280x800);
    // never more than half the window, the code above keeps the rest.
    const int tabs = fontMetrics().height() + 12;
    const int eightRows = tabs
        + std::max({ m_diagnosticsDock->heightForRows(8, width()), m_sourcesDock->heightForRows(8, width()),
            m_profile->dock()->heightForRows(8, width()) });
    return std::min(std::max(eightRows, height() * 30 / 100), height() / 2);
}

QDockWidget* MainWindow::shownBottomDock() const
{
    for (QDockWidget* dock : { m_kernelsDock, static_cast<QDockWidget*>(m_diagnosticsDock),
             static_cast<QDockWidget*>(m_profile->dock()), static_cast<QDockWidget*>(m_sourcesDock),
             static_cast<QDockWidget*>(m_compileDock) }) {
        if (dock->isVisible() && !dock->visibleRegion().isEmpty() && !dock->isFloating()
            && dockWidgetArea(dock) == Qt::BottomDockWidgetArea) // the current tab
            return dock;
    }
    return nullptr;
}

void MainWindow::measureBottomDocks()
{
    // Once the layout has applied the size asked for: the height to recognise as ours.
    m_bottomHeight = 0;
    QTimer::singleShot(0, this, [this] {
        if (m_bottomHeight == 0)
            if (const QDockWidget* bottom = shownBottomDock())
                m_bottomHeight = bottom->height();
    });
}

void MainWindow::refitBottomDocks()
{
    // The docks below keep their share of the window as it grows or shrinks, and their eight rows as
    // their explanations grow, until the user drags their edge (or a --view gives them another
    // height): then their height is the user's.
    if (!m_defaultDockSizes || m_bottomHeight <= 0)
        return;
    QDockWidget* bottom = shownBottomDock();
    if (!bottom)
        return;
    if (std::abs(bottom->height() - m_bottomHeight) > 2) {
        m_bottomHeight = -1;
        return;
    }
    const int wanted = defaultBottomHeight();
    if (wanted != m_bottomWanted) {
        m_bottomWanted = wanted;
        resizeDocks({ bottom }, { wanted }, Qt::Vertical);
        measureBottomDocks();
    }
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    refitBottomDocks();
}

void MainWindow::widenRunsDockToColumns()
{
    // Once the tree has laid out its new rows (measured before, the verdicts read short), the
    // tree's width plus the dock's frame around it.
    // Again a moment later: the header sizes its columns to their contents lazily.
    // Measuring sizes every cell of the tree: calls while a pass is pending (a batch of verdicts
    // every 50 ms while indexing) join it, and its second measure comes after the last call.
    if (m_widenPending)
        return;
    m_widenPending = true;
    const auto widen = [this] { widenRunsDockNow(); };
    QTimer::singleShot(0, this, widen);
    QTimer::singleShot(250, this, [this, widen] {
        m_widenPending = false;
        widen();
    });
}

void MainWindow::widenRunsDockNow()
{
    const int wanted =
        m_browse->runTreeWidthForAllColumns() + m_runsDock->width() - m_runsDock->widget()->width();
    // Up to 55%: By graph's Ranks words need ~650 px, and at 1280 wide the code keeps ~80 columns.
    if (m_runsDock->width() < wanted)
        resizeDocks({ m_runsDock }, { std::min(wanted, width() * 55 / 100) }, Qt::Horizontal);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_layoutSized) {
        m_layoutSized = true;
        applyDefaultDockSizes();
    }
    QTimer::singleShot(0, this, [] { timing::mark("window-shown"); });
}

void MainWindow::createStatusBar()
{
    m_totals = new QLabel;
    m_totals->setObjectName(QStringLiteral("TotalsLabel"));
    m_progress = new ThrottledProgressBar;
    m_progress->setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 16);
    m_progress->setTextVisible(true);
    m_cancel = new QToolButton;
    m_cancel->setObjectName(QStringLiteral("CancelIndexingButton"));
    m_cancel->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
    m_cancel->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_cancel->setAutoRaise(true);
    connect(m_cancel, &QToolButton::clicked, m_document, &TreeDocument::cancel);
    statusBar()->addWidget(m_totals, 1);
    statusBar()->addPermanentWidget(m_profile->offerButton());
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    m_progress->hide();
    m_cancel->hide();
    translateNowAndOnChange(this, [this] { retranslateStatus(); });
}

void MainWindow::retranslateStatus()
{
    m_cancel->setText(tr("Cancel"));
    if (!m_document->isComparing())
        m_progress->setFormat(tr("Indexing %p%"));
    updateTitle();
    // Totals and the prompt are made again; progress and error texts stay until replaced.
    if (m_statusText == StatusText::Prompt) {
        m_totals->setText(
            tr("Open a torch_compile_debug, TORCH_TRACE or Inductor cache folder (File ▸ Open Folder…) "
               "or drop it here."));
    } else if (m_statusText == StatusText::Totals) {
        const auto& compared = m_compare->outcome() ? m_compare->outcome()->result : nullptr;
        if (m_mode == Mode::Compare && compared)
            m_totals->setText(CompareSummaryModel::summaryText(compared->summary));
        else if (m_document->index())
            m_totals->setText(indexTotalsText(*m_document->index()));
    }
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    const QByteArray geometry = settings.value(kGeometrySetting).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry)) {
        // First start: most of the screen, so the docks' default proportions leave room for every
        // column of the run tree (the verdict words) and the kernel table.
        const QRect available = screen()->availableGeometry();
        resize(available.size() * 4 / 5);
        move(available.center() - rect().center());
    }
    // A restored layout keeps the user's dock sizes; only a fresh one gets the defaults.
    m_layoutSized = restoreState(settings.value(kStateSetting).toByteArray(), kLayoutVersion);
    m_browse->restoreRunTreeHeaderState(settings.value(kRunTreeHeaderSetting).toByteArray());
    m_browse->runTreePane()->setByGraph(settings.value(kRunTreeByGraphSetting, false).toBool());
    m_browse->kernelPanel()->restoreHeaderState(settings.value(kKernelTableHeaderSetting).toByteArray());
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState, kLayoutVersion);
    applyDefaultDockSizes();
    m_browse->resetRunTreeHeader();
    m_browse->kernelPanel()->resetHeader();
    for (QDockWidget* dock : { m_runsDock, m_kernelsDock, m_detailsDock,
             static_cast<QDockWidget*>(m_diagnosticsDock), static_cast<QDockWidget*>(m_profile->dock()),
             static_cast<QDockWidget*>(m_sourcesDock), static_cast<QDockWidget*>(m_compileDock) })
        dock->show();
    m_kernelsDock->raise();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_quiet) {
        QSettings settings;
        settings.setValue(kGeometrySetting, saveGeometry());
        settings.setValue(kStateSetting, saveState(kLayoutVersion));
        settings.setValue(kRunTreeHeaderSetting, m_browse->runTreeHeaderState());
        settings.setValue(kRunTreeByGraphSetting, m_browse->runTreePane()->byGraph());
        settings.setValue(kKernelTableHeaderSetting, m_browse->kernelPanel()->headerState());
    }
    m_document->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (localPathOf(event->mimeData()).isEmpty())
        return;
    event->acceptProposedAction();
    if (!m_document->path().isEmpty())
        statusBar()->showMessage(
            tr("Drop to open it, or hold Shift to compare it with the open tree."), 4000);
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = localPathOf(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    // With a tree open, a second folder can be compared with it: Shift+drop, or answer the question.
    const QFileInfo dropped(path);
    const bool tree =
        dropped.isDir() || (dropped.isFile() && dvmlens::looksLikeArchive(dvmlens::pathBytes(path)));
    if (!m_document->path().isEmpty() && tree && dropped.absoluteFilePath() != m_document->path()) {
        if (event->modifiers().testFlag(Qt::ShiftModifier)) {
            comparePaths(m_document->path(), path);
            return;
        }
        if (!m_quiet) {
            QMessageBox question(QMessageBox::Question, tr("Open or Compare"),
                tr("Open %1, or compare it with the open tree %2?")
                    .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(m_document->path())),
                QMessageBox::Cancel, this);
            question.setInformativeText(tr("Tip: hold Shift while dropping to compare directly."));
            QPushButton* open = question.addButton(tr("&Open"), QMessageBox::AcceptRole);
            QPushButton* compare =
                question.addButton(tr("&Compare with the Open Tree"), QMessageBox::AcceptRole);
            question.setDefaultButton(compare);
            question.exec();
            if (question.clickedButton() == compare)
                comparePaths(m_document->path(), path);
            else if (question.clickedButton() == open)
                openPath(path);
            return;
        }
    }
    openPath(path);
}

void MainWindow::setQuiet(bool quiet)
{
    m_quiet = quiet;
    m_profile->setQuiet(quiet);
}

void MainWindow::openPath(const QString& path)
{
    const QString absolute = dvmlens::absolutePathText(path);
    if (absolute != m_document->path()) {
        // A different tree: forget the old watch list right away.
        const QStringList watched = m_watcher->directories();
        if (!watched.isEmpty())
            m_watcher->removePaths(watched);
    }
    startIndexing(absolute, false);
}

void MainWindow::reindex()
{
    if (!m_document->path().isEmpty())
        startIndexing(m_document->path(), true);
}

void MainWindow::startIndexing(const QString& path, bool keepSelection)
{
    m_keepSelection = keepSelection;
    m_reindexTimer->stop();
    m_progress->showBusy(); // until the first count arrives
    m_progress->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    if (!keepSelection) {
        m_totals->setText(tr("Indexing %1…").arg(QDir::toNativeSeparators(path)));
        m_statusText = StatusText::Progress;
    }
    if (keepSelection)
        m_document->reindex();
    else
        m_document->open(path);
    updateTitle();
    updateCentralPage();
}

void MainWindow::onProgress(int done, int total)
{
    m_progress->showProgress(done, total);
}

void MainWindow::onIndexFinished(const QString& path, const QString& error)
{
    m_progress->hide();
    m_cancel->hide();
    updateCentralPage();
    if (!error.isEmpty()) {
        const QString message = tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), error);
        updateTitle(); // what is open now: the tree before, or nothing
        m_totals->setText(message);
        m_statusText = StatusText::Error;
        if (!m_quiet)
            QMessageBox::warning(this, tr("Cannot Open"), message);
        Q_EMIT indexFinished(path, error);
        return;
    }
    const dvmlens::Index& index = *m_document->index();
    m_totals->setText(indexTotalsText(index));
    m_statusText = StatusText::Totals;
    timing::mark("all-verdicts-shown", false);
    watchTree(index);
    // A default layout makes room for the columns of the tree just opened (a user's layout is kept).
    if (!m_keepSelection && m_defaultDockSizes)
        widenRunsDockToColumns();
    if (!m_keepSelection) {
        if (!m_quiet)
            m_recent->add(path);
        m_browse->runTreePane()->setFocus(Qt::OtherFocusReason); // arrow keys browse right away
    }
    updateTitle();
    Q_EMIT indexFinished(path, {});
}

QString MainWindow::totalsText(const dvmlens::Index& index)
{
    const dvmlens::Summary summary = dvmlens::summarize(index);
    const auto count = [](int value, const QString& one, const QString& many) {
        return value == 1 ? one : many.arg(groupedNumber(value));
    };
    const QStringList parts {
        count(summary.runs, tr("1 run"), tr("%1 runs")),
        count(summary.graphs, tr("1 graph"), tr("%1 graphs")),
        VerdictText::ladderCell(summary.verdicts),
        count(summary.kernelCount(dvmlens::Backend::Dvm), tr("1 DVM kernel"), tr("%1 DVM kernels")),
        count(summary.fallbacks, tr("1 fallback"), tr("%1 fallbacks")),
    };
    return parts.join(QStringLiteral(" · "));
}

QString MainWindow::indexTotalsText(const dvmlens::Index& index)
{
    QString totals = totalsText(index);
    const dvmlens::VerdictCounts counts = dvmlens::verdictCounts(index);
    if (counts.notIndexed > 0)
        totals += QStringLiteral(" · ")
            + tr("indexing cancelled: %1 of %2 graphs parsed, F5 to re-index")
                  .arg(groupedNumber(dvmlens::parsedGraphs(counts)), groupedNumber(counts.withCode));
    return totals;
}

void MainWindow::showKnownFailureOf(const QModelIndex& treeIndex)
{
    if (m_followingDiagnostics)
        return; // the user picked that entry in the dock: keep it
    const std::vector<const dvmlens::Finding*> findings = m_browse->runModel()->findingsAt(treeIndex);
    if (findings.empty())
        return;
    // Both models hold the same search result, so its findings are the same objects.
    const DiagnosticsModel* diagnostics = m_diagnosticsDock->model();
    for (int row = 0; row < diagnostics->rowCount(); ++row) {
        if (diagnostics->findingAt(row) != findings.front())
            continue;
        const QModelIndex shown = m_diagnosticsDock->proxy()->mapFromSource(diagnostics->index(row, 0));
        if (shown.isValid()) // not hidden by the severity filter
            m_diagnosticsDock->view()->setCurrentIndex(shown);
        return;
    }
}

void MainWindow::watchTree(const dvmlens::Index& index)
{
    QStringList wanted;
    const QFileInfo root(QString::fromStdString(index.root));
    if (root.isDir())
        wanted << root.absoluteFilePath();
    for (const dvmlens::Run& run : index.runs) {
        const QString runPath = QString::fromStdString(run.path);
        wanted << runPath;
        const QString inductor = QDir(runPath).filePath(QStringLiteral("torchinductor"));
        if (QFileInfo(inductor).isDir())
            wanted << inductor;
        // Inductor writes output_code.py last, so a graph folder without one may still be filling.
        for (const dvmlens::Graph& graph : run.graphs) {
            if (!graph.outputCode)
                wanted << QString::fromStdString(graph.path);
        }
    }
    if (wanted.size() > kMaxWatchedFolders)
        wanted.resize(kMaxWatchedFolders);
    wanted.removeDuplicates();
    QStringList toAdd;
    for (const QString& path : std::as_const(wanted)) {
        if (QFileInfo(path).isDir() && !m_watcher->directories().contains(path))
            toAdd << path;
    }
    if (!toAdd.isEmpty())
        m_watcher->addPaths(toAdd);
}

void MainWindow::updateTitle()
{
    if (m_mode == Mode::Compare && !m_comparePathB.isEmpty()) {
        // The parts of the paths that tell the sides apart (core's distinguishingNames): full
        // paths would not fit a title bar twice, and two trees are often both "torch_compile_debug".
        const auto [nameA, nameB] =
            dvmlens::distinguishingNames(QDir::fromNativeSeparators(m_comparePathA).toStdString(),
                QDir::fromNativeSeparators(m_comparePathB).toStdString());
        setWindowTitle(tr("%1 compared to %2 — DVM Lens")
                           .arg(QString::fromStdString(nameA), QString::fromStdString(nameB)));
        return;
    }
    if (m_document->path().isEmpty()) {
        setWindowTitle(tr("DVM Lens"));
        return;
    }
    setWindowTitle(tr("%1 — DVM Lens").arg(QDir::toNativeSeparators(m_document->path())));
}

QString MainWindow::openedPath() const
{
    return m_document->path();
}

bool MainWindow::isIndexing() const
{
    return m_document->isIndexing();
}

TreeDocument* MainWindow::treeDocument() const
{
    return m_document;
}

BrowsePage* MainWindow::browsePage() const
{
    return m_browse;
}

DiagnosticsDock* MainWindow::diagnosticsDock() const
{
    return m_diagnosticsDock;
}

QStackedWidget* MainWindow::pages() const
{
    return m_pages;
}

ExportActions* MainWindow::exportActions() const
{
    return m_export;
}

QMenu* MainWindow::fileMenu() const
{
    return m_fileMenu;
}

QMenu* MainWindow::viewMenu() const
{
    return m_viewMenu;
}

QMenu* MainWindow::helpMenu() const
{
    return m_helpMenu;
}

QLabel* MainWindow::totalsLabel() const
{
    return m_totals;
}

ProfileController* MainWindow::profileController() const
{
    return m_profile;
}

SourcesDock* MainWindow::sourcesDock() const
{
    return m_sourcesDock;
}

CompileDock* MainWindow::compileDock() const
{
    return m_compileDock;
}

QFileSystemWatcher* MainWindow::watcher() const
{
    return m_watcher;
}

WelcomePage* MainWindow::welcomePage() const
{
    return m_welcome;
}

MainWindow::Mode MainWindow::mode() const
{
    return m_mode;
}

ComparePage* MainWindow::comparePage() const
{
    return m_compare;
}
