// SPDX-License-Identifier: MIT
// The main window end to end on the gui fixture tree: indexing, totals, selection driving the
// kernel table, the code view and the details, filters, diagnostics, re-index keeping the selection.
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelfilterproxy.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/codeview/codeview.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/document/treedocument.h"
#include "gui/export/exportactions.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/welcomepage.h"
#include "testutil.h"

#include <QAction>
#include <QDirIterator>
#include <QFileSystemWatcher>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString kForward = QStringLiteral("model__0_forward_0.0");
const QString kBackward = QStringLiteral("model__0_backward_1.1");
const QString kRun = QStringLiteral("run_2026_01_02_03_04_05_000001-pid_100");

QStringList shownKernels(const KernelPanel& panel)
{
    QStringList names;
    const QAbstractItemModel* model = panel.view()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        names << model->index(row, KernelTableModel::NameColumn).data().toString();
    return names;
}

int cursorLine(const CodeView& code)
{
    return code.editor()->textCursor().blockNumber() + 1;
}

bool copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString target = QDir(to).filePath(QDir(from).relativeFilePath(source));
        if (it.fileInfo().isDir() ? !QDir().mkpath(target) : !QFile::copy(source, target))
            return false;
    }
    return true;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    static bool open(MainWindow& window, const QString& path)
    {
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(path);
        return finished.wait(30000) && finished.at(0).at(1).toString().isEmpty();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void totalsAndFirstDvmKernel()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        QCOMPARE(window.totalsLabel()->text(),
            QStringLiteral("1 run · 2 graphs · engaged 1/1 · 2 DVM kernels · 1 fallback"));
        QVERIFY(!window.isIndexing());

        BrowsePage* browse = window.browsePage();
        QVERIFY(browse->selectFirstGraphWithCode());
        QCOMPARE(QString::fromStdString(browse->currentGraph()->name), kForward);
        QVERIFY(!browse->currentKernel());
        QVERIFY(browse->selectFirstDvmKernel());
        QCOMPARE(QString::fromStdString(browse->currentGraph()->name), kForward);
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name),
            QStringLiteral("dvm_fused_add_mul_relu_0"));
        QTRY_VERIFY(!browse->codeView()->isLoading());
        QTRY_COMPARE(cursorLine(*browse->codeView()), 22);
    }

    void selectionDrivesTableCodeAndDetails()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        BrowsePage* browse = window.browsePage();
        KernelPanel* panel = browse->kernelPanel();

        QCOMPARE(browse->selectBySpec(kForward), QString());
        QCOMPARE(shownKernels(*panel),
            QStringList(
                { u"dvm_fused_add_mul_relu_0"_s, u"dvm_fused__to_copy_exp_1"_s, u"dvm_fused_sigmoid_2"_s }));
        // Before a kernel is picked the details summarise the graph.
        QVERIFY(browse->details()->toPlainText().contains(QLatin1String("DVM engaged")));
        QVERIFY(browse->details()->toPlainText().contains(
            QRegularExpression(QStringLiteral("import_fx kernels\\s+1\\b"))));
        QTRY_COMPARE(browse->codeView()->currentPath(),
            QString::fromStdString(browse->currentGraph()->outputCode->path));

        QVERIFY(panel->selectKernel(QStringLiteral("dvm_fused__to_copy_exp_1")));
        QTRY_COMPARE(cursorLine(*browse->codeView()), 45);
        const QString details = browse->details()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("cast → exp")), qPrintable(details));
        QVERIFY(details.contains(QLatin1String("[-1, 64]")));
        QVERIFY(details.contains(QLatin1String("bf16")));
        QVERIFY(details.contains(QLatin1String("mlir_fusion")));
        // The FX graph dump right above the decorator, read from the file.
        QVERIFY(
            details.contains(QLatin1String("exp: \"f32[s0, 64][64, 1]npu:0\" = torch.ops.aten.exp.default")));
        QVERIFY(!details.contains(QLatin1String("torch.ops.aten.relu.default")));

        QVERIFY(panel->selectKernel(QStringLiteral("dvm_fused_sigmoid_2")));
        QTRY_COMPARE(cursorLine(*browse->codeView()), 62);
        QVERIFY(browse->details()->toPlainText().contains(QLatin1String("FX fallback, not DVM code")));
        QVERIFY(browse->details()->toPlainText().contains(QLatin1String("torch.ops.aten.sigmoid.default")));

        // A launch-site link moves the code view.
        QSignalSpy lineActivated(browse->details(), &KernelDetails::lineActivated);
        browse->details()->anchorClicked(QUrl(QStringLiteral("line:80")));
        QCOMPARE(lineActivated.count(), 1);
        QTRY_COMPARE(cursorLine(*browse->codeView()), 80);

        // The graph without output_code.py: no kernels, nothing to show.
        QCOMPARE(browse->selectBySpec(kRun + QLatin1Char('/') + kBackward), QString());
        QCOMPARE(panel->view()->model()->rowCount(), 0);
        QVERIFY(browse->details()->toPlainText().contains(QLatin1String("No output_code.py")));
        QVERIFY(browse->details()->toPlainText().contains(QLatin1String("missing-output-code")));

        // A run shows the kernels of all its graphs.
        const QModelIndex run = browse->runModel()->index(0, 0);
        browse->runTree()->setCurrentIndex(run);
        QCOMPARE(shownKernels(*panel).size(), 3);

        QCOMPARE(browse->selectBySpec(kForward + QStringLiteral("/dvm_fused_add_mul_relu_0")), QString());
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name),
            QStringLiteral("dvm_fused_add_mul_relu_0"));
        QVERIFY(browse->selectBySpec(QStringLiteral("nope")).contains(QLatin1String("nope")));
        QVERIFY(browse->selectBySpec(kForward + QStringLiteral("/absent")).contains(QLatin1String("absent")));
    }

    // F8 / Shift+F8 move the page, not only the highlight: the kernel table and details follow;
    // on a graph without DVM kernels the status bar says so, and why.
    void f8SelectsTheKernel()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        BrowsePage* browse = window.browsePage();
        QCOMPARE(browse->selectBySpec(kForward), QString());
        QTRY_VERIFY(!browse->codeView()->isLoading() && !browse->codeView()->marks().isEmpty());
        QVERIFY(!browse->currentKernel());
        browse->codeView()->nextDvmKernelAction()->trigger();
        QVERIFY(browse->currentKernel());
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name),
            QStringLiteral("dvm_fused_add_mul_relu_0"));
        QVERIFY(browse->details()->toPlainText().startsWith(QLatin1String("dvm_fused_add_mul_relu_0")));
        browse->codeView()->nextDvmKernelAction()->trigger(); // import_fx dvm_fused_sigmoid_2 is skipped
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name),
            QStringLiteral("dvm_fused__to_copy_exp_1"));
        browse->codeView()->previousDvmKernelAction()->trigger();
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name),
            QStringLiteral("dvm_fused_add_mul_relu_0"));

        QVERIFY(open(window, testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"))));
        QCOMPARE(browse->selectBySpec(
                     QStringLiteral("run_2026_07_20_11_02_07_654321-pid_4102/model__0_forward_1.0")),
            QString());
        QTRY_VERIFY(!browse->codeView()->isLoading() && !browse->codeView()->currentPath().isEmpty());
        browse->codeView()->nextDvmKernelAction()->trigger();
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QLatin1String("No DVM kernel in model__0_forward_1.0. No ")),
            qPrintable(message)); // the reason's clause starts a sentence
        QVERIFY(!browse->currentKernel());
    }

    void filtersAreDebounced()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        BrowsePage* browse = window.browsePage();
        KernelPanel* panel = browse->kernelPanel();
        QCOMPARE(browse->selectBySpec(kForward), QString());

        QTest::keyClicks(panel->filterEdit(), QStringLiteral("exp"));
        QCOMPARE(panel->view()->model()->rowCount(), 3); // not yet: the filter waits for typing to pause
        QTRY_COMPARE(shownKernels(*panel), QStringList({ u"dvm_fused__to_copy_exp_1"_s }));
        panel->filterEdit()->clear();
        QTRY_COMPARE(panel->view()->model()->rowCount(), 3);

        // Return filters at once and picks the first result.
        QTest::keyClicks(panel->filterEdit(), QStringLiteral("maximum"));
        QTest::keyClick(panel->filterEdit(), Qt::Key_Return);
        QCOMPARE(shownKernels(*panel), QStringList({ u"dvm_fused_add_mul_relu_0"_s }));
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name),
            QStringLiteral("dvm_fused_add_mul_relu_0"));
        panel->filterEdit()->clear();
        QTRY_COMPARE(panel->view()->model()->rowCount(), 3);

        QToolButton* dvm = panel->backendToggle(dvmlens::Backend::Dvm);
        QVERIFY(dvm);
        QVERIFY(panel->backendToggle(dvmlens::Backend::ImportFx));
        QVERIFY(!panel->backendToggle(dvmlens::Backend::Triton)); // no Triton kernel here
        QVERIFY(dvm->isChecked());
        dvm->click();
        QCOMPARE(shownKernels(*panel), QStringList({ u"dvm_fused_sigmoid_2"_s }));
        dvm->click();
        QCOMPARE(panel->view()->model()->rowCount(), 3);
    }

    void diagnosticsOpenTheirLocation()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        DiagnosticsDock* dock = window.diagnosticsDock();
        QCOMPARE(dock->proxy()->rowCount(), 1);
        QCOMPARE(dock->proxy()->index(0, 1).data().toString(), QStringLiteral("missing-output-code"));
        QVERIFY(dock->selectFirst());
        QCOMPARE(QFileInfo(window.browsePage()->currentPath()).fileName(), kBackward);
    }

    void graphWithoutCodeOnly()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window,
            testutil::fixture(QStringLiteral("gui/torch_compile_debug/") + kRun
                + QStringLiteral("/torchinductor/") + kBackward)));
        QVERIFY(!window.browsePage()->selectFirstDvmKernel());
        QVERIFY(!window.browsePage()->selectFirstGraphWithCode());
        QCOMPARE(window.totalsLabel()->text(),
            QStringLiteral("1 run · 1 graph · no code 0/0 · 0 DVM kernels · 0 fallbacks"));
    }

    void missingPathReportsAnError()
    {
        MainWindow window;
        window.setQuiet(true);
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(QStringLiteral("/nonexistent/dvmlens/tree"));
        QVERIFY(finished.wait(30000));
        QVERIFY(!finished.at(0).at(1).toString().isEmpty());
        QVERIFY(window.totalsLabel()->text().contains(QLatin1String("/nonexistent/dvmlens/tree")));
        QVERIFY(!window.treeDocument()->index());
        // The path once, no title for what did not open, and the welcome page (not an empty code pane).
        QCOMPARE(window.totalsLabel()->text().count(QLatin1String("/nonexistent/dvmlens/tree")), 1);
        QCOMPARE(window.windowTitle(), QStringLiteral("DVM Lens"));
        QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.welcomePage()));
    }

    void reindexKeepsSelection()
    {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString root = temp.filePath(QStringLiteral("torch_compile_debug"));
        QVERIFY(copyTree(testutil::fixture(QStringLiteral("gui/torch_compile_debug")), root));

        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, root));
        BrowsePage* browse = window.browsePage();
        QCOMPARE(browse->selectBySpec(kForward + QStringLiteral("/dvm_fused__to_copy_exp_1")), QString());
        const QString inductor = QDir(root).filePath(kRun + QStringLiteral("/torchinductor"));
        QVERIFY(window.watcher()->directories().contains(inductor));

        // Training goes on: a new graph folder appears.
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        const QString newGraph = QDir(inductor).filePath(QStringLiteral("model__1_inference_2.2"));
        QVERIFY(QDir().mkpath(newGraph));
        QVERIFY(QFile::copy(QDir(inductor).filePath(kForward + QStringLiteral("/output_code.py")),
            QDir(newGraph).filePath(QStringLiteral("output_code.py"))));
        QVERIFY(finished.wait(30000));

        QCOMPARE(window.treeDocument()->index()->runs.at(0).graphs.size(), size_t(3));
        QCOMPARE(browse->runModel()->rowCount(browse->runModel()->index(0, 0)), 3);
        QCOMPARE(QString::fromStdString(browse->currentGraph()->name), kForward);
        QVERIFY(browse->currentKernel());
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name),
            QStringLiteral("dvm_fused__to_copy_exp_1"));
        QCOMPARE(window.totalsLabel()->text(),
            QStringLiteral("1 run · 3 graphs · engaged 2/2 · 4 DVM kernels · 2 fallbacks"));
    }

    void outputCodeWrittenLaterIsPickedUp()
    {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString root = temp.filePath(QStringLiteral("torch_compile_debug"));
        QVERIFY(copyTree(testutil::fixture(QStringLiteral("gui/torch_compile_debug")), root));
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, root));
        const QString backward = QDir(root).filePath(kRun + QStringLiteral("/torchinductor/") + kBackward);
        QVERIFY(window.watcher()->directories().contains(backward));
        QCOMPARE(window.treeDocument()->index()->runs.at(0).graphs.at(1).outputCode.has_value(), false);

        // The compile of the backward graph finishes: its output_code.py lands in the existing folder.
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        QVERIFY(QFile::copy(QDir(root).filePath(kRun + QStringLiteral("/torchinductor/") + kForward
                                + QStringLiteral("/output_code.py")),
            QDir(backward).filePath(QStringLiteral("output_code.py"))));
        QVERIFY(finished.wait(30000));
        const dvmlens::Graph& graph = window.treeDocument()->index()->runs.at(0).graphs.at(1);
        QCOMPARE(QString::fromStdString(graph.name), kBackward);
        QVERIFY(graph.outputCode && graph.outputCode->dvmEngaged);
    }

    void cancelKeepsPartialResults()
    {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString source = testutil::fixture(QStringLiteral("gui/torch_compile_debug/") + kRun
            + QStringLiteral("/torchinductor/") + kForward + QStringLiteral("/output_code.py"));
        for (int graph = 0; graph < 100; ++graph) {
            const QString folder = temp.filePath(
                QStringLiteral("%1/torchinductor/model__%2_forward_%2.%2").arg(kRun).arg(graph));
            QVERIFY(QDir().mkpath(folder));
            QVERIFY(QFile::copy(source, QDir(folder).filePath(QStringLiteral("output_code.py"))));
        }
        MainWindow window;
        window.setQuiet(true);
        auto* cancel = window.findChild<QToolButton*>(QStringLiteral("CancelIndexingButton"));
        QVERIFY(cancel);
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(temp.path());
        QVERIFY(window.isIndexing());
        QVERIFY(cancel->isVisibleTo(&window));
        cancel->click();
        QVERIFY(finished.wait(30000));
        QVERIFY(finished.at(0).at(1).toString().isEmpty());
        const std::shared_ptr<const dvmlens::Index> index = window.treeDocument()->index();
        const dvmlens::VerdictCounts counts = dvmlens::verdictCounts(*index);
        QVERIFY(!cancel->isVisibleTo(&window));
        if (counts.notIndexed == 0)
            QSKIP("every file was parsed before Cancel took effect");
        QVERIFY2(window.totalsLabel()->text().endsWith(
                     QStringLiteral("indexing cancelled: %1 of 100 graphs parsed, F5 to re-index")
                         .arg(100 - counts.notIndexed)),
            qPrintable(window.totalsLabel()->text()));
        QVERIFY2(window.totalsLabel()->text().contains(QStringLiteral("%1 of 100 indexed, DVM %2/%1")
                                                           .arg(100 - counts.notIndexed)
                                                           .arg(counts.engaged)),
            qPrintable(window.totalsLabel()->text()));

        // Every graph the parser never reached says so; none claims "no DVM" (the files are all DVM).
        RunTreeModel* tree = window.browsePage()->runModel();
        const QModelIndex run = tree->index(0, 0);
        int notIndexed = 0;
        QModelIndex firstUnparsed;
        for (int row = 0; row < tree->rowCount(run); ++row) {
            const QString cell = tree->index(row, RunTreeModel::VerdictColumn, run).data().toString();
            QVERIFY2(cell == QLatin1String("DVM") || cell == QLatin1String("not indexed"), qPrintable(cell));
            if (cell == QLatin1String("not indexed")) {
                ++notIndexed;
                if (!firstUnparsed.isValid())
                    firstUnparsed = tree->index(row, 0, run);
            }
        }
        QCOMPARE(notIndexed, counts.notIndexed);
        // What was indexed first ("not indexed 278/480" read as 278 not indexed).
        QCOMPARE(tree->index(0, RunTreeModel::VerdictColumn).data().toString(),
            QStringLiteral("%1 of 100 indexed, DVM %2/%1").arg(100 - counts.notIndexed).arg(counts.engaged));

        // Its details say why and what to do; the summary for a bug report says it is partial.
        window.browsePage()->runTree()->setCurrentIndex(firstUnparsed);
        const QString details = window.browsePage()->details()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("Indexing was cancelled: re-index (F5) to see this graph")),
            qPrintable(details));
        QVERIFY2(!details.contains(QStringLiteral("no dvm import")), qPrintable(details));
        QVERIFY2(!details.contains(QStringLiteral("DVM not engaged")), qPrintable(details));
        ReportSubject subject;
        subject.index = index;
        const QString summary = ExportActions::summaryMarkdownOf(subject);
        QVERIFY2(
            summary.startsWith(
                QStringLiteral("**partial index: %1 of 100 graphs parsed**").arg(100 - counts.notIndexed)),
            qPrintable(summary));
    }

    // No saved geometry (a first start): 80% of the screen, centred, not Qt's small default.
    void firstStartFillsMostOfTheScreen()
    {
        QSettings().remove(QStringLiteral("window/geometry"));
        QSettings().remove(QStringLiteral("window/state"));
        MainWindow window;
        window.setQuiet(true);
        window.restoreLayout();
        const QRect available = window.screen()->availableGeometry();
        QCOMPARE(window.size(), available.size() * 4 / 5);
        QCOMPARE(window.geometry().center(), available.center());
    }

    // Open, Open File and Compare With each have a key, and no two actions share one.
    void fileActionsHaveDistinctShortcuts()
    {
        MainWindow window;
        window.setQuiet(true);
        QHash<QString, QKeySequence> byText;
        QHash<QKeySequence, QString> owner;
        for (QAction* action : window.findChildren<QAction*>()) {
            // Keys bound to one widget (each code view's Find) may repeat; window-wide ones may not.
            if (action->shortcut().isEmpty() || action->shortcutContext() == Qt::WidgetShortcut
                || action->shortcutContext() == Qt::WidgetWithChildrenShortcut)
                continue;
            byText.insert(action->text(), action->shortcut());
            QVERIFY2(!owner.contains(action->shortcut()) || owner.value(action->shortcut()) == action->text(),
                qPrintable(action->shortcut().toString() + QStringLiteral(": ") + action->text()
                    + QStringLiteral(" and ") + owner.value(action->shortcut())));
            owner.insert(action->shortcut(), action->text());
        }
        QCOMPARE(byText.value(QStringLiteral("&Open Folder…")), QKeySequence(QKeySequence::Open));
        QCOMPARE(byText.value(QStringLiteral("Open &File or Archive…")),
            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
        QCOMPARE(byText.value(QStringLiteral("&Compare With…")), QKeySequence(Qt::CTRL | Qt::Key_D));
    }

    void layoutResets()
    {
        MainWindow window;
        window.setQuiet(true);
        window.diagnosticsDock()->hide();
        window.resetLayout();
        QVERIFY(!window.diagnosticsDock()->isHidden());
    }

    void headersPersistAcrossRestarts()
    {
        const QString fixture = testutil::fixture(QStringLiteral("gui/torch_compile_debug"));
        QSettings().clear();
        {
            MainWindow window;
            window.restoreLayout(); // nothing saved yet: the defaults
            QVERIFY(open(window, fixture));
            QHeaderView* kernels = window.browsePage()->kernelPanel()->view()->header();
            kernels->resizeSection(KernelTableModel::NameColumn, 333);
            kernels->moveSection(kernels->visualIndex(KernelTableModel::LineColumn), 1);
            kernels->setSectionHidden(KernelTableModel::KtypeColumn, true);
            kernels->setSortIndicator(KernelTableModel::NameColumn, Qt::DescendingOrder);
            QHeaderView* runs = window.browsePage()->runTree()->header();
            runs->resizeSection(RunTreeModel::NameColumn, 222);
            runs->setSortIndicator(RunTreeModel::VerdictColumn, Qt::AscendingOrder);
            window.close();
        }
        QVERIFY(QSettings().contains(QStringLiteral("window/kernelTableHeader")));
        QVERIFY(QSettings().contains(QStringLiteral("window/runTreeHeader")));

        MainWindow window;
        window.restoreLayout();
        BrowsePage* browse = window.browsePage();
        QHeaderView* kernels = browse->kernelPanel()->view()->header();
        // The Graph column follows the rows shown (none yet), not the saved state.
        QCOMPARE(browse->kernelPanel()->model()->sectionOf(KernelTableModel::GraphColumn), -1);
        QCOMPARE(kernels->count(), int(KernelTableModel::DeviceTimeColumn));
        QVERIFY(open(window, fixture));
        QCOMPARE(kernels->sectionSize(KernelTableModel::NameColumn), 333);
        QCOMPARE(kernels->visualIndex(KernelTableModel::LineColumn), 1);
        QVERIFY(kernels->isSectionHidden(KernelTableModel::KtypeColumn));
        QCOMPARE(kernels->sortIndicatorSection(), int(KernelTableModel::NameColumn));
        QCOMPARE(kernels->sortIndicatorOrder(), Qt::DescendingOrder);
        // The restored sort is applied, and a new graph's kernels keep the user's widths.
        QCOMPARE(browse->selectBySpec(kForward), QString());
        QCOMPARE(shownKernels(*browse->kernelPanel()),
            QStringList(
                { u"dvm_fused_sigmoid_2"_s, u"dvm_fused_add_mul_relu_0"_s, u"dvm_fused__to_copy_exp_1"_s }));
        QCOMPARE(kernels->sectionSize(KernelTableModel::NameColumn), 333);

        QHeaderView* runs = browse->runTree()->header();
        QCOMPARE(runs->sectionSize(RunTreeModel::NameColumn), 222); // not re-fitted to the new index
        QCOMPARE(runs->sortIndicatorSection(), int(RunTreeModel::VerdictColumn));
        const QModelIndex run = browse->runModel()->index(0, 0);
        QCOMPARE(browse->runModel()->index(0, 0, run).data().toString(), kBackward); // no code before DVM
    }

    void resetLayoutResetsTheHeaders()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        BrowsePage* browse = window.browsePage();
        QHeaderView* kernels = browse->kernelPanel()->view()->header();
        const int nameWidth = kernels->sectionSize(KernelTableModel::NameColumn);
        kernels->resizeSection(KernelTableModel::NameColumn, nameWidth + 100);
        kernels->moveSection(kernels->visualIndex(KernelTableModel::LineColumn), 1);
        kernels->setSectionHidden(KernelTableModel::OpsColumn, true);
        kernels->setSortIndicator(KernelTableModel::NameColumn, Qt::DescendingOrder);
        QHeaderView* runs = browse->runTree()->header();
        const int runNameWidth = runs->sectionSize(RunTreeModel::NameColumn);
        runs->resizeSection(RunTreeModel::NameColumn, runNameWidth + 80);
        runs->setSortIndicator(RunTreeModel::VerdictColumn, Qt::AscendingOrder);

        window.resetLayout();
        QCOMPARE(kernels->sectionSize(KernelTableModel::NameColumn), nameWidth);
        QCOMPARE(kernels->visualIndex(KernelTableModel::LineColumn), int(KernelTableModel::LineColumn));
        QVERIFY(!kernels->isSectionHidden(KernelTableModel::OpsColumn));
        QCOMPARE(kernels->sortIndicatorSection(), int(KernelTableModel::LineColumn));
        QCOMPARE(kernels->sortIndicatorOrder(), Qt::AscendingOrder);
        QCOMPARE(runs->sortIndicatorSection(), -1); // scan order
        QCOMPARE(runs->sectionSize(RunTreeModel::NameColumn), runNameWidth); // fitted again
    }

    void kernelHeaderMenuHidesAndShowsColumns()
    {
        MainWindow window;
        window.setQuiet(true);
        window.show();
        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        QTreeView* view = window.browsePage()->kernelPanel()->view();
        QStringList offered;
        // The menu is modal: read and use it from the event loop it runs.
        const auto useMenu = [&](const QString& toggle) {
            QTimer::singleShot(0, [&offered, toggle] {
                auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
                QVERIFY(menu);
                offered.clear();
                for (QAction* action : menu->actions()) {
                    offered << action->text();
                    if (action->text() == toggle)
                        action->trigger();
                }
                menu->close();
            });
            Q_EMIT view->header()->customContextMenuRequested(QPoint(5, 5));
        };
        // The Why not DVM column comes with the document's reasons: every column is there first.
        const KernelTableModel* model = window.browsePage()->kernelPanel()->model();
        QTRY_VERIFY(model->sectionOf(KernelTableModel::WhyColumn) >= 0);
        const int ops = model->sectionOf(KernelTableModel::OpsColumn);
        useMenu(QStringLiteral("Ops"));
        QVERIFY(view->isColumnHidden(ops));
        QVERIFY(!offered.contains(QStringLiteral("Kernel"))); // the name column always stays
        QVERIFY(offered.contains(QStringLiteral("Launch sites")));
        QVERIFY(offered.contains(QStringLiteral("Why not DVM")));
        useMenu(QStringLiteral("Ops"));
        QVERIFY(!view->isColumnHidden(ops));
    }

    void quietWindowsLeaveHeaderSettingsAlone()
    {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("window/kernelTableHeader"), QByteArray("kept"));
        {
            MainWindow window;
            window.setQuiet(true);
            QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
            window.browsePage()->kernelPanel()->view()->header()->resizeSection(
                KernelTableModel::NameColumn, 111);
            window.close();
        }
        const QSettings settings;
        QCOMPARE(settings.allKeys(), QStringList({ QStringLiteral("window/kernelTableHeader") }));
        QCOMPARE(
            settings.value(QStringLiteral("window/kernelTableHeader")).toByteArray(), QByteArray("kept"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
