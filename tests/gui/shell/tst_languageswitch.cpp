// SPDX-License-Identifier: MIT
// View ▸ Language applies at once: menus, docks, the kernel table's header, the run tree's
// verdicts, the kernel details and the diagnostics switch en → zh_CN → en while the selected
// graph, kernel and diagnostic stay selected.
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/codeview/codeview.h"
#include "gui/codeview/findbar.h"
#include "gui/compare/comparepage.h"
#include "gui/compare/sidebysideview.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/diagnostics/findingdetails.h"
#include "gui/document/comparejob.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/translations.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>
#include <QtTest>

namespace {

QAction* languageAction(const MainWindow& window, const QString& language)
{
    for (QAction* entry : window.viewMenu()->actions()) {
        if (!entry->menu())
            continue;
        for (QAction* action : entry->menu()->actions()) {
            if (action->isCheckable() && action->data().toString() == language)
                return action;
        }
    }
    return nullptr;
}

QString dockTitle(const MainWindow& window, const char* objectName)
{
    const auto* dock = window.findChild<QDockWidget*>(QLatin1String(objectName));
    return dock ? dock->windowTitle() : QStringLiteral("no %1").arg(QLatin1String(objectName));
}

// The Verdict texts of every graph in the run tree, in tree order.
QStringList verdicts(const QAbstractItemModel& model, const QModelIndex& parent = {})
{
    QStringList texts;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex name = model.index(row, RunTreeModel::NameColumn, parent);
        const QString verdict = model.index(row, RunTreeModel::VerdictColumn, parent).data().toString();
        if (name.data(RunTreeModel::NodeKindRole).toInt() == RunTreeModel::GraphNode)
            texts << verdict;
        texts << verdicts(model, name);
    }
    return texts;
}

} // namespace

class TestLanguageSwitch : public QObject
{
    Q_OBJECT

private:
    // Picks `language` from View ▸ Language and lets the posted LanguageChange events arrive.
    static bool choose(MainWindow& window, const QString& language)
    {
        QAction* action = languageAction(window, language);
        if (!action)
            return false;
        action->trigger();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void switchesBothWaysAndKeepsTheSelection()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAbstractItemModelTester runTester(
            window.browsePage()->runModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester kernelTester(window.browsePage()->kernelPanel()->view()->model(),
            QAbstractItemModelTester::FailureReportingMode::QtTest);

        QCOMPARE(window.totalsLabel()->text(),
            QStringLiteral("Open a torch_compile_debug, TORCH_TRACE or Inductor cache folder (File ▸ Open "
                           "Folder…) or drop it here."));
        QSignalSpy searched(window.diagnosticsDock(), &DiagnosticsDock::knownFailuresSearched);
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        QVERIFY(searched.count() > 0 || searched.wait(30000));

        BrowsePage* browse = window.browsePage();
        QVERIFY(browse->selectFirstDvmKernel());
        const dvmlens::Graph* graph = browse->currentGraph();
        const dvmlens::Kernel* kernel = browse->currentKernel();
        QVERIFY(graph && kernel);
        const QString treePath = browse->currentPath();
        const QModelIndex kernelRow = browse->kernelPanel()->view()->currentIndex();
        QVERIFY(kernelRow.isValid());
        const QString kernelName = kernelRow.siblingAtColumn(KernelTableModel::NameColumn).data().toString();
        QCOMPARE(kernelName, QString::fromStdString(kernel->name));

        DiagnosticsDock* diagnostics = window.diagnosticsDock();
        const QModelIndex firstDiagnostic = diagnostics->proxy()->index(0, 0);
        QVERIFY(firstDiagnostic.isValid());
        diagnostics->view()->setCurrentIndex(firstDiagnostic);
        const QString diagnosticCode =
            diagnostics->view()->currentIndex().siblingAtColumn(1).data().toString();
        QVERIFY(!diagnosticCode.isEmpty());

        const QAbstractItemModel* kernelView = browse->kernelPanel()->view()->model();
        const QStringList englishVerdicts = verdicts(*browse->runModel());
        QVERIFY(englishVerdicts.contains(QStringLiteral("DVM")));
        QVERIFY(englishVerdicts.contains(QStringLiteral("no DVM")));
        const QString englishTotals = window.totalsLabel()->text();
        const int englishNameWidth = browse->runTree()->columnWidth(RunTreeModel::NameColumn);
        QVERIFY(browse->details()->toPlainText().contains(QStringLiteral("Launch sites")));
        QVERIFY(diagnostics->details()->text()->toPlainText().contains(QStringLiteral("Where:")));

        QVERIFY(choose(window, QStringLiteral("zh_CN")));
        QCOMPARE(savedLanguage(), QStringLiteral("zh_CN"));
        QVERIFY(languageAction(window, QStringLiteral("zh_CN"))->isChecked());
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("文件(&F)"));
        QCOMPARE(window.viewMenu()->title(), QStringLiteral("视图(&V)"));
        QCOMPARE(window.helpMenu()->title(), QStringLiteral("帮助(&H)"));
        QCOMPARE(dockTitle(window, "RunsDock"), QStringLiteral("运行"));
        QCOMPARE(dockTitle(window, "KernelsDock"), QStringLiteral("内核"));
        QCOMPARE(dockTitle(window, "DetailsDock"), QStringLiteral("内核详情"));
        QCOMPARE(diagnostics->windowTitle(), QStringLiteral("诊断"));
        QCOMPARE(kernelView->headerData(KernelTableModel::NameColumn, Qt::Horizontal).toString(),
            QStringLiteral("内核"));
        QCOMPARE(browse->runModel()->headerData(RunTreeModel::VerdictColumn, Qt::Horizontal).toString(),
            QStringLiteral("判定"));
        QStringList chineseVerdicts = englishVerdicts;
        chineseVerdicts.replaceInStrings(QStringLiteral("no DVM"), QStringLiteral("无 DVM"));
        chineseVerdicts.replaceInStrings(QStringLiteral("no code"), QStringLiteral("无代码"));
        QCOMPARE(verdicts(*browse->runModel()), chineseVerdicts);
        QVERIFY(browse->details()->toPlainText().contains(QStringLiteral("启动位置")));
        QVERIFY(!browse->details()->toPlainText().contains(QStringLiteral("Launch sites")));
        QVERIFY(diagnostics->details()->text()->toPlainText().contains(QStringLiteral("位置：")));
        QCOMPARE(diagnostics->details()->copyFixButton()->text(), QStringLiteral("复制解决办法"));
        QVERIFY(window.totalsLabel()->text().contains(QStringLiteral("次运行")));
        // The run names say 进程 now: the Name column fits them again, as a fresh start would.
        QVERIFY(browse->runTree()->columnWidth(RunTreeModel::NameColumn) > englishNameWidth);

        // Nothing else moved: the same graph, tree path, kernel row and diagnostic stay selected.
        const auto selectionKept = [&] {
            const QModelIndex current = browse->kernelPanel()->view()->currentIndex();
            return browse->currentGraph() == graph && browse->currentKernel() == kernel
                && browse->currentPath() == treePath && current.row() == kernelRow.row()
                && current.siblingAtColumn(KernelTableModel::NameColumn).data().toString() == kernelName
                && diagnostics->view()->currentIndex().siblingAtColumn(1).data().toString() == diagnosticCode;
        };
        QVERIFY(selectionKept());

        QVERIFY(choose(window, QStringLiteral("en")));
        QCOMPARE(savedLanguage(), QStringLiteral("en"));
        QVERIFY(languageAction(window, QStringLiteral("en"))->isChecked());
        QVERIFY(!languageAction(window, QStringLiteral("zh_CN"))->isChecked());
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
        QCOMPARE(window.viewMenu()->title(), QStringLiteral("&View"));
        QCOMPARE(window.helpMenu()->title(), QStringLiteral("&Help"));
        QCOMPARE(dockTitle(window, "RunsDock"), QStringLiteral("Runs"));
        QCOMPARE(dockTitle(window, "KernelsDock"), QStringLiteral("Kernels"));
        QCOMPARE(dockTitle(window, "DetailsDock"), QStringLiteral("Kernel Details"));
        QCOMPARE(diagnostics->windowTitle(), QStringLiteral("Diagnostics"));
        QCOMPARE(kernelView->headerData(KernelTableModel::NameColumn, Qt::Horizontal).toString(),
            QStringLiteral("Kernel"));
        QCOMPARE(verdicts(*browse->runModel()), englishVerdicts);
        QVERIFY(browse->details()->toPlainText().contains(QStringLiteral("Launch sites")));
        QVERIFY(diagnostics->details()->text()->toPlainText().contains(QStringLiteral("Where:")));
        QCOMPARE(window.totalsLabel()->text(), englishTotals);
        QCOMPARE(browse->runTree()->columnWidth(RunTreeModel::NameColumn), englishNameWidth);
        QVERIFY(selectionKept());
    }

    void comparePageLabels()
    {
        ComparePage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        SideBySideView* sides = page.sideBySide();
        QCOMPARE(page.onlyRegressionsBox()->text(), QStringLiteral("Only &regressions"));
        QCOMPARE(sides->placeholderText(SideBySideView::SideA),
            QStringLiteral("Select a graph pair to compare its output_code.py files."));

        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(page.onlyRegressionsBox()->text(), QStringLiteral("仅显示退化(&R)"));
        QCOMPARE(page.filterEdit()->placeholderText(), QStringLiteral("筛选图…"));
        QCOMPARE(sides->placeholderText(SideBySideView::SideA),
            QStringLiteral("选择一对图，比较它们的 output_code.py 文件。"));
        QCOMPARE(sides->differenceLabelText(), QStringLiteral("没有可比较的内容"));

        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(page.onlyRegressionsBox()->text(), QStringLiteral("Only &regressions"));
        QCOMPARE(page.filterEdit()->placeholderText(), QStringLiteral("Filter graphs…"));
        QCOMPARE(sides->placeholderText(SideBySideView::SideA),
            QStringLiteral("Select a graph pair to compare its output_code.py files."));
        QCOMPARE(sides->differenceLabelText(), QStringLiteral("Nothing to compare"));
    }

    // An error in the status bar is not replaced by the totals of the tree opened before.
    void statusErrorStays()
    {
        MainWindow window;
        window.setQuiet(true);
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")));
        QVERIFY(finished.wait(30000));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        window.openPath(dir.filePath(QStringLiteral("missing")));
        QVERIFY(finished.count() > 1 || finished.wait(30000));
        QVERIFY(!finished.last().at(1).toString().isEmpty());
        const QString error = window.totalsLabel()->text();
        QVERIFY(error.startsWith(QStringLiteral("Cannot open ")));

        QVERIFY(choose(window, QStringLiteral("zh_CN")));
        QCOMPARE(window.totalsLabel()->text(), error);
        QVERIFY(choose(window, QStringLiteral("en")));
        QCOMPARE(window.totalsLabel()->text(), error);
    }

    // In compare mode: the summary header and the side shown instead of a graph without code.
    void comparePlaceholdersFollowTheLanguage()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString tree = testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
        QSignalSpy compared(&window, &MainWindow::compareFinished);
        window.comparePaths(tree, tree);
        QVERIFY(compared.wait(30000));
        QCOMPARE(compared.at(0).at(0).toString(), QString());
        ComparePage* page = window.comparePage();
        SideBySideView* sides = page->sideBySide();
        const QAbstractItemModel* summary = page->summaryView()->model();
        int noCodeRow = -1;
        for (int row = 0; row < summary->rowCount() && noCodeRow < 0; ++row) {
            page->summaryView()->setCurrentIndex(summary->index(row, 0));
            if (sides->isPlaceholderShown(SideBySideView::SideA))
                noCodeRow = row;
        }
        QVERIFY(noCodeRow >= 0); // pid 4102's backward graph has no output_code.py
        const QString folder = QString::fromStdString(page->currentGraph()->a->path);
        QCOMPARE(sides->placeholderText(SideBySideView::SideA),
            QStringLiteral("No output_code.py in this graph folder (FX cache hit?)\n\n") + folder);

        QVERIFY(choose(window, QStringLiteral("zh_CN")));
        QCOMPARE(sides->placeholderText(SideBySideView::SideA),
            QStringLiteral("此图目录中没有 output_code.py（命中了 FX 缓存？）\n\n") + folder);
        QCOMPARE(
            sides->placeholderText(SideBySideView::SideB), sides->placeholderText(SideBySideView::SideA));
        QCOMPARE(page->summaryView()->currentIndex().row(), noCodeRow);
        QCOMPARE(window.mode(), MainWindow::Mode::Compare);
        // The count and verdict cells are fitted to their Chinese texts, not cut.
        const QAbstractItemView* pairs = page->summaryView(); // sizeHintForColumn is public here
        for (int column = 0; column + 1 < summary->columnCount(); ++column) {
            QTRY_VERIFY2(page->summaryView()->columnWidth(column) >= pairs->sizeHintForColumn(column),
                qPrintable(summary->headerData(column, Qt::Horizontal).toString()));
        }

        QVERIFY(choose(window, QStringLiteral("en")));
        QCOMPARE(sides->placeholderText(SideBySideView::SideA),
            QStringLiteral("No output_code.py in this graph folder (FX cache hit?)\n\n") + folder);
        QCOMPARE(page->summaryView()->currentIndex().row(), noCodeRow);
    }

    // Texts set after construction from state: the code view's note and the find bar's count.
    void codeViewNoteAndMatchCount()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(QStringLiteral("weird.log")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("caf\xc3\xa9 \xff ok\nline 2\n");
        file.close();
        CodeView view;
        QSignalSpy loaded(&view, &CodeView::loaded);
        view.showFile(file.fileName(), nullptr);
        QVERIFY(loaded.count() > 0 || loaded.wait(10000));
        QCOMPARE(view.note(), QStringLiteral("Some bytes are not valid UTF-8; they are shown as \uFFFD."));
        view.findBar()->showFind(QStringLiteral("line"));
        view.findBar()->setMatchCount(2, 5);
        QCOMPARE(view.findBar()->matchCountText(), QStringLiteral("2 of 5"));

        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(view.note(), QStringLiteral("部分字节不是有效的 UTF-8，显示为 \uFFFD。"));
        QCOMPARE(view.findBar()->matchCountText(), QStringLiteral("第 2 个，共 5 个"));
        QCOMPARE(view.findAction()->text(), QStringLiteral("查找(&F)…"));

        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(view.note(), QStringLiteral("Some bytes are not valid UTF-8; they are shown as \uFFFD."));
        QCOMPARE(view.findBar()->matchCountText(), QStringLiteral("2 of 5"));
        QCOMPARE(view.findAction()->text(), QStringLiteral("&Find…"));
    }

    // Installing again replaces the translators instead of stacking them.
    void reinstallingReplacesTheTranslators()
    {
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        const qsizetype chinese = qApp->findChildren<QTranslator*>().size();
        QVERIFY(chinese >= 1);
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(qApp->findChildren<QTranslator*>().size(), chinese);
        QCOMPARE(QCoreApplication::translate("MainWindow", "&File"), QStringLiteral("文件(&F)"));
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(qApp->findChildren<QTranslator*>().size(), 0);
        QCOMPARE(QCoreApplication::translate("MainWindow", "&File"), QStringLiteral("&File"));
    }
};

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageswitch.moc"
