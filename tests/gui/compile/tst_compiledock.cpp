// SPDX-License-Identifier: MIT
// The Compile dock on TORCH_TRACE logs the tests write (a break with its resume function, recompiles up
// to the limit, both caches hit/miss/bypass, a failed compile with torch_npu's FallbackKernel error): a
// sound model (QAbstractItemModelTester) whose cells are core's words, exactly; each row in words for a
// screen reader; a row leads to the graph its compile made (or says it made none); the empty hint says
// when the open path holds no trace log; and in the window: in the View menu, following the document,
// a double-click selects the graph in the run tree. Kernel Details says how a graph's compile came to be.
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/runtreemodel.h"
#include "gui/common/emptyviewhint.h"
#include "gui/compile/compiledock.h"
#include "gui/compile/compileframesmodel.h"
#include "gui/compile/compilemodel.h"
#include "gui/compile/compiletimelinedelegate.h"
#include "gui/compile/compiletimelinemodel.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/translations.h"
#include "indexfixture.h"
#include "testutil.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

using namespace Qt::StringLiterals;
using testutil::compileId;

namespace {

// a: forward [0/0] breaks at layers.py:210, its code and its resume function's [1/0]; b: forward
// compiled at 32 and recompiled at 48 and 64 (code for each), refused at 80; c: both caches hit, miss and
// bypass; d: [0/0] fails with the FallbackKernel error.
void writeLogs(const QDir& dir)
{
    const auto write = [&dir](const char* name, const std::string& text) {
        QVERIFY(testutil::writeBytes(dir.filePath(QString::fromLatin1(name)), text));
    };
    write("dedicated_log_torch_trace_a.log",
        testutil::breakLog() + testutil::outputCode(compileId(0, 0), "0_forward")
            + testutil::outputCode(compileId(1, 0), "1_forward"));
    write("dedicated_log_torch_trace_b.log",
        testutil::recompileLog() + testutil::outputCode(compileId(0, 0), "0_forward")
            + testutil::outputCode(compileId(0, 1), "1_forward")
            + testutil::outputCode(compileId(0, 2), "2_forward"));
    write("dedicated_log_torch_trace_c.log", testutil::cacheLog());
    write("dedicated_log_torch_trace_d.log", testutil::fallbackKernelLog());
}

// The index as the CLI builds it, shared as the document holds it.
std::shared_ptr<const dvmlens::Index> indexOf(const QString& path)
{
    return std::make_shared<const dvmlens::Index>(testutil::indexOf(path));
}

QStringList rowTexts(const QAbstractItemModel& model, int row)
{
    QStringList cells;
    for (int column = 0; column < model.columnCount(); ++column)
        cells << model.index(row, column).data().toString();
    return cells;
}

int runOf(const dvmlens::Index& index, const char* logName)
{
    for (std::size_t r = 0; r < index.runs.size(); ++r)
        if (index.runs[r].name == std::optional<std::string>(logName))
            return int(r);
    return -1;
}

} // namespace

class TestCompileDock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void cellsAreCoresWords()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        QVERIFY(index);
        CompileDock dock;
        QAbstractItemModelTester tester(dock.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setFacts(index, computeCompileFacts(*index));
        const CompileModel& model = *dock.model();
        QCOMPARE(model.rowCount(), 6);
        QCOMPARE(rowTexts(model, 0),
            (QStringList { u"Graph break"_s,
                u"Unsupported Tensor.item() call with capture_scalar_outputs=False"_s, u"layers.py:210"_s,
                u"1 frame"_s, u"no rank"_s, u"resumes in torch_dynamo_resume_in_forward_at_210"_s }));
        QCOMPARE(rowTexts(model, 1),
            (QStringList { u"Recompiles"_s, u"forward (frame 0)"_s, u"layers.py"_s, u"3 recompiles"_s,
                u"no rank"_s,
                u"recompile limit hit (later calls run eagerly); 0/2: `L['x'].size()[0] == 64` failed: 80; "
                u"0/1: "
                u"`L['x'].size()[0] == 48` failed: 80; 0/0: `L['x'].size()[0] == 32` failed: 80"_s }));
        QCOMPARE(rowTexts(model, 2),
            (QStringList { u"Cache"_s, u"FX graph cache"_s, QString(), u"hit 1, miss 1, bypass 1"_s,
                QString(), u"7.0 ms saved; bypass: Can't cache HigherOrderOperators."_s }));
        QCOMPARE(rowTexts(model, 3),
            (QStringList { u"Cache"_s, u"AOTAutograd cache"_s, QString(), u"hit 1, miss 1, bypass 1"_s,
                QString(), u"9.0 ms saved; bypass: FX graph cache is not enabled"_s }));
        QCOMPARE(rowTexts(model, 4),
            (QStringList { u"Failure"_s,
                u"InductorError: AttributeError: 'FallbackKernel' object has no attribute 'data'"_s,
                u"model.py:40"_s, u"[0/0] forward"_s, u"no rank"_s,
                u"known failure fallbackkernel-no-data"_s }));
        QCOMPARE(rowTexts(model, 5),
            (QStringList { u"Compile time"_s,
                u"dynamo 45.0 ms, aot 27.0 ms, inductor 18.0 ms, codegen 9.0 ms"_s, QString(),
                u"10 compiles"_s, u"no rank"_s, QString() }));
        QCOMPARE(model.index(1, CompileModel::DetailsColumn).data(Qt::ToolTipRole).toString(),
            u"recompile limit hit (later calls run eagerly)\n0/2: `L['x'].size()[0] == 64` failed: 80\n0/1: "
            u"`L['x'].size()[0] == 48` failed: 80\n0/0: `L['x'].size()[0] == 32` failed: 80"_s);
        QVERIFY(model.index(4, CompileModel::KindColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"ir.py\", line 257"_s));
        QCOMPARE(dock.summary()->text(),
            u"4 trace logs, 10 compiles: 1 distinct graph break (1 hit), 3 recompiles, 1 failed compile. "
            u"Double-click a row to select its graph."_s);
    }

    // The Chinese window shows core's compile wording in Chinese: counts, the headline, the story.
    void chineseWindowShowsChineseWords()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        QCOMPARE(installTranslations(u"zh_CN"_s), u"zh_CN"_s);
        const auto removeTranslators = qScopeGuard([] {
            for (QTranslator* translator : qApp->findChildren<QTranslator*>())
                QCoreApplication::removeTranslator(translator);
        });
        CompileDock dock;
        dock.setFacts(index, computeCompileFacts(*index));
        const CompileModel& model = *dock.model();
        QCOMPARE(model.index(0, CompileModel::CountColumn).data().toString(), u"1 个帧"_s);
        QCOMPARE(model.index(1, CompileModel::CountColumn).data().toString(), u"重新编译 3 次"_s);
        QVERIFY(model.index(1, CompileModel::DetailsColumn)
                    .data()
                    .toString()
                    .startsWith(u"达到重新编译上限（之后的调用以 eager 方式运行）; 0/2: "_s));
        QVERIFY2(
            dock.summary()->text().startsWith(u"4 个 trace 日志，10 次编译：1 处不同的图中断（命中 1 次），"
                                              u"重新编译 3 次，编译失败 1 次。"_s),
            qPrintable(dock.summary()->text()));
        const int b = runOf(*index, "dedicated_log_torch_trace_b.log");
        KernelDetails details;
        details.setCompileFacts(computeCompileFacts(*index));
        details.showGraph(index, &index->runs[std::size_t(b)].graphs.at(2)); // [0/2]
        QVERIFY2(
            details.toPlainText().contains(u"forward 的第 2 次重新编译，因为 0/1: `L['x'].size()[0] == 48` "
                                           u"failed: 64；0/0: `L['x'].size()[0] == 32` failed: 64"_s),
            qPrintable(details.toPlainText()));
        RunTreeModel tree;
        tree.setIndex(index);
        tree.setCompileFacts(computeCompileFacts(*index));
        const QString tip = tree.data(tree.indexForGraph(b, 0), Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"forward 的首次编译（帧 0）"_s), qPrintable(tip));
    }

    // The Timeline tab: a row per rank, its compiles as bars in words, a click on a bar selects its graph.
    void timelineTab()
    {
        QTemporaryDir dir;
        const QDir folder(dir.path());
        QVERIFY(testutil::writeBytes(folder.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s),
            testutil::timelineLog(0) + testutil::outputCode(compileId(0, 0), "0_forward")
                + testutil::outputCode(compileId(0, 1), "1_forward")));
        QVERIFY(testutil::writeBytes(
            folder.filePath(u"dedicated_log_torch_trace_rank_1_b.log"_s), testutil::timelineLog(1)));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        CompileDock dock;
        QAbstractItemModelTester tester(
            dock.timelineModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setFacts(index, computeCompileFacts(*index));
        const CompileTimelineModel& model = *dock.timelineModel();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, CompileTimelineModel::RankColumn).data().toString(), u"rank 0"_s);
        QCOMPARE(model.index(0, CompileTimelineModel::CompilesColumn).data().toString(), u"2 compiles"_s);
        QCOMPARE(model.index(1, CompileTimelineModel::CompilesColumn).data().toString(), u"1 compile"_s);
        QCOMPARE(model.index(0, CompileTimelineModel::TimelineColumn).data(Qt::AccessibleTextRole).toString(),
            u"rank 0: [0/0] forward, first compile, 1.20 s at +0 µs; rank 0: [0/1] forward, recompile, 1.20 "
            u"s "
            u"at +3.40 s"_s);
        QCOMPARE(dock.tabs()->tabText(1), u"Timeline"_s);
        // A click on the recompile's bar (its start: 3.4 of the 4.6 s shown) selects [0/1]'s graph.
        dock.resize(900, 400);
        dock.show();
        dock.tabs()->setCurrentIndex(1);
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QTableView* view = dock.timelineTable();
        const QRect cell = view->visualRect(model.index(0, CompileTimelineModel::TimelineColumn));
        const QRectF area = QRectF(cell).adjusted(3, 4, -3, -4);
        const QPoint onRecompile(int(area.left() + area.width() * (3.4 + 0.6) / 4.6), cell.center().y());
        QCOMPARE(CompileTimelineDelegate::barAt(
                     cell, model.index(0, CompileTimelineModel::TimelineColumn), onRecompile),
            1);
        QSignalSpy graphs(&dock, &CompileDock::graphActivated);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, onRecompile);
        QCOMPARE(graphs.count(), 1);
        const int a = runOf(*index, "dedicated_log_torch_trace_rank_0_a.log");
        QCOMPARE(graphs.at(0).at(0).toInt(), a);
        QCOMPARE(index->runs[std::size_t(a)].graphs[std::size_t(graphs.at(0).at(1).toInt())].name,
            std::string("[0/1] 1_forward"));
    }

    // The Frames tab: a row per frame, its DVM share from core; a row leads to the frame's first graph.
    void framesTab()
    {
        QTemporaryDir dir;
        QVERIFY(testutil::writeBytes(QDir(dir.path()).filePath(u"dedicated_log_torch_trace_a.log"_s),
            testutil::breakLog() + testutil::dvmOutputCode(compileId(0, 0), "0_forward")
                + testutil::outputCode(compileId(0, 0), "0_backward")
                + testutil::outputCode(compileId(1, 0), "1_forward")));
        QVERIFY(testutil::writeBytes(
            QDir(dir.path()).filePath(u"dedicated_log_torch_trace_d.log"_s), testutil::fallbackKernelLog()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        CompileDock dock;
        QAbstractItemModelTester tester(
            dock.framesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setFacts(index, computeCompileFacts(*index));
        const CompileFramesModel& model = *dock.framesModel();
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(rowTexts(model, 0),
            (QStringList {
                u"forward (layers.py:200)"_s, u"no rank"_s, u"1 compile"_s, u"DVM 1 of 2 graphs"_s }));
        QCOMPARE(rowTexts(model, 1),
            (QStringList { u"torch_dynamo_resume_in_forward_at_210 (layers.py:200)"_s, u"no rank"_s,
                u"1 compile"_s, u"DVM 0 of 1 graph"_s }));
        QCOMPARE(rowTexts(model, 2),
            (QStringList { u"forward (layers.py:200)"_s, u"no rank"_s, u"1 compile"_s, u"no graphs"_s }));
        QCOMPARE(model.index(1, CompileFramesModel::FrameColumn).data(Qt::AccessibleTextRole).toString(),
            u"torch_dynamo_resume_in_forward_at_210 (layers.py:200): 1 compile; the rest of forward after a "
            u"break at layers.py:210 (Unsupported Tensor.item() call with capture_scalar_outputs=False), "
            u"split "
            u"off [0/0]; DVM engaged in 0 of 1 graph"_s);
        QVERIFY(model.index(2, CompileFramesModel::ShareColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"\n[0/0] the compile failed: InductorError: "_s));
        QCOMPARE(dock.tabs()->tabText(2), u"Frames"_s);
        QSignalSpy graphs(&dock, &CompileDock::graphActivated);
        QSignalSpy messages(&dock, &CompileDock::statusMessage);
        dock.activateFrame(1);
        QCOMPARE(graphs.count(), 1);
        const int a = runOf(*index, "dedicated_log_torch_trace_a.log");
        QCOMPARE(graphs.at(0).at(0).toInt(), a);
        QCOMPARE(index->runs[std::size_t(a)].graphs[std::size_t(graphs.at(0).at(1).toInt())].name,
            std::string("[1/0] 1_forward"));
        dock.activateFrame(2);
        QCOMPARE(graphs.count(), 1);
        QCOMPARE(messages.count(), 1);
    }

    // Logs without a rank named by their files (elided in the middle, the path in the tooltip); two days
    // apart, each on an axis of its own, said in words: its one compile fills its row, not a sliver.
    void timelineRowsOfUnrankedLogs()
    {
        QTemporaryDir dir;
        const QDir folder(dir.path());
        const QString first = folder.filePath(u"dedicated_log_torch_trace_x1.log"_s);
        const QString second = folder.filePath(u"dedicated_log_torch_trace_x2.log"_s);
        QVERIFY(testutil::writeBytes(
            first, testutil::timedCompile(0, 0, -1, "1203 10:00:00.000000", "1203 10:00:02.000000")));
        QVERIFY(testutil::writeBytes(
            second, testutil::timedCompile(0, 0, -1, "1205 10:00:00.000000", "1205 10:00:01.000000")));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        CompileDock dock;
        QAbstractItemModelTester tester(
            dock.timelineModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setFacts(index, computeCompileFacts(*index));
        const CompileTimelineModel& model = *dock.timelineModel();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(
            model.headerData(CompileTimelineModel::RankColumn, Qt::Horizontal).toString(), u"Rank or log"_s);
        const QModelIndex name = model.index(1, CompileTimelineModel::RankColumn);
        QCOMPARE(name.data().toString(), u"dedicated_log_torch_trace_x2.log"_s);
        QCOMPARE(model.index(0, CompileTimelineModel::RankColumn).data().toString(),
            u"dedicated_log_torch_trace_x1.log"_s);
        QCOMPARE(name.data(Qt::ToolTipRole).toString(), second + u"\nown time axis: logs do not overlap"_s);
        QCOMPARE(name.data(Qt::AccessibleTextRole).toString(),
            u"dedicated_log_torch_trace_x2.log, own time axis: logs do not overlap"_s);
        const QModelIndex bars = model.index(1, CompileTimelineModel::TimelineColumn);
        QCOMPARE(bars.data(Qt::ToolTipRole).toString(),
            u"own time axis: logs do not overlap\ndedicated_log_torch_trace_x2.log: [0/0] forward, first "
            u"compile, "
            u"1.00 s at +0 µs"_s);
        QCOMPARE(model.timelineRow(1)->spanUs, std::int64_t(1000000));

        dock.resize(900, 400);
        dock.show();
        dock.tabs()->setCurrentIndex(1);
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QTableView* view = dock.timelineTable();
        QCOMPARE(view->textElideMode(), Qt::ElideMiddle);
        const QRect cell = view->visualRect(bars);
        QCOMPARE(CompileTimelineDelegate::barAt(
                     cell, bars, QPoint(cell.left() + cell.width() / 4, cell.center().y())),
            0);
    }

    void eachRowInWords()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        CompileDock dock;
        dock.setFacts(index, computeCompileFacts(*index));
        QCOMPARE(dock.model()->index(0, CompileModel::KindColumn).data(Qt::AccessibleTextRole).toString(),
            u"Graph break: Unsupported Tensor.item() call with capture_scalar_outputs=False, layers.py:210, "
            u"1 "
            u"frame, no rank, resumes in torch_dynamo_resume_in_forward_at_210"_s);
        QCOMPARE(dock.model()->index(2, CompileModel::KindColumn).data(Qt::AccessibleTextRole).toString(),
            u"Cache: FX graph cache, hit 1, miss 1, bypass 1, 7.0 ms saved; bypass: Can't cache "
            u"HigherOrderOperators."_s);
        QCOMPARE(dock.model()->index(0, CompileModel::WhereColumn).data(Qt::AccessibleTextRole).toString(),
            u"layers.py:210"_s);
        QVERIFY(!dock.table()->accessibleName().isEmpty());
    }

    void aRowLeadsToItsGraph()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        CompileDock dock;
        dock.setFacts(index, computeCompileFacts(*index));
        QSignalSpy graphs(&dock, &CompileDock::graphActivated);
        QSignalSpy messages(&dock, &CompileDock::statusMessage);
        const int a = runOf(*index, "dedicated_log_torch_trace_a.log");
        const int b = runOf(*index, "dedicated_log_torch_trace_b.log");
        QVERIFY(a >= 0 && b >= 0);
        dock.activateRow(0); // the break: the compile that broke, [0/0] of log a
        QCOMPARE(graphs.count(), 1);
        QCOMPARE(graphs.at(0).at(0).toInt(), a);
        QCOMPARE(index->runs[std::size_t(a)].graphs[std::size_t(graphs.at(0).at(1).toInt())].name,
            std::string("[0/0] 0_forward"));
        dock.activateRow(1); // the recompiled frame: its newest compile with code, [0/2] (0/3 was refused)
        QCOMPARE(graphs.count(), 2);
        QCOMPARE(graphs.at(1).at(0).toInt(), b);
        QCOMPARE(index->runs[std::size_t(b)].graphs[std::size_t(graphs.at(1).at(1).toInt())].name,
            std::string("[0/2] 2_forward"));
        dock.activateRow(4); // the failed compile made no code
        QCOMPARE(graphs.count(), 2);
        QCOMPARE(messages.count(), 1);
        QCOMPARE(messages.at(0).at(0).toString(),
            u"Compile [0/0] made no graph in the open tree (it failed or was refused)."_s);
        dock.activateRow(2); // a cache is about no one compile
        QCOMPARE(graphs.count(), 2);
        QCOMPARE(messages.count(), 2);
    }

    void theEmptyHintSaysWhy()
    {
        CompileDock dock;
        EmptyViewHint* hint = dock.table()->findChild<EmptyViewHint*>();
        QVERIFY(hint);
        QVERIFY(hint->isShown());
        QCOMPARE(hint->text(), u"No tree open."_s);
        const QString sample = testutil::sourcePath(u"resources/samples/torch_compile_debug"_s);
        const std::shared_ptr<const dvmlens::Index> index = indexOf(sample);
        dock.setFacts(index, computeCompileFacts(*index));
        QCOMPARE(dock.model()->rowCount(), 0);
        QVERIFY(hint->isShown());
        QCOMPARE(hint->text(),
            u"No TORCH_TRACE log at the open path, so no graph breaks, recompiles, cache use or compile "
            u"failures "
            u"to show. Run with TORCH_TRACE=<dir> to write them, then open that folder."_s);
        QVERIFY(dock.summary()->isHidden());
    }

    void kernelDetailsTellHowAGraphCameToBe()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        const int a = runOf(*index, "dedicated_log_torch_trace_a.log");
        const int b = runOf(*index, "dedicated_log_torch_trace_b.log");
        KernelDetails details;
        const dvmlens::Graph* resume = &index->runs[std::size_t(a)].graphs.at(1);
        details.showGraph(index, resume);
        QVERIFY(!details.toPlainText().contains(u"split off"_s));
        // Facts of another index (an older one) are not this graph's.
        details.setCompileFacts(computeCompileFacts(*indexOf(dir.path())));
        QVERIFY(!details.toPlainText().contains(u"split off"_s));
        details.setCompileFacts(computeCompileFacts(*index));
        const QString text = details.toPlainText();
        QVERIFY2(text.contains(u"Compile\n"_s), qPrintable(text));
        QVERIFY2(text.contains(
                     u"the part of forward after a break at layers.py:210 (Unsupported Tensor.item() call "
                     u"with capture_scalar_outputs=False), split off [0/0]"_s),
            qPrintable(text));
        details.showGraph(index, &index->runs[std::size_t(b)].graphs.at(2)); // [0/2]
        QVERIFY2(
            details.toPlainText().contains(u"recompile #2 of forward because 0/1: `L['x'].size()[0] == 48` "
                                           u"failed: 64; 0/0: `L['x'].size()[0] == 32` failed: 64"_s),
            qPrintable(details.toPlainText()));
    }

    void runTreeTooltipsTellItToo()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        const int b = runOf(*index, "dedicated_log_torch_trace_b.log");
        RunTreeModel model;
        model.setIndex(index);
        const QModelIndex recompiled = model.indexForGraph(b, 1); // [0/1]
        QVERIFY(!model.data(recompiled, Qt::ToolTipRole).toString().contains(u"Compile:"_s));
        model.setCompileFacts(computeCompileFacts(*indexOf(dir.path()))); // another index's: ignored
        QVERIFY(!model.data(recompiled, Qt::ToolTipRole).toString().contains(u"Compile:"_s));
        model.setCompileFacts(computeCompileFacts(*index));
        const QString tip = model.data(recompiled, Qt::ToolTipRole).toString();
        QVERIFY2(
            tip.contains(u"\nCompile: recompile #1 of forward because 0/0: `L['x'].size()[0] == 32` failed: "
                         u"48\nCompile: compile time: dynamo 5.0 ms"_s),
            qPrintable(tip));
    }

    void inTheWindow()
    {
        QTemporaryDir dir;
        writeLogs(QDir(dir.path()));
        MainWindow window;
        window.setQuiet(true);
        CompileDock* dock = window.compileDock();
        QVERIFY(dock);
        QVERIFY(window.viewMenu()->actions().contains(dock->toggleViewAction()));
        QSignalSpy shown(dock, &CompileDock::factsShown);
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(dir.path());
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY(!dock->isReading() && dock->model()->rowCount() == 6);
        dock->activateRow(0);
        const dvmlens::Graph* graph = window.browsePage()->currentGraph();
        QVERIFY(graph);
        QCOMPARE(graph->name, std::string("[0/0] 0_forward"));
        QVERIFY(graph->origin && graph->origin->file.ends_with("dedicated_log_torch_trace_a.log"));
        QVERIFY(
            window.browsePage()->details()->toPlainText().contains(u"stops at a break at layers.py:210"_s));
    }
};

QTEST_MAIN(TestCompileDock)
#include "tst_compiledock.moc"
