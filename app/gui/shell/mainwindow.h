// SPDX-License-Identifier: MIT
// The main window: menus, docks, the status bar, and the stack of pages (browse now; compare and
// other modes are further pages). The open tree is its TreeDocument: the window asks it to open,
// re-index and compare, and shows what it signals; it decides nothing about kernels itself.
#pragma once

#include "core/model/model.h"

#include <QMainWindow>

#include <memory>

class BrowsePage;
class CheckEnvironmentDialog;
class ComparePage;
class DiagnosticsDock;
class ExportActions;
class QActionGroup;
class QDockWidget;
class QFileSystemWatcher;
class QLabel;
class QMenu;
class QStackedWidget;
class WelcomePage;
class QTimer;
class QToolButton;
class ProfileController;
class SourcesDock;
class CompileDock;
class RecentFolders;
class ThrottledProgressBar;
class TreeDocument;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static constexpr int kReindexDelayMs = 1000; // new graph folders come in bursts

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts indexing `path` (a tree, run, graph folder or output_code.py). The result arrives
    // through indexFinished; a failure is also shown to the user unless the window is quiet.
    void openPath(const QString& path);
    void reindex(); // the open path again, keeping the selection
    QString openedPath() const;
    bool isIndexing() const;

    // Compare mode: indexes both paths off the GUI thread (progress in the status bar), compares
    // them and shows the compare page; `runA` / `runB` keep one run of a side (findRun names).
    // compareFinished follows; a failure is also shown to the user unless the window is quiet.
    void comparePaths(
        const QString& pathA, const QString& pathB, const QString& runA = {}, const QString& runB = {});
    bool isComparing() const;
    enum class Mode
    {
        Browse,
        Compare
    };
    void setMode(Mode mode); // View ▸ Browse / Compare
    // --view diagnostics: the Diagnostics dock raised and given room, the run tree above it most of the rest.
    void showDiagnosticsView();
    Mode mode() const;
    ComparePage* comparePage() const;

    // Quiet windows (screenshots, tests) never open modal dialogs and do not touch Recent.
    void setQuiet(bool quiet);

    // Restores the saved geometry, dock layout and the run tree's and kernel table's headers
    // (call once, before show(); quiet windows never call it).
    void restoreLayout();
    void resetLayout();

    TreeDocument* treeDocument() const; // the open tree and its products (docs/gui-architecture.md)
    BrowsePage* browsePage() const;
    DiagnosticsDock* diagnosticsDock() const;
    ExportActions* exportActions() const; // File ▸ Export…, Edit ▸ Copy Summary as Markdown
    QStackedWidget* pages() const;
    WelcomePage* welcomePage() const;
    QMenu* fileMenu() const;
    QMenu* viewMenu() const;
    QMenu* helpMenu() const;
    QLabel* totalsLabel() const;
    QFileSystemWatcher* watcher() const;
    ProfileController* profileController() const; // File ▸ Open Profile…, the Hot kernels dock
    SourcesDock* sourcesDock() const; // Model sources: kernels and fallbacks by model source line
    CompileDock* compileDock() const; // Compile: graph breaks, recompiles, caches, failures, time
    // File ▸ Check Environment…: made on first use, then kept (it shows the document's checklist).
    CheckEnvironmentDialog* checkEnvironmentDialog();

    // "8 runs · 412 graphs · 311 DVM engaged · 2 930 DVM kernels · 57 fallbacks"
    static QString totalsText(const dvmlens::Index& index);

Q_SIGNALS:
    // After every indexing job: `error` is empty on success.
    void indexFinished(const QString& path, const QString& error);
    // After every comparison: `error` is empty on success.
    void compareFinished(const QString& error);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void createDocks();
    void createMenus();
    void createStatusBar();
    void retranslateStatus(); // the status bar and title in the current language
    // The totals of a finished indexing, with the note when it was cancelled.
    static QString indexTotalsText(const dvmlens::Index& index);
    void applyDefaultDockSizes();
    int defaultBottomHeight() const; // the share of the window the docks below get by default
    QDockWidget* shownBottomDock() const; // the dock shown in the bottom row, if any
    void measureBottomDocks(); // the height given, once laid out
    void refitBottomDocks(); // the default height again, while the docks below keep it
    // Widens the Runs dock so every column of the tree shown (By run or By graph) is on screen, up to 55%
    // of the window.
    void widenRunsDockToColumns();
    void widenRunsDockNow(); // one measure of the tree's columns, now
    void startIndexing(const QString& path, bool keepSelection);
    void onIndexFinished(const QString& path, const QString& error);
    void onProgress(int done, int total);
    void watchTree(const dvmlens::Index& index);
    void openFolderDialog();
    QString dialogFolder() const;
    void openFileDialog();
    void showCheckEnvironment();
    void showAbout();
    void showHowItDecides();
    void chooseLanguage(const QString& language);
    void updateTitle();
    void compareWithDialog();
    void onCompareFinished(const QString& error);
    void onCompareProgress(int side, int done, int total);
    // Selects the first known failure of a run-tree node in the Diagnostics dock, whose details
    // then show its cause and fix; nothing when the node has none.
    void showKnownFailureOf(const QModelIndex& treeIndex);

    TreeDocument* m_document; // first: the docks and pages made next listen to it
    BrowsePage* m_browse;
    QStackedWidget* m_pages;
    WelcomePage* m_welcome = nullptr; // nothing open, or a tree without runs
    void updateCentralPage();
    DiagnosticsDock* m_diagnosticsDock;
    QDockWidget* m_runsDock = nullptr;
    QDockWidget* m_kernelsDock = nullptr;
    QDockWidget* m_detailsDock = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    ExportActions* m_export = nullptr;
    RecentFolders* m_recent;
    ProfileController* m_profile = nullptr;
    SourcesDock* m_sourcesDock = nullptr;
    CompileDock* m_compileDock = nullptr;
    CheckEnvironmentDialog* m_checkEnvironment = nullptr;
    QFileSystemWatcher* m_watcher;
    QTimer* m_reindexTimer;
    ComparePage* m_compare;
    QAction* m_browseModeAction = nullptr;
    QAction* m_compareModeAction = nullptr;
    QActionGroup* m_languageActions = nullptr; // View ▸ Language; data() is the saved language
    QList<QDockWidget*> m_browseDocksShown; // docks to show again when compare mode is left
    Mode m_mode = Mode::Browse;
    QString m_comparePathA; // the last comparison's sides, for the title
    QString m_comparePathB;
    QLabel* m_totals = nullptr;
    ThrottledProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QByteArray m_defaultState; // the dock layout as built, for Reset Layout
    bool m_quiet = false;
    // What the status bar's label says, so a language change makes only totals and the prompt again.
    enum class StatusText
    {
        Prompt,
        Progress,
        Totals,
        Error
    };
    StatusText m_statusText = StatusText::Prompt;
    bool m_layoutSized = false; // dock sizes set (restored or defaulted) once the window has its size
    bool m_defaultDockSizes = false; // the dock sizes are this session's defaults, not the user's saved ones
    // The height the default layout gave the docks below, while it follows the window's (-1: the user's;
    // 0: being laid out), and the height asked for.
    int m_bottomHeight = -1;
    int m_bottomWanted = -1;
    bool m_widenPending = false; // widenRunsDockToColumns will measure again
    bool m_keepSelection = false; // the running job is a re-index
    bool m_followingDiagnostics = false; // the tree moves because a dock entry was activated
};
