// SPDX-License-Identifier: MIT
// The compare mode's models: the graph-pair summary (exact cells, colours, dynamic backend
// columns), its proxy (regressions first, only-regressions and text filters, sorting) and the
// fusion table, all under QAbstractItemModelTester, on the sample tree and the compare fixtures.
#include "core/compare/compare.h"
#include "core/index/indexer.h"
#include "gui/common/themes.h"
#include "gui/compare/comparesummarymodel.h"
#include "gui/compare/fusiontablemodel.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QtTest>

using namespace Qt::StringLiterals;

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
            (QStringList { u"Regression"_s, u"Graph"_s, u"Status"_s, u"DVM A → B"_s, u"DVM"_s, u"import_fx"_s,
                u"Triton"_s, u"Fallbacks"_s }));
        QCOMPARE(model.fallbacksColumn(), 7);
        QCOMPARE(model.rowCount(), 3);
        // CompareResult order: A's graphs by compile order.
        QCOMPARE(row(model, 0),
            (QStringList { u"regression"_s, u"model__0_forward_1"_s, u"matched"_s,
                u"✔ engaged → ✖ not engaged"_s, u"4 → 0 (−4)"_s, u"0 → 1 (+1)"_s, u"0 → 3 (+3)"_s, u""_s }));
        // B has no output_code.py: counts unknown (the fallback lists are the compare core's business).
        QCOMPARE(row(model, 1).mid(0, 7),
            (QStringList { u""_s, u"model__0_backward_2"_s, u"matched"_s,
                u"✔ engaged → — no output_code.py"_s, u"2 → —"_s, u"1 → —"_s, u"0 → —"_s }));
        QCOMPARE(row(model, 2),
            (QStringList { u"regression"_s, u"model__1_inference_3"_s, u"matched"_s,
                u"✔ engaged → ✖ not engaged"_s, u"2 → 0 (−2)"_s, u"0 → 2 (+2)"_s, u"0"_s,
                u"+aten.mm.default, +npu.npu_fusion_attention.default"_s }));
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
            (QStringList {
                u"Regression"_s, u"Graph"_s, u"Status"_s, u"DVM A → B"_s, u"DVM"_s, u"Fallbacks"_s }));
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
            (QStringList { u""_s, u"model__0_forward_1"_s, u"matched"_s, u"✖ not engaged → ✔ engaged"_s,
                u"0 → 4 (+4)"_s, u"1 → 0 (−1)"_s, u"3 → 0 (−3)"_s, u""_s }));
        const QPalette palette = QApplication::palette();
        for (int column : { 3, 4, 5, 6 })
            QCOMPARE(
                model.index(0, column).data(Qt::ForegroundRole).value<QColor>(), compareBetterColor(palette));
        QCOMPARE(model.index(2, 7).data().toString(),
            QStringLiteral("-aten.mm.default, -npu.npu_fusion_attention.default"));
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
            (QStringList { u"Regression"_s, u"Graph"_s, u"Status"_s, u"DVM A → B"_s, u"DVM"_s, u"import_fx"_s,
                u"Triton"_s, u"Fallbacks"_s }));
        QCOMPARE(column(model, CompareSummaryModel::GraphColumn),
            (QStringList { u"model__0_forward_1"_s, u"model__0_backward_2"_s, u"model__1_inference_3"_s,
                u"model__2_inference_4"_s }));
        QCOMPARE(column(model, CompareSummaryModel::StatusColumn),
            (QStringList { u"matched"_s, u"matched"_s, u"only in A"_s, u"only in B"_s }));
        QCOMPARE(row(model, 0),
            (QStringList { u"regression"_s, u"model__0_forward_1"_s, u"matched"_s, u"✔ engaged → ✔ engaged"_s,
                u"3 → 2 (−1)"_s, u"0 → 1 (+1)"_s, u"0"_s, u"+aten.mm.default ×2, -extern_kernels.addmm"_s }));
        QCOMPARE(row(model, 2),
            (QStringList { u""_s, u"model__1_inference_3"_s, u"only in A"_s, u"✔ engaged → — absent"_s,
                u"1 → —"_s, u"0 → —"_s, u"0 → —"_s, u""_s }));
        QCOMPARE(row(model, 3),
            (QStringList { u""_s, u"model__2_inference_4"_s, u"only in B"_s, u"— absent → ✖ not engaged"_s,
                u"— → 0"_s, u"— → 0"_s, u"— → 1"_s, u""_s }));
        QCOMPARE(CompareSummaryModel::summaryText(m_fixture->summary),
            QStringLiteral(
                "4 graphs · 2 matched · 1 only in A · 1 only in B · 2 regressions · DVM engaged A 3 → "
                "B 1 · 1 DVM-engaged only in A (not a regression)"));
    }

    // Several ranks: which graphs regressed on how many of them, beside the row count.
    void regressionsByRank()
    {
        dvmlens::CompareResult result;
        result.runs.resize(2);
        for (int rank = 0; rank < 2; ++rank) {
            for (const char* key : { "model__0_forward_1", "model__1_backward_2" }) {
                dvmlens::GraphDiff diff;
                diff.key = key;
                diff.regression = rank == 0 || std::string(key) == "model__0_forward_1";
                result.graphs.push_back(diff);
            }
        }
        QCOMPARE(CompareSummaryModel::regressionRanksText(result),
            u"model__0_forward_1 regressed on 2/2 ranks; model__1_backward_2 regressed on 1/2 ranks"_s);
        result.runs.resize(1);
        QCOMPARE(CompareSummaryModel::regressionRanksText(result), QString());
    }

    void severalRanksShowRankAndGraph()
    {
        // The whole sample tree against itself: two run pairs, so keys carry "<run A>|<run B>/".
        const auto result = compare(testutil::sourcePath(u"resources/samples/torch_compile_debug"_s),
            testutil::sourcePath(u"resources/samples/torch_compile_debug"_s));
        QVERIFY(result);
        QCOMPARE(result->runs.size(), std::size_t(2));
        CompareSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(result);
        const QString runB = u"run_2026_07_20_11_02_07_654321-pid_4102"_s;
        int secondRank = -1;
        for (int row = 0; row < model.rowCount(); ++row) {
            if (model.index(row, CompareSummaryModel::GraphColumn)
                    .data(CompareSummaryModel::KeyRole)
                    .toString()
                == runB + u'|' + runB + u"/model__0_forward_1"_s)
                secondRank = row;
        }
        QVERIFY(secondRank >= 0);
        const QModelIndex cell = model.index(secondRank, CompareSummaryModel::GraphColumn);
        QCOMPARE(cell.data().toString(), u"rank 1 · model__0_forward_1"_s);
        QVERIFY(cell.data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(runB + u'|' + runB + u"/model__0_forward_1\n"_s));
        QCOMPARE(model.index(0, CompareSummaryModel::GraphColumn).data().toString().left(9), u"rank 0 · "_s);

        CompareSummaryProxy proxy;
        proxy.setSourceModel(&model);
        proxy.setFilterText(u"pid_4102 forward_1"_s); // the full key still filters
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { u"rank 1 · model__0_forward_1"_s }));
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
            (QStringList { u"model__0_forward_1"_s, u"model__1_inference_3"_s, u"model__0_backward_2"_s }));

        proxy.setOnlyRegressions(true);
        QVERIFY(proxy.onlyRegressions());
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { u"model__0_forward_1"_s, u"model__1_inference_3"_s }));
        proxy.setFilterText(QStringLiteral("  INFER "));
        QCOMPARE(
            column(proxy, CompareSummaryModel::GraphColumn), (QStringList { u"model__1_inference_3"_s }));
        proxy.setOnlyRegressions(false);
        proxy.setFilterText(QStringLiteral("model__0 backward"));
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn), (QStringList { u"model__0_backward_2"_s }));
        proxy.setFilterText(QStringLiteral("nothing-like-this"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 3);

        // Numbers sort as numbers (B − A): the biggest DVM loss first.
        proxy.sort(CompareSummaryModel::FirstBackendColumn, Qt::AscendingOrder);
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { u"model__0_forward_1"_s, u"model__1_inference_3"_s, u"model__0_backward_2"_s }));
        proxy.sort(CompareSummaryModel::GraphColumn, Qt::DescendingOrder);
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { u"model__1_inference_3"_s, u"model__0_forward_1"_s, u"model__0_backward_2"_s }));
        proxy.sort(CompareSummaryModel::VerdictColumn, Qt::AscendingOrder);
        QCOMPARE(column(proxy, CompareSummaryModel::GraphColumn),
            (QStringList { u"model__0_forward_1"_s, u"model__1_inference_3"_s, u"model__0_backward_2"_s }));
    }

    void fusionsOfARegressedGraph()
    {
        FusionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphDiff(&m_sample->graphs.at(0)); // model__0_forward_1
        QCOMPARE(headers(model),
            (QStringList { u"Fusion"_s, u"Backend A → B"_s, u"Device time A → B"_s, u"Kernel in A"_s,
                u"Kernel in B"_s, u"Changes"_s }));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(row(model, 0),
            (QStringList { u"fused__to_copy_add_mean_mul_pow_rsqrt"_s, u"dvm → —"_s, u""_s,
                u"dvm_fused__to_copy_add_mean_mul_pow_rsqrt_0"_s, u""_s, u"only in A"_s }));
        QCOMPARE(row(model, 1),
            (QStringList { u"fused_add_mul"_s, u"dvm → triton"_s, u""_s, u"dvm_fused_add_mul_1"_s,
                u"triton_unk_fused_add_mul_1"_s, u""_s }));
        QCOMPARE(row(model, 2),
            (QStringList { u"fused_silu_view"_s, u"dvm → import_fx"_s, u""_s, u"dvm_fused_silu_view_2"_s,
                u"dvm_fused_silu_view_2"_s, u""_s }));
        QCOMPARE(row(model, 3),
            (QStringList { u"fused_add_mul_view"_s, u"dvm → triton"_s, u""_s, u"dvm_fused_add_mul_view_3"_s,
                u"triton_unk_fused_add_mul_view_3"_s, u""_s }));
        QCOMPARE(row(model, 4),
            (QStringList { u"fused__to_copy_add_mean"_s, u"— → triton"_s, u""_s, u""_s,
                u"triton_unk_fused__to_copy_add_mean_0"_s, u"only in B"_s }));
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
            (QStringList { u"fused_add_mul_relu"_s, u"fused__softmax"_s, u"fused_clamp_min_mul"_s }));
        QCOMPARE(model.index(0, FusionTableModel::ChangesColumn).data().toString(),
            QStringLiteral("dyn_shape: false → true; input 0 shape: [128, 128] → [-1, 128]; input 1 shape: "
                           "[128, 128] → [-1, 128]; output 0 shape: [128, 128] → [-1, 128]"));
        QCOMPARE(model.index(0, FusionTableModel::ChangesColumn).data(Qt::ToolTipRole).toString(),
            QStringLiteral("dyn_shape: false → true\ninput 0 shape: [128, 128] → [-1, 128]\ninput 1 shape: "
                           "[128, 128] → [-1, 128]\noutput 0 shape: [128, 128] → [-1, 128]"));
        QCOMPARE(row(model, 1),
            (QStringList { u"fused__softmax"_s, u"dvm → dvm"_s, u""_s, u"dvm_fused__softmax_1"_s,
                u"dvm_fused__softmax_1"_s, u"ktype: vector → spec"_s }));
        QCOMPARE(model.index(2, FusionTableModel::BackendColumn).data().toString(),
            QStringLiteral("dvm → import_fx"));
    }
};

QTEST_MAIN(TestCompareModels)
#include "tst_comparemodels.moc"
