// SPDX-License-Identifier: MIT
// The first window's layout (no saved state) at the sizes of the screenshot set: every column of the run tree
// and the kernel table is on screen without scrolling sideways, and the run tree shows both runs of the
// sample.
#include "gui/browse/browsepage.h"
#include "gui/browse/graphtreemodel.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/browse/runtreepane.h"
#include "gui/codeview/codeview.h"
#include "gui/compare/comparepage.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/diagnostics/findingdetails.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/profilecontroller.h"
#include "gui/shell/commandline.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/startupactions.h"
#include "gui/shell/translations.h"
#include "gui/sources/sourcelocationsmodel.h"
#include "gui/sources/sourcesdock.h"
#include "testutil.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSplitter>
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

// How many whole rows of `rowHeight` the view's viewport shows.
int rowsShown(const QAbstractItemView& view, int rowHeight)
{
    return rowHeight > 0 ? view.viewport()->height() / rowHeight : 0;
}

// A word-wrapped explanation given the height its text needs at its width (not cut mid-line).
QString explanationCut(const QLabel* label)
{
    if (!label->wordWrap())
        return u"does not wrap"_s;
    const int needed = label->heightForWidth(label->width());
    if (label->height() < needed)
        return u"%1 px of %2 px for \"%3\""_s.arg(label->height()).arg(needed).arg(label->text());
    return {};
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
        QTRY_COMPARE(sectionsCut(*runTree), QStringList()); // once the Runs dock has widened
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

    // The docks below the code (Diagnostics, Model Sources, Hot Kernels) show at least eight rows of
    // their lists in the default layout, their explanations wrap whole, and the row grows with the
    // window until the user moves its edge (issue 29 #11: 2–2½ rows, explanations cut mid-line).
    void bottomDocksShowEightRows_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }

    void bottomDocksShowEightRows()
    {
        QFETCH(QSize, size);
        MainWindow window;
        window.setQuiet(true);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::sampleTree(testutil::kSampleEngagedRun));
        QVERIFY(finished.wait(30000));
        window.profileController()->loadProfile(
            QString::fromStdString(testutil::fixturePath(u"profile/sample-run/kernel_details.csv"_s)));
        HotKernelsDock* hot = window.profileController()->dock();
        QTRY_VERIFY_WITH_TIMEOUT(hot->table()->model()->rowCount() > 0, 30000);
        SourcesDock* sources = window.sourcesDock();
        QTRY_VERIFY_WITH_TIMEOUT(sources->locationsModel()->rowCount() > 0, 30000);
        QTreeView* findings = window.diagnosticsDock()->view();
        QTRY_VERIFY(findings->model()->rowCount() > 0);

        // About 30% of the window, not the quarter that showed 2½ rows.
        auto* kernelsDock = window.findChild<QDockWidget*>(u"KernelsDock"_s);
        QVERIFY2(kernelsDock->height() >= size.height() * 27 / 100,
            qPrintable(u"%1 px of %2"_s.arg(kernelsDock->height()).arg(size.height())));

        window.diagnosticsDock()->raise();
        QTRY_VERIFY(findings->isVisible());
        QTest::qWait(50);
        QVERIFY2(rowsShown(*findings, findings->sizeHintForRow(0)) >= 8,
            qPrintable(u"Diagnostics: %1 px for rows of %2 px"_s.arg(findings->viewport()->height())
                           .arg(findings->sizeHintForRow(0))));
        // Beside the list, the selected entry's cause and fix keep a readable width.
        QVERIFY(window.diagnosticsDock()->details()->width() >= size.width() / 4);

        sources->raise();
        QTRY_VERIFY(sources->locationsTable()->isVisible());
        QTest::qWait(50);
        QTableView* locations = sources->locationsTable();
        QVERIFY2(rowsShown(*locations, locations->verticalHeader()->defaultSectionSize()) >= 8,
            qPrintable(u"Model Sources: %1 px"_s.arg(locations->viewport()->height())));
        QCOMPARE(explanationCut(sources->summary()), QString());

        hot->raise();
        QTRY_VERIFY(hot->table()->isVisible());
        QTest::qWait(50);
        QVERIFY2(rowsShown(*hot->table(), hot->table()->verticalHeader()->defaultSectionSize()) >= 8,
            qPrintable(u"Hot Kernels: %1 px"_s.arg(hot->table()->viewport()->height())));
        QCOMPARE(explanationCut(hot->summary()), QString());

        // The row follows the window's height: taller window, taller row (30% of 400 px more).
        const int before = hot->height();
        window.resize(size.width(), size.height() + 400);
        QTRY_VERIFY2(hot->height() >= before + 400 * 15 / 100,
            qPrintable(u"%1 px, was %2"_s.arg(hot->height()).arg(before)));
        QTest::qWait(100); // laid out (a user drags later than that)
        // Once the user has moved its edge, it is theirs: a taller window leaves it as it is.
        window.resizeDocks({ hot }, { hot->height() - 40 }, Qt::Vertical);
        QTest::qWait(100);
        const int chosen = hot->height();
        QVERIFY(chosen < before + 400 * 15 / 100);
        window.resize(size.width(), size.height() + 500);
        QTest::qWait(100);
        QCOMPARE(hot->height(), chosen);
    }

    // By graph has its own columns (Ranks before Verdict): the Runs dock widens for them when the mode is
    // switched, in both languages, and the counts stay right-aligned (Verdict read "Verdic" before).
    void byGraphColumnsFit_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        for (const QSize size : { QSize(1280, 800), QSize(1600, 1000) }) {
            for (const QString& language : { u"en"_s, u"zh_CN"_s }) {
                QTest::addRow("%dx%d-%s", size.width(), size.height(), qPrintable(language))
                    << size << language;
            }
        }
    }

    void byGraphColumnsFit()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QCOMPARE(installTranslations(language), language);
        const auto english = qScopeGuard([] { installTranslations(u"en"_s); });
        MainWindow window;
        window.setQuiet(true);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::sampleTree());
        QVERIFY(finished.wait(30000));
        QTreeView* runTree = window.findChild<QTreeView*>(u"RunTree"_s);
        QTRY_COMPARE(sectionsCut(*runTree), QStringList());

        RunTreePane* pane = window.browsePage()->runTreePane();
        pane->setByGraph(true);
        QTreeView* graphTree = pane->graphTree();
        QVERIFY(graphTree->isVisible());
        // The sample's three graph keys, once the document's rank consistency came.
        QTRY_COMPARE(graphTree->model()->rowCount(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(sectionsCut(*graphTree), QStringList(), 2000);
        QCOMPARE(graphTree->horizontalScrollBar()->maximum(), 0);
        // Each section is at least as wide as its header text and its widest cell.
        QHeaderView* header = graphTree->header();
        for (int column = GraphTreeModel::RanksColumn; column < GraphTreeModel::ColumnCount; ++column) {
            QVERIFY2(header->sectionSize(column)
                    >= static_cast<QAbstractItemView*>(graphTree)->sizeHintForColumn(column),
                qPrintable(graphTree->model()->headerData(column, Qt::Horizontal).toString()));
        }
        for (const int column : { int(GraphTreeModel::DvmColumn), int(GraphTreeModel::OtherColumn) }) {
            const QModelIndex cell = graphTree->model()->index(0, column);
            QCOMPARE(Qt::Alignment(cell.data(Qt::TextAlignmentRole).toInt()) & Qt::AlignHorizontal_Mask,
                Qt::AlignRight);
        }
        // Back to By run: its columns still fit (the dock never narrows under them).
        pane->setByGraph(false);
        QTRY_COMPARE(sectionsCut(*runTree), QStringList());
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

    // --view diagnostics (the screenshot's): the sample's six findings in view, none scrolled away, the list
    // the larger part of its dock, and the run tree above it showing a useful number of rows (three before).
    void diagnosticsViewShowsEveryFinding_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }

    void diagnosticsViewShowsEveryFinding()
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
        QTreeView* findings = window.diagnosticsDock()->view();
        // The six findings, then one entry per why-not-DVM reason of the sample (docs/why-not-dvm-gui.md).
        QTRY_COMPARE(findings->model()->rowCount(), 12);
        CommandLine options;
        options.view = u"diagnostics"_s;
        QCOMPARE(applyStartupActions(window, options), QString());
        QTRY_VERIFY(findings->isVisible());
        QTest::qWait(50);
        // The six findings are in view; the reasons after them may scroll in a small window.
        QVERIFY2(findings->viewport()->rect().contains(findings->visualRect(findings->model()->index(5, 0))),
            "the last finding is below the list's edge");
        const QRect last = findings->visualRect(findings->model()->index(11, 0));

        // The list is as tall as its rows (no band of empty rows), the selected finding's cause and fix get
        // the rest: at least eight lines.
        const QWidget* details = window.diagnosticsDock()->details();
        const int rowHeight = findings->visualRect(findings->model()->index(0, 0)).height();
        QTRY_VERIFY2(findings->viewport()->height() - (last.bottom() + 1) < 2 * rowHeight,
            qPrintable(
                u"list %1 px for 12 rows of %2 px"_s.arg(findings->viewport()->height()).arg(rowHeight)));
        QVERIFY2(details->height() >= 8 * details->fontMetrics().lineSpacing(),
            qPrintable(u"details %1 px"_s.arg(details->height())));
        // The run tree shows at least eight rows (both runs and a graph's files), more than Kernel Details'
        // dock.
        QTreeView* runTree = window.findChild<QTreeView*>(u"RunTree"_s);
        const int runRowHeight = runTree->sizeHintForRow(0);
        QVERIFY(runRowHeight > 0);
        QVERIFY2(runTree->viewport()->height() >= 8 * runRowHeight,
            qPrintable(u"%1 px for rows of %2 px"_s.arg(runTree->viewport()->height()).arg(runRowHeight)));
        // The finding's file row is shown (deeper in the tree), and still no column is cut.
        QTRY_COMPARE(sectionsCut(*runTree), QStringList());
        QCOMPARE(runTree->horizontalScrollBar()->maximum(), 0);
        auto* runsDock = window.findChild<QDockWidget*>(u"RunsDock"_s);
        auto* detailsDock = window.findChild<QDockWidget*>(u"DetailsDock"_s);
        QVERIFY(runsDock->height() > detailsDock->height());
        // The code stays in view beside them.
        QVERIFY(window.browsePage()->codeView()->height() >= size.height() / 4);
    }
};

QTEST_MAIN(TestFirstLayout)
#include "tst_firstlayout.moc"
