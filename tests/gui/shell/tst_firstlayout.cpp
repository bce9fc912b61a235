// SPDX-License-Identifier: MIT
// The first window's layout (no saved state) at the sizes of the screenshot set: every column of the run tree
// and the kernel table is on screen without scrolling sideways, and the run tree shows both runs of the
// sample.
#include "browse/browsepage.h"
#include "browse/kernelpanel.h"
#include "browse/runtreemodel.h"
#include "compare/comparepage.h"
#include "diagnostics/diagnosticsdock.h"
#include "shell/commandline.h"
#include "shell/mainwindow.h"
#include "shell/startupactions.h"
#include "testutil.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The visible sections, left to right, that end beyond the view's viewport.
QStringList sectionsCut(const QAbstractItemView& view, const QHeaderView* header)
{
    QStringList cut;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (header->isSectionHidden(logical))
            continue;
        if (header->sectionViewportPosition(logical) + header->sectionSize(logical)
            > view.viewport()->width())
            cut << view.model()->headerData(logical, Qt::Horizontal).toString();
    }
    return cut;
}

QStringList sectionsCut(const QTreeView& view)
{
    return sectionsCut(view, view.header());
}

QStringList sectionsCut(const QTableView& view)
{
    return sectionsCut(view, view.horizontalHeader());
}

} // namespace

class TestFirstLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void everyColumnFits_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }

    void everyColumnFits()
    {
        QFETCH(QSize, size);
        MainWindow window;
        window.setQuiet(true);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::sampleTree());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        BrowsePage* browse = window.browsePage();
        QCOMPARE(
            browse->selectBySpec(u"%1/model__0_forward_1.0"_s.arg(testutil::kSampleEngagedRun)), QString());
        QTreeView* runTree = window.findChild<QTreeView*>(u"RunTree"_s);
        QTreeView* kernels = browse->kernelPanel()->view();
        QVERIFY(runTree && kernels);
        QTRY_COMPARE(kernels->model()->rowCount(), 4);
        QTest::qWait(50); // the docks' new sizes are laid out

        // The run tree: name, verdict and the three counts, none cut, no sideways scrolling.
        QCOMPARE(sectionsCut(*runTree), QStringList());
        QCOMPARE(runTree->horizontalScrollBar()->maximum(), 0);
        // Both runs of the sample and the selected run's graphs are visible above the details.
        const QRect secondRun = runTree->visualRect(browse->runModel()->index(1, 0));
        QVERIFY2(secondRun.isValid() && runTree->viewport()->rect().contains(secondRun),
            "the second run is below the Runs dock's edge");

        // The kernel table below spans the window: every column, from Kernel to Outputs, on screen.
        QCOMPARE(sectionsCut(*kernels), QStringList());
        QCOMPARE(kernels->horizontalScrollBar()->maximum(), 0);
        auto* kernelsDock = window.findChild<QDockWidget*>(u"KernelsDock"_s);
        QVERIFY(kernelsDock->width() >= size.width() * 9 / 10);
    }

    // The pairs table gets the width of its columns (Fallbacks was off screen at 1280x800).
    void comparePairsShowEveryColumn()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::compareFinished);
        window.comparePaths(testutil::sampleTree(testutil::kSampleEngagedRun),
            testutil::sampleTree(testutil::kSampleLostRun));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toString(), QString());
        QTableView* pairs = window.comparePage()->summaryView();
        QCOMPARE(pairs->model()->rowCount(), 3);
        QTRY_COMPARE(sectionsCut(*pairs), QStringList());
        QCOMPARE(pairs->horizontalScrollBar()->maximum(), 0);
        // The fusions keep a useful share beside it.
        QVERIFY(window.comparePage()->fusionView()->width() >= 1280 / 5);
    }

    // --view diagnostics (the screenshot's): the sample's six findings in view, none scrolled away.
    void diagnosticsViewShowsEveryFinding()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::sampleTree());
        QVERIFY(finished.wait(30000));
        CommandLine options;
        options.view = u"diagnostics"_s;
        QCOMPARE(applyStartupActions(window, options), QString());
        QTreeView* findings = window.diagnosticsDock()->view();
        QTRY_COMPARE(findings->model()->rowCount(), 6);
        QTRY_VERIFY(findings->isVisible());
        QTest::qWait(50);
        QCOMPARE(findings->verticalScrollBar()->maximum(), 0);
        const QRect last = findings->visualRect(findings->model()->index(5, 0));
        QVERIFY2(findings->viewport()->rect().contains(last), "the last finding is below the list's edge");
    }
};

QTEST_MAIN(TestFirstLayout)
#include "tst_firstlayout.moc"
