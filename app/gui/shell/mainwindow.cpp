// SPDX-License-Identifier: MIT
// Over 600 lines: the window wires every part (menus, docks, pages, the open tree's signals) in
// one place; several engineers edit it this session, so it is not split now. New parts go in
// their own files (app/gui/README.md) and keep only their wiring here.
#include "shell/mainwindow.h"

#include "archive/archivereader.h"
#include "browse/browsepage.h"
#include "browse/kerneldetails.h"
#include "browse/kernelpanel.h"
#include "browse/runtreemodel.h"
#include "browse/runtreepane.h"
#include "browse/verdicttext.h"
#include "codeview/codehighlighter.h"
#include "codeview/codeview.h"
#include "common/themes.h"
#include "compare/comparenames.h"
#include "compare/comparepage.h"
#include "compare/comparesummarymodel.h"
#include "diagnostics/diagnosticsdock.h"
#include "diagnostics/diagnosticsmodel.h"
#include "export/exportactions.h"
#include "io/pathtext.h"
#include "profile/hotkernelsdock.h"
#include "profile/profilecontroller.h"
#include "shell/languagechange.h"
#include "shell/recentfolders.h"
#include "shell/shortcutsdialog.h"
#include "shell/translations.h"
#include "shell/treedocument.h"
#include "shell/treepathdialog.h"
#include "shell/welcomepage.h"
#include "sources/sourcesdock.h"
#include "verdict/derivedcounts.h"
#include "verdict/summary.h"
#include "version.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
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

    createDocks();
    // Device time from an Ascend profile: a dock tabbed with the kernel table, File ▸ Open Profile….
    m_profile = new ProfileController(*this);
    addDockWidget(Qt::BottomDockWidgetArea, m_profile->dock());
    tabifyDockWidget(m_diagnosticsDock, m_profile->dock());
    m_kernelsDock->raise();
    connect(m_profile, &ProfileController::kernelActivated, this, [this](const QString& spec) {
        setMode(Mode::Browse);
        m_browse->selectBySpec(spec);
    });
    connect(m_profile, &ProfileController::joinChanged, m_browse, &BrowsePage::setProfile);
    connect(m_profile, &ProfileController::joinChanged, this, [this](const auto& join) {
        // The run tree's time columns come last: widen its dock so they are on screen (within reason).
        const int wanted = m_browse->runTreeWidthForAllColumns();
        if (join && m_runsDock->width() < wanted)
            resizeDocks({ m_runsDock }, { std::min(wanted, width() * 60 / 100) }, Qt::Horizontal);
    });
    // Where in the model: a dock tabbed with the others, filled off the GUI thread after each index.
    m_sourcesDock = new SourcesDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_sourcesDock);
    tabifyDockWidget(m_profile->dock(), m_sourcesDock);
    m_kernelsDock->raise();
    connect(m_sourcesDock, &SourcesDock::kernelActivated, this, [this](const QString& spec) {
        setMode(Mode::Browse);
        m_browse->selectBySpec(spec);
    });
    connect(m_sourcesDock, &SourcesDock::sourcesReady, this,
        [this] { m_browse->details()->setModelSources(m_sourcesDock->sources()); });
    connect(m_sourcesDock, &SourcesDock::lineActivated, this, [this](const QString& path, int line) {
        setMode(Mode::Browse);
        m_browse->openLocation(path, line);
    });
    createMenus();
    createStatusBar();
    m_defaultState = saveState(kLayoutVersion);

    connect(m_document, &TreeDocument::indexProgress, this, &MainWindow::onProgress);
    connect(m_document, &TreeDocument::indexChanged, this, &MainWindow::onIndexChanged);
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
    // The document's one known-failure search marks the run tree and fills the dock.
    connect(m_document, &TreeDocument::knownFailuresChanged, this,
        [this] { m_browse->runModel()->setKnownFailures(m_document->knownFailures()); });
    connect(m_browse->runTree()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &MainWindow::showKnownFailureOf);
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
    // (tabbed with the diagnostics) gets the full width below it, where its many columns fit.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
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
    const int bottomHeight =
        qBound(8 * fontMetrics().height(), height() * 30 / 100, 24 * fontMetrics().height());
    resizeDocks({ m_runsDock }, { runsWidth }, Qt::Horizontal);
    resizeDocks({ m_runsDock, m_detailsDock }, { height() * 30 / 100, height() * 70 / 100 }, Qt::Vertical);
    resizeDocks({ m_kernelsDock }, { bottomHeight }, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_layoutSized) {
        m_layoutSized = true;
        applyDefaultDockSizes();
    }
}

void MainWindow::createMenus()
{
    // Texts are set in one place below so a language change sets them all again.
    m_fileMenu = menuBar()->addMenu(QString());
    QAction* openFolder = m_fileMenu->addAction(
        style()->standardIcon(QStyle::SP_DirOpenIcon), QString(), this, &MainWindow::openFolderDialog);
    openFolder->setShortcut(QKeySequence::Open);
    QAction* openFile = m_fileMenu->addAction(
        style()->standardIcon(QStyle::SP_FileIcon), QString(), this, &MainWindow::openFileDialog);
    openFile->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    QMenu* recentMenu = m_fileMenu->addMenu(QString());
    m_recent->attachMenu(recentMenu);
    QAction* reload = m_fileMenu->addAction(
        style()->standardIcon(QStyle::SP_BrowserReload), QString(), this, &MainWindow::reindex);
    reload->setShortcut(QKeySequence::Refresh);
    QAction* compareWith = m_fileMenu->addAction(QString(), this, &MainWindow::compareWithDialog);
    compareWith->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D)); // D for diff, as in Kate
    m_fileMenu->addAction(m_profile->openProfileAction());
    m_fileMenu->addSeparator();
    m_export = new ExportActions(*this, *m_document);
    QMenu* screenshotMenu = m_fileMenu->addMenu(QString());
    screenshotMenu->addAction(m_export->screenshotWindowAction());
    screenshotMenu->addAction(m_export->screenshotViewAction());
    m_fileMenu->addAction(m_export->exportReportAction());
    m_fileMenu->addSeparator();
    QAction* quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* editMenu = menuBar()->addMenu(QString());
    CodeView* code = m_browse->codeView();
    editMenu->addAction(code->findAction());
    editMenu->addAction(code->goToLineAction());
    editMenu->addSeparator();
    editMenu->addAction(code->nextDvmKernelAction());
    editMenu->addAction(code->previousDvmKernelAction());
    editMenu->addSeparator();
    const QList<QAction*> panelActions = m_browse->kernelPanel()->actions();
    for (QAction* action : panelActions)
        editMenu->addAction(action);
    editMenu->addSeparator();
    editMenu->addAction(m_export->copySummaryAction());

    m_viewMenu = menuBar()->addMenu(QString());
    for (QDockWidget* dock :
        { m_runsDock, m_kernelsDock, m_detailsDock, static_cast<QDockWidget*>(m_diagnosticsDock),
            static_cast<QDockWidget*>(m_profile->dock()), static_cast<QDockWidget*>(m_sourcesDock) })
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addAction(m_browse->provenanceAction()); // the code area's Provenance mode
    QAction* resetLayout = m_viewMenu->addAction(QString(), this, &MainWindow::resetLayout);
    m_viewMenu->addSeparator();

    auto* modeGroup = new QActionGroup(this);
    m_browseModeAction = m_viewMenu->addAction(QString(), this, [this] { setMode(Mode::Browse); });
    m_browseModeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    m_compareModeAction = m_viewMenu->addAction(QString(), this, [this] { setMode(Mode::Compare); });
    m_compareModeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_compareModeAction->setEnabled(false); // until a comparison exists
    for (QAction* action : { m_browseModeAction, m_compareModeAction }) {
        action->setCheckable(true);
        modeGroup->addAction(action);
    }
    m_browseModeAction->setChecked(true);
    m_viewMenu->addAction(m_browse->runTreePane()->byGraphAction());
    m_viewMenu->addSeparator();

    // Keyboard users jump between the panes directly.
    const std::pair<QDockWidget*, QWidget*> panes[] = { { m_runsDock, m_browse->runTreePane() },
        { m_kernelsDock, m_browse->kernelPanel()->view() }, { nullptr, m_browse->codeView()->editor() },
        { m_detailsDock, m_browse->details() }, { m_diagnosticsDock, m_diagnosticsDock->view() } };
    QList<QAction*> paneActions;
    for (int pane = 0; pane < int(std::size(panes)); ++pane) {
        QAction* action = m_viewMenu->addAction(QString());
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + pane)));
        connect(action, &QAction::triggered, this, [dock = panes[pane].first, target = panes[pane].second] {
            if (dock) {
                dock->show();
                dock->raise();
            }
            target->setFocus(Qt::ShortcutFocusReason);
        });
        paneActions << action;
    }
    m_viewMenu->addSeparator();

    QMenu* themeMenu = m_viewMenu->addMenu(QString());
    auto* themeGroup = new QActionGroup(this);
    for (const Theme theme : { Theme::System, Theme::Light, Theme::Dark }) {
        QAction* action = themeMenu->addAction(QString());
        action->setCheckable(true);
        action->setData(themeKey(theme));
        action->setChecked(theme == savedTheme());
        themeGroup->addAction(action);
        connect(action, &QAction::triggered, this, [theme] {
            saveTheme(theme);
            applyTheme(theme);
        });
    }

    QMenu* languageMenu = m_viewMenu->addMenu(QString());
    auto* languageGroup = new QActionGroup(this);
    // The languages' own names, the same in every language; only "System" is translated.
    QAction* systemLanguage = languageMenu->addAction(QString());
    languageMenu->addAction(QStringLiteral("&English"))->setData(QStringLiteral("en"));
    languageMenu->addAction(QStringLiteral("简体中文"))->setData(QStringLiteral("zh_CN"));
    for (QAction* action : languageMenu->actions()) {
        action->setCheckable(true);
        action->setChecked(action->data().toString() == savedLanguage());
        languageGroup->addAction(action);
        connect(action, &QAction::triggered, this,
            [this, language = action->data().toString()] { chooseLanguage(language); });
    }
    m_languageActions = languageGroup;

    m_helpMenu = menuBar()->addMenu(QString());
    QAction* shortcuts = m_helpMenu->addAction(QString(), this, [this] {
        ShortcutsDialog dialog(this, this);
        dialog.exec();
    });
    shortcuts->setObjectName(QStringLiteral("KeyboardShortcutsAction"));
    QAction* howItDecides = m_helpMenu->addAction(QString(), this, &MainWindow::showHowItDecides);
    QAction* about = m_helpMenu->addAction(QString(), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    QAction* aboutQt = m_helpMenu->addAction(QString(), qApp, &QApplication::aboutQt);

    translateNowAndOnChange(this, [=, this] {
        m_fileMenu->setTitle(tr("&File"));
        openFolder->setText(tr("&Open Folder…"));
        openFile->setText(tr("Open &File or Archive…"));
        recentMenu->setTitle(tr("Open &Recent"));
        reload->setText(tr("Re&load"));
        compareWith->setText(tr("&Compare With…"));
        compareWith->setStatusTip(tr("Compare the open tree (A) with another one (B)"));
        screenshotMenu->setTitle(tr("Export &Screenshot"));
        quit->setText(tr("&Quit"));
        editMenu->setTitle(tr("&Edit"));
        m_viewMenu->setTitle(tr("&View"));
        resetLayout->setText(tr("&Reset Layout"));
        m_browseModeAction->setText(tr("&Browse"));
        m_compareModeAction->setText(tr("Co&mpare"));
        const QString paneNames[] = { tr("Go to &Runs"), tr("Go to &Kernels"), tr("Go to &Code"),
            tr("Go to &Details"), tr("Go to Dia&gnostics") };
        for (int pane = 0; pane < paneActions.size(); ++pane)
            paneActions[pane]->setText(paneNames[pane]);
        themeMenu->setTitle(tr("&Theme"));
        const QString themeNames[] = { tr("&System"), tr("&Light"), tr("&Dark") };
        const QList<QAction*> themeActions = themeGroup->actions();
        for (int theme = 0; theme < themeActions.size(); ++theme)
            themeActions[theme]->setText(themeNames[theme]);
        languageMenu->setTitle(tr("&Language"));
        systemLanguage->setText(tr("&System"));
        m_helpMenu->setTitle(tr("&Help"));
        shortcuts->setText(tr("&Keyboard Shortcuts"));
        howItDecides->setText(tr("How DVM Lens &Decides"));
        about->setText(tr("&About DVM Lens"));
        aboutQt->setText(tr("About &Qt"));
    });
}

void MainWindow::createStatusBar()
{
    m_totals = new QLabel;
    m_totals->setObjectName(QStringLiteral("TotalsLabel"));
    m_progress = new QProgressBar;
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
        m_totals->setText(tr("Open a torch_compile_debug folder (File ▸ Open Folder…) or drop it here."));
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
    for (QDockWidget* dock :
        { m_runsDock, m_kernelsDock, m_detailsDock, static_cast<QDockWidget*>(m_diagnosticsDock),
            static_cast<QDockWidget*>(m_profile->dock()), static_cast<QDockWidget*>(m_sourcesDock) })
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
    const QString absolute = QFileInfo(path).absoluteFilePath();
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
    m_progress->setRange(0, 0); // busy until the first count arrives
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
    m_progress->setRange(0, qMax(total, 1));
    m_progress->setValue(done);
}

void MainWindow::onIndexChanged()
{
    m_browse->setIndex(m_document->index(), m_document->summaries());
}

void MainWindow::onIndexFinished(const QString& path, const QString& error)
{
    m_progress->hide();
    m_cancel->hide();
    updateCentralPage();
    if (!error.isEmpty()) {
        const QString message = tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), error);
        m_totals->setText(message);
        m_statusText = StatusText::Error;
        if (!m_quiet)
            QMessageBox::warning(this, tr("Cannot Open"), message);
        Q_EMIT indexFinished(path, error);
        return;
    }
    const dvmlens::Index& index = *m_document->index();
    m_profile->setIndex(m_document->index(), path);
    m_sourcesDock->setIndex(m_document->index());
    m_totals->setText(indexTotalsText(index));
    m_statusText = StatusText::Totals;
    watchTree(index);
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

QString MainWindow::dialogFolder() const
{
    // Where the user is working: the open tree, else the last one opened, else the folder the
    // program was started in (where torch_compile_debug usually is), never blindly the home.
    if (!m_document->path().isEmpty())
        return m_document->path();
    const QStringList recent = m_recent->paths();
    if (!recent.isEmpty() && QFileInfo::exists(recent.first()))
        return recent.first();
    return QDir::currentPath();
}

void MainWindow::openFolderDialog()
{
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Open torch_compile_debug Folder"), dialogFolder());
    if (!folder.isEmpty())
        openPath(folder);
}

void MainWindow::openFileDialog()
{
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Open output_code.py or Archive"), dialogFolder(),
            tr("Inductor output code or debug tree archive (output_code.py *.py *.tar *.tgz *.tar.gz "
               "*.tar.xz *.txz "
               "*.tar.zst *.tzst *.tar.bz2 *.tbz2 *.zip);;All files (*)"));
    if (!file.isEmpty())
        openPath(file);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About DVM Lens"),
        tr("<h3>DVM Lens %1</h3>"
           "<p>Inspects PyTorch <code>torch.compile</code> debug trees and shows whether Huawei Ascend's "
           "Inductor DVM code generator produced kernels, and what fell back to Triton, ATen or FX.</p>"
           "<p>Qt %2 · %3</p>")
            .arg(QStringLiteral(DVMLENS_VERSION), QString::fromLatin1(qVersion()),
                CodeHighlighter::backendName()));
}

void MainWindow::showHowItDecides()
{
    QMessageBox::information(this, tr("How DVM Lens Decides"),
        tr("<p><b>DVM engaged</b> means the graph's <code>output_code.py</code> contains "
           "<code>from torch_npu._inductor import dvm</code> <i>and</i> at least one real "
           "<code>@dvm.kernel(…)</code> builder.</p>"
           "<p>Kernels defined through <code>async_compile.import_fx(…)</code> are <b>FX fallbacks</b>, not "
           "DVM "
           "code, even when they are named <code>dvm_fused_*</code>.</p>"
           "<p>Triton, C++, MLIR and other <code>async_compile</code> kernels count as other kernels; "
           "<code>torch.ops.aten.*</code>, <code>torch.ops.npu.*</code> and <code>extern_kernels.*</code> "
           "calls in "
           "the entry code count as fallbacks.</p>"
           "<p>Text inside strings and comments (such as the FX graph dumps) is never counted.</p>"));
}

void MainWindow::chooseLanguage(const QString& language)
{
    saveLanguage(language);
    // Every widget hears QEvent::LanguageChange and sets its texts again; nothing else moves.
    installTranslations(language);
    for (QAction* action : m_languageActions->actions())
        action->setChecked(action->data().toString() == language);
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

const std::shared_ptr<const dvmlens::Index>& MainWindow::currentIndex() const
{
    return m_document->index();
}

bool MainWindow::isIndexing() const
{
    return m_document->isIndexing();
}

TreeDocument* MainWindow::document() const
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

QFileSystemWatcher* MainWindow::watcher() const
{
    return m_watcher;
}

void MainWindow::comparePaths(
    const QString& pathA, const QString& pathB, const QString& runA, const QString& runB)
{
    m_comparePathA = QFileInfo(pathA).absoluteFilePath();
    m_comparePathB = QFileInfo(pathB).absoluteFilePath();
    m_progress->setRange(0, 0);
    m_progress->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    m_totals->setText(
        tr("Comparing %1 with %2…")
            .arg(QDir::toNativeSeparators(m_comparePathA), QDir::toNativeSeparators(m_comparePathB)));
    m_statusText = StatusText::Progress;
    m_document->compare({ m_comparePathA, m_comparePathB, runA, runB });
    updateTitle();
}

bool MainWindow::isComparing() const
{
    return m_document->isComparing();
}

void MainWindow::onCompareProgress(int side, int done, int total)
{
    m_progress->setFormat(side == 0 ? tr("Indexing A %p%") : tr("Indexing B %p%"));
    m_progress->setRange(0, qMax(total, 1));
    m_progress->setValue(done);
}

void MainWindow::onCompareFinished(const QString& error)
{
    m_progress->hide();
    m_cancel->hide();
    m_progress->setFormat(tr("Indexing %p%"));
    if (!error.isEmpty()) {
        m_totals->setText(error);
        m_statusText = StatusText::Error;
        if (!m_quiet)
            QMessageBox::warning(this, tr("Cannot Compare"), error);
        updateTitle();
        Q_EMIT compareFinished(error);
        return;
    }
    // Side A became the open tree when nothing else was (TreeDocument::compare).
    m_compare->setOutcome(m_document->comparison());
    m_compareModeAction->setEnabled(true);
    setMode(Mode::Compare);
    Q_EMIT compareFinished({});
}

void MainWindow::setMode(Mode mode)
{
    if (mode == Mode::Compare && m_mode != Mode::Compare) {
        // The browse docks describe one tree; the compare page has its own tables.
        m_browseDocksShown.clear();
        for (QDockWidget* dock :
            { m_runsDock, m_kernelsDock, m_detailsDock, static_cast<QDockWidget*>(m_diagnosticsDock),
                static_cast<QDockWidget*>(m_profile->dock()), static_cast<QDockWidget*>(m_sourcesDock) }) {
            if (dock->isVisible())
                m_browseDocksShown << dock;
            dock->hide();
        }
    } else if (mode == Mode::Browse && m_mode != Mode::Browse) {
        for (QDockWidget* dock : std::as_const(m_browseDocksShown))
            dock->show();
    }
    m_mode = mode;
    m_export->setCompareMode(mode == Mode::Compare);
    updateCentralPage();
    (mode == Mode::Compare ? m_compareModeAction : m_browseModeAction)->setChecked(true);
    const auto& result = m_compare->outcome() ? m_compare->outcome()->result : nullptr;
    if (mode == Mode::Compare && result) {
        m_totals->setText(CompareSummaryModel::summaryText(result->summary));
        m_statusText = StatusText::Totals;
    } else if (mode == Mode::Browse && m_document->index()) {
        m_totals->setText(totalsText(*m_document->index()));
        m_statusText = StatusText::Totals;
    }
    updateTitle();
}

void MainWindow::updateCentralPage()
{
    // The welcome page while nothing is open, the empty-tree page for a tree without runs.
    QWidget* page = m_browse;
    if (m_mode == Mode::Compare) {
        page = m_compare;
    } else if (m_document->path().isEmpty() && !m_document->isIndexing()) {
        m_welcome->showWelcome(m_recent->paths());
        page = m_welcome;
    } else if (!m_document->isIndexing() && m_document->summaries()
        && m_document->summaries()->tree.runs == 0) {
        m_welcome->showEmptyTree(m_document->path());
        page = m_welcome;
    }
    m_pages->setCurrentWidget(page);
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

void MainWindow::compareWithDialog()
{
    QString pathA = m_document->path();
    if (pathA.isEmpty()) {
        pathA = TreePathDialog::getTreePath(this, tr("Compare: Choose the Tree Before (A)"), dialogFolder());
        if (pathA.isEmpty())
            return;
    }
    // A folder or an archive, as the CLI's compare takes.
    const QString pathB = TreePathDialog::getTreePath(
        this, tr("Compare %1 With (B)").arg(QFileInfo(pathA).fileName()), QFileInfo(pathA).absolutePath());
    if (!pathB.isEmpty())
        comparePaths(pathA, pathB);
}
