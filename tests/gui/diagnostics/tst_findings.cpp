// SPDX-License-Identifier: MIT
// Known failures in the Diagnostics dock, on the exportgui fixture tree (a training log with the
// FallbackKernel traceback): exact rows under QAbstractItemModelTester, the details with cause
// and fix, "Copy Fix", and a click opening the log at the matching line. In the main window the
// run tree is marked from the same search, and selecting a marked graph shows its finding.
#include "core/index/indexer.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/runtreemodel.h"
#include "gui/codeview/codeview.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/diagnostics/diagnosticsmodel.h"
#include "gui/diagnostics/findingdetails.h"
#include "gui/document/findingsjob.h"
#include "gui/document/treedocument.h"
#include "gui/shell/mainwindow.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QImage>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString kRun = QStringLiteral("run_2026_07_20_10_15_30_123456-pid_797352");

QString logPath()
{
    return testutil::fixture(QStringLiteral("exportgui/torch_compile_debug/%1/train.log").arg(kRun));
}

std::shared_ptr<const dvmlens::Index> fixtureIndex()
{
    std::string error;
    std::optional<dvmlens::Index> index =
        dvmlens::buildIndex(testutil::fixturePath(QStringLiteral("exportgui")), {}, error);
    return index ? std::make_shared<const dvmlens::Index>(std::move(*index)) : nullptr;
}

QStringList row(const QAbstractItemModel& model, int row)
{
    QStringList cells;
    for (int column = 0; column < model.columnCount(); ++column)
        cells << model.index(row, column).data().toString();
    return cells;
}

// Shows `window` (quiet, 1200x800), opens `path` and waits until it is indexed and the Diagnostics
// dock's known-failure search is done.
bool openAndSearch(MainWindow& window, const QString& path)
{
    window.setQuiet(true);
    window.resize(1200, 800);
    window.show();
    QSignalSpy finished(&window, &MainWindow::indexFinished);
    QSignalSpy searched(window.diagnosticsDock(), &DiagnosticsDock::knownFailuresSearched);
    window.openPath(path);
    return finished.wait(30000) && (searched.count() > 0 || searched.wait(30000));
}

} // namespace

class TestFindings : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_temp;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_temp.isValid());
        qputenv("XDG_CONFIG_HOME", m_temp.filePath(QStringLiteral("config")).toLocal8Bit());
    }

    void modelRows()
    {
        const std::shared_ptr<const dvmlens::Index> index = fixtureIndex();
        QVERIFY(index);
        DiagnosticsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index);
        QCOMPARE(model.rowCount(), 0); // the scan itself found nothing odd
        model.setKnownFailures(FindingsJob::search(fixtureIndex())); // another index: ignored
        QCOMPARE(model.rowCount(), 0);
        model.setKnownFailures(FindingsJob::search(index));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(row(model, 0),
            QStringList({ u"Error"_s, u"fallbackkernel-no-data"_s,
                u"'FallbackKernel' object has no attribute 'data'"_s,
                u"torch_compile_debug/"_s + kRun + u"/train.log:10"_s }));
        QCOMPARE(model.index(0, 0).data(DiagnosticsModel::PathRole).toString(), logPath());
        QCOMPARE(model.index(0, 0).data(DiagnosticsModel::LineRole).toInt(), 10);
        QCOMPARE(model.index(0, 0).data(DiagnosticsModel::KnownFailureRole).toBool(), true);
        QCOMPARE(model.findingAt(0)->occurrences, 2);
        QCOMPARE(row(model, 1),
            QStringList({ u"Warning"_s, u"graph-without-dvm-kernel"_s,
                u"Graph compiled without any DVM kernel while other graphs have them"_s,
                u"torch_compile_debug/"_s + kRun
                    + u"/torchinductor/model__1_forward_3.1/output_code.py"_s }));
        QCOMPARE(model.index(1, 0).data(DiagnosticsModel::LineRole).toInt(), 0);

        model.setIndex(index); // a new index starts without findings until they are searched again
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.findingAt(0));
    }

    // The sample tree (two runs, one FX cache-hit folder): the list holds what `dvmlens-cli scan`
    // counts (the cache-hit finding restates the scanner's missing-output-code and is shown in its
    // place), and every Location names its run folder, since both runs have model__0_forward_1.0.
    void sampleTreeListsWhatTheCliCounts()
    {
        std::string error;
        std::optional<dvmlens::Index> built = dvmlens::buildIndex(
            testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")).toStdString(), {},
            error);
        QVERIFY(built);
        const auto index = std::make_shared<const dvmlens::Index>(std::move(*built));
        QCOMPARE(index->runs.size(), std::size_t(2));
        DiagnosticsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index);
        model.setKnownFailures(FindingsJob::search(index));

        QProcess cli;
        cli.start(QStringLiteral(DVMLENS_CLI),
            { QStringLiteral("scan"),
                testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")) });
        QVERIFY(cli.waitForFinished(60000));
        const QString out = QString::fromUtf8(cli.readAllStandardOutput());
        QVERIFY2(out.contains(QStringLiteral("diagnostics: warning 6\n")), qPrintable(out));
        QCOMPARE(model.rowCount(), 6);
        QStringList codes;
        for (int r = 0; r < model.rowCount(); ++r) {
            codes << model.index(r, DiagnosticsModel::CodeColumn).data().toString();
            const QString location = model.index(r, DiagnosticsModel::LocationColumn).data().toString();
            // The path under the tree's root names the run: both runs have model__0_forward_1.0.
            QVERIFY2(location.startsWith(QStringLiteral("run_2026_07_20_")), qPrintable(location));
        }
        QCOMPARE(codes.count(QStringLiteral("fx-cache-hit-no-output-code")), 1);
        QVERIFY(!codes.contains(QStringLiteral("missing-output-code")));
    }

    void badUserRulesFile()
    {
        QTemporaryDir config;
        QVERIFY(QDir(config.path()).mkpath(QStringLiteral("dvmlens")));
        QFile rules(config.filePath(QStringLiteral("dvmlens/known-failures.json")));
        QVERIFY(rules.open(QIODevice::WriteOnly));
        rules.write("{ not json");
        rules.close();
        const QByteArray saved = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
        const std::shared_ptr<const KnownFailures> result = FindingsJob::search(fixtureIndex());
        qputenv("XDG_CONFIG_HOME", saved);
        // The built-in rules still apply, and the broken file is reported.
        QCOMPARE(result->findings.size(), std::size_t(2));
        QCOMPARE(result->problems.size(), std::size_t(1));
        QCOMPARE(result->problems[0].code, std::string("bad-rules-file"));
        QCOMPARE(QString::fromStdString(result->problems[0].path), rules.fileName());
    }

    void detailsAndCopyFix()
    {
        TreeDocument document;
        DiagnosticsDock dock(document);
        QSignalSpy searched(&dock, &DiagnosticsDock::knownFailuresSearched);
        QSignalSpy activated(&dock, &DiagnosticsDock::locationActivated);
        document.setIndex(testutil::fixture(QStringLiteral("exportgui")), fixtureIndex());
        QVERIFY(dock.isSearchingKnownFailures());
        dock.showFirstKnownFailure(); // asked while searching: done when the search ends
        QCOMPARE(activated.count(), 0);
        QVERIFY(searched.wait(30000));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), logPath());
        QCOMPARE(activated.at(0).at(1).toInt(), 10);
        QCOMPARE(dock.view()->currentIndex().row(), 0);
        // The reasons arrive (again) while the entry is read: it stays selected, its details shown.
        QTRY_VERIFY_WITH_TIMEOUT(document.why() != nullptr, 30000);
        Q_EMIT document.whyChanged();
        QCOMPARE(dock.view()->currentIndex().row(), 0);

        const QString shown = dock.details()->text()->toPlainText();
        QVERIFY2(shown.startsWith(QStringLiteral("'FallbackKernel' object has no attribute 'data'\n")),
            qPrintable(shown));
        QVERIFY(shown.contains(
            QStringLiteral("Where: torch_compile_debug/%1/train.log:10 (2 occurrences").arg(kRun)));
        QVERIFY(
            shown.contains(QStringLiteral("Cause: torch_npu's Inductor IR patch treats ir.FallbackKernel")));
        QVERIFY(shown.contains(QStringLiteral("+            ir.FallbackKernel,")));

        QVERIFY(dock.details()->copyFixButton()->isEnabled());
        QApplication::clipboard()->clear();
        dock.details()->copyFixButton()->click();
        const QString fix = QApplication::clipboard()->text();
        QVERIFY2(fix.startsWith(
                     QStringLiteral("Add ir.FallbackKernel to the isinstance tuple in all three places of "
                                    "inductor_patch/ir.py so the hint returns early.\n\n--- a/torch_npu/")),
            qPrintable(fix));
        QVERIFY(fix.endsWith(QStringLiteral("         return r")));

        // Errors only: the warning row goes; selecting it would show no fix.
        dock.setMinimumSeverity(dvmlens::Severity::Error);
        QCOMPARE(dock.proxy()->rowCount(), 1);
        dock.setMinimumSeverity(dvmlens::Severity::Info);
        dock.view()->setCurrentIndex(dock.proxy()->index(1, 0));
        QVERIFY(dock.details()->text()->toPlainText().contains(QStringLiteral("graph-without-dvm-kernel")));
        QVERIFY(dock.details()->copyFixButton()->isEnabled()); // tree rules have a fix too
    }

    void clickOpensTheLogAtTheLine()
    {
        MainWindow window;
        QVERIFY(openAndSearch(window, testutil::fixture(QStringLiteral("exportgui"))));
        DiagnosticsDock* dock = window.diagnosticsDock();
        QTreeView* view = dock->view();
        dock->show();
        dock->raise();
        // The why-not-DVM entries come after the known failures (gui-whyentries); once they are in,
        // no reset clears the details the click shows.
        const auto whyEntries = [dock] {
            int count = 0;
            for (int row = 0; row < dock->model()->rowCount(); ++row)
                count += dock->model()->whyGroupAt(row) ? 1 : 0;
            return count;
        };
        QTRY_VERIFY(whyEntries() > 0);
        QCOMPARE(dock->proxy()->rowCount() - whyEntries(), 2);
        const QRect cell = view->visualRect(dock->proxy()->index(0, DiagnosticsModel::MessageColumn));
        QVERIFY(cell.isValid());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        CodeView* code = window.browsePage()->codeView();
        QTRY_COMPARE(code->currentPath(), logPath());
        QTRY_COMPARE(code->editor()->textCursor().blockNumber() + 1, 10);
        QVERIFY(
            dock->details()->text()->toPlainText().contains(QStringLiteral("Fix: Add ir.FallbackKernel")));
    }

    void treeSelectionShowsItsFinding()
    {
        MainWindow window;
        QVERIFY(openAndSearch(
            window, testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"))));

        RunTreeModel* tree = window.browsePage()->runModel();
        QTreeView* treeView = window.browsePage()->runTree();
        DiagnosticsDock* dock = window.diagnosticsDock();
        const auto shownFinding = [dock]() -> const dvmlens::Finding* {
            const QModelIndex current = dock->proxy()->mapToSource(dock->view()->currentIndex());
            return current.isValid() ? dock->model()->findingAt(current.row()) : nullptr;
        };
        const auto dockRowOf = [dock](const std::string& rule, std::size_t run, std::size_t graph) {
            for (int row = 0; row < dock->proxy()->rowCount(); ++row) {
                const QModelIndex index = dock->proxy()->index(row, 0);
                const dvmlens::Finding* finding =
                    dock->model()->findingAt(dock->proxy()->mapToSource(index).row());
                if (finding && finding->rule.id == rule && finding->run == run && finding->graph == graph)
                    return index;
            }
            return QModelIndex();
        };

        // The tree got the dock's findings: the same objects.
        const QModelIndex run1 = tree->index(1, 0);
        const QModelIndex forward = tree->index(0, 0, run1);
        QCOMPARE(
            forward.data(RunTreeModel::KnownFailureSeverityRole), QVariant(int(dvmlens::Severity::Warning)));
        const std::vector<const dvmlens::Finding*> onForward = tree->findingsAt(forward);
        QCOMPARE(onForward.size(), std::size_t(2));

        // Selecting the marked graph selects its first finding in the dock, whose details follow.
        treeView->setCurrentIndex(forward);
        QCOMPARE(shownFinding(), onForward.front());
        QCOMPARE(onForward.front()->rule.id, std::string("graph-without-dvm-kernel"));
        QVERIFY(dock->details()->text()->toPlainText().startsWith(
            QStringLiteral("Graph compiled without any DVM kernel while other graphs have them\n")));

        // A graph or run without findings of its own leaves the dock alone.
        treeView->setCurrentIndex(tree->index(0, 0, tree->index(0, 0)));
        QCOMPARE(shownFinding(), onForward.front());
        treeView->setCurrentIndex(run1);
        QCOMPARE(shownFinding(), onForward.front());

        // Opening the graph's second finding from the dock (keyboard: the list is two rows high
        // here) keeps it shown, though the tree moves to that graph's code.
        const QModelIndex importFx = dockRowOf("dvm-named-import-fx", 1, 0);
        QVERIFY(importFx.isValid());
        dock->view()->setFocus();
        dock->view()->setCurrentIndex(importFx);
        QTest::keyClick(dock->view(), Qt::Key_Return);
        QCOMPARE(window.browsePage()->currentPath(), QString::fromStdString(onForward.back()->path));
        QCOMPARE(shownFinding(), onForward.back());
        QVERIFY(dock->details()->text()->toPlainText().startsWith(
            QStringLiteral("DVM-named kernel is an import_fx fallback\n")));

        // The FX-cache-hit folder is listed once: by its finding (with cause and fix), which takes
        // the place of the scanner's missing-output-code. Opened from the dock, it moves the tree
        // to that graph and stays shown.
        const QModelIndex backward = tree->index(1, 0, run1);
        QModelIndex cacheHitRow;
        for (int row = 0; row < dock->proxy()->rowCount(); ++row) {
            const int source = dock->proxy()->mapToSource(dock->proxy()->index(row, 0)).row();
            QVERIFY(dock->model()->diagnosticAt(source)->code != "missing-output-code");
            if (dock->model()->diagnosticAt(source)->code == "fx-cache-hit-no-output-code")
                cacheHitRow = dock->proxy()->index(row, 0);
        }
        QVERIFY(cacheHitRow.isValid());
        dock->view()->setCurrentIndex(cacheHitRow);
        QTest::keyClick(dock->view(), Qt::Key_Return);
        QCOMPARE(treeView->currentIndex().siblingAtColumn(0), backward);
        QCOMPARE(dock->view()->currentIndex(), cacheHitRow);
        // Chosen in the tree, the same graph shows its finding.
        treeView->setCurrentIndex(forward);
        treeView->setCurrentIndex(backward);
        QCOMPARE(shownFinding(), tree->findingsAt(backward).front());
        QCOMPARE(shownFinding()->rule.id, std::string("fx-cache-hit-no-output-code"));

        // Hidden by the severity filter: nothing to select, the dock keeps what it shows.
        dock->setMinimumSeverity(dvmlens::Severity::Error);
        treeView->setCurrentIndex(forward);
        QVERIFY(!shownFinding() || shownFinding()->rule.severity == dvmlens::Severity::Error);
    }

    void screenshotOfTheDiagnosticsView()
    {
        // The scripted bug-report picture: waits for the known-failure search before capturing.
        const QString shot = m_temp.filePath(QStringLiteral("diagnostics.png"));
        QProcess gui;
        gui.start(QStringLiteral(DVMLENS_GUI),
            { QStringLiteral("--screenshot"), shot, QStringLiteral("--view"), QStringLiteral("diagnostics"),
                QStringLiteral("--size"), QStringLiteral("1200x800"),
                testutil::fixture(QStringLiteral("exportgui")) });
        QVERIFY(gui.waitForFinished(60000));
        QCOMPARE(gui.exitCode(), 0);
        QCOMPARE(QImage(shot).size(), QSize(1200, 800));
    }
};

QTEST_MAIN(TestFindings)
#include "tst_findings.moc"
