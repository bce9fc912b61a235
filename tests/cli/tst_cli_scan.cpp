// SPDX-License-Identifier: MIT
// `dvmlens-cli scan` and `dvmlens-cli check` as scripts see them: exit codes 0/1/2, stdout and stderr,
// the readable summary, --json (dvmlens.scan/1) and --jobs validation, on the shipped sample tree.
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace {

using Result = testutil::CliResult;
using testutil::kSampleEngagedRun;
using testutil::kSampleLostRun;
using testutil::runCli;
using testutil::sampleTree;

} // namespace

class TestCliScan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scanText()
    {
        const Result result = runCli({ QStringLiteral("scan"), sampleTree() });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        const QStringList lines = result.out.split(QLatin1Char('\n'));
        QCOMPARE(lines.first(), QStringLiteral("DVM Lens scan of ") + sampleTree());
        QVERIFY(lines.contains(
            QStringLiteral("run %1  pid 4101  started 2026-07-20T10:15:30.123456  engaged 3/3, "
                           "3 graphs, 3 DVM engaged, 3 logs")
                .arg(kSampleEngagedRun)));
        // The run that lost DVM: the ladder word and count, and what the count leaves out.
        QVERIFY(
            lines.contains(QStringLiteral("run %1  pid 4102  started 2026-07-20T11:02:07.654321  not engaged "
                                          "0/2 (1 without code), 3 graphs, 0 DVM engaged, 3 logs")
                               .arg(kSampleLostRun)));
        QVERIFY(
            lines.contains(QStringLiteral("  ENGAGED     model__0_forward_1.0    kernels: dvm 4; launches 4; "
                                          "fallbacks: aten 1, extern 1")));
        QVERIFY(lines.contains(QStringLiteral("  NO CODE     model__0_backward_2.1   no output_code.py")));
        QVERIFY(lines.contains(QStringLiteral(
            "  NOT ENGAGED model__1_inference_3.2  kernels: import_fx 2; launches 2; fallbacks: aten 1, npu "
            "1  <- "
            "no @dvm.kernel definitions; only import_fx FX fallbacks named like DVM kernels "
            "(dvm_fused__to_copy_mul_permute_0, dvm_fused_add_div_relu_1), which are not DVM code")));
        // Runs in start order, each graph under its run.
        QVERIFY(result.out.indexOf(kSampleEngagedRun) < result.out.indexOf(kSampleLostRun));
        // The diagnostics count also holds known-failure findings from the logs, which evolve with
        // the rule book; the scanner's own missing-output-code warning is always among them.
        const qsizetype totals =
            lines.indexOf(QStringLiteral("totals: 2 runs, 6 graphs (5 with output_code.py, 3 DVM engaged)"));
        QVERIFY(totals > 0);
        QCOMPARE(lines.value(totals + 1),
            QStringLiteral(
                "kernels: dvm 8, import_fx 4, triton 3; launches 15; fallbacks: aten 6, npu 1, extern 2"));
        QVERIFY2(lines.value(totals + 2).startsWith(QStringLiteral("diagnostics: warning ")),
            qPrintable(lines.value(totals + 2)));
        QCOMPARE(lines.mid(totals + 3),
            (QStringList { QStringLiteral("verdict: partly 3/5 (1 without code)"),
                QStringLiteral("DVM engaged: no"), QString() }));
    }

    void scanJson()
    {
        const Result result = runCli({ QStringLiteral("scan"), QStringLiteral("--json"), sampleTree() });
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.err, QString());
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(result.out.toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject json = document.object();
        QCOMPARE(json.value(QStringLiteral("schema")).toString(), QStringLiteral("dvmlens.scan/1"));
        QCOMPARE(json.value(QStringLiteral("root")).toString(), sampleTree());
        const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[1].toObject().value(QStringLiteral("pid")).toInt(), 4102);
        const QJsonObject summary = json.value(QStringLiteral("summary")).toObject();
        QCOMPARE(summary.value(QStringLiteral("dvm_engaged_graphs")).toInt(), 3);
        QCOMPARE(summary.value(QStringLiteral("dvm_engaged")).toBool(true), false);
        const QJsonObject cacheHit =
            runs[1].toObject().value(QStringLiteral("graphs")).toArray()[1].toObject();
        QVERIFY(cacheHit.value(QStringLiteral("output_code")).isNull());

        // Any number of jobs, either spelling, gives the same bytes.
        for (const QStringList& jobs : { QStringList { QStringLiteral("--jobs"), QStringLiteral("1") },
                 QStringList { QStringLiteral("--jobs=7") } }) {
            const Result again = runCli(QStringList { QStringLiteral("scan") } + jobs
                + QStringList { QStringLiteral("--json"), sampleTree() });
            QCOMPARE(again.exitCode, 0);
            QCOMPARE(again.out, result.out);
        }
    }

    void scanLevels()
    {
        const Result graph = runCli({ QStringLiteral("scan"), QStringLiteral("--json"),
            sampleTree(
                kSampleLostRun + QStringLiteral("/torchinductor/model__0_forward_1.0/output_code.py")) });
        QCOMPARE(graph.exitCode, 0);
        const QJsonArray runs =
            QJsonDocument::fromJson(graph.out.toUtf8()).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].toObject().value(QStringLiteral("name")).toString(), kSampleLostRun);

        QTemporaryDir empty;
        const Result nothing = runCli({ QStringLiteral("scan"), empty.path() });
        QCOMPARE(nothing.exitCode, 0);
        QVERIFY(nothing.out.contains(
            QStringLiteral("totals: 0 runs, 0 graphs (0 with output_code.py, 0 DVM engaged)")));
    }

    void scanJsonWithNonUtf8Names()
    {
        QTemporaryDir dir;
        // QTemporaryDir cannot remove a name that is not UTF-8: removed by its bytes.
        const auto removeBytes = qScopeGuard([&dir] {
            std::error_code ec;
            std::filesystem::remove_all(QFile::encodeName(dir.path()).toStdString(), ec);
        });
        const QByteArray graph = QFile::encodeName(dir.path()) + "/torchinductor/model__0_forward_1.0";
        QVERIFY(QDir().mkpath(QFile::decodeName(graph)));
        for (const QByteArray& name : { QByteArray("output_code.py"), QByteArray("caf\xe9-\xff.txt") }) {
            const QByteArray path = graph + '/' + name;
            FILE* file = std::fopen(path.constData(), "w");
            QVERIFY(file);
            std::fclose(file);
        }
        const Result result = runCli({ QStringLiteral("scan"), QStringLiteral("--json"), dir.path() });
        QCOMPARE(result.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(result.out.toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonArray files =
            document.object()[QStringLiteral("runs")][0][QStringLiteral("graphs")][0][QStringLiteral("files")]
                .toArray();
        QCOMPARE(files.size(), 2);
        QCOMPARE(files[0].toString(), QStringLiteral("caf\uFFFD-\uFFFD.txt"));
    }

    void scanUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString path = sampleTree();
        QTest::newRow("missing path")
            << QStringList { QStringLiteral("/no/such/tree") }
            << QStringLiteral("dvmlens-cli: scan: cannot read /no/such/tree: No such file or "
                              "directory\n");
        QTest::newRow("no PATH") << QStringList { QStringLiteral("--json") }
                                 << QStringLiteral("dvmlens-cli: PATH is missing\n");
        QTest::newRow("two PATHs") << QStringList { path,
            path } << QStringLiteral("dvmlens-cli: more than one PATH given ('%1')\n").arg(path);
        QTest::newRow("unknown option") << QStringList { QStringLiteral("--frobnicate"), path }
                                        << QStringLiteral("dvmlens-cli: unknown option '--frobnicate'\n");
        QTest::newRow("jobs without N") << QStringList { path, QStringLiteral("--jobs") }
                                        << QStringLiteral("dvmlens-cli: --jobs needs a number\n");
        for (const char* bad : { "0", "-1", "abc", "1.5", "257", "" }) {
            QTest::newRow(qPrintable(QStringLiteral("jobs '%1'").arg(QLatin1String(bad))))
                << QStringList { QStringLiteral("--jobs"), QLatin1String(bad), path }
                << QStringLiteral("dvmlens-cli: --jobs wants a whole number from 1 to 256, not '%1'\n")
                       .arg(QLatin1String(bad));
        }
    }

    void scanUsageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Result result = runCli(QStringList { QStringLiteral("scan") } + arguments);
        QCOMPARE(result.exitCode, 2);
        QCOMPARE(result.out, QString());
        QVERIFY2(result.err.startsWith(message), qPrintable(result.err));
    }

    void unwritableOutputFails()
    {
        if (!QFileInfo::exists(QStringLiteral("/dev/full")))
            QSKIP("no /dev/full on this system");
        testutil::RunOptions options;
        options.standardOutputFile = QStringLiteral("/dev/full");
        const Result result =
            testutil::runCli({ QStringLiteral("scan"), QStringLiteral("--json"), sampleTree() }, options);
        QVERIFY(result.finished);
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.err.startsWith(QStringLiteral("dvmlens-cli: scan: cannot write the output: ")));
    }

    void checkFailsAndSaysWhy()
    {
        const Result result = runCli({ QStringLiteral("check"), sampleTree() });
        QCOMPARE(result.exitCode, 1);
        QCOMPARE(result.err, QString());
        QCOMPARE(result.out,
            QStringLiteral("FAIL %1/model__0_forward_1.0: no `from torch_npu._inductor import dvm`; no "
                           "@dvm.kernel definitions; "
                           "only import_fx FX fallbacks named like DVM kernels (dvm_fused_silu_view_2), "
                           "which are not DVM code\n"
                           "note %1/model__0_backward_2.1: no output_code.py, nothing to verify\n"
                           "FAIL %1/model__1_inference_3.2: no @dvm.kernel definitions; only import_fx FX "
                           "fallbacks named like "
                           "DVM kernels (dvm_fused__to_copy_mul_permute_0, dvm_fused_add_div_relu_1), which "
                           "are not DVM code\n"
                           "verdict: partly 3/5 (1 without code)\n"
                           "check failed: DVM engaged in 3 of 5 graphs with an output_code.py\n")
                .arg(kSampleLostRun));
    }

    void checkPasses_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("last");
        QTest::newRow("engaged run") << sampleTree(kSampleEngagedRun)
                                     << QStringLiteral("verdict: engaged 3/3\ncheck passed: DVM engaged in "
                                                       "all 3 graphs with an output_code.py\n");
        QTest::newRow("one file") << sampleTree(
            kSampleEngagedRun + QStringLiteral("/torchinductor/model__1_inference_3.2/output_code.py"))
                                  << QStringLiteral("verdict: engaged 1/1\ncheck passed: DVM engaged in all "
                                                    "1 graphs with an output_code.py\n");
    }

    void checkPasses()
    {
        QFETCH(QString, path);
        QFETCH(QString, last);
        const Result result =
            runCli({ QStringLiteral("check"), QStringLiteral("--jobs"), QStringLiteral("2"), path });
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.out, last);
    }

    void checkWithNothingToVerify()
    {
        const QString cacheHit =
            sampleTree(kSampleLostRun + QStringLiteral("/torchinductor/model__0_backward_2.1"));
        const Result result = runCli({ QStringLiteral("check"), cacheHit });
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.out.endsWith(
                     QStringLiteral("check failed: no output_code.py in %1 (is TORCH_COMPILE_DEBUG=1 "
                                    "set, and is this a torch_compile_debug tree?)\n")
                         .arg(cacheHit)),
            qPrintable(result.out));
        QTemporaryDir empty;
        QCOMPARE(runCli({ QStringLiteral("check"), empty.path() }).exitCode, 1);
    }

    void checkNotesUnreadableGraphs()
    {
        QTemporaryDir dir;
        const QString inductor =
            dir.filePath(QStringLiteral("run_2026_07_20_10_15_30_123456-pid_1/torchinductor"));
        const QString good = inductor + QStringLiteral("/model__0_inference_0.0");
        const QString locked = inductor + QStringLiteral("/model__1_inference_1.1");
        QVERIFY(QDir().mkpath(good) && QDir().mkpath(locked));
        QVERIFY(QFile::copy(testutil::fixture(QStringLiteral("trees/small/dvm_output_code.py")),
            good + QStringLiteral("/output_code.py")));
        QFile::setPermissions(locked, QFileDevice::Permissions());
        const bool bypassed = ::access(QFile::encodeName(locked).constData(), R_OK) == 0;
        const Result result = runCli({ QStringLiteral("check"), dir.path() });
        QFile::setPermissions(
            locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        if (bypassed)
            QSKIP("running as root: chmod 000 folders stay readable");
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.out,
            QStringLiteral(
                "note run_2026_07_20_10_15_30_123456-pid_1/model__1_inference_1.1: the folder cannot be "
                "read, nothing verified\nverdict: engaged 1/1 (1 without code)\ncheck passed: DVM engaged in "
                "all 1 "
                "graphs with an output_code.py\n"));
    }

    void fileThatIsNoWrapperExits2_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("check") << QStringLiteral("check");
        QTest::newRow("scan") << QStringLiteral("scan");
        QTest::newRow("scan --json") << QStringLiteral("scan --json");
    }

    // An FX graph dump (or any artifact) is not an Inductor wrapper module: no verdict, exit 2.
    void fileThatIsNoWrapperExits2()
    {
        QFETCH(QString, command);
        const QString readable = sampleTree(
            kSampleEngagedRun + QStringLiteral("/torchinductor/model__0_forward_1.0/fx_graph_readable.py"));
        QStringList arguments = command.split(QLatin1Char(' '));
        arguments << readable;
        const Result result = runCli(arguments);
        QCOMPARE(result.exitCode, 2);
        QCOMPARE(result.out, QString());
        QCOMPARE(result.err,
            QStringLiteral("dvmlens-cli: %1: not an Inductor output_code.py (a wrapper module): %2\n")
                .arg(arguments.first(), readable));
    }

    // Files copied into a CI artifact folder two levels down are found where they are.
    void checkFindsWrappersInAnyLayout()
    {
        QTemporaryDir dir;
        for (const QString& rank : { QStringLiteral("rank0"), QStringLiteral("rank3") }) {
            const QString folder = dir.filePath(QStringLiteral("logs/%1/graph").arg(rank));
            QVERIFY(QDir().mkpath(folder));
            QVERIFY(QFile::copy(testutil::fixture(QStringLiteral("trees/small/dvm_output_code.py")),
                folder + QStringLiteral("/output_code.py")));
        }
        const Result result = runCli({ QStringLiteral("check"), dir.path() });
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.out,
            QStringLiteral(
                "verdict: engaged 2/2\ncheck passed: DVM engaged in all 2 graphs with an output_code.py\n"));
        const Result scan = runCli({ QStringLiteral("scan"), dir.path() });
        QVERIFY2(scan.out.contains(QStringLiteral("  ENGAGED     graph")), qPrintable(scan.out));
        QVERIFY2(scan.out.contains(
                     QStringLiteral("totals: 1 run, 2 graphs (2 with output_code.py, 2 DVM engaged)")),
            qPrintable(scan.out));
    }

    // check --ranks: the sample's second run lost DVM in two graphs and has no code in a third.
    void checkRanks()
    {
        const Result sample2 = runCli({ QStringLiteral("check"), QStringLiteral("--ranks"), sampleTree() });
        QCOMPARE(sample2.exitCode, 1);
        QVERIFY2(sample2.out.contains(QStringLiteral("ranks: 2 runs, 3 graphs, 0 identical, 3 divergent\n")),
            qPrintable(sample2.out));
        QVERIFY2(
            sample2.out.endsWith(QStringLiteral(
                "check failed: ranks disagree (a graph is missing on some ranks, or its verdict differs)\n")),
            qPrintable(sample2.out));

        // Two copies of the engaged run under other pids: they agree, and check --ranks passes.
        QTemporaryDir dir;
        for (const QString& pid : { QStringLiteral("7"), QStringLiteral("8") }) {
            const QString from = sampleTree(kSampleEngagedRun + QStringLiteral("/torchinductor"));
            const QString to =
                dir.filePath(QStringLiteral("run_2026_07_20_10_15_30_12345%1-pid_%1/torchinductor").arg(pid));
            for (const QString& graph : QDir(from).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                QVERIFY(QDir().mkpath(to + QLatin1Char('/') + graph));
                QVERIFY(QFile::copy(from + QLatin1Char('/') + graph + QStringLiteral("/output_code.py"),
                    to + QLatin1Char('/') + graph + QStringLiteral("/output_code.py")));
            }
        }
        const Result agree = runCli({ QStringLiteral("check"), QStringLiteral("--ranks"), dir.path() });
        QCOMPARE(agree.exitCode, 0);
        QVERIFY2(
            agree.out.endsWith(QStringLiteral("ranks: 2 runs, 3 graphs, 3 identical, 0 divergent\n"
                                              "ranks agree: every graph on every rank, with one verdict\n")),
            qPrintable(agree.out));
        // Without --ranks, check says nothing about ranks.
        QVERIFY(!runCli({ QStringLiteral("check"), dir.path() }).out.contains(QStringLiteral("ranks")));
    }

    void checkUsageErrors()
    {
        const Result missing = runCli({ QStringLiteral("check"), QStringLiteral("/no/such/tree") });
        QCOMPARE(missing.exitCode, 2);
        QCOMPARE(missing.err,
            QStringLiteral("dvmlens-cli: check: cannot read /no/such/tree: No such file or directory\n"));
        const Result json = runCli({ QStringLiteral("check"), QStringLiteral("--json"), sampleTree() });
        QCOMPARE(json.exitCode, 2);
        QVERIFY(json.err.startsWith(
            QStringLiteral("dvmlens-cli: unknown option '--json'\nusage: dvmlens-cli check")));
        QCOMPARE(runCli({ QStringLiteral("check") }).exitCode, 2);
        QCOMPARE(
            runCli({ QStringLiteral("check"), QStringLiteral("--jobs"), QStringLiteral("x"), sampleTree() })
                .exitCode,
            2);
    }
};

QTEST_GUILESS_MAIN(TestCliScan)
#include "tst_cli_scan.moc"
