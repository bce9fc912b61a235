// SPDX-License-Identifier: MIT
// The run tree over the gui fixture tree: structure, verdict text, counts, greyed graphs, paths.
#include "indexer.h"
#include "runtreemodel.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QPalette>
#include <QtTest>

class TestRunTreeModel : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const dvmlens::Index> m_index;
    QString m_runPath;

private Q_SLOTS:
    void initTestCase()
    {
        std::string error;
        auto built =
            dvmlens::buildIndex(testutil::fixturePath(QStringLiteral("gui/torch_compile_debug")), {}, error);
        QVERIFY2(built, error.c_str());
        m_index = std::make_shared<const dvmlens::Index>(std::move(*built));
        QCOMPARE(m_index->runs.size(), size_t(1));
        m_runPath = QString::fromStdString(m_index->runs[0].path);
    }

    void structureAndCounts()
    {
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setIndex(m_index);

        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.columnCount(), int(RunTreeModel::ColumnCount));
        const QModelIndex run = model.index(0, RunTreeModel::NameColumn);
        QCOMPARE(run.data().toString(), QStringLiteral("2026-01-02 03:04:05 · pid 100"));
        QCOMPARE(model.kindAt(run), RunTreeModel::RunNode);
        QCOMPARE(run.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(), QStringLiteral("1/2"));
        QCOMPARE(run.siblingAtColumn(RunTreeModel::DvmColumn).data().toInt(), 2);
        QCOMPARE(run.siblingAtColumn(RunTreeModel::OtherColumn).data().toInt(), 1);
        QCOMPARE(run.siblingAtColumn(RunTreeModel::FallbacksColumn).data().toInt(), 1);

        QCOMPARE(model.rowCount(run), 2);
        const QModelIndex forward = model.index(0, RunTreeModel::NameColumn, run);
        const QModelIndex backward = model.index(1, RunTreeModel::NameColumn, run);
        QCOMPARE(forward.data().toString(), QStringLiteral("model__0_forward_0.0"));
        QCOMPARE(backward.data().toString(), QStringLiteral("model__0_backward_1.1"));
        QCOMPARE(forward.parent(), run);
        QCOMPARE(model.kindAt(forward), RunTreeModel::GraphNode);

        QCOMPARE(
            forward.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(), QStringLiteral("DVM"));
        QCOMPARE(forward.siblingAtColumn(RunTreeModel::DvmColumn).data().toInt(), 2);
        QCOMPARE(forward.siblingAtColumn(RunTreeModel::OtherColumn).data().toInt(), 1);
        QCOMPARE(forward.siblingAtColumn(RunTreeModel::FallbacksColumn).data().toInt(), 1);
        QVERIFY(!forward.data(Qt::DecorationRole).value<QIcon>().isNull());

        // No output_code.py: marked as such, greyed, counts left empty, the diagnostic in the tooltip.
        QCOMPARE(backward.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(),
            QStringLiteral("no code"));
        QVERIFY(!backward.siblingAtColumn(RunTreeModel::DvmColumn).data().isValid());
        QCOMPARE(backward.data(Qt::ForegroundRole).value<QColor>(),
            QApplication::palette().color(QPalette::Disabled, QPalette::Text));
        QVERIFY(backward.data(Qt::ToolTipRole).toString().contains(QLatin1String("no output_code.py")));

        // Artifacts below graphs.
        QCOMPARE(model.rowCount(forward), 1);
        const QModelIndex code = model.index(0, 0, forward);
        QCOMPARE(code.data().toString(), QStringLiteral("output_code.py"));
        QCOMPARE(code.parent(), forward);
        QCOMPARE(model.kindAt(code), RunTreeModel::FileNode);
        QCOMPARE(model.graphAt(code), &m_index->runs[0].graphs[0]);
        QCOMPARE(model.rowCount(backward), 1);
        QCOMPARE(model.index(0, 0, backward).data().toString(), QStringLiteral("fx_graph_readable.py"));
        QCOMPARE(model.rowCount(code), 0);
    }

    void pathsRoundTrip()
    {
        RunTreeModel model;
        model.setIndex(m_index);
        const QModelIndex run = model.index(0, 0);
        const QModelIndex forward = model.index(0, 0, run);
        const QModelIndex code = model.index(0, 0, forward);
        QCOMPARE(model.pathAt(run), m_runPath);
        QCOMPARE(model.pathAt(code), QString::fromStdString(m_index->runs[0].graphs[0].outputCode->path));
        for (const QModelIndex& node : { run, forward, code })
            QCOMPARE(model.indexForPath(model.pathAt(node)), node);
        QCOMPARE(model.indexForPath(model.pathAt(forward) + QStringLiteral("/")), forward);
        QVERIFY(!model.indexForPath(QStringLiteral("/nowhere/at/all")).isValid());
        QCOMPARE(model.indexForGraph(0, 1), model.index(1, 0, run));
        QVERIFY(!model.graphAt(run));
        QCOMPARE(model.runAt(code), &m_index->runs[0]);
    }

    void resetToNothing()
    {
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(m_index);
        QCOMPARE(model.rowCount(), 1);
        model.setIndex(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.indexForPath(m_runPath).isValid());
    }
};

QTEST_MAIN(TestRunTreeModel)
#include "tst_runtreemodel.moc"
