// SPDX-License-Identifier: MIT
// The compare page on the sample tree (pid 4101 used DVM, pid 4102 silently lost it), fed by the
// real CompareJob: the first regression is selected with both files loaded and diffed, a pair
// without output_code.py shows its placeholder, a clicked fusion moves both cursors to its kernels.
// Then compare mode in the main window, its command line, and `--compare --screenshot` end to end.
#include "gui/browse/browsepage.h"
#include "gui/codeview/codeview.h"
#include "gui/compare/comparepage.h"
#include "gui/compare/comparesummarymodel.h"
#include "gui/compare/fusiontablemodel.h"
#include "gui/compare/sidebysideview.h"
#include "gui/compare/sourcechangesmodel.h"
#include "gui/document/comparejob.h"
#include "gui/document/treedocument.h"
#include "gui/shell/commandline.h"
#include "gui/shell/mainwindow.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QStackedWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString kRunA = QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4101");
const QString kRunB = QStringLiteral("run_2026_07_20_11_02_07_654321-pid_4102");

QString sampleRun(const QString& run)
{
    return testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug/") + run);
}

QString graphFile(const QString& run, const QString& graph)
{
    return sampleRun(run) + QStringLiteral("/torchinductor/") + graph + QStringLiteral("/output_code.py");
}

std::shared_ptr<const CompareOutcome> runJob(const CompareRequest& request)
{
    CompareJob job;
    QSignalSpy finished(&job, &CompareJob::finished);
    job.start(request);
    if (!finished.wait(60000))
        return nullptr;
    return finished.at(0).at(0).value<std::shared_ptr<const CompareOutcome>>();
}

int cursorLine(CodeView* view)
{
    return view->cursorLine(); // a file line: the compare views hold filler rows too
}

} // namespace

class TestComparePage : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const CompareOutcome> m_outcome;

private Q_SLOTS:
    void initTestCase()
    {
        m_outcome = runJob({ sampleRun(kRunA), sampleRun(kRunB), {}, {} });
        QVERIFY(m_outcome);
        QVERIFY2(m_outcome->error.isEmpty(), qPrintable(m_outcome->error));
        QVERIFY(m_outcome->result && m_outcome->indexA && m_outcome->indexB);
    }

    void jobPicksRunsAndReportsErrors()
    {
        const QString tree = testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
        auto picked = runJob({ tree, tree, QStringLiteral("4101"), QStringLiteral("4102") });
        QVERIFY(picked && picked->result);
        QCOMPARE(picked->result->runs.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(picked->result->runs[0].nameA), kRunA);
        QCOMPARE(QString::fromStdString(picked->result->runs[0].nameB), kRunB);
        QCOMPARE(picked->result->summary.regressions, 2);

        auto badRun = runJob({ tree, tree, QStringLiteral("9999"), {} });
        QVERIFY(badRun && !badRun->result);
        QVERIFY2(badRun->error.startsWith(QStringLiteral("--run-a: ")), qPrintable(badRun->error));

        auto missing = runJob({ tree, testutil::sourcePath(QStringLiteral("no/such/folder")), {}, {} });
        QVERIFY(missing && !missing->result && missing->indexA && !missing->indexB);
        QVERIFY2(missing->error.startsWith(QStringLiteral("Cannot open ")), qPrintable(missing->error));
    }

    void jobDropsStaleResults()
    {
        CompareJob job;
        QSignalSpy finished(&job, &CompareJob::finished);
        job.start({ sampleRun(kRunA), sampleRun(kRunA), {}, {} });
        job.start({ sampleRun(kRunA), sampleRun(kRunB), {}, {} });
        QVERIFY(finished.wait(60000));
        QTest::qWait(200);
        QCOMPARE(finished.count(), 1);
        const auto outcome = finished.at(0).at(0).value<std::shared_ptr<const CompareOutcome>>();
        QCOMPARE(outcome->request.pathB, sampleRun(kRunB));
        QVERIFY(!job.isRunning());
    }

    void firstRegressionIsSelectedWithBothFilesDiffed()
    {
        ComparePage page;
        page.resize(1300, 800);
        page.show();
        QSignalSpy ready(&page, &ComparePage::ready);
        page.setOutcome(m_outcome);
        QCOMPARE(page.summaryLabel()->text(),
            QStringLiteral("3 graphs · 3 matched · 2 regressions · DVM engaged A 3 → B 0"));
        QCOMPARE(page.summaryView()->model()->rowCount(), 3);
        // A screen reader names both tables.
        QCOMPARE(page.summaryView()->accessibleName(), u"Graph pairs"_s);
        QCOMPARE(page.fusionView()->accessibleName(), u"Fusions of the selected pair"_s);
        QVERIFY(page.currentGraph());
        QCOMPARE(page.currentGraph()->key, std::string("model__0_forward_1"));
        QCOMPARE(page.fusionModel()->rowCount(), 5);
        QTRY_VERIFY(page.isReady());
        QCOMPARE(ready.count(), 1);
        // Both tables fill their width (no blank band on the right), and the fusions' Changes column (moved
        // beside Backend) starts in view.
        for (QTableView* table : { page.summaryView(), page.fusionView() }) {
            QTRY_VERIFY2(table->horizontalHeader()->length() >= table->viewport()->width(),
                qPrintable(table->objectName()));
        }
        QTableView* fusions = page.fusionView();
        QVERIFY2(fusions->columnViewportPosition(FusionTableModel::ChangesColumn)
                < fusions->viewport()->width() - 4 * fusions->fontMetrics().averageCharWidth(),
            qPrintable(QString::number(fusions->columnViewportPosition(FusionTableModel::ChangesColumn))));

        SideBySideView* sides = page.sideBySide();
        QCOMPARE(sides->codeView(SideBySideView::SideA)->currentPath(),
            graphFile(kRunA, u"model__0_forward_1.0"_s));
        QCOMPARE(sides->codeView(SideBySideView::SideB)->currentPath(),
            graphFile(kRunB, u"model__0_forward_1.0"_s));
        QVERIFY(sides->hasDiff());
        QVERIFY(sides->differenceCount() > 0);
        // Each pane's header names its run before the graph folder and file.
        QStringList titles;
        for (const QLabel* label : sides->findChildren<QLabel*>()) {
            if (label->text().startsWith(u"A: "_s) || label->text().startsWith(u"B: "_s))
                titles << label->text();
        }
        titles.sort();
        QCOMPARE(titles,
            QStringList({ u"A: 2026-07-20 10:15:30 · pid 4101 · model__0_forward_1.0/output_code.py"_s,
                u"B: 2026-07-20 11:02:07 · pid 4102 · model__0_forward_1.0/output_code.py"_s }));
        // Opened on the first difference.
        QCOMPARE(sides->currentDifference(), 0);
        QCOMPARE(cursorLine(sides->codeView(SideBySideView::SideA)), sides->diff().hunks[0].startA);
        QVERIFY(!sides->codeView(SideBySideView::SideA)->editor()->extraSelections().isEmpty());
        QVERIFY(!sides->codeView(SideBySideView::SideA)->marks().isEmpty()); // kernel bands from the index
    }

    void clickingAFusionMovesBothCursors()
    {
        ComparePage page;
        page.resize(1300, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setOutcome(m_outcome);
        QTRY_VERIFY(page.isReady());
        const dvmlens::FusionDiff* fusion = page.fusionModel()->fusionAt(1); // fused_add_mul: dvm → triton
        QVERIFY(fusion && fusion->a && fusion->b);
        QCOMPARE(fusion->key, std::string("fused_add_mul"));
        QTableView* table = page.fusionView();
        const QRect cell = table->visualRect(table->model()->index(1, FusionTableModel::FusionColumn));
        QVERIFY(cell.isValid());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        SideBySideView* sides = page.sideBySide();
        QCOMPARE(cursorLine(sides->codeView(SideBySideView::SideA)), fusion->a->line);
        QCOMPARE(cursorLine(sides->codeView(SideBySideView::SideB)), fusion->b->line);
        QVERIFY(fusion->a->line != fusion->b->line);

        page.selectFusion(0); // only in A: B stays where it was
        QCOMPARE(
            cursorLine(sides->codeView(SideBySideView::SideA)), page.fusionModel()->fusionAt(0)->a->line);
        QCOMPARE(cursorLine(sides->codeView(SideBySideView::SideB)), fusion->b->line);
    }

    void pairWithoutOutputCodeShowsPlaceholder()
    {
        ComparePage page;
        page.setOutcome(m_outcome);
        QVERIFY(page.selectGraph(QStringLiteral("model__0_backward_2")));
        QCOMPARE(page.currentGraph()->key, std::string("model__0_backward_2"));
        QTRY_VERIFY(page.isReady());
        SideBySideView* sides = page.sideBySide();
        QVERIFY(!sides->isPlaceholderShown(SideBySideView::SideA));
        QVERIFY(sides->isPlaceholderShown(SideBySideView::SideB));
        QVERIFY2(sides->placeholderText(SideBySideView::SideB)
                     .startsWith(QStringLiteral("No output_code.py in this graph folder (FX cache hit?)")),
            qPrintable(sides->placeholderText(SideBySideView::SideB)));
        QVERIFY(!sides->hasDiff());
        QCOMPARE(page.fusionModel()->rowCount(), 3);
        QVERIFY(!page.selectGraph(QStringLiteral("model__9_forward_1")));
    }

    void filtersFromTheControls()
    {
        ComparePage page;
        page.setOutcome(m_outcome);
        page.onlyRegressionsBox()->setChecked(true);
        QCOMPARE(page.summaryView()->model()->rowCount(), 2);
        page.filterEdit()->setText(QStringLiteral("inference"));
        QCOMPARE(page.summaryView()->model()->rowCount(), 1);
        QTRY_COMPARE(page.currentGraph() ? page.currentGraph()->key : std::string(),
            std::string("model__1_inference_3"));
        page.filterEdit()->setText(QStringLiteral("no such graph"));
        QCOMPARE(page.summaryView()->model()->rowCount(), 0);
        QCOMPARE(page.currentGraph(), nullptr);
        QCOMPARE(page.fusionModel()->rowCount(), 0);
        page.filterEdit()->clear();
        page.onlyRegressionsBox()->setChecked(false);
        QCOMPARE(page.summaryView()->model()->rowCount(), 3);
    }

    void commandLineOptions()
    {
        const auto parse = [](QStringList arguments) {
            arguments.prepend(QStringLiteral("dvmlens"));
            return parseCommandLine(arguments);
        };
        const CommandLineResult full =
            parse({ u"A"_s, u"--compare"_s, u"B"_s, u"--run-a"_s, u"4101"_s, u"--run-b"_s, u"run_2026"_s });
        QVERIFY2(full.options, qPrintable(full.error));
        QCOMPARE(full.options->path, QStringLiteral("A"));
        QCOMPARE(full.options->compareWith, QStringLiteral("B"));
        QCOMPARE(full.options->runA, QStringLiteral("4101"));
        QCOMPARE(full.options->runB, QStringLiteral("run_2026"));
        QCOMPARE(full.options->view, QStringLiteral("compare"));
        QVERIFY(knownViews().contains(QStringLiteral("compare")));
        QCOMPARE(parse({ u"A"_s, u"--compare"_s, u"B"_s, u"--view"_s, u"browse"_s }).options->view,
            QStringLiteral("browse"));
        QCOMPARE(parse({ u"A"_s, u"--view"_s, u"compare"_s }).error,
            QStringLiteral("--view compare needs --compare."));
        QCOMPARE(parse({ u"A"_s, u"--run-a"_s, u"1"_s }).error,
            QStringLiteral("--run-a and --run-b need --compare."));
        QCOMPARE(parse({ u"--compare"_s, u"B"_s }).error,
            QStringLiteral("--compare needs a PATH to compare with."));
    }

    void compareModeInTheMainWindow()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1400, 900);
        window.show();
        QSignalSpy finished(&window, &MainWindow::compareFinished);
        window.comparePaths(sampleRun(kRunA), sampleRun(kRunB));
        QVERIFY(window.isComparing());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(0).toString(), QString());
        QCOMPARE(window.mode(), MainWindow::Mode::Compare);
        QCOMPARE(window.pages()->currentWidget(), window.comparePage());
        QCOMPARE(window.windowTitle(), QStringLiteral("%1 compared to %2 — DVM Lens").arg(kRunA, kRunB));
        QCOMPARE(window.comparePage()->currentGraph()->key, std::string("model__0_forward_1"));
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
        QTRY_VERIFY(window.comparePage()->isReady());

        // Back to browse: side A is open there without a second indexing.
        window.setMode(MainWindow::Mode::Browse);
        QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.browsePage()));
        QCOMPARE(window.openedPath(), sampleRun(kRunA));
        QVERIFY(window.treeDocument()->index());
        QVERIFY(!window.isIndexing());
        QVERIFY(window.windowTitle().endsWith(QStringLiteral("— DVM Lens")));
        QVERIFY(!window.windowTitle().contains(QStringLiteral("compared to")));
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("RunsDock"))->isVisible());

        window.comparePaths(sampleRun(kRunA), testutil::sourcePath(QStringLiteral("no/such/tree")));
        QVERIFY(finished.wait(60000));
        QVERIFY(finished.at(1).at(0).toString().startsWith(QStringLiteral("Cannot open ")));
        QCOMPARE(window.mode(), MainWindow::Mode::Browse);
    }

    void f7WorksFromTheSummaryTable()
    {
        ComparePage page;
        page.resize(1300, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setOutcome(m_outcome);
        QTRY_VERIFY(page.isReady());
        page.summaryView()->setFocus();
        QTRY_VERIFY(page.summaryView()->hasFocus());
        QCOMPARE(page.sideBySide()->currentDifference(), 0);
        QTest::keyClick(page.summaryView(), Qt::Key_F7);
        QCOMPARE(page.sideBySide()->currentDifference(), 1);
        QTest::keyClick(page.summaryView(), Qt::Key_F7, Qt::ShiftModifier);
        QCOMPARE(page.sideBySide()->currentDifference(), 0);
    }

    void shiftDropComparesWithTheOpenTree()
    {
        struct DropWindow : MainWindow
        {
            using MainWindow::dropEvent;
        } window;
        window.setQuiet(true);
        window.show();
        QSignalSpy indexed(&window, &MainWindow::indexFinished);
        window.openPath(sampleRun(kRunA));
        QVERIFY(indexed.wait(60000));
        QSignalSpy compared(&window, &MainWindow::compareFinished);
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(sampleRun(kRunB)) });
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
        window.dropEvent(&drop); // QApplication only delivers drops that a real drag started
        QVERIFY(compared.wait(60000));
        QCOMPARE(compared.at(0).at(0).toString(), QString());
        QCOMPARE(window.mode(), MainWindow::Mode::Compare);
        QCOMPARE(QString::fromStdString(window.comparePage()->outcome()->result->runs.at(0).nameB), kRunB);
    }

    void screenshotOfTheComparison()
    {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString png = temp.filePath(QStringLiteral("compare.png"));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), temp.filePath(QStringLiteral("config")));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(DVMLENS_GUI),
            { QStringLiteral("--screenshot"), png, sampleRun(kRunA), QStringLiteral("--compare"),
                sampleRun(kRunB), QStringLiteral("--select"), QStringLiteral("model__1_inference_3"),
                QStringLiteral("--size"), QStringLiteral("1200x800") });
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 0);
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1200, 800));

        process.start(QStringLiteral(DVMLENS_GUI),
            { QStringLiteral("--screenshot"), png, sampleRun(kRunA), QStringLiteral("--compare"),
                sampleRun(kRunB), QStringLiteral("--select"), QStringLiteral("model__7_nothing") });
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(
            QString::fromUtf8(process.readAllStandardError()).contains(QStringLiteral("model__7_nothing")));
    }

    // As `dvmlens-cli compare` lists them (tests/cli/tst_cli_sources.cpp compareLines): rank 0 against
    // rank 1 of the sources fixture, whose layers.py:113 left DVM.
    void modelSourceLinesThatChangedAreListed()
    {
        const QString tree = testutil::fixture(QStringLiteral("sources/torch_compile_debug"));
        const auto outcome = runJob({ tree + QStringLiteral("/run_2026_11_01_10_00_00_000000-pid_100"),
            tree + QStringLiteral("/run_2026_11_01_10_00_05_000000-pid_101"), {}, {} });
        QVERIFY(outcome && outcome->result && outcome->sourceChanges);
        ComparePage page;
        QAbstractItemModelTester tester(
            page.sourcesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.resize(1400, 900);
        page.show();
        page.setOutcome(outcome);
        SourceChangesModel* model = page.sourcesModel();
        QCOMPARE(model->rowCount(), 2);
        const auto cell = [&](int column) { return model->index(0, column).data().toString(); };
        QCOMPARE(model->index(1, SourceChangesModel::ChangeColumn).data().toString(),
            u"is gone from B (it had DVM kernels in A)"_s);
        QCOMPARE(
            model->index(1, SourceChangesModel::LocationColumn).data().toString(), u"functional.py:2929"_s);
        QCOMPARE(cell(SourceChangesModel::LocationColumn), u"layers.py:113"_s);
        QCOMPARE(cell(SourceChangesModel::ChangeColumn), u"left DVM in B"_s);
        QCOMPARE(cell(SourceChangesModel::DvmColumn), u"1 → 0"_s);
        QCOMPARE(cell(SourceChangesModel::OtherColumn), u"0 → 1"_s);
        QCOMPARE(cell(SourceChangesModel::FallbacksColumn), u"0 → 0"_s);
        QCOMPARE(model->index(0, 0).data(Qt::AccessibleTextRole).toString(),
            u"layers.py:113 left DVM in B: DVM 1 → 0, other kernels 0 → 1, fallbacks 0 → 0"_s);
        QVERIFY(model->index(0, 0).data(Qt::ToolTipRole).toString().contains(u"layers.py:113"_s));
        QVERIFY(page.sourcesView()->isVisible());
        QVERIFY(!page.sourcesView()->accessibleName().isEmpty());
        // The sample tree's pair (pid 4101 used DVM, pid 4102 lost it): six lines left DVM.
        page.setOutcome(m_outcome);
        QCOMPARE(model->rowCount(), 6);
        QCOMPARE(model->index(5, SourceChangesModel::LocationColumn).data().toString(), u"layers.py:120"_s);
        QCOMPARE(model->index(5, SourceChangesModel::FallbacksColumn).data().toString(), u"3 → 1"_s);
        // No comparison, no table.
        page.clear();
        QCOMPARE(model->rowCount(), 0);
        QVERIFY(!page.sourcesView()->isVisible());
    }

    void clearEmptiesEverything()
    {
        ComparePage page;
        page.setOutcome(m_outcome);
        page.clear();
        QCOMPARE(page.summaryView()->model()->rowCount(), 0);
        QCOMPARE(page.fusionModel()->rowCount(), 0);
        QCOMPARE(page.sourcesModel()->rowCount(), 0);
        QVERIFY(page.summaryLabel()->text().isEmpty());
        QVERIFY(page.sideBySide()->isPlaceholderShown(SideBySideView::SideA));
    }
};

QTEST_MAIN(TestComparePage)
#include "tst_comparepage.moc"
