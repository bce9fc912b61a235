// SPDX-License-Identifier: MIT
// Short names of a comparison: graph pairs as rank + graph key, the two trees by what tells them apart.
#include "core/compare/comparenames.h"

#include <QTest>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

GraphSide side(std::size_t run, const char* name)
{
    GraphSide graph;
    graph.run = run;
    graph.name = name;
    return graph;
}

} // namespace

class TestCompareNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void onePairKeepsTheKey()
    {
        CompareResult result;
        result.runs.push_back({ 0, 0, "run_a", "run_b" });
        GraphDiff graph;
        graph.key = "model__0_forward_1";
        graph.a = side(0, "model__0_forward_1.0");
        const GraphPairName name = graphPairName(result, graph);
        QVERIFY(!name.rank);
        QCOMPARE(name.graph, std::string("model__0_forward_1"));
    }

    void ranksDropTheRunPrefix()
    {
        CompareResult result;
        for (std::size_t i = 0; i < 4; ++i)
            result.runs.push_back(
                { i, i, "run_2026_07_20_10_00_0" + std::to_string(i) + "-pid_10" + std::to_string(i),
                    "run_2026_07_21_09_00_0" + std::to_string(i) + "-pid_20" + std::to_string(i) });
        result.runs.push_back({ std::nullopt, 4, "", "run_extra" });
        GraphDiff graph;
        graph.key = result.runs[3].nameA + '|' + result.runs[3].nameB + "/model__0_forward_1";
        graph.a = side(3, "model__0_forward_1.0");
        graph.b = side(3, "model__0_forward_1.2");
        GraphPairName name = graphPairName(result, graph);
        QCOMPARE(name.rank, std::optional<int>(3));
        QCOMPARE(name.graph, std::string("model__0_forward_1"));

        GraphDiff onlyB;
        onlyB.key = "|run_extra/model__1_backward_3";
        onlyB.b = side(4, "model__1_backward_3.0");
        name = graphPairName(result, onlyB);
        QCOMPARE(name.rank, std::optional<int>(4));
        QCOMPARE(name.graph, std::string("model__1_backward_3"));
    }

    void distinguishingNames_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("nameA");
        QTest::addColumn<QString>("nameB");
        QTest::newRow("parent folders") << u"/data/exp1/torch_compile_debug"_s
                                        << u"/data/exp2/torch_compile_debug"_s << u"exp1"_s << u"exp2"_s;
        QTest::newRow("run names") << u"/d/torch_compile_debug/run_1-pid_5"_s
                                   << u"/d/torch_compile_debug/run_2-pid_6"_s << u"run_1-pid_5"_s
                                   << u"run_2-pid_6"_s;
        QTest::newRow("archives") << u"/tmp/before.tar.gz"_s << u"/tmp/after.tar.gz"_s << u"before.tar.gz"_s
                                  << u"after.tar.gz"_s;
        QTest::newRow("same path") << u"/d/torch_compile_debug"_s << u"/d/torch_compile_debug/"_s
                                   << u"torch_compile_debug"_s << u"torch_compile_debug"_s;
        QTest::newRow("one inside the other") << u"/d/tcd"_s << u"/d/tcd/run_1"_s << u"tcd"_s << u"run_1"_s;
        QTest::newRow("deep") << u"/a/b/c/d/e/x"_s << u"/a/z/x"_s << u"b/…/e"_s << u"z"_s;
        QTest::newRow("two levels") << u"/w/v1/n/tcd"_s << u"/w/v2/m/tcd"_s << u"v1/n"_s << u"v2/m"_s;
    }

    void distinguishingNames()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, nameA);
        QFETCH(QString, nameB);
        const auto [gotA, gotB] = dvmlens::distinguishingNames(a.toStdString(), b.toStdString());
        QCOMPARE(QString::fromStdString(gotA), nameA);
        QCOMPARE(QString::fromStdString(gotB), nameB);
    }
};

QTEST_APPLESS_MAIN(TestCompareNames)
#include "tst_comparenames.moc"
