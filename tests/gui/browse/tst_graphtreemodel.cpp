// SPDX-License-Identifier: MIT
// The run tree's By graph mode: one row per graph key with core's rank consistency in words
// (identical ranks, a divergent rank, a rank missing a graph), rank rows that open their graph in
// the browse page, the By run / By graph switch (buttons, View action, remembered by the window).
#include "core/index/indexer.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/graphtreemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/browse/runtreepane.h"
#include "gui/shell/mainwindow.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QAccessible>
#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QByteArray fixtureBytes(const QString& name)
{
    QFile file(testutil::fixture(QStringLiteral("trees/small/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

QString runFolder(int rank)
{
    return QStringLiteral("run_2026_07_20_10_15_3%1_000000-pid_%2").arg(rank).arg(4100 + rank);
}

void writeGraph(const QTemporaryDir& dir, int rank, const QString& graph, const QString& fixture)
{
    const QString folder = dir.filePath(runFolder(rank) + QStringLiteral("/torchinductor/") + graph);
    QDir().mkpath(folder);
    // What differs by process (the pid in a comment) must not make ranks differ.
    const QByteArray bytes = "# kernel path: /tmp/torchinductor_root/pid_" + QByteArray::number(4100 + rank)
        + "/ck.py\n" + fixtureBytes(fixture);
    QFile file(folder + QStringLiteral("/output_code.py"));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write");
}

// Four ranks, a forward and a backward graph each; `divergent`: rank 2 compiled the forward graph
// without DVM and rank 3 has no backward graph.
void writeRanks(const QTemporaryDir& dir, bool divergent)
{
    for (int rank = 0; rank < 4; ++rank) {
        writeGraph(dir, rank, u"model__0_forward_1.0"_s,
            divergent && rank == 2 ? u"triton_output_code.py"_s : u"dvm_output_code.py"_s);
        if (!divergent || rank != 3)
            writeGraph(dir, rank, u"model__0_backward_2.1"_s, u"triton_output_code.py"_s);
    }
}

std::shared_ptr<const dvmlens::Index> indexOf(const QString& path)
{
    std::string error;
    std::optional<dvmlens::Index> index = dvmlens::buildIndex(path.toStdString(), {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    return std::make_shared<const dvmlens::Index>(std::move(*index));
}

// What TreeDocument computes off the GUI thread for `index`.
std::shared_ptr<const dvmlens::RankConsistency> ranksOf(const std::shared_ptr<const dvmlens::Index>& index)
{
    return std::make_shared<const dvmlens::RankConsistency>(dvmlens::rankConsistency(*index));
}

// `model` shows the ranks of the tree at `path`.
void showRanks(GraphTreeModel& model, const QString& path)
{
    const std::shared_ptr<const dvmlens::Index> index = indexOf(path);
    model.setIndex(index, ranksOf(index));
}

QStringList column(const GraphTreeModel& model, int column, const QModelIndex& parent = {})
{
    QStringList cells;
    for (int row = 0; row < model.rowCount(parent); ++row)
        cells << model.index(row, column, parent).data().toString();
    return cells;
}

QString accessibleName(QWidget* widget)
{
    QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(widget);
    return accessible ? accessible->text(QAccessible::Name) : QString();
}

} // namespace

class TestGraphTreeModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void identicalRanks()
    {
        QTemporaryDir dir;
        writeRanks(dir, false);
        GraphTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        showRanks(model, dir.path());
        QCOMPARE(column(model, GraphTreeModel::NameColumn),
            QStringList({ u"model__0_forward_1"_s, u"model__0_backward_2"_s }));
        QCOMPARE(column(model, GraphTreeModel::RanksColumn),
            QStringList({ u"4/4 ranks identical"_s, u"4/4 ranks identical"_s }));
        QCOMPARE(column(model, GraphTreeModel::VerdictColumn), QStringList({ u"DVM"_s, u"no DVM"_s }));
        const QModelIndex forward = model.index(0, 0);
        QVERIFY(!forward.data(GraphTreeModel::DivergentRole).toBool());
        QCOMPARE(
            forward.data(Qt::AccessibleTextRole).toString(), u"model__0_forward_1, 4/4 ranks identical"_s);
        QCOMPARE(column(model, GraphTreeModel::NameColumn, forward),
            QStringList({ u"rank 0"_s, u"rank 1"_s, u"rank 2"_s, u"rank 3"_s }));
        QCOMPARE(column(model, GraphTreeModel::RanksColumn, forward), QStringList(4, u"identical"_s));
        QCOMPARE(column(model, GraphTreeModel::VerdictColumn, forward), QStringList(4, u"DVM"_s));
        // The key's counts are its one variant's; each rank row's its own graph's.
        QVERIFY(model.index(0, GraphTreeModel::DvmColumn).data().toInt() > 0);
        QCOMPARE(model.index(0, GraphTreeModel::DvmColumn).data(),
            model.index(3, GraphTreeModel::DvmColumn, forward).data());
        // Rank 3's row opens run 3's forward graph (the scan puts runs in name order).
        const QModelIndex rank3 = model.index(3, 0, forward);
        QCOMPARE(rank3.data(GraphTreeModel::RunPositionRole).toInt(), 3);
        QCOMPARE(model.graphPositionAt(rank3), std::pair(3, 0));
        QCOMPARE(model.indexForGraph(3, 0), rank3);
        QCOMPARE(model.indexForGraph(2, 1), model.index(2, 0, model.index(1, 0)));
    }

    void divergentAndMissingRanks()
    {
        QTemporaryDir dir;
        writeRanks(dir, true);
        GraphTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        showRanks(model, dir.path());
        QCOMPARE(column(model, GraphTreeModel::RanksColumn),
            QStringList({ u"3/4 ranks agree; rank 2 differs; verdicts differ"_s,
                u"3/4 ranks identical; missing in rank 3"_s }));
        QCOMPARE(column(model, GraphTreeModel::VerdictColumn), QStringList({ u"differs"_s, u"no DVM"_s }));
        const QModelIndex forward = model.index(0, 0);
        const QModelIndex backward = model.index(1, 0);
        QVERIFY(forward.data(GraphTreeModel::DivergentRole).toBool());
        QVERIFY(backward.data(GraphTreeModel::DivergentRole).toBool());
        QCOMPARE(column(model, GraphTreeModel::RanksColumn, forward),
            QStringList({ u"as the majority (variant 1 of 2)"_s, u"as the majority (variant 1 of 2)"_s,
                u"differs (variant 2 of 2)"_s, u"as the majority (variant 1 of 2)"_s }));
        QCOMPARE(column(model, GraphTreeModel::VerdictColumn, forward),
            QStringList({ u"DVM"_s, u"DVM"_s, u"no DVM"_s, u"DVM"_s }));
        QCOMPARE(model.index(2, GraphTreeModel::DvmColumn, forward).data().toInt(), 0);
        const QString tip = forward.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"Variant 1: ranks 0, 1, 3, DVM"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"Variant 2: rank 2, no DVM (DVM 0"_s), qPrintable(tip));

        // The missing rank is a row of its own: greyed, no verdict, nothing to open.
        QCOMPARE(column(model, GraphTreeModel::NameColumn, backward),
            QStringList({ u"rank 0"_s, u"rank 1"_s, u"rank 2"_s, u"rank 3"_s }));
        QCOMPARE(column(model, GraphTreeModel::RanksColumn, backward),
            QStringList({ u"identical"_s, u"identical"_s, u"identical"_s, u"missing"_s }));
        const QModelIndex missing = model.index(3, 0, backward);
        QVERIFY(!missing.siblingAtColumn(GraphTreeModel::VerdictColumn).data().isValid());
        QVERIFY(!missing.data(GraphTreeModel::RunPositionRole).isValid());
        QCOMPARE(model.graphPositionAt(missing), std::pair(-1, -1));
        QCOMPARE(missing.data(Qt::AccessibleTextRole).toString(), u"rank 3, missing"_s);
        // A key row opens its majority's first graph.
        QCOMPARE(model.graphPositionAt(forward), std::pair(0, 0));

        model.setIndex(nullptr, nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // A key on one rank of several has nothing to be identical with; a key without code has no
    // kernels to count (blank, as By run leaves them).
    void keyOnOneRankAndKeyWithoutCode()
    {
        QTemporaryDir dir;
        writeRanks(dir, false);
        writeGraph(dir, 0, u"model__1_forward_3.0"_s, u"dvm_output_code.py"_s);
        for (int rank = 0; rank < 4; ++rank) {
            const QString folder =
                dir.filePath(runFolder(rank) + QStringLiteral("/torchinductor/model__2_forward_4.0"));
            QVERIFY(QDir().mkpath(folder));
            QFile readable(folder + QStringLiteral("/fx_graph_readable.py"));
            QVERIFY(readable.open(QIODevice::WriteOnly));
            readable.write("class GraphModule(torch.nn.Module):\n    pass\n");
        }
        GraphTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        showRanks(model, dir.path());
        const QStringList names = column(model, GraphTreeModel::NameColumn);
        const int single = int(names.indexOf(u"model__1_forward_3"_s));
        const int noCode = int(names.indexOf(u"model__2_forward_4"_s));
        QVERIFY2(single >= 0 && noCode >= 0, qPrintable(names.join(u", "_s)));
        QCOMPARE(model.index(single, GraphTreeModel::RanksColumn).data().toString(), u"only on rank 0"_s);
        const QModelIndex singleKey = model.index(single, 0);
        QCOMPARE(column(model, GraphTreeModel::RanksColumn, singleKey),
            QStringList({ u"only this rank"_s, u"missing"_s, u"missing"_s, u"missing"_s }));
        QVERIFY(model.index(single, GraphTreeModel::DvmColumn).data().toInt() > 0);
        QCOMPARE(model.index(noCode, GraphTreeModel::VerdictColumn).data().toString(), u"no code"_s);
        QVERIFY(!model.index(noCode, GraphTreeModel::DvmColumn).data().isValid());
        QVERIFY(!model.index(noCode, GraphTreeModel::OtherColumn).data().isValid());
    }

    void switchAndOpenFromBrowsePage()
    {
        QTemporaryDir dir;
        writeRanks(dir, true);
        BrowsePage page;
        RunTreePane* pane = page.runTreePane();
        auto* byRun = pane->findChild<QToolButton*>(u"ByRunButton"_s);
        auto* byGraph = pane->findChild<QToolButton*>(u"ByGraphButton"_s);
        QVERIFY(byRun && byGraph);
        QCOMPARE(accessibleName(byRun), u"By run"_s);
        QCOMPARE(accessibleName(byGraph), u"By graph"_s);
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        page.setIndex(index);
        page.setRankConsistency(ranksOf(index));
        QVERIFY(!pane->byGraph());
        QCOMPARE(pane->currentView(), page.runTree());
        // The rows are made only once the mode is shown.
        QCOMPARE(pane->graphModel()->rowCount(), 0);

        QSignalSpy changed(pane, &RunTreePane::byGraphChanged);
        byGraph->click();
        QVERIFY(pane->byGraph());
        QVERIFY(byGraph->isChecked() && !byRun->isChecked());
        QVERIFY(pane->byGraphAction()->isChecked());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(pane->currentView(), pane->graphTree());
        QCOMPARE(pane->graphModel()->rowCount(), 2);
        // Divergent keys open by themselves.
        QVERIFY(pane->graphTree()->isExpanded(pane->graphModel()->index(0, 0)));

        // Picking rank 2's forward graph opens it as the run tree would.
        const QModelIndex rank2 = pane->graphModel()->index(2, 0, pane->graphModel()->index(0, 0));
        pane->graphTree()->setCurrentIndex(rank2);
        QVERIFY(page.currentGraph());
        QCOMPARE(QString::fromStdString(page.currentGraph()->path),
            QDir(dir.path()).filePath(runFolder(2) + u"/torchinductor/model__0_forward_1.0"_s));
        QVERIFY(page.currentPath().endsWith(runFolder(2) + u"/torchinductor/model__0_forward_1.0"_s));
        QCOMPARE(pane->graphTree()->currentIndex(), rank2);
        // A missing rank opens nothing: the last graph stays.
        pane->graphTree()->setCurrentIndex(pane->graphModel()->index(3, 0, pane->graphModel()->index(1, 0)));
        QVERIFY(page.currentPath().endsWith(u"model__0_forward_1.0"_s));

        // A jump elsewhere (--select, a diagnostic) moves the by-graph tree along.
        QCOMPARE(page.selectBySpec(runFolder(1) + u"/model__0_backward_2.1"_s), QString());
        QCOMPARE(pane->graphTree()->currentIndex(), pane->graphModel()->indexForGraph(1, 1));
        QCOMPARE(pane->graphTree()->currentIndex().parent().row(), 1);

        // The View action switches back; the run tree kept the selection.
        pane->byGraphAction()->trigger();
        QVERIFY(!pane->byGraph());
        QVERIFY(byRun->isChecked());
        QCOMPARE(changed.count(), 2);
        QVERIFY(page.currentPath().endsWith(runFolder(1) + u"/torchinductor/model__0_backward_2.1"_s));

        // A new index while by graph: the ranks follow it.
        pane->setByGraph(true);
        QTemporaryDir identical;
        writeRanks(identical, false);
        const std::shared_ptr<const dvmlens::Index> identicalIndex = indexOf(identical.path());
        page.setIndex(identicalIndex);
        QCOMPARE(pane->graphModel()->rowCount(), 0); // the old index's ranks are gone; the new ones come
        page.setRankConsistency(ranksOf(identicalIndex));
        QCOMPARE(column(*pane->graphModel(), GraphTreeModel::RanksColumn),
            QStringList({ u"4/4 ranks identical"_s, u"4/4 ranks identical"_s }));
    }

    void windowRemembersTheMode()
    {
        QSettings().clear();
        {
            MainWindow window;
            window.restoreLayout();
            QVERIFY(!window.browsePage()->runTreePane()->byGraph());
            QAction* action = window.browsePage()->runTreePane()->byGraphAction();
            QVERIFY(window.viewMenu()->actions().contains(action));
            QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
            action->trigger();
            window.close();
        }
        QCOMPARE(QSettings().value(u"window/runTreeByGraph"_s).toBool(), true);
        MainWindow window;
        window.restoreLayout();
        QVERIFY(window.browsePage()->runTreePane()->byGraph());
    }
};

QTEST_MAIN(TestGraphTreeModel)
#include "tst_graphtreemodel.moc"
