// SPDX-License-Identifier: MIT
// MainWindow's menus (texts set again on a language change) and the dialogs they open: open a
// folder, a file or an archive, compare with another tree, about, how the verdict is decided,
// the language.
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/runtreepane.h"
#include "gui/codeview/codehighlighter.h"
#include "gui/codeview/codeview.h"
#include "gui/common/filedialogs.h"
#include "gui/common/languagechange.h"
#include "gui/common/themes.h"
#include "gui/common/treepathdialog.h"
#include "gui/compile/compiledock.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/doctor/checkenvironmentdialog.h"
#include "gui/document/treedocument.h"
#include "gui/export/exportactions.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/profilecontroller.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/recentfolders.h"
#include "gui/shell/shortcutsdialog.h"
#include "gui/shell/translations.h"
#include "gui/sources/sourcesdock.h"
#include "version.h"

#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStyle>
#include <QTreeView>

#include <iterator>
#include <utility>

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
    QAction* checkEnvironment = m_fileMenu->addAction(QString(), this, &MainWindow::showCheckEnvironment);
    checkEnvironment->setObjectName(QStringLiteral("CheckEnvironmentAction"));
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
    for (QDockWidget* dock : { m_runsDock, m_kernelsDock, m_detailsDock,
             static_cast<QDockWidget*>(m_diagnosticsDock), static_cast<QDockWidget*>(m_profile->dock()),
             static_cast<QDockWidget*>(m_sourcesDock), static_cast<QDockWidget*>(m_compileDock) })
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
    m_viewMenu->addAction(m_browse->runTreePane()->byFrameAction());
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
        checkEnvironment->setText(tr("Check &Environment…"));
        checkEnvironment->setStatusTip(
            tr("Check a Python environment against the DVM field guide's checklist, with the open tree"));
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
        FileDialogs::existingFolder(this, tr("Open a Debug Tree, Trace or Cache Folder"), dialogFolder());
    if (!folder.isEmpty())
        openPath(folder);
}

void MainWindow::openFileDialog()
{
    const QString file = FileDialogs::openFile(this, tr("Open output_code.py, Trace Log or Archive"),
        dialogFolder(),
        tr("Inductor output code, trace log or debug tree archive (output_code.py *.py *.log *.log.gz "
           "*.tar *.tgz *.tar.gz *.tar.xz *.txz *.tar.zst *.tzst *.tar.bz2 *.tbz2 *.zip);;All files (*)"));
    if (!file.isEmpty())
        openPath(file);
}

CheckEnvironmentDialog* MainWindow::checkEnvironmentDialog()
{
    // One dialog, kept: it follows the document's checklist while the user looks at the tree.
    if (!m_checkEnvironment)
        m_checkEnvironment = new CheckEnvironmentDialog(*m_document, this);
    return m_checkEnvironment;
}

void MainWindow::showCheckEnvironment()
{
    CheckEnvironmentDialog* dialog = checkEnvironmentDialog();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About DVM Lens"),
        tr("<h3>DVM Lens %1</h3>"
           "<p>Inspects PyTorch <code>torch.compile</code> debug trees and shows whether Huawei Ascend's "
           "Inductor DVM code generator produced kernels, and what fell back to Triton, ATen or FX.</p>"
           "<p>Qt %2 · %3</p>")
            .arg(QStringLiteral(DVMLENS_VERSION), QString::fromLatin1(qVersion()),
                CodeHighlighter::engineName()));
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
