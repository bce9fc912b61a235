// SPDX-License-Identifier: MIT
// The Model sources dock on the two-rank fixture tree: the locations model's exact rows worst first
// (checked by QAbstractItemModelTester), the DVM share said in text, the filter, a location's
// kernels and fallbacks in both ranks, activation naming a kernel or a fallback's line, and the
// open tree's sources shown as the document finds them.
#include "core/index/indexer.h"
#include "gui/document/modelsources.h"
#include "gui/document/treedocument.h"
#include "gui/sources/sourceitemsmodel.h"
#include "gui/sources/sourcelocationsmodel.h"
#include "gui/sources/sourcesdock.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

namespace {

std::shared_ptr<const dvmlens::Index> fixtureIndex()
{
    std::string error;
    auto index =
        dvmlens::buildIndex(testutil::fixturePath(QStringLiteral("sources/torch_compile_debug")), {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    return std::make_shared<const dvmlens::Index>(std::move(*index));
}

QString cell(const QAbstractItemModel* model, int row, int column, int role = Qt::DisplayRole)
{
    return model->data(model->index(row, column), role).toString();
}

} // namespace

class TestSourcesDock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsWorstFirst()
    {
        const auto index = fixtureIndex();
        SourcesDock dock;
        QAbstractItemModelTester locationsTester(
            dock.locationsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester itemsTester(
            dock.itemsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setSources(index, computeModelSources(*index));
        const QAbstractItemModel* shown = dock.locationsProxy();
        QCOMPARE(shown->rowCount(), 5);
        QStringList order;
        for (int row = 0; row < shown->rowCount(); ++row)
            order << cell(shown, row, SourceLocationsModel::LocationColumn);
        QCOMPARE(order,
            QStringList({ QStringLiteral("layers.py:118"), QStringLiteral("layers.py:120"),
                QStringLiteral("layers.py:121"), QStringLiteral("layers.py:113"),
                QStringLiteral("functional.py:2929 (library)") }));
        QCOMPARE(cell(shown, 0, SourceLocationsModel::ShareColumn), QStringLiteral("0%"));
        QCOMPARE(
            cell(shown, 0, SourceLocationsModel::OtherColumn), QStringLiteral("2 (import_fx 1, triton 1)"));
        QCOMPARE(cell(shown, 0, SourceLocationsModel::FallbacksColumn), QStringLiteral("2 (aten 2)"));
        QCOMPARE(cell(shown, 0, SourceLocationsModel::RanksColumn), QStringLiteral("2"));
        QCOMPARE(cell(shown, 3, SourceLocationsModel::ShareColumn), QStringLiteral("50%"));
        QCOMPARE(cell(shown, 3, SourceLocationsModel::ShareColumn, Qt::AccessibleTextRole),
            QStringLiteral("DVM share 50 percent"));
        QCOMPARE(
            shown->data(shown->index(3, SourceLocationsModel::ShareColumn), SourceLocationsModel::ShareRole)
                .toDouble(),
            0.5);
        QCOMPARE(cell(shown, 3, SourceLocationsModel::CodeColumn),
            QStringLiteral("x_mod = (1 + scale) * x_norm + shift"));
        QVERIFY(dock.summary()->text().startsWith(QStringLiteral("5 model source lines, 4 with fallbacks")));
    }

    void filterSelectAndActivate()
    {
        const auto index = fixtureIndex();
        SourcesDock dock;
        dock.setSources(index, computeModelSources(*index));
        dock.filter()->setText(QStringLiteral("scale"));
        QCOMPARE(dock.locationsProxy()->rowCount(), 1);
        dock.locationsTable()->setCurrentIndex(dock.locationsProxy()->index(0, 0));
        const QAbstractItemModel* items = dock.itemsModel();
        QCOMPARE(items->rowCount(), 2); // the DVM kernel of rank 0, the Triton kernel of rank 1
        QCOMPARE(cell(items, 0, SourceItemsModel::NameColumn), QStringLiteral("dvm_fused_add_mul_0"));
        QCOMPARE(cell(items, 0, SourceItemsModel::BackendColumn), QStringLiteral("dvm"));
        // The run named as the run tree names it, its folder in the tooltip.
        QCOMPARE(
            cell(items, 1, SourceItemsModel::RunColumn), QStringLiteral("2026-11-01 10:00:05 · pid 101"));
        QCOMPARE(items->index(1, SourceItemsModel::RunColumn).data(Qt::ToolTipRole).toString(),
            QStringLiteral("run_2026_11_01_10_00_05_000000-pid_101"));
        QCOMPARE(cell(items, 1, SourceItemsModel::BackendColumn), QStringLiteral("triton"));
        QSignalSpy kernels(&dock, &SourcesDock::kernelActivated);
        Q_EMIT dock.itemsTable()->doubleClicked(items->index(1, 0));
        QCOMPARE(kernels.size(), 1);
        QCOMPARE(kernels.at(0).at(0).toString(),
            QStringLiteral(
                "run_2026_11_01_10_00_05_000000-pid_101/model__0_forward_1.0/triton_poi_fused_add_mul_0"));

        dock.filter()->setText(QStringLiteral("bmm"));
        QCOMPARE(dock.locationsProxy()->rowCount(), 1);
        dock.locationsTable()->setCurrentIndex(dock.locationsProxy()->index(0, 0));
        QCOMPARE(items->rowCount(), 1);
        QCOMPARE(cell(items, 0, SourceItemsModel::KindColumn), QStringLiteral("fallback"));
        QSignalSpy lines(&dock, &SourcesDock::lineActivated);
        Q_EMIT dock.itemsTable()->activated(items->index(0, 0));
        QCOMPARE(lines.size(), 1);
        QVERIFY(lines.at(0).at(0).toString().endsWith(
            QStringLiteral("pid_100/torchinductor/model__0_forward_1.0/output_code.py")));
        QCOMPARE(lines.at(0).at(1).toInt(), cell(items, 0, SourceItemsModel::LineColumn).toInt());
    }

    void followsTheDocument()
    {
        TreeDocument document;
        SourcesDock dock;
        dock.follow(document);
        QSignalSpy ready(&dock, &SourcesDock::sourcesReady);
        const auto index = fixtureIndex();
        document.setIndex(QString::fromStdString(index->root), index);
        QCOMPARE(dock.summary()->text(), QStringLiteral("Finding model source lines…"));
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(dock.sources(), document.modelSources());
        QCOMPARE(dock.locationsModel()->rowCount(), 5);
        document.setIndex({}, nullptr);
        QCOMPARE(dock.locationsModel()->rowCount(), 0);
        QCOMPARE(dock.summary()->text(), QStringLiteral("No tree open."));
    }
};

QTEST_MAIN(TestSourcesDock)
#include "tst_sourcesdock.moc"
