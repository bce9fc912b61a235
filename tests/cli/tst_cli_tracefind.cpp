// SPDX-License-Identifier: MIT
// `dvmlens-cli scan` and `compile` find the same TORCH_TRACE logs (trace/tracefiles.h): logs under
// names PyTorch never gives, one folder down (myrun/trace/), a plain-text .log beside them passed
// over; and a debug tree's empty graph folder naming the log beside it.
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kEngagedRun = testutil::sampleTree(testutil::kSampleEngagedRun);
const QString kLostRun = testutil::sampleTree(testutil::kSampleLostRun);

} // namespace

class TestCliTraceFind : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scanAndCompileFindRenamedLogsOneFolderDown()
    {
        QTemporaryDir dir;
        const QDir top(dir.path());
        QVERIFY(top.mkpath(u"myrun/trace"_s));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"myrun/trace/node0.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"myrun/trace/node1.log"_s), testutil::traceOfSampleRun(kLostRun, 4102, 1)));
        QVERIFY(testutil::writeBytes(top.filePath(u"myrun/trace/train.log"_s), "epoch 1 loss 0.5\n"));
        const QString myrun = top.filePath(u"myrun"_s);

        const testutil::CliResult scan = testutil::runCli({ u"scan"_s, u"--json"_s, myrun });
        QCOMPARE(scan.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(scan.rawOut).object();
        const QJsonArray runs = json[u"runs"_s].toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0][u"name"_s].toString(), u"node0.log"_s);
        QCOMPARE(runs[0][u"rank"_s].toInt(), 0);
        QCOMPARE(runs[0][u"graphs"_s].toArray().size(), 3);
        QCOMPARE(runs[1][u"rank"_s].toInt(), 1);
        QCOMPARE(runs[1][u"graphs"_s].toArray().size(), 2);
        QCOMPARE(json[u"diagnostics"_s].toArray().size(), 0); // train.log: not a word

        const testutil::CliResult compile = testutil::runCli({ u"compile"_s, myrun });
        QCOMPARE(compile.exitCode, 0);
        QVERIFY2(compile.out.startsWith(u"compile: 2 logs, 4 compiles (compile ids)\n"_s),
            qPrintable(compile.out));
    }

    void anEmptyGraphFolderNamesTheLogBesideIt()
    {
        QTemporaryDir dir;
        const QDir top(dir.path());
        const QString graph =
            u"torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/model__0_forward_1.0"_s;
        QVERIFY(top.mkpath(graph));
        QVERIFY(top.mkpath(u"trace"_s));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"trace/rank0.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4101, 0, "hit")));
        const testutil::CliResult scan = testutil::runCli({ u"scan"_s, dir.path() });
        QCOMPARE(scan.exitCode, 0);
        QVERIFY2(scan.out.contains(
                     u"info [output-code-elsewhere] The TORCH_TRACE log trace/rank0.log beside this "
                     u"tree was written by the same process (pid 4101) and holds 3 wrapper modules"_s),
            qPrintable(scan.out));
        QVERIFY(scan.out.contains(u"1 run, 1 graph (0 with output_code.py"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliTraceFind)
#include "tst_cli_tracefind.moc"
