// SPDX-License-Identifier: MIT
// Empty panes say what would fill them: the run trees before a tree is open, the kernel table
// before a graph is selected; the hints go once rows arrive.
#include "gui/browse/browsepage.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/runtreepane.h"
#include "gui/common/emptyviewhint.h"
#include "gui/shell/mainwindow.h"
#include "testutil.h"

#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
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
};

QTEST_MAIN(TestEmptyHints)
#include "tst_emptyhints.moc"
