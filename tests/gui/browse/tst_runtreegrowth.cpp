// SPDX-License-Identifier: MIT
// Runs and graphs appearing while indexing: the run tree fed the skeleton and then batches of
// parsed graphs (QAbstractItemModelTester; no reset, verdicts in batch order, the selected graph
// stays selected, also while sorted by verdict); the window shows no final verdict for a run with
// unparsed graphs and no totals before the end; Cancel after the first batch keeps what was
// parsed and marks the rest "not indexed"; while it grows, the header fits its columns to the rows
// on screen only, and to every row once the index is whole.
#include "core/index/indexer.h"
#include "core/index/indexstream.h"
#include "core/verdict/verdict.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/runtreemodel.h"
#include "gui/document/indexsummaries.h"
#include "gui/document/treedocument.h"
#include "gui/shell/mainwindow.h"
#include "streamtree.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const streamtree::Shape kShape { 2, 40, 64 };
const auto kIndexing = u"indexing…"_s;

// A folder's stream as a receiver sees it: the skeleton and the batches, in order.
struct Recorded
{
    dvmlens::Index skeleton;
    std::vector<std::vector<dvmlens::ParsedGraph>> batches;
    dvmlens::Index returned;
};

Recorded record(const QString& tree)
{
    Recorded recorded;
    dvmlens::IndexStream stream;
    stream.batchInterval = std::chrono::milliseconds(2);
    stream.skeleton = [&](dvmlens::Index skeleton) { recorded.skeleton = std::move(skeleton); };
    stream.parsed = [&](std::vector<dvmlens::ParsedGraph> batch) {
        recorded.batches.push_back(std::move(batch));
    };
    dvmlens::IndexOptions options;
    options.jobs = 1; // one file at a time: many batches
    options.stream = &stream;
    std::string error;
    std::optional<dvmlens::Index> returned = dvmlens::buildIndex(tree.toStdString(), options, error);
    if (!returned)
        qFatal("%s", error.c_str());
    recorded.returned = std::move(*returned);
    return recorded;
}

QString verdictCell(const RunTreeModel& model, int run, int graph)
{
    return model.index(graph, RunTreeModel::VerdictColumn, model.index(run, 0)).data().toString();
}

// The row of the run at `position` in the index, wherever sorting shows it.
QModelIndex runRow(const RunTreeModel& model, int position)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex each = model.index(row, 0);
        if (model.runAt(each) == &model.treeIndex()->runs[std::size_t(position)])
            return each;
    }
    return {};
}

} // namespace

class TestRunTreeGrowth : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_tree;

private Q_SLOTS:
    void initTestCase()
    {
        m_tree = streamtree::make(m_dir.path(), kShape);
    }

    void batchesUpdateRowsInPlace_data()
    {
        QTest::addColumn<int>("sortColumn");
        QTest::newRow("scan order") << -1;
        QTest::newRow("by verdict") << int(RunTreeModel::VerdictColumn);
    }

    void batchesUpdateRowsInPlace()
    {
        QFETCH(int, sortColumn);
        Recorded recorded = record(m_tree);
        QVERIFY2(recorded.batches.size() >= 3, "too few batches to test growth");
        auto index = std::make_shared<dvmlens::Index>(std::move(recorded.skeleton));
        std::shared_ptr<const IndexSummaries> summaries = IndexSummaries::of(*index);

        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTreeView view;
        view.setModel(&model);
        model.sort(sortColumn);
        model.setIndex(index, summaries);
        model.setIndexing(true);
        QCOMPARE(model.rowCount(), kShape.runs);
        QCOMPARE(model.rowCount(model.index(0, 0)), kShape.graphsPerRun);
        view.expandAll();
        for (int run = 0; run < kShape.runs; ++run) {
            QCOMPARE(model.index(run, RunTreeModel::VerdictColumn).data().toString(), kIndexing);
            QCOMPARE(model.index(0, RunTreeModel::DvmColumn, model.index(run, 0)).data(), QVariant());
        }
        // A graph of run 1, selected before it is parsed.
        const QModelIndex selected = model.indexForGraph(1, kShape.graphsPerRun - 2);
        QCOMPARE(selected.data().toString(), u"model__38_forward_38.38"_s);
        view.selectionModel()->setCurrentIndex(
            selected, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        const QString selectedPath = model.pathAt(selected);

        QSignalSpy resets(&model, &QAbstractItemModel::modelAboutToBeReset);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsAboutToBeRemoved);
        std::size_t parsedBefore = 0;
        for (std::vector<dvmlens::ParsedGraph>& batch : recorded.batches) {
            std::vector<std::pair<std::size_t, std::size_t>> positions;
            for (const dvmlens::ParsedGraph& parsed : batch)
                positions.emplace_back(parsed.run, parsed.graph);
            QVERIFY(dvmlens::applyParsedGraphs(*index, std::move(batch)));
            summaries = IndexSummaries::updated(*summaries, *index, positions);
            model.updateGraphs(positions, summaries);
            parsedBefore += positions.size();

            // Parsed graphs have their verdict at once.
            for (const auto& [run, graph] : positions) {
                const QModelIndex row = model.indexForGraph(int(run), int(graph));
                const QString cell = row.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString();
                QCOMPARE(cell, graph % 2 == 0 ? u"DVM"_s : u"no DVM"_s);
            }
            // A run's verdict only once all its graphs are parsed.
            for (int run = 0; run < kShape.runs; ++run) {
                const bool complete = dvmlens::verdictCounts(index->runs[std::size_t(run)]).notIndexed == 0;
                const QModelIndex runIndex = runRow(model, run);
                const QString cell = runIndex.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString();
                QVERIFY2(complete ? cell == u"partly 20/39"_s : cell == kIndexing, qPrintable(cell));
            }
            QCOMPARE(model.pathAt(view.selectionModel()->currentIndex()), selectedPath);
        }
        QCOMPARE(parsedBefore, std::size_t(kShape.outputCodes()));
        // The end: the same index, complete; still no reset, the selection kept.
        dvmlens::finishStreamedIndex(*index, recorded.returned);
        model.setIndex(index, IndexSummaries::of(*index));
        QVERIFY(!model.isIndexing());
        QCOMPARE(resets.count(), 0);
        QCOMPARE(removed.count(), 0);
        QCOMPARE(model.pathAt(view.selectionModel()->currentIndex()), selectedPath);
        QVERIFY(view.isExpanded(runRow(model, 1)));
        QCOMPARE(verdictCell(model, 0, 0), sortColumn < 0 ? u"DVM"_s : u"no DVM"_s);
    }

    void windowShowsNoVerdictBeforeAllGraphsOfARunAreParsed()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1200, 800);
        window.show();
        RunTreeModel* model = window.browsePage()->runModel();
        QStringList runCellsWhileGrowing;
        QStringList totalsWhileGrowing;
        int firstBatchUnparsed = -1;
        connect(window.treeDocument(), &TreeDocument::graphsParsed, this, [&] {
            const auto& growing = window.treeDocument()->growingIndex();
            QVERIFY(growing);
            QCOMPARE(model->treeIndex(), growing);
            for (int run = 0; run < model->rowCount(); ++run) {
                const dvmlens::VerdictCounts counts = dvmlens::verdictCounts(growing->runs[std::size_t(run)]);
                const QString cell =
                    runRow(*model, run).siblingAtColumn(RunTreeModel::VerdictColumn).data().toString();
                if (counts.notIndexed > 0)
                    runCellsWhileGrowing << cell;
                if (firstBatchUnparsed < 0)
                    firstBatchUnparsed = dvmlens::verdictCounts(*growing).notIndexed;
            }
            totalsWhileGrowing << window.totalsLabel()->text();
        });
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(m_tree);
        QVERIFY(finished.wait(30000));
        if (firstBatchUnparsed <= 0)
            QSKIP("every file was parsed before the first batch was shown");
        QVERIFY(!runCellsWhileGrowing.isEmpty());
        for (const QString& cell : std::as_const(runCellsWhileGrowing))
            QCOMPARE(cell, kIndexing);
        for (const QString& totals : std::as_const(totalsWhileGrowing))
            QVERIFY2(totals.startsWith(u"Indexing "_s), qPrintable(totals));
        QCOMPARE(model->treeIndex(), window.treeDocument()->index()); // the grown index is the open one
        QCOMPARE(runRow(*model, 0).siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(),
            u"partly 20/39"_s);
        QVERIFY2(window.totalsLabel()->text().startsWith(u"2 runs · 80 graphs · partly 40/78"_s),
            qPrintable(window.totalsLabel()->text()));
    }

    void columnsFitTheRowsOnScreenWhileGrowingAndEveryRowAtTheEnd()
    {
        // Each batch makes the header fit its columns again: over the rows on screen while the
        // index grows (cheap), over every row once it is whole.
        MainWindow window;
        window.setQuiet(true);
        window.resize(1200, 800);
        window.show();
        QTreeView* tree = window.browsePage()->runTree();
        const int defaultPrecision = tree->header()->resizeContentsPrecision();
        QList<int> precisionWhileGrowing;
        connect(window.treeDocument(), &TreeDocument::graphsParsed, this,
            [&] { precisionWhileGrowing << tree->header()->resizeContentsPrecision(); });
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(m_tree);
        QVERIFY(finished.wait(30000));
        QVERIFY(!precisionWhileGrowing.isEmpty());
        for (const int precision : std::as_const(precisionWhileGrowing))
            QCOMPARE(precision, 0);
        QCOMPARE(tree->header()->resizeContentsPrecision(), defaultPrecision);
        QTRY_VERIFY(tree->header()->sectionSize(RunTreeModel::VerdictColumn)
            >= static_cast<const QAbstractItemView*>(tree)->sizeHintForColumn(RunTreeModel::VerdictColumn));
    }

    void cancelAfterTheFirstBatchKeepsWhatWasParsed()
    {
        MainWindow window;
        window.setQuiet(true);
        auto* cancel = window.findChild<QToolButton*>(u"CancelIndexingButton"_s);
        QVERIFY(cancel);
        connect(window.treeDocument(), &TreeDocument::graphsParsed, cancel, &QToolButton::click,
            Qt::SingleShotConnection);
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(m_tree);
        QVERIFY(finished.wait(30000));
        const std::shared_ptr<const dvmlens::Index> index = window.treeDocument()->index();
        QVERIFY(index);
        const dvmlens::VerdictCounts counts = dvmlens::verdictCounts(*index);
        if (counts.notIndexed == 0)
            QSKIP("every file was parsed before Cancel took effect");
        const int parsed = kShape.outputCodes() - counts.notIndexed;
        QVERIFY(parsed > 0);
        QVERIFY2(window.totalsLabel()->text().endsWith(
                     u"indexing cancelled: %1 of 78 graphs parsed, F5 to re-index"_s.arg(parsed)),
            qPrintable(window.totalsLabel()->text()));
        RunTreeModel* model = window.browsePage()->runModel();
        QCOMPARE(model->treeIndex(), index);
        QVERIFY(!model->isIndexing());
        int notIndexedCells = 0;
        for (int run = 0; run < kShape.runs; ++run) {
            for (int graph = 0; graph < kShape.graphsPerRun - 1; ++graph) {
                const QModelIndex row = model->indexForGraph(run, graph);
                const QString cell = row.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString();
                const dvmlens::Graph* node = model->graphAt(row);
                if (dvmlens::graphVerdict(*node) == dvmlens::Verdict::NotIndexed) {
                    QCOMPARE(cell, u"not indexed"_s);
                    ++notIndexedCells;
                } else {
                    QCOMPARE(cell, graph % 2 == 0 ? u"DVM"_s : u"no DVM"_s);
                }
            }
        }
        QCOMPARE(notIndexedCells, counts.notIndexed);
    }
};

QTEST_MAIN(TestRunTreeGrowth)
#include "tst_runtreegrowth.moc"
