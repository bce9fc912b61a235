// SPDX-License-Identifier: MIT
// dvmlens-cli compare on the fixture trees in tests/fixtures/compare: text, JSON, run selection, exit codes.
#include "testutil.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace {

using testutil::CliResult;

// dvmlens-cli compare ARGS…
CliResult runCli(const QStringList& args)
{
    return testutil::runCli(QStringList { QStringLiteral("compare") } + args);
}

QString tree(const char* name)
{
    return testutil::fixture(QStringLiteral("compare/") + QLatin1String(name));
}

nlohmann::ordered_json parseJson(const QString& text)
{
    return nlohmann::ordered_json::parse(text.toStdString());
}

QStringList strings(const nlohmann::ordered_json& array)
{
    QStringList list;
    for (const auto& item : array)
        list << QString::fromStdString(item.get<std::string>());
    return list;
}

const QString kRunA = QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4242");
const QString kRunB = QStringLiteral("run_2026_07_21_09_00_00_000001-pid_5151");

} // namespace

class TestCliCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textSummaryRegressionsFirst()
    {
        const CliResult result = runCli({ tree("before"), tree("after") });
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.err, QString());
        const QString expected = QStringLiteral("A: ") + tree("before") + QStringLiteral("\nB: ")
            + tree("after") + QStringLiteral("\nruns: ") + kRunA + QString::fromUtf8(" ↔ ") + kRunB
            + QString::fromUtf8(
                "\n4 graphs: 2 matched, 1 only in A, 1 only in B\n"
                "DVM engaged: 3 graphs in A, 1 in B\n"
                "verdict: A engaged 3/3, B partly 1/3\n"
                "regressions: 2 (not counted: 1 graph only in A that used DVM)\n"
                "\n"
                "REGRESSION  model__0_forward_1  DVM engaged → DVM engaged\n"
                "    kernels: dvm 3 → 2 (-1), import_fx 0 → 1 (+1)\n"
                "    changed: fused_add_mul_relu (dvm_fused_add_mul_relu_0): dyn_shape: false → true; "
                "input 0 shape: [128, 128] → [-1, 128]; input 1 shape: [128, 128] → [-1, 128]; "
                "output 0 shape: [128, 128] → [-1, 128]\n"
                "    changed: fused__softmax (dvm_fused__softmax_1): ktype: vector → spec\n"
                "    moved: fused_clamp_min_mul dvm → import_fx (dvm_fused_clamp_min_mul_2)\n"
                "    fallbacks: +aten.mm.default ×2, -extern_kernels.addmm\n"
                // Why not DVM, A → B (comparewhy.h).
                "    why: fused_clamp_min_mul ×1: DVM → group-forced\n"
                "    why: aten.mm.default ×2: none → unknown\n"
                "    why: extern_kernels.addmm ×1: unknown → none\n"
                "\n"
                "REGRESSION  model__0_backward_2  DVM engaged → not engaged\n"
                "    kernels: dvm 1 → 0 (-1), triton 0 → 1 (+1)\n"
                "    moved: fused_mul_threshold_backward dvm → triton (dvm_fused_mul_threshold_backward_0 → "
                "triton_unk_fused_mul_threshold_backward_0)\n"
                "    why: fused_mul_threshold_backward ×1: DVM → backend-not-dvm\n"
                "\n"
                "only in A  model__1_inference_3  DVM engaged\n"
                "    kernels: dvm 1\n"
                "\n"
                "only in B  model__2_inference_4  not engaged\n"
                "    kernels: triton 1\n");
        QCOMPARE(result.out, expected);
    }

    void failOnRegressionExitsOne()
    {
        QCOMPARE(
            runCli({ QStringLiteral("--fail-on-regression"), tree("before"), tree("after") }).exitCode, 1);
        // B → A gains DVM back: nothing regresses.
        QCOMPARE(
            runCli({ QStringLiteral("--fail-on-regression"), tree("after"), tree("before") }).exitCode, 0);
        QCOMPARE(
            runCli({ QStringLiteral("--fail-on-regression"), tree("before"), tree("before") }).exitCode, 0);
    }

    void jsonDocument()
    {
        const CliResult result = runCli({ QStringLiteral("--json"), tree("before"), tree("after") });
        QCOMPARE(result.exitCode, 0);
        const auto json = parseJson(result.out);
        QVERIFY(json["schema"] == "dvmlens.compare/1");
        QVERIFY(json["a"] == tree("before").toStdString());
        QVERIFY(json["b"] == tree("after").toStdString());
        QCOMPARE(json["graphs"].size(), std::size_t(4));

        const auto& forward = json["graphs"][0];
        QVERIFY(forward["key"] == "model__0_forward_1");
        QVERIFY(forward["a"]
            == QString(tree("before") + QLatin1Char('/') + kRunA + u"/torchinductor/model__0_forward_1.0"_s)
                   .toStdString());
        QVERIFY(forward["status"] == "matched");
        QVERIFY(forward["dvm_engaged"]["a"] == true);
        QVERIFY(forward["dvm_engaged"]["b"] == true);
        QVERIFY(forward["counts"]["a"]["dvm"] == 3);
        QVERIFY(forward["counts"]["b"]["dvm"] == 2);
        QVERIFY(forward["counts"]["b"]["import_fx"] == 1);
        QCOMPARE(strings(forward["fallbacks"]["added"]),
            (QStringList { u"aten.mm.default"_s, u"aten.mm.default"_s }));
        QCOMPARE(strings(forward["fallbacks"]["removed"]), QStringList { u"extern_kernels.addmm"_s });
        QCOMPARE(strings(forward["dvm_only_a"]), QStringList { u"dvm_fused_clamp_min_mul_2"_s });
        QCOMPARE(strings(forward["dvm_only_b"]), QStringList());
        QCOMPARE(forward["fusions"].size(), std::size_t(3));
        QVERIFY(forward["fusions"][0]["key"] == "fused_add_mul_relu");
        QCOMPARE(strings(forward["fusions"][0]["changes"]),
            (QStringList { QString::fromUtf8("dyn_shape: false → true"),
                QString::fromUtf8("input 0 shape: [128, 128] → [-1, 128]"),
                QString::fromUtf8("input 1 shape: [128, 128] → [-1, 128]"),
                QString::fromUtf8("output 0 shape: [128, 128] → [-1, 128]") }));
        QCOMPARE(strings(forward["fusions"][1]["changes"]),
            QStringList { QString::fromUtf8("ktype: vector → spec") });
        QVERIFY(forward["fusions"][2]["a"] == "dvm");
        QVERIFY(forward["fusions"][2]["b"] == "import_fx");
        QVERIFY(forward["regression"] == true);

        const auto& backward = json["graphs"][1];
        QVERIFY(backward["dvm_engaged"]["b"] == false);
        QVERIFY(backward["fusions"][0]["key"] == "fused_mul_threshold_backward");
        QVERIFY(backward["fusions"][0]["b"] == "triton");
        QVERIFY(backward["regression"] == true);

        const auto& onlyA = json["graphs"][2];
        QVERIFY(onlyA["status"] == "only_a");
        QVERIFY(onlyA["b"].is_null());
        QVERIFY(onlyA["dvm_engaged"]["b"].is_null());
        QVERIFY(onlyA["counts"]["b"].is_null());
        QVERIFY(onlyA["regression"] == false);
        const auto& onlyB = json["graphs"][3];
        QVERIFY(onlyB["key"] == "model__2_inference_4");
        QVERIFY(onlyB["a"].is_null());
        QVERIFY(onlyB["dvm_engaged"]["a"].is_null());
        QVERIFY(onlyB["fusions"][0]["a"].is_null());

        QVERIFY(json["summary"]["graphs"] == 4);
        QVERIFY(json["summary"]["matched"] == 2);
        QVERIFY(json["summary"]["regressions"] == 2);
        QVERIFY(json["summary"]["dvm_engaged"]["a"] == 3);
        QVERIFY(json["summary"]["dvm_engaged"]["b"] == 1);
    }

    void graphFoldersCompareDirectly()
    {
        const QString a = tree("before") + QLatin1Char('/') + kRunA
            + QStringLiteral("/torchinductor/model__0_backward_2.1");
        const QString b =
            tree("after") + QLatin1Char('/') + kRunB + QStringLiteral("/torchinductor/model__0_backward_2.1");
        const CliResult result =
            runCli({ QStringLiteral("--json"), QStringLiteral("--fail-on-regression"), a, b });
        QCOMPARE(result.exitCode, 1);
        const auto json = parseJson(result.out);
        QCOMPARE(json["graphs"].size(), std::size_t(1));
        QVERIFY(json["graphs"][0]["key"] == "model__0_backward_2");
        QVERIFY(json["graphs"][0]["regression"] == true);
    }

    void loneOutputCodeFilesCompareDirectly()
    {
        const QString a = tree("before") + QLatin1Char('/') + kRunA
            + QStringLiteral("/torchinductor/model__0_forward_1.0/output_code.py");
        const QString b = tree("runs_b")
            + QStringLiteral("/run_2026_07_21_11_00_00_000000-pid_400/torchinductor/"
                             "model__0_inference_0.0/output_code.py");
        const CliResult result =
            runCli({ QStringLiteral("--json"), QStringLiteral("--fail-on-regression"), a, b });
        QCOMPARE(result.exitCode, 1);
        const auto json = parseJson(result.out);
        QCOMPARE(json["graphs"].size(), std::size_t(1));
        QVERIFY(json["graphs"][0]["status"] == "matched");
        QVERIFY(json["graphs"][0]["counts"]["a"]["dvm"] == 3);
        QVERIFY(json["graphs"][0]["counts"]["b"]["dvm"] == 1);
        QCOMPARE(strings(json["graphs"][0]["dvm_only_a"]),
            (QStringList { u"dvm_fused__softmax_1"_s, u"dvm_fused_clamp_min_mul_2"_s }));
        QVERIFY(json["graphs"][0]["regression"] == true);
    }

    void severalRunsPairByRank()
    {
        const CliResult result = runCli({ QStringLiteral("--json"), QStringLiteral("--fail-on-regression"),
            tree("runs_a"), tree("runs_b") });
        QCOMPARE(result.exitCode, 1);
        const auto json = parseJson(result.out);
        QCOMPARE(json["graphs"].size(), std::size_t(2));
        QVERIFY(json["graphs"][0]["key"]
            == "run_2026_07_20_10_00_00_000000-pid_100|run_2026_07_21_10_00_00_000000-pid_300/"
               "model__0_inference_0");
        QVERIFY(json["graphs"][0]["regression"] == true);
        QVERIFY(json["graphs"][1]["key"]
            == "run_2026_07_20_11_00_00_000000-pid_200|run_2026_07_21_11_00_00_000000-pid_400/"
               "model__0_inference_0");
        QVERIFY(json["graphs"][1]["dvm_engaged"]["a"] == false);
        QVERIFY(json["graphs"][1]["dvm_engaged"]["b"] == true);
        QVERIFY(json["graphs"][1]["regression"] == false);
        QVERIFY(json["summary"]["regressions"] == 1);
    }

    void namedRuns_data()
    {
        QTest::addColumn<QString>("runA");
        QTest::addColumn<QString>("runB");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<bool>("engagedA");
        QTest::addColumn<bool>("engagedB");
        QTest::newRow("pids, DVM kept") << "100"
                                        << "400" << 0 << true << true;
        QTest::newRow("folder names, DVM lost")
            << "run_2026_07_20_10_00_00_000000-pid_100"
            << "run_2026_07_21_10_00_00_000000-pid_300" << 1 << true << false;
        QTest::newRow("prefixes, DVM gained") << "run_2026_07_20_11"
                                              << "run_2026_07_21_11" << 0 << false << true;
        QTest::newRow("--opt=value form") << "--run-a=200"
                                          << "--run-b=300" << 0 << false << false;
    }

    void namedRuns()
    {
        QFETCH(QString, runA);
        QFETCH(QString, runB);
        QFETCH(int, exitCode);
        QFETCH(bool, engagedA);
        QFETCH(bool, engagedB);
        QStringList args { QStringLiteral("--json"), QStringLiteral("--fail-on-regression") };
        if (runA.startsWith(QLatin1String("--")))
            args << runA << runB;
        else
            args << QStringLiteral("--run-a") << runA << QStringLiteral("--run-b") << runB;
        const CliResult result = runCli(args + QStringList { tree("runs_a"), tree("runs_b") });
        QCOMPARE(result.exitCode, exitCode);
        const auto json = parseJson(result.out);
        QCOMPARE(json["graphs"].size(), std::size_t(1));
        // One run pair: keys carry no run prefix.
        QVERIFY(json["graphs"][0]["key"] == "model__0_inference_0");
        QVERIFY(json["graphs"][0]["dvm_engaged"]["a"] == engagedA);
        QVERIFY(json["graphs"][0]["dvm_engaged"]["b"] == engagedB);
    }

    void badUsageExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString a = tree("runs_a");
        const QString b = tree("runs_b");
        QTest::newRow("no paths") << QStringList() << "dvmlens-cli: give two paths, A and B (got 0)\n";
        QTest::newRow("one path") << QStringList { a } << "dvmlens-cli: give two paths, A and B (got 1)\n";
        QTest::newRow("three paths") << QStringList { a, b, a }
                                     << "dvmlens-cli: give two paths, A and B (got 3)\n";
        QTest::newRow("unknown option")
            << QStringList { u"--jsn"_s, a, b } << u"dvmlens-cli: unknown option '--jsn'\n"_s;
        QTest::newRow("--run-a without a value") << QStringList { a, b,
            u"--run-a"_s } << u"dvmlens-cli: --run-a needs a run name, pid or prefix\n"_s;
        QTest::newRow("unknown run name") << QStringList { u"--run-a"_s, u"999"_s, a, b }
                                          << u"dvmlens-cli: --run-a: no run '999' in "_s + a + u"\n"_s;
        QTest::newRow("ambiguous run prefix")
            << QStringList { u"--run-b"_s, u"run_2026_07_21"_s, a, b }
            << u"dvmlens-cli: --run-b: run 'run_2026_07_21' is ambiguous in "_s + b
                + u" (2 runs match this prefix)\n"_s;
    }

    void badUsageExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult result = runCli(args);
        QCOMPARE(result.exitCode, 2);
        QCOMPARE(result.out, QString());
        QCOMPARE(result.err,
            message
                + QStringLiteral("usage: dvmlens-cli compare [--json] [--fail-on-regression] [--run-a NAME] "
                                 "[--run-b NAME] "
                                 "[--profile-a PROFILE] [--profile-b PROFILE] A B\n"));
    }

    void missingPathExitsTwo()
    {
        const QString missing = tree("no-such-tree");
        const CliResult result = runCli({ tree("before"), missing });
        QCOMPARE(result.exitCode, 2);
        QCOMPARE(result.out, QString());
        QVERIFY2(result.err.startsWith(QStringLiteral("dvmlens-cli: compare: cannot read ")),
            qPrintable(result.err));
        QVERIFY2(result.err.contains(QStringLiteral("no-such-tree")), qPrintable(result.err));
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
