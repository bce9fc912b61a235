// SPDX-License-Identifier: MIT
// Empty panes say what would fill them: the run trees before a tree is open, the kernel table
// before a graph is selected; the hints go once rows arrive.
#include "core/trace/codehash.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/codeheader.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/browse/runtreepane.h"
#include "gui/common/emptyviewhint.h"
#include "gui/shell/mainwindow.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

EmptyViewHint* hintOf(QObject* view)
{
    return view->findChild<EmptyViewHint*>(u"EmptyViewHint"_s, Qt::FindDirectChildrenOnly);
}

} // namespace

class TestEmptyHints : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void emptyPanesSayWhatFillsThem()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* runTree = window.findChild<QTreeView*>(u"RunTree"_s);
        auto* graphTree = window.findChild<QTreeView*>(u"GraphTree"_s);
        QTreeView* kernels = window.browsePage()->kernelPanel()->view();
        for (QTreeView* view : { runTree, graphTree, kernels })
            QVERIFY(view && hintOf(view));
        QVERIFY(hintOf(runTree)->isShown());
        QVERIFY(hintOf(graphTree)->isShown());
        QVERIFY(hintOf(runTree)->text().startsWith(
            u"No runs to show. Open a torch_compile_debug, TORCH_TRACE or Inductor cache folder"_s));
        QVERIFY(hintOf(kernels)->isShown());
        QVERIFY(hintOf(kernels)->text().startsWith(u"No kernels to show."_s));
        // Drawn inside the view, over its whole viewport (visible on the welcome page's docks).
        auto* label = runTree->viewport()->findChild<QLabel*>(u"EmptyViewHintLabel"_s);
        QVERIFY(label && label->isVisible());
        QCOMPARE(label->geometry(), runTree->viewport()->rect());

        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::sampleTree());
        QVERIFY(finished.wait(30000));
        QVERIFY(!hintOf(runTree)->isShown());
        QVERIFY(!label->isVisible());
        window.browsePage()->runTreePane()->setByGraph(true); // filled when shown
        QTRY_VERIFY(!hintOf(graphTree)->isShown());
        window.browsePage()->runTreePane()->setByGraph(false);
        QCOMPARE(
            window.browsePage()->selectBySpec(u"%1/model__0_forward_1.0"_s.arg(testutil::kSampleEngagedRun)),
            QString());
        QTRY_VERIFY(kernels->model()->rowCount() > 0);
        QVERIFY(!hintOf(kernels)->isShown());
        // A graph without output_code.py: no kernels, and the hint says why.
        QCOMPARE(
            window.browsePage()->selectBySpec(u"%1/model__0_backward_2.1"_s.arg(testutil::kSampleLostRun)),
            QString());
        QTRY_COMPARE(kernels->model()->rowCount(), 0);
        QVERIFY(hintOf(kernels)->isShown());
        QVERIFY(hintOf(kernels)->text().contains(u"output_code.py"_s));
    }

    // A run with no graph to select says why, in its input's terms: a trace log without
    // inductor_output_code records, a cache of kernel modules only, a debug run without graph folders.
    void aRunWithoutGraphsSaysWhy()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(u"trace"_s));
        QVERIFY(testutil::writeBytes(dir.filePath(u"trace/dedicated_log_torch_trace_rank_0_x.log"_s),
            testutil::traceRecord(
                "\"dynamo_start\": {\"stack\": []}, \"frame_id\": 0, \"frame_compile_id\": 0")));
        const std::string kernel = "import triton\n@triton.jit\ndef triton_poi_0(x):\n    pass\n";
        const QString hash = QString::fromStdString(dvmlens::inductorCodeHash(kernel));
        QVERIFY(QDir(dir.path()).mkpath(u"cache/"_s + hash.mid(1, 2)));
        QVERIFY(testutil::writeBytes(
            dir.filePath(u"cache/"_s + hash.mid(1, 2) + u'/' + hash + u".py"_s), kernel));
        QVERIFY(QDir(dir.path()).mkpath(u"tree/run_2026_07_20_10_00_00_000000-pid_7/torchinductor"_s));
        const struct
        {
            QString path;
            QString header;
        } cases[] = {
            { u"trace"_s,
                u"rank 0 · pid 4242  ▸  this TORCH_TRACE log has no inductor_output_code record: no wrapper "
                u"module to "
                "show (its compiles failed, made a C++ wrapper, or ended before Inductor)"_s },
            { u"cache"_s,
                u"Inductor cache  ▸  this cache folder holds no wrapper module, only kernel and helper "
                "modules"_s },
            { u"tree"_s, u"2026-07-20 10:00:00 · pid 7  ▸  this run has no graph folders"_s },
        };
        for (const auto& each : cases) {
            MainWindow window;
            window.setQuiet(true);
            QSignalSpy finished(&window, &MainWindow::indexFinished);
            window.openPath(dir.filePath(each.path));
            QVERIFY(finished.wait(30000));
            RunTreeModel* model = window.browsePage()->runModel();
            QCOMPARE(model->rowCount(), 1);
            QCOMPARE(model->rowCount(model->index(0, 0)), 0);
            window.browsePage()->runTree()->setCurrentIndex(model->index(0, RunTreeModel::NameColumn));
            QCOMPARE(window.browsePage()->codeHeader()->text(), each.header);
        }
    }
};

QTEST_MAIN(TestEmptyHints)
#include "tst_emptyhints.moc"
