// SPDX-License-Identifier: MIT
// The Runs dock's "By frame" tree (issue #27: "the run tree can group a frame's graphs ... a
// DVM-engaged share per frame") on TORCH_TRACE logs the tests write: frames ▸ the graphs their
// compiles made, the share and the verdicts exactly as core decides them, a log without a rank named
// by its file, the frame's story for a screen reader; a sound model (QAbstractItemModelTester); in the
// window the button shows only with frames, picking a graph selects it in the run tree, and the tree
// follows the run tree's selection.
#include "gui/browse/browsepage.h"
#include "gui/browse/frametreemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/browse/runtreepane.h"
#include "gui/compile/compiledock.h"
#include "gui/shell/mainwindow.h"
#include "indexfixture.h"
#include "testutil.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;
using testutil::compileId;

namespace {

// a: forward [0/0] breaks at layers.py:210 (its forward code DVM, its backward not) and the resume
// function [1/0] makes one more graph; d: [0/0] fails with the FallbackKernel error (no graph).
void writeLogs(const QDir& dir)
{
    QVERIFY(testutil::writeBytes(dir.filePath(u"dedicated_log_torch_trace_a.log"_s),
        testutil::breakLog() + testutil::dvmOutputCode(compileId(0, 0), "0_forward")
            + testutil::outputCode(compileId(0, 0), "0_backward")
            + testutil::outputCode(compileId(1, 0), "1_forward")));
    QVERIFY(testutil::writeBytes(
        dir.filePath(u"dedicated_log_torch_trace_d.log"_s), testutil::fallbackKernelLog()));
}

std::shared_ptr<const dvmlens::Index> indexOf(const QString& path)
{
    return std::make_shared<const dvmlens::Index>(testutil::indexOf(path));
}

QStringList rowTexts(const QAbstractItemModel& model, const QModelIndex& at)
{
    QStringList cells;
    for (int column = 0; column < model.columnCount(at.parent()); ++column)
        cells << at.siblingAtColumn(column).data().toString();
    return cells;
}

} // namespace

class TestFrameTree : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void framesAndTheirGraphs()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        FrameTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index, nullptr);
        QCOMPARE(model.rowCount(), 0); // no facts yet
        QVERIFY(!model.hasFrames());
        const std::shared_ptr<const CompileFacts> facts = computeCompileFacts(*index);
        model.setCompileFacts(facts);
        QVERIFY(model.hasFrames());
        QCOMPARE(model.rowCount(), 3);

        const QModelIndex forward = model.index(0, 0);
        QCOMPARE(rowTexts(model, forward),
            (QStringList { u"forward (layers.py:200) · dedicated_log_torch_trace_a.log"_s,
                u"DVM 1 of 2 graphs"_s, QString(), QString() }));
        QCOMPARE(model.rowCount(forward), 2);
        QCOMPARE(model.index(0, FrameTreeModel::NameColumn, forward).data().toString(), u"[0/0] 0_forward"_s);
        QCOMPARE(model.index(0, FrameTreeModel::VerdictColumn, forward).data().toString(), u"DVM"_s);
        QCOMPARE(
            model.index(1, FrameTreeModel::NameColumn, forward).data().toString(), u"[0/0] 0_backward"_s);
        QCOMPARE(model.index(1, FrameTreeModel::VerdictColumn, forward).data().toString(), u"no DVM"_s);

        const QModelIndex resume = model.index(1, 0);
        QCOMPARE(model.index(1, FrameTreeModel::VerdictColumn).data().toString(), u"DVM 0 of 1 graph"_s);
        QCOMPARE(model.rowCount(resume), 1);
        QCOMPARE(resume.data(Qt::AccessibleTextRole).toString(),
            u"torch_dynamo_resume_in_forward_at_210 (layers.py:200) · dedicated_log_torch_trace_a.log, DVM "
            u"engaged in 0 of 1 graph, torch_dynamo_resume_in_forward_at_210 (layers.py:200): 1 compile; the "
            u"rest of forward after a break at layers.py:210 (Unsupported Tensor.item() call with "
            u"capture_scalar_outputs=False), split off [0/0]; DVM engaged in 0 of 1 graph"_s);

        // The failed compile's frame made no graph: a row without children, named by its own log.
        const QModelIndex failed = model.index(2, 0);
        QCOMPARE(rowTexts(model, failed),
            (QStringList { u"forward (layers.py:200) · dedicated_log_torch_trace_d.log"_s, u"no graphs"_s,
                QString(), QString() }));
        QCOMPARE(model.rowCount(failed), 0);
        QVERIFY(failed.data(Qt::ToolTipRole).toString().contains(u"the compile failed: InductorError: "_s));

        // Graph rows lead to their (run, graph) and back.
        const auto [run, graph] = model.graphPositionAt(model.index(0, 0, resume));
        QVERIFY(run >= 0);
        QCOMPARE(
            index->runs[std::size_t(run)].graphs[std::size_t(graph)].name, std::string("[1/0] 1_forward"));
        QCOMPARE(model.indexForGraph(run, graph), model.index(0, 0, resume));
        QCOMPARE(model.graphPositionAt(forward), std::make_pair(-1, -1));

        // Facts of another index are not shown.
        model.setIndex(indexOf(dir.path()), nullptr);
        QVERIFY(!model.hasFrames());
        QCOMPARE(model.rowCount(), 0);
    }

    void inTheWindow()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        MainWindow window;
        window.setQuiet(true);
        RunTreePane* pane = window.browsePage()->runTreePane();
        QVERIFY(pane->byFrameButton()->isHidden()); // nothing open: no frames
        QVERIFY(!pane->byFrameAction()->isEnabled());
        QVERIFY(window.viewMenu()->actions().contains(pane->byFrameAction()));
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(dir.path());
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY(!pane->byFrameButton()->isHidden());
        QVERIFY(pane->byFrameAction()->isEnabled());
        QCOMPARE(pane->byFrameButton()->text(), u"By frame"_s);

        pane->byFrameButton()->click();
        QVERIFY(pane->byFrame());
        QVERIFY(!pane->byGraph());
        QCOMPARE(pane->currentView(), pane->frameTree());
        QVERIFY(pane->byFrameAction()->isChecked());
        QCOMPARE(pane->frameTree()->accessibleName(), u"By frame"_s);

        // Picking a graph under its frame opens it as the run tree would.
        FrameTreeModel* model = pane->frameModel();
        const QModelIndex resumeGraph = model->index(0, 0, model->index(1, 0));
        pane->frameTree()->setCurrentIndex(resumeGraph);
        const dvmlens::Graph* graph = window.browsePage()->currentGraph();
        QVERIFY(graph);
        QCOMPARE(graph->name, std::string("[1/0] 1_forward"));

        // The run tree's selection moves the frame tree along.
        QTreeView* runTree = window.browsePage()->runTree();
        const auto [run, backward] = model->graphPositionAt(model->index(1, 0, model->index(0, 0)));
        runTree->setCurrentIndex(window.browsePage()->runModel()->indexForGraph(run, backward));
        QCOMPARE(
            pane->frameTree()->currentIndex().siblingAtColumn(0), model->index(1, 0, model->index(0, 0)));

        // By graph and back to By run leave the frame tree.
        pane->setByGraph(true);
        QVERIFY(pane->byGraph() && !pane->byFrame());
        QVERIFY(!pane->byFrameButton()->isChecked());
        pane->setByGraph(false);
        QCOMPARE(pane->currentView(), runTree);
        QVERIFY(pane->byFrameAction()->isEnabled());
        pane->byFrameAction()->trigger();
        QVERIFY(pane->byFrame());
        pane->byFrameAction()->trigger();
        QCOMPARE(pane->currentView(), runTree);
    }
};

QTEST_MAIN(TestFrameTree)
#include "tst_frametree.moc"
