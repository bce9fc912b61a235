// SPDX-License-Identifier: MIT
// The compare mode's models: the graph-pair summary (exact cells, colours, dynamic backend
// columns), its proxy (regressions first, only-regressions and text filters, sorting) and the
// fusion table, all under QAbstractItemModelTester, on the sample tree and the compare fixtures.
#include "common/themes.h"
#include "compare/compare.h"
#include "compare/comparesummarymodel.h"
#include "compare/fusiontablemodel.h"
#include "index/indexer.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QtTest>

namespace {

const QString kSampleA =
    QStringLiteral("resources/samples/torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101");
const QString kSampleB =
    QStringLiteral("resources/samples/torch_compile_debug/run_2026_07_20_11_02_07_654321-pid_4102");

std::shared_ptr<const dvmlens::CompareResult> compare(const QString& a, const QString& b)
{
    std::string error;
    auto indexA = dvmlens::buildIndex(a.toStdString(), {}, error);
    auto indexB = dvmlens::buildIndex(b.toStdString(), {}, error);
    if (!indexA || !indexB)
        return nullptr;
    return std::make_shared<const dvmlens::CompareResult>(dvmlens::compareIndexes(*indexA, *indexB, {}));
}

QStringList row(const QAbstractItemModel& model, int row)
{
    QStringList cells;
    for (int column = 0; column < model.columnCount(); ++column)
        cells << model.index(row, column).data().toString();
    return cells;
}

QStringList column(const QAbstractItemModel& model, int column)
{
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row)
        cells << model.index(row, column).data().toString();
    return cells;
}

QStringList headers(const QAbstractItemModel& model)
{
    QStringList names;
    for (int column = 0; column < model.columnCount(); ++column)
        names << model.headerData(column, Qt::Horizontal).toString();
    return names;
}

} // namespace

class TestCompareModels : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const dvmlens::CompareResult> m_sample; // pid 4101 (DVM) vs pid 4102 (lost DVM)
    std::shared_ptr<const dvmlens::CompareResult> m_fixture; // compare/before vs compare/after

private Q_SLOTS:
    void initTestCase()
    {
        applyTheme(Theme::Light);
        m_sample = compare(testutil::sourcePath(kSampleA), testutil::sourcePath(kSampleB));
        QVERIFY(m_sample);
        m_fixture = compare(testutil::fixture(QStringLiteral("compare/before")),
            testutil::fixture(QStringLiteral("compare/after")));
        QVERIFY(m_fixture);
    }

    void summaryRowsOfTheSampleTree()
    {
        CompareSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setResult(m_sample);
        QCOMPARE(headers(model),
            (QStringList {
                "Regression", "Graph", "Status", "DVM A → B", "DVM", "import_fx", "triton", "Fallbacks" }));
        QCOMPARE(model.fallbacksColumn(), 7);
        QCOMPARE(model.rowCount(), 3);
        // CompareResult order: A's graphs by compile order.
        QCOMPARE(row(model, 0),
            (QStringList { "regression", "model__0_forward_1", "matched", "✔ engaged → ✖ not engaged",
                "4 → 0 (−4)", "0 → 1 (+1)", "0 → 3 (+3)", "" }));
        // B has no output_code.py: counts unknown (the fallback lists are the compare core's business).
        QCOMPARE(row(model, 1).mid(0, 7),
            (QStringList { "", "model__0_backward_2", "matched", "✔ engaged → — no output_code.py", "2 → —",
                "1 → —", "0 → —" }));
        QCOMPARE(row(model, 2),
            (QStringList { "regression", "model__1_inference_3", "matched", "✔ engaged → ✖ not engaged",
                "2 → 0 (−2)", "0 → 2 (+2)", "0", "+2 −0" }));
        QCOMPARE(model.index(2, 7).data(Qt::ToolTipRole).toString(),
            QStringLiteral("+aten.mm.default\n+npu.npu_fusion_attention.default"));

        const QPalette palette = QApplication::palette();
        QCOMPARE(model.index(0, 4).data(Qt::ForegroundRole).value<QColor>(), compareWorseColor(palette));
        QCOMPARE(model.index(0, 6).data(Qt::ForegroundRole).value<QColor>(), compareWorseColor(palette));
        QCOMPARE(model.index(0, 3).data(Qt::ForegroundRole).value<QColor>(), compareWorseColor(palette));
        QVERIFY(!model.index(1, 3).data(Qt::ForegroundRole).isValid());
        QVERIFY(!model.index(2, 6).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(0, 1).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(1, 1).data(Qt::FontRole).isValid());
        QCOMPARE(model.index(2, 0).data(CompareSummaryModel::RegressionRole).toBool(), true);
        QCOMPARE(model.index(1, 0).data(CompareSummaryModel::RegressionRole).toBool(), false);
        QCOMPARE(model.graphAt(2)->key, std::string("model__1_inference_3"));
        QCOMPARE(model.graphAt(3), nullptr);

        QCOMPARE(CompareSummaryModel::summaryText(m_sample->summary),
            QStringLiteral("3 graphs · 3 matched · 2 regressions · DVM engaged A 3 → B 0"));

        model.setResult(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(headers(model),
            (QStringList { "Regression", "Graph", "Status", "DVM A → B", "DVM", "Fallbacks" }));
    }

    void gainsAreGreen()
    {
        // The sample the other way round: B (pid 4101) gained DVM back.
        const auto reversed = compare(testutil::sourcePath(kSampleB), testutil::sourcePath(kSampleA));
        QVERIFY(reversed);
        CompareSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(reversed);
        QCOMPARE(row(model, 0),
            (QStringList { "", "model__0_forward_1", "matched", "✖ not engaged → ✔ engaged", "0 → 4 (+4)",
                "1 → 0 (−1)", "3 → 0 (−3)", "" }));
        const QPalette palette = QApplication::palette();
        for (int column : { 3, 4, 5, 6 })
            QCOMPARE(
                model.index(0, column).data(Qt::ForegroundRole).value<QColor>(), compareBetterColor(palette));
        QCOMPARE(model.index(2, 7).data().toString(), QStringLiteral("+0 −2"));
        QCOMPARE(model.index(2, 7).data(Qt::ForegroundRole).value<QColor>(), compareBetterColor(palette));
        QVERIFY(compareBetterColor(palette) != compareWorseColor(palette));
    }

    void darkPaletteColoursDiffer()
    {
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
        QPalette light;
        light.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
        QVERIFY(compareWorseColor(dark).lightness() > compareWorseColor(light).lightness());
        QVERIFY(compareBetterColor(dark).lightness() > compareBetterColor(light).lightness());
    }

    void summaryOfTheFixturesWithOneSidedGraphs()
    {
        CompareSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(m_fixture);
        QCOMPARE(headers(model),
            (QStringList {
                "Regression", "Graph", "Status", "DVM A → B", "DVM", "import_fx", "triton", "Fallbacks" }));
        QCOMPARE(column(model, CompareSummaryModel::GraphColumn),
            (QStringList { "model__0_forward_1", "model__0_backward_2", "model__1_inference_3",
                "model__2_inference_4" }));
        QCOMPARE(column(model, CompareSummaryModel::StatusColumn),
            (QStringList { "matched", "matched", "only in A", "only in B" }));
        QCOMPARE(row(model, 0),
            (QStringList { "regression", "model__0_forward_1", "matched", "✔ engaged → ✔ engaged",
                "3 → 2 (−1)", "0 → 1 (+1)", "0", "+2 −1" }));
        QCOMPARE(row(model, 2),
            (QStringList { "", "model__1_inference_3", "only in A", "✔ engaged → — absent", "1 → —", "0 → —",
                "0 → —", "" }));
        QCOMPARE(row(model, 3),
            (QStringList { "", "model__2_inference_4", "only in B", "— absent → ✖ not engaged", "— → 0",
                "— → 0", "— → 1", "" }));
        QCOMPARE(CompareSummaryModel::summaryText(m_fixture->summary),
            QStringLiteral(
                "4 graphs · 2 matched · 1 only in A · 1 only in B · 2 regressions · DVM engaged A 3 → "
                "B 1 · 1 DVM-engaged only in A (not a regression)"));
    }

    void proxyListsRegressionsFirstAndFilters()
    {
        CompareSummaryModel model;
        CompareSummaryProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(m_sample);
        proxy.sort(CompareSummaryModel::RegressionColumn, Qt::AscendingOrder);
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { "model__0_forward_1", "model__1_inference_3", "model__0_backward_2" }));

        proxy.setOnlyRegressions(true);
        QVERIFY(proxy.onlyRegressions());
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { "model__0_forward_1", "model__1_inference_3" }));
        proxy.setFilterText(QStringLiteral("  INFER "));
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn), (QStringList { "model__1_inference_3" }));
        proxy.setOnlyRegressions(false);
        proxy.setFilterText(QStringLiteral("model__0 backward"));
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn), (QStringList { "model__0_backward_2" }));
        proxy.setFilterText(QStringLiteral("nothing-like-this"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 3);

        // Numbers sort as numbers (B − A): the biggest DVM loss first.
        proxy.sort(CompareSummaryModel::FirstBackendColumn, Qt::AscendingOrder);
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { "model__0_forward_1", "model__1_inference_3", "model__0_backward_2" }));
        proxy.sort(CompareSummaryModel::GraphColumn, Qt::DescendingOrder);
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { "model__1_inference_3", "model__0_forward_1", "model__0_backward_2" }));
        proxy.sort(CompareSummaryModel::VerdictColumn, Qt::AscendingOrder);
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { "model__0_forward_1", "model__1_inference_3", "model__0_backward_2" }));
    }

    void fusionsOfARegressedGraph()
    {
        FusionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphDiff(&m_sample->graphs.at(0)); // model__0_forward_1
        QCOMPARE(headers(model),
            (QStringList {
                "Fusion", "Backend A → B", "Device time A → B", "Kernel in A", "Kernel in B", "Changes" }));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(row(model, 0),
            (QStringList { "fused__to_copy_add_mean_mul_pow_rsqrt", "dvm → —", "",
                "dvm_fused__to_copy_add_mean_mul_pow_rsqrt_0", "", "only in A" }));
        QCOMPARE(row(model, 1),
            (QStringList { "fused_add_mul", "dvm → triton", "", "dvm_fused_add_mul_1",
                "triton_unk_fused_add_mul_1", "" }));
        QCOMPARE(row(model, 2),
            (QStringList { "fused_silu_view", "dvm → import_fx", "", "dvm_fused_silu_view_2",
                "dvm_fused_silu_view_2", "" }));
        QCOMPARE(row(model, 3),
            (QStringList { "fused_add_mul_view", "dvm → triton", "", "dvm_fused_add_mul_view_3",
                "triton_unk_fused_add_mul_view_3", "" }));
        QCOMPARE(row(model, 4),
            (QStringList { "fused__to_copy_add_mean", "— → triton", "", "",
                "triton_unk_fused__to_copy_add_mean_0", "only in B" }));
        const QPalette palette = QApplication::palette();
        QCOMPARE(model.index(1, FusionTableModel::BackendColumn).data(Qt::ForegroundRole).value<QColor>(),
            compareWorseColor(palette));
        QVERIFY(!model.index(4, FusionTableModel::BackendColumn).data(Qt::ForegroundRole).isValid());
        QCOMPARE(model.fusionAt(1)->b->line, m_sample->graphs.at(0).fusions.at(1).b->line);
        QCOMPARE(model.fusionAt(5), nullptr);

        model.setGraphDiff(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void fusionChangesAreJoined()
    {
        FusionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphDiff(&m_fixture->graphs.at(0));
        QCOMPARE(column(model, FusionTableModel::FusionColumn),
            (QStringList { "fused_add_mul_relu", "fused__softmax", "fused_clamp_min_mul" }));
        QCOMPARE(model.index(0, FusionTableModel::ChangesColumn).data().toString(),
            QStringLiteral("dyn_shape: false → true; input 0 shape: [128, 128] → [-1, 128]; input 1 shape: "
                           "[128, 128] → [-1, 128]"));
        QCOMPARE(model.index(0, FusionTableModel::ChangesColumn).data(Qt::ToolTipRole).toString(),
            QStringLiteral("dyn_shape: false → true\ninput 0 shape: [128, 128] → [-1, 128]\ninput 1 shape: "
                           "[128, 128] → [-1, 128]"));
        QCOMPARE(row(model, 1),
            (QStringList { "fused__softmax", "dvm → dvm", "", "dvm_fused__softmax_1", "dvm_fused__softmax_1",
                "ktype: vector → spec" }));
        QCOMPARE(model.index(2, FusionTableModel::BackendColumn).data().toString(),
            QStringLiteral("dvm → import_fx"));
    }
};

QTEST_MAIN(TestCompareModels)
#include "tst_comparemodels.moc"
