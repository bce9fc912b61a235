// SPDX-License-Identifier: MIT
// scan --json's "why" keys found while writing, from the output_code.py text the model sources
// read (json/scanrereads.h): the same reasons and counts as explainIndex (why/whyindex.h, which
// `why` and reports still use), and a file gone before writing said once for each purpose.
#include "core/json/scanjson.h"
#include "core/why/whyindex.h"
#include "core/why/whyrules.h"
#include "indexfixture.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace dvmlens;
using nlohmann::ordered_json;

namespace {

ordered_json countsJson(const WhyCounts& counts)
{
    ordered_json json = ordered_json::object();
    for (const auto& [code, count] : counts)
        json[code] = count;
    return json;
}

// A tree of two runs: the why fixture (every reason) in one, the sample's engaged run in the other.
void writeTree(const QDir& top)
{
    const QString run = u"run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/model__0_forward_1.0"_s;
    QVERIFY(top.mkpath(run));
    QVERIFY(
        QFile::copy(testutil::fixture(u"why/dvm_fallbacks.py"_s), top.filePath(run + u"/output_code.py"_s)));
    const QString other = u"run_2026_07_20_11_00_00_000000-pid_4102/torchinductor/model__1_inference_3.2"_s;
    QVERIFY(top.mkpath(other));
    QVERIFY(QFile::copy(testutil::sampleTree(testutil::kSampleEngagedRun)
            + u"/torchinductor/model__1_inference_3.2/output_code.py"_s,
        top.filePath(other + u"/output_code.py"_s)));
}

} // namespace

class TestScanJsonWhy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theSameReasonsAsExplainIndex()
    {
        QTemporaryDir dir;
        writeTree(QDir(dir.path()));
        const Index index = testutil::indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(2));
        const LoadedWhyRules rules = loadWhyRules();
        const IndexWhy reference = explainIndex(index, rules.rules, 1);
        const WhyContext context = whyContext(index, rules.rules);
        const ordered_json json = ordered_json::parse(scanJsonText(index, nullptr, true, &context));
        QCOMPARE(json["why_summary"].dump(), countsJson(treeWhyCounts(reference)).dump());
        QVERIFY(json["why_summary"].size() >= 5); // the fixture has many reasons
        for (std::size_t r = 0; r < index.runs.size(); ++r) {
            const ordered_json& run = json["runs"][r];
            QCOMPARE(run["why_summary"].dump(), countsJson(runWhyCounts(reference, r)).dump());
            for (std::size_t g = 0; g < index.runs[r].graphs.size(); ++g) {
                WhyCounts counts;
                if (const GraphWhy* graph = reference.graph(r, g))
                    addWhyCounts(*graph, counts);
                QCOMPARE(run["graphs"][g]["why_summary"].dump(), countsJson(counts).dump());
                // Each kernel's reason as explainIndex gives it.
                const GraphWhy* graph = reference.graph(r, g);
                QVERIFY(graph);
                const ordered_json& kernels = run["graphs"][g]["output_code"]["kernels"];
                for (std::size_t k = 0; k < graph->kernels.size(); ++k) {
                    if (graph->kernels[k])
                        QCOMPARE(kernels[k]["why"]["code"].get<std::string>(), graph->kernels[k]->code);
                }
            }
        }
    }

    // Gone between indexing and writing: "sources-unreadable" on the graph, "why-unreadable" after
    // the index's diagnostics and counted in the summary, as explainIndex said it.
    void aFileGoneBeforeWritingIsSaidForBoth()
    {
        QTemporaryDir dir;
        writeTree(QDir(dir.path()));
        const Index index = testutil::indexOf(dir.path());
        const std::string gone = index.runs[0].graphs[0].outputCode->path;
        QVERIFY(QFile::remove(QString::fromStdString(gone)));
        const LoadedWhyRules rules = loadWhyRules();
        const IndexWhy reference = explainIndex(index, rules.rules, 1);
        QCOMPARE(reference.problems.size(), std::size_t(1));
        const WhyContext context = whyContext(index, rules.rules);
        const ordered_json json = ordered_json::parse(scanJsonText(index, nullptr, true, &context));
        const ordered_json& diagnostics = json["diagnostics"];
        QCOMPARE(diagnostics.size(), index.diagnostics.size() + 1);
        QCOMPARE(diagnostics.back()["code"].get<std::string>(), "why-unreadable");
        QCOMPARE(diagnostics.back()["path"].get<std::string>(), gone);
        QCOMPARE(diagnostics.back()["message"].get<std::string>(), reference.problems[0].message);
        QCOMPARE(json["summary"]["diagnostics"]["warning"].get<int>(),
            summarize(index).diagnosticCount(Severity::Warning) + 1);
        const ordered_json& graph = json["runs"][0]["graphs"][0];
        QCOMPARE(graph["diagnostics"].back()["code"].get<std::string>(), "sources-unreadable");
        QCOMPARE(graph["why_summary"].dump(), std::string("{}"));
        QCOMPARE(json["why_summary"].dump(), countsJson(treeWhyCounts(reference)).dump());
    }
};

QTEST_GUILESS_MAIN(TestScanJsonWhy)
#include "tst_scanjsonwhy.moc"
