// SPDX-License-Identifier: MIT
// `dvmlens-cli sources` as scripts see it: the readable listing worst first, --json
// (dvmlens.sources/1) with its exact keys, --all, bad usage, scan --json's per-item "sources",
// the report's "Where it fell back" section and compare's model lines A → B, on the two-rank fixture.
#include "testutil.h"

#include <QTest>

#include <nlohmann/json.hpp>

namespace {

using Result = testutil::CliResult;
using testutil::runCli;
QString tree(const QString& relative = QString())
{
    const QString root = testutil::fixture(QStringLiteral("sources/torch_compile_debug"));
    return relative.isEmpty() ? root : root + QLatin1Char('/') + relative;
}

QString keys(const nlohmann::ordered_json& object)
{
    QStringList list;
    for (auto it = object.begin(); it != object.end(); ++it)
        list << QString::fromStdString(it.key());
    return list.join(QLatin1Char(','));
}

const QString kRank0 = QStringLiteral("run_2026_11_01_10_00_00_000000-pid_100");
const QString kRank1 = QStringLiteral("run_2026_11_01_10_00_05_000000-pid_101");

} // namespace

class TestCliSources : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void text()
    {
        const Result result = runCli({ QStringLiteral("sources"), tree() });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        const QStringList lines = result.out.split(QLatin1Char('\n'));
        QCOMPARE(lines.at(0),
            QStringLiteral("model sources of %1: 5 locations, 4 with fallbacks or non-DVM kernels")
                .arg(tree()));
        QCOMPARE(lines.at(2), QStringLiteral("/workspace/model/layers.py:118 in forward"));
        QCOMPARE(lines.at(3),
            QStringLiteral(
                "  DVM 0 · other 2 (import_fx 1, triton 1) · fallbacks 2 (aten 2) · 0% DVM · 2 graphs · "
                "2 ranks"));
        QCOMPARE(lines.at(4), QStringLiteral("  code: h = F.silu(self.fc1(x_mod))"));
        QVERIFY(result.out.contains(
            QStringLiteral("/usr/lib/python3/site-packages/torch/nn/functional.py:2929 in "
                           "rms_norm (library)\n  DVM 1 · other 0 · fallbacks 0 · 100% DVM")));
        QVERIFY(result.out.endsWith(QStringLiteral(
            "\nno model source line found for: DVM 0 · other 1 (triton 1) · fallbacks 1 (npu 1)\n")));
    }

    void json()
    {
        const Result result = runCli({ QStringLiteral("sources"), QStringLiteral("--json"), tree() });
        QCOMPARE(result.exitCode, 0);
        const auto json = nlohmann::ordered_json::parse(result.out.toStdString());
        QCOMPARE(keys(json), QStringLiteral("schema,root,sources,unattributed,evidence"));
        QCOMPARE(json["schema"].get<std::string>(), std::string("dvmlens.sources/1"));
        QCOMPARE(json["sources"].size(), std::size_t(5));
        const auto& worst = json["sources"][0];
        QCOMPARE(keys(worst),
            QStringLiteral("file,line,function,code,library,kernels,fallbacks,graphs,runs,items"));
        QCOMPARE(keys(worst["kernels"]), QStringLiteral("dvm,import_fx,triton,cpp,mlir,akg,mps,other"));
        QCOMPARE(keys(worst["fallbacks"]), QStringLiteral("aten,npu,extern,other"));
        QCOMPARE(worst["line"].get<int>(), 118);
        QCOMPARE(worst["graphs"].get<int>(), 2);
        QCOMPARE(worst["runs"].get<int>(), 2);
        QCOMPARE(worst["items"].size(), std::size_t(4));
        QCOMPARE(keys(worst["items"][0]), QStringLiteral("run,graph,kind,name,backend,line"));
        const auto& last = json["sources"][4];
        QCOMPARE(last["library"].get<bool>(), true);
        QCOMPARE(last["kernels"]["dvm"].get<int>(), 1);
        QCOMPARE(json["unattributed"]["fallbacks"]["npu"].get<int>(), 1);
        QCOMPARE(json["evidence"]["kernels"]["docstring"].get<int>(), 2);

        const Result all =
            runCli({ QStringLiteral("sources"), QStringLiteral("--json"), QStringLiteral("--all"), tree() });
        const auto withLibrary = nlohmann::ordered_json::parse(all.out.toStdString());
        QCOMPARE(withLibrary["sources"][4]["kernels"]["dvm"].get<int>(), 2);
    }

    void usage()
    {
        QCOMPARE(runCli({ QStringLiteral("sources") }).exitCode, 2);
        QCOMPARE(runCli({ QStringLiteral("sources"), QStringLiteral("--bogus"), tree() }).exitCode, 2);
        const Result missing = runCli({ QStringLiteral("sources"), tree(QStringLiteral("nothing-here")) });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.startsWith(QStringLiteral("dvmlens-cli: sources: ")));
        QVERIFY(
            runCli({ QStringLiteral("--help") }).out.contains(QStringLiteral("sources [--json] [--all]")));
    }

    void scanJsonSources()
    {
        const Result result = runCli({ QStringLiteral("scan"), QStringLiteral("--json"), tree() });
        QCOMPARE(result.exitCode, 0);
        const auto json = nlohmann::ordered_json::parse(result.out.toStdString());
        const auto& code = json["runs"][0]["graphs"][0]["output_code"];
        QCOMPARE(keys(code["kernels"][3]), QStringLiteral("name,backend,line,end_line,launches,sources,why"));
        QCOMPARE(code["kernels"][3]["sources"].dump(),
            std::string(R"([{"file":"/workspace/model/layers.py","line":120}])"));
        QCOMPARE(code["kernels"][0]["sources"].dump(),
            std::string(R"([{"file":"/workspace/model/layers.py","line":113}])"));
        QCOMPARE(code["kernels"][5]["sources"].dump(), std::string("[]"));
        QCOMPARE(keys(code["fallbacks"][2]), QStringLiteral("target,kind,line,sources,why"));
        QCOMPARE(code["fallbacks"][2]["sources"].dump(),
            std::string(R"([{"file":"/workspace/model/layers.py","line":121}])"));
        QCOMPARE(code["fallbacks"][3]["sources"].dump(), std::string("[]"));
    }

    void reportSection()
    {
        const Result markdown = runCli({ QStringLiteral("report"), tree() });
        QCOMPARE(markdown.exitCode, 0);
        QVERIFY(markdown.out.contains(QStringLiteral("\n## Where it fell back\n\n")));
        QVERIFY(markdown.out.contains(QStringLiteral(
            "| `/workspace/model/layers.py:118` | forward | 0 | import_fx 1, triton 1 | aten 2 | 2 | 2 | "
            "`h = F.silu(self.fc1(x_mod))` |")));
        // What has no source line is counted and listed last, never left out.
        QVERIFY(markdown.out.contains(QStringLiteral("worst first; 1 non-DVM kernel and 1 fallback call with "
                                                     "no source line last, as unknown location:")));
        QVERIFY(markdown.out.contains(
            QStringLiteral("| unknown location | — | 0 | triton 1 | npu 1 | — | — | — |")));
        const Result html =
            runCli({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("html"), tree() });
        QVERIFY(html.out.contains(QStringLiteral("<h2>Where it fell back</h2>")));
        const Result json =
            runCli({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("json"), tree() });
        const auto report = nlohmann::ordered_json::parse(json.out.toStdString());
        QCOMPARE(report["where_it_fell_back"]["locations"].get<int>(), 4);
        QCOMPARE(report["where_it_fell_back"]["top"][0]["line"].get<int>(), 118);
    }

    void compareLines()
    {
        const Result text = runCli({ QStringLiteral("compare"), tree(kRank0), tree(kRank1) });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("\nmodel source lines whose DVM kernels changed (A → B):\n"
                                                  "  layers.py:113 left DVM in B: DVM 1 → 0 · other 0 → 1 · "
                                                  "fallbacks 0 → 0\n")),
            qPrintable(text.out));
        const Result json =
            runCli({ QStringLiteral("compare"), QStringLiteral("--json"), tree(kRank0), tree(kRank1) });
        const auto compare = nlohmann::ordered_json::parse(json.out.toStdString());
        QCOMPARE(keys(compare).section(QLatin1Char(','), -1), QStringLiteral("sources"));
        QCOMPARE(compare["sources"][0]["change"].get<std::string>(), std::string("left_dvm"));
        QCOMPARE(compare["sources"][0]["line"].get<int>(), 113);
        QCOMPARE(compare["sources"][0]["a"]["kernels"]["dvm"].get<int>(), 1);
        QCOMPARE(compare["sources"][0]["b"]["kernels"]["triton"].get<int>(), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliSources)
#include "tst_cli_sources.moc"
