// SPDX-License-Identifier: MIT
// The kernel table model and its proxy: exact rows and cells, text filter, backend toggles,
// numeric sorting; every state checked by QAbstractItemModelTester.
#include "core/index/indexer.h"
#include "gui/browse/kernelfilterproxy.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QStringList namesIn(const QAbstractItemModel& model)
{
    QStringList names;
    for (int row = 0; row < model.rowCount(); ++row)
        names << model.index(row, KernelTableModel::NameColumn).data().toString();
    return names;
}

dvmlens::Kernel kernel(const std::string& name, dvmlens::Backend backend, int line, int launches)
{
    dvmlens::Kernel result;
    result.name = name;
    result.backend = backend;
    result.line = line;
    result.endLine = line;
    result.launches = launches;
    return result;
}

} // namespace

class TestKernelTable : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const dvmlens::Index> m_index;
    const dvmlens::Graph* m_forward = nullptr;
    const dvmlens::Graph* m_backward = nullptr;

private Q_SLOTS:
    void initTestCase()
    {
        std::string error;
        auto built =
            dvmlens::buildIndex(testutil::fixturePath(QStringLiteral("gui/torch_compile_debug")), {}, error);
        QVERIFY2(built, error.c_str());
        m_index = std::make_shared<const dvmlens::Index>(std::move(*built));
        m_forward = &m_index->runs.at(0).graphs.at(0);
        m_backward = &m_index->runs.at(0).graphs.at(1);
    }

    void rowsAndCells()
    {
        KernelTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphs(m_index, { m_forward });
        QCOMPARE(namesIn(model),
            QStringList(
                { u"dvm_fused_add_mul_relu_0"_s, u"dvm_fused__to_copy_exp_1"_s, u"dvm_fused_sigmoid_2"_s }));
        QVERIFY(!model.spansSeveralGraphs());

        const auto cell = [&model](
                              int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(cell(0, KernelTableModel::BackendColumn), QStringLiteral("DVM"));
        QCOMPARE(cell(0, KernelTableModel::KtypeColumn), QStringLiteral("vector"));
        QCOMPARE(cell(0, KernelTableModel::DynShapeColumn), QStringLiteral("no"));
        QCOMPARE(cell(0, KernelTableModel::OpsColumn), QStringLiteral("3"));
        QCOMPARE(cell(0, KernelTableModel::InputsColumn), QStringLiteral("f32[128, 128], f32[128, 128]"));
        QCOMPARE(
            cell(0, KernelTableModel::OutputsColumn), QStringLiteral("f32[128, 128]")); // from its launch
        QCOMPARE(cell(0, KernelTableModel::LaunchesColumn), QStringLiteral("2"));
        QCOMPARE(cell(0, KernelTableModel::LineColumn), QStringLiteral("22"));
        QCOMPARE(cell(1, KernelTableModel::DynShapeColumn), QStringLiteral("yes"));
        QCOMPARE(cell(1, KernelTableModel::InputsColumn), QStringLiteral("bf16[-1, 64]"));
        QCOMPARE(cell(2, KernelTableModel::BackendColumn), QStringLiteral("import_fx"));
        QCOMPARE(cell(2, KernelTableModel::OpsColumn), QString());
        QVERIFY(model.index(2, KernelTableModel::NameColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("not DVM code")));
        QCOMPARE(model.index(0, 0).data(KernelTableModel::FilePathRole).toString(),
            QString::fromStdString(m_forward->outputCode->path));
        QCOMPARE(model.rowOf(QStringLiteral("dvm_fused_sigmoid_2")), 2);
        QCOMPARE(model.rowOf(QStringLiteral("absent")), -1);

        // A run's graphs: the graph without output_code.py adds nothing.
        model.setGraphs(m_index, { m_forward, m_backward });
        QCOMPARE(model.rowCount(), 3);
        // Only one of them has kernels: no Graph column (it comes with several graphs' rows).
        QVERIFY(!model.spansSeveralGraphs());
        QCOMPARE(model.sectionOf(KernelTableModel::GraphColumn), -1);
        QCOMPARE(model.columnCount(), int(KernelTableModel::DeviceTimeColumn));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void textFilter()
    {
        KernelTableModel model;
        KernelFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphs(m_index, { m_forward });

        proxy.setFilterText(QStringLiteral("exp"));
        QCOMPARE(namesIn(proxy), QStringList({ u"dvm_fused__to_copy_exp_1"_s }));
        proxy.setFilterText(QStringLiteral("BF16")); // a dtype, case-insensitive
        QCOMPARE(namesIn(proxy), QStringList({ u"dvm_fused__to_copy_exp_1"_s }));
        proxy.setFilterText(QStringLiteral("maximum float32")); // an op and a long dtype name
        QCOMPARE(namesIn(proxy), QStringList({ u"dvm_fused_add_mul_relu_0"_s }));
        proxy.setFilterText(QStringLiteral("sigmoid"));
        QCOMPARE(namesIn(proxy), QStringList({ u"dvm_fused_sigmoid_2"_s }));
        proxy.setFilterText(QStringLiteral("exp maximum")); // every word must match
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 3);
    }

    void backendToggles()
    {
        KernelTableModel model;
        KernelFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphs(m_index, { m_forward });

        proxy.setBackendVisible(dvmlens::Backend::Dvm, false);
        QVERIFY(!proxy.isBackendVisible(dvmlens::Backend::Dvm));
        QCOMPARE(namesIn(proxy), QStringList({ u"dvm_fused_sigmoid_2"_s }));
        proxy.setBackendVisible(dvmlens::Backend::ImportFx, false);
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setBackendVisible(dvmlens::Backend::Dvm, true);
        QCOMPARE(
            namesIn(proxy), QStringList({ u"dvm_fused_add_mul_relu_0"_s, u"dvm_fused__to_copy_exp_1"_s }));
    }

    void filterThatMatchesNothingSaysSo()
    {
        KernelTableModel model;
        KernelPanel panel(&model);
        model.setGraphs(m_index, { m_forward });
        QVERIFY(panel.noMatchText().isEmpty());
        auto* note = panel.findChild<QLabel*>(u"KernelNoMatch"_s);
        QVERIFY(note && note->isHidden());
        panel.filterEdit()->setText(u"sigmoid"_s);
        QTest::keyClick(panel.filterEdit(), Qt::Key_Return);
        QVERIFY(panel.noMatchText().isEmpty());
        // The same filter on a graph it does not fit (as when it carries over): the note says why it is
        // empty.
        panel.filterEdit()->setText(u"nothing-like-this"_s);
        QTest::keyClick(panel.filterEdit(), Qt::Key_Return);
        QCOMPARE(panel.proxy()->rowCount(), 0);
        QCOMPARE(panel.noMatchText(), u"No kernel here matches “nothing-like-this” (3 hidden)."_s);
        QVERIFY(!note->isHidden());
        QCOMPARE(note->text(), panel.noMatchText());
        panel.filterEdit()->clear();
        QTest::keyClick(panel.filterEdit(), Qt::Key_Return);
        QVERIFY(note->isHidden());
        panel.proxy()->setBackendVisible(dvmlens::Backend::Dvm, false);
        panel.proxy()->setBackendVisible(dvmlens::Backend::ImportFx, false);
        QCOMPARE(panel.noMatchText(), u"The backend toggles hide all 3 kernels here."_s);
    }

    void rowContextMenu()
    {
        KernelTableModel model;
        KernelPanel panel(&model);
        model.setGraphs(m_index, { m_forward });
        QVERIFY(!panel.createRowMenu({}));
        const QModelIndex first = panel.proxy()->index(0, 0);
        const dvmlens::Kernel* kernel = model.kernelAt(panel.proxy()->mapToSource(first).row());
        QVERIFY(kernel);
        const std::unique_ptr<QMenu> menu = panel.createRowMenu(first);
        QVERIFY(menu);
        QStringList texts;
        for (QAction* action : menu->actions())
            texts << action->text();
        QCOMPARE(texts, (QStringList { u"Copy Name"_s, u"Copy Row"_s, QString(), u"Go to Launch Site"_s }));
        menu->actions().at(0)->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), QString::fromStdString(kernel->name));
        menu->actions().at(1)->trigger();
        const QString row = QGuiApplication::clipboard()->text();
        QVERIFY2(row.startsWith(QString::fromStdString(kernel->name) + u'\t'), qPrintable(row));
        QCOMPARE(row, panel.rowText(first));
        QVERIFY(!kernel->launchLines.empty());
        QVERIFY(menu->actions().at(3)->isEnabled());
        QSignalSpy launch(&panel, &KernelPanel::launchSiteRequested);
        menu->actions().at(3)->trigger();
        QCOMPARE(launch.count(), 1);
        QCOMPARE(launch.at(0).at(1).toInt(), kernel->launchLines.front());
    }

    void numericSort()
    {
        // Line 9 before 10 and launches 2 before 10: text order would put "10" first.
        auto index = std::make_shared<dvmlens::Index>();
        index->runs.emplace_back();
        dvmlens::Graph graph;
        graph.name = "g";
        graph.outputCode.emplace();
        graph.outputCode->kernels = { kernel("a", dvmlens::Backend::Triton, 10, 2),
            kernel("b", dvmlens::Backend::Triton, 9, 10), kernel("c", dvmlens::Backend::Dvm, 100, 1) };
        index->runs[0].graphs.reserve(2); // the second graph below must not move the first
        index->runs[0].graphs.push_back(graph);

        KernelTableModel model;
        KernelFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphs(index, { &index->runs[0].graphs[0] });
        proxy.sort(KernelTableModel::LineColumn, Qt::AscendingOrder);
        QCOMPARE(namesIn(proxy), QStringList({ u"b"_s, u"a"_s, u"c"_s }));
        proxy.sort(KernelTableModel::LaunchesColumn, Qt::DescendingOrder);
        QCOMPARE(namesIn(proxy), QStringList({ u"b"_s, u"a"_s, u"c"_s }));
        proxy.sort(KernelTableModel::LaunchesColumn, Qt::AscendingOrder);
        QCOMPARE(namesIn(proxy), QStringList({ u"c"_s, u"a"_s, u"b"_s }));

        // A run's kernels come from several files: Line sorts within each graph, graphs in tree order.
        dvmlens::Graph other;
        other.name = "h";
        other.outputCode.emplace();
        other.outputCode->kernels = { kernel("d", dvmlens::Backend::Triton, 5, 1),
            kernel("e", dvmlens::Backend::Dvm, 50, 1) };
        index->runs[0].graphs.push_back(other);
        model.setGraphs(index, { &index->runs[0].graphs[0], &index->runs[0].graphs[1] });
        proxy.sort(model.sectionOf(KernelTableModel::LineColumn), Qt::AscendingOrder);
        QCOMPARE(namesIn(proxy), QStringList({ u"b"_s, u"a"_s, u"c"_s, u"d"_s, u"e"_s }));
    }

    void headerStateRoundTrip()
    {
        KernelTableModel model;
        KernelPanel saved(&model);
        QHeaderView* header = saved.view()->header();
        header->resizeSection(KernelTableModel::OpsColumn, 77);
        header->setSectionHidden(KernelTableModel::DynShapeColumn, true);
        header->setSortIndicator(KernelTableModel::LaunchesColumn, Qt::DescendingOrder);
        const QByteArray state = saved.headerState();

        KernelTableModel otherModel;
        KernelPanel restored(&otherModel);
        QVERIFY(restored.restoreHeaderState(state));
        QHeaderView* restoredHeader = restored.view()->header();
        QCOMPARE(restoredHeader->sectionSize(KernelTableModel::OpsColumn), 77);
        QVERIFY(restoredHeader->isSectionHidden(KernelTableModel::DynShapeColumn));
        QCOMPARE(restoredHeader->sortIndicatorSection(), int(KernelTableModel::LaunchesColumn));
        QCOMPARE(restored.proxy()->sortColumn(), int(KernelTableModel::LaunchesColumn));
        QCOMPARE(restored.proxy()->sortOrder(), Qt::DescendingOrder);
        otherModel.setGraphs(m_index, { m_forward });
        QCOMPARE(restoredHeader->sectionSize(KernelTableModel::OpsColumn), 77); // kept across new rows

        // Garbage (an old or damaged setting) is refused and the defaults stay.
        KernelPanel fresh(&otherModel);
        const int defaultWidth = fresh.view()->header()->sectionSize(KernelTableModel::OpsColumn);
        QVERIFY(!fresh.restoreHeaderState(QByteArray("not a header state")));
        QVERIFY(!fresh.restoreHeaderState({}));
        QCOMPARE(fresh.view()->header()->sectionSize(KernelTableModel::OpsColumn), defaultWidth);
        QCOMPARE(fresh.view()->header()->sortIndicatorSection(), int(KernelTableModel::LineColumn));
    }
};

QTEST_MAIN(TestKernelTable)
#include "tst_kerneltable.moc"
