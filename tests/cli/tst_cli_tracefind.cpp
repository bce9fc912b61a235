// SPDX-License-Identifier: MIT
// `dvmlens-cli scan` and `compile` find the same TORCH_TRACE logs (trace/tracefiles.h): logs under
// names PyTorch never gives, one folder down (myrun/trace/), a plain-text .log beside them passed
// over; a debug tree's empty graph folder naming the log beside it; and a link named like a log
// that leads out of the folder said by scan, check, sources and compile (issue #25).
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

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

    // Issue #25: a link named like PyTorch's log that leads out of the folder (to /dev/zero) is
    // never read, and every command says it with its path: scan among the tree's problems, check,
    // sources and compile on stderr, their output otherwise what it is without the link.
    void aLinkOutOfTheFolderIsSaidByEveryCommand()
    {
        QTemporaryDir dir;
        const QDir top(dir.path());
        QVERIFY(top.mkpath(u"plain"_s));
        QVERIFY(top.mkpath(u"linked"_s));
        for (const QString& folder : { u"plain"_s, u"linked"_s })
            QVERIFY(testutil::writeBytes(
                top.filePath(folder + u"/dedicated_log_torch_trace_rank_0_abcdefgh.log"_s),
                testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        const QString link = top.filePath(u"linked/dedicated_log_torch_trace_rank_1_x.log"_s);
        QCOMPARE(::symlink("/dev/zero", QFile::encodeName(link).constData()), 0);
        const QString said = link
            + u": This log is a link out of the opened folder (to /dev/zero); it is not read, so nothing "
              "outside what was opened is. Copy the log into the folder to read it. [link-outside-tree]\n"_s;

        const testutil::CliResult scan = testutil::runCli({ u"scan"_s, top.filePath(u"linked"_s) }, 30000);
        QCOMPARE(scan.exitCode, 0);
        QVERIFY2(scan.out.contains(u"warning [link-outside-tree] This log is a link out of the opened folder "
                                   "(to /dev/zero)"_s),
            qPrintable(scan.out));
        QVERIFY(scan.out.contains(u"    "_s + link + u'\n'));
        QCOMPARE(scan.err, QString()); // said once, in the output

        for (const QString& command : { u"check"_s, u"sources"_s, u"compile"_s }) {
            const testutil::CliResult plain = testutil::runCli({ command, top.filePath(u"plain"_s) }, 30000);
            const testutil::CliResult linked =
                testutil::runCli({ command, top.filePath(u"linked"_s) }, 30000);
            QCOMPARE(linked.exitCode, plain.exitCode);
            QCOMPARE(plain.err, QString());
            QCOMPARE(linked.err, u"dvmlens-cli: "_s + command + u": "_s + said);
            QCOMPARE(QString(linked.out).replace(u"/linked"_s, u"/plain"_s), plain.out);
        }
        // check's compile gates read the logs again: still said once.
        const testutil::CliResult gated =
            testutil::runCli({ u"check"_s, u"--no-recompiles"_s, top.filePath(u"linked"_s) }, 30000);
        QCOMPARE(gated.err, u"dvmlens-cli: check: "_s + said);
    }
};

QTEST_GUILESS_MAIN(TestCliTraceFind)
#include "tst_cli_tracefind.moc"
