// SPDX-License-Identifier: MIT
// `dvmlens-cli why` and scan --json's "why" keys as scripts see them: a tree made here from the why
// fixture with a recorded environment (torch 2.9, DVM asked for), and a real NPU Triton file (the
// reason is the backend).
#include "testutil.h"
#include "whytree.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

using Result = testutil::CliResult;
using nlohmann::ordered_json;
using testutil::runCli;

using whytree::kAskedForDvm;
using whytree::makeTree;

const std::string kSummary =
    R"({"dtype-refused":1,"group-forced":1,"group-no-emitter":1,"group-node-dtype":1,)"
    R"("group-placeholder-dtype":1,"kept-whole":1,"matmul-fusion-off":1,"no-lowering":1,)"
    R"("not-in-lowering-list":1,"special-form":1,"unknown":2})";

} // namespace

class TestCliWhy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void whyJson()
    {
        QTemporaryDir dir;
        const QString tree = makeTree(dir, kAskedForDvm);
        const Result result = runCli({ QStringLiteral("why"), QStringLiteral("--json"), tree });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        const auto json = ordered_json::parse(result.out.toStdString());
        QCOMPARE(json["schema"].get<std::string>(), std::string("dvmlens.why/1"));
        QCOMPARE(json["why_summary"].dump(),
            std::string(R"({"kept-whole":1,"not-in-lowering-list":1,"dtype-refused":1,)"
                        R"("special-form":1,"matmul-fusion-off":1,"no-lowering":1,)"
                        R"("group-placeholder-dtype":1,"group-no-emitter":1,)"
                        R"("group-node-dtype":1,"group-forced":1,"unknown":2})"));
        const auto& notListed = json["reasons"][1];
        QCOMPARE(notListed["code"].get<std::string>(), std::string("not-in-lowering-list"));
        QCOMPARE(notListed["ops"].dump(), std::string(R"({"aten.permute.default":1})"));
        // torch 2.9 and the two-argument set_kernel_info: only 26.2β for PyTorch 2.7.1/2.9.0 fits.
        QCOMPARE(notListed["releases"].dump(), std::string(R"(["26.2b-pt2.7"])"));
        QVERIFY(!notListed["fix"]["zh"].get<std::string>().empty());
        QCOMPARE(json["reasons"][4]["example"]["text"].get<std::string>(),
            std::string(
                "`aten.mm.default` runs as ATen: DVM matmul fusion is off (INDUCTOR_DVM_ENABLE_MATMUL_FUSION "
                "is not set in the recorded environment (")
                + QDir(tree)
                      .filePath(QStringLiteral(
                          "run_2026_12_01_10_00_00_000000-pid_7/torchinductor/model__0_forward_0.0/"
                          "fx_graph_runnable.py"))
                      .toStdString()
                + ")).");
    }

    void whyText()
    {
        QTemporaryDir dir;
        const QString tree =
            makeTree(dir, kAskedForDvm + "\nos.environ['INDUCTOR_DVM_ENABLE_MATMUL_FUSION'] = '1'");
        const Result result = runCli({ QStringLiteral("why"), tree });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(
            result.out.startsWith(
                QStringLiteral("Why not DVM: %1\n  12 kernels or calls not DVM, 11 reasons\n").arg(tree)),
            qPrintable(result.out));
        QVERIFY(result.out.contains(QStringLiteral("\n[matmul-refused] Matmul refused by DVM: 1 (0 kernels, "
                                                   "1 fallback call)\n  ops: aten.mm.default x1\n")));
        QVERIFY(result.out.contains(QStringLiteral(
            "\n[group-forced] Fused group forced to eager: 1 (1 kernel, 0 fallback calls)\n")));
        QVERIFY(result.out.contains(QStringLiteral("  修复: ")));
        const Result missing = runCli({ QStringLiteral("why"), dir.filePath(QStringLiteral("none")) });
        QCOMPARE(missing.exitCode, 2);
    }

    void scanJsonHasWhy()
    {
        QTemporaryDir dir;
        const QString tree = makeTree(dir, kAskedForDvm);
        const Result result = runCli({ QStringLiteral("scan"), QStringLiteral("--json"), tree });
        QCOMPARE(result.exitCode, 0);
        const auto json = ordered_json::parse(result.out.toStdString());
        const auto& graph = json["runs"][0]["graphs"][0];
        QCOMPARE(graph["why_summary"].dump(), kSummary);
        QCOMPARE(json["runs"][0]["why_summary"].dump(), kSummary);
        QCOMPARE(json["why_summary"].dump(), kSummary);
        const auto& code = graph["output_code"];
        QVERIFY(!code["kernels"][0].contains("why")); // the DVM kernel
        const auto& f64 = code["kernels"][1]["why"];
        QCOMPARE(f64["code"].get<std::string>(), std::string("group-placeholder-dtype"));
        QCOMPARE(f64["evidence"].dump(),
            std::string(
                R"({"line":33,"dtype":"float64","allowed":"bfloat16, float16, float32, int32, bool, int64",)"
                R"("input":"arg1_1"})"));
        const auto& permute = code["fallbacks"][0]["why"];
        QCOMPARE(permute["code"].get<std::string>(), std::string("not-in-lowering-list"));
        QCOMPARE(permute["evidence"]["line"].get<int>(), 80);
        QCOMPARE(permute["evidence"]["op"].get<std::string>(), std::string("aten.permute.default"));
        QCOMPARE(permute["releases"].dump(), std::string(R"(["26.2b-pt2.7"])"));
        QCOMPARE(permute["alternatives"].dump(), std::string("[]"));
    }

    void realNpuFileSaysTheBackend()
    {
        const QString sample = testutil::realSample(QStringLiteral("npu-triton-66155746800"));
        if (!QFileInfo::exists(sample))
            QSKIP("../shared/real-samples is not here");
        const Result result = runCli({ QStringLiteral("why"), QStringLiteral("--json"), sample });
        QCOMPARE(result.exitCode, 0);
        const auto json = ordered_json::parse(result.out.toStdString());
        QCOMPARE(json["why_summary"].dump(), std::string(R"({"backend-not-dvm":4})"));
    }

    void reportSection()
    {
        QTemporaryDir dir;
        const QString tree = makeTree(dir, kAskedForDvm);
        const Result markdown = runCli({ QStringLiteral("report"), tree });
        QCOMPARE(markdown.exitCode, 0);
        QVERIFY(markdown.out.contains(QStringLiteral("\n## Why it fell back\n\n")));
        QVERIFY2(markdown.out.contains(
                     QStringLiteral("| not-in-lowering-list: Op not in DVM's lowering list | 1 | "
                                    "`aten.permute.default ×1` | — | 26.2b-pt2.7 |")),
            qPrintable(markdown.out));
        QVERIFY(!markdown.out.contains(QStringLiteral("## Environment checklist")));
        const Result json =
            runCli({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("json"), tree });
        QCOMPARE(json.exitCode, 0);
        const auto report = ordered_json::parse(json.out.toStdString());
        QCOMPARE(report["why_it_fell_back"].size(), std::size_t(11));
        QCOMPARE(report["why_it_fell_back"][0]["code"].get<std::string>(), std::string("kept-whole"));
        const Result html =
            runCli({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("html"), tree });
        QVERIFY(html.out.contains(QStringLiteral("<h2>Why it fell back</h2>")));
    }
};

QTEST_GUILESS_MAIN(TestCliWhy)
#include "tst_cli_why.moc"
