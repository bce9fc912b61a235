// SPDX-License-Identifier: MIT
// dvmlens-cli compile over a folder of generated TORCH_TRACE logs (two ranks, one breaking; recompiles up
// to the limit): its text, dvmlens.compile/1, the gates --no-recompiles / --max-breaks N (also on check),
// and bad usage.
#include "testutil.h"

#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using testutil::runCli;

class TestCliCompile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(testutil::writeBytes(m_dir.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s),
            testutil::breakLog(0) + testutil::recompileLog()));
        QVERIFY(testutil::writeBytes(
            m_dir.filePath(u"dedicated_log_torch_trace_rank_1_b.log"_s), testutil::plainLog(1)));
        QVERIFY(testutil::writeBytes(m_dir.filePath(u"notes.log"_s), "not a trace\n"));
    }

    void text()
    {
        const testutil::CliResult result = runCli({ u"compile"_s, m_dir.path() });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(u"compile: 2 logs, "_s), qPrintable(result.out));
        QVERIFY(result.out.contains(u"graph breaks: 1 distinct (1 hit)\n"_s));
        QVERIFY(result.out.contains(u"  layers.py:210  Unsupported Tensor.item() call with "
                                    u"capture_scalar_outputs=False  [1 frame, rank 0]\n"
                                    "    resumes in torch_dynamo_resume_in_forward_at_210\n"_s));
        QVERIFY(result.out.contains(u"recompiles: 3\n"_s));
        QVERIFY(result.out.contains(
            u"forward (rank 0, frame 0 after reset 1): 3 recompiles, recompile limit hit"_s));
        QVERIFY(result.out.contains(u"0/2: `L['x'].size()[0] == 64` failed: 80\n"_s));
    }

    void json()
    {
        const testutil::CliResult result = runCli({ u"compile"_s, u"--json"_s, m_dir.path() });
        QCOMPARE(result.exitCode, 0);
        const QJsonObject document = QJsonDocument::fromJson(result.rawOut).object();
        QCOMPARE(document.value(u"schema"_s).toString(), u"dvmlens.compile/1"_s);
        const QJsonObject compile = document.value(u"compile"_s).toObject();
        const QJsonArray breaks = compile.value(u"breaks"_s).toArray();
        QCOMPARE(breaks.size(), 1);
        QCOMPARE(breaks[0][u"file"_s].toString(), u"/m/layers.py"_s);
        QCOMPARE(breaks[0][u"line"_s].toInt(), 210);
        QCOMPARE(breaks[0][u"frames"_s].toInt(), 1);
        QCOMPARE(breaks[0][u"ranks"_s].toArray(), QJsonArray { 0 });
        QCOMPARE(compile.value(u"recompiles"_s).toInt(), 3);
        QCOMPARE(compile.value(u"failures"_s).toInt(), 0);
        QVERIFY(compile.value(u"cache"_s).toObject().contains(u"hit"_s));
        const QJsonArray graphs = document.value(u"graphs"_s).toArray();
        // rank 0: 0/0 (breaks), 1/0, then a reset: 0/0 after reset 1, 0/1, 0/2, 0/3; rank 1: 0/0
        QCOMPARE(graphs.size(), 7);
        QCOMPARE(graphs[1][u"compile"_s][u"after_break"_s][u"line"_s].toInt(), 210);
    }

    // The Frames section: each frame with its compiles and the DVM share of the graphs its compiles made;
    // in --json, "compile"."frames".
    void frames()
    {
        QTemporaryDir dir;
        using testutil::compileId;
        QVERIFY(testutil::writeBytes(dir.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s),
            testutil::breakLog(0)
                + testutil::dvmOutputCode(testutil::withRank(compileId(0, 0), 0), "0_forward")
                + testutil::outputCode(testutil::withRank(compileId(0, 0), 0), "0_backward")
                + testutil::dvmOutputCode(testutil::withRank(compileId(1, 0), 0), "1_forward")));
        const testutil::CliResult text = runCli({ u"compile"_s, dir.path() });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(
                     u"frames: 2\n"
                     u"  forward (layers.py:200), rank 0: 1 compile, 0 recompiles, 1 break, 2 graphs: "
                     u"DVM engaged in 1 of 2 graphs\n"
                     u"  torch_dynamo_resume_in_forward_at_210 (layers.py:200), rank 0: 1 compile, 0 "
                     u"recompiles, 0 breaks, 1 graph: DVM engaged in 1 of 1 graph\n"
                     u"    resumes forward after a break at layers.py:210 (Unsupported Tensor.item() "
                     u"call with capture_scalar_outputs=False), split off [0/0]\n"_s),
            qPrintable(text.out));
        const testutil::CliResult json = runCli({ u"compile"_s, u"--json"_s, dir.path() });
        QCOMPARE(json.exitCode, 0);
        const QJsonArray frames = QJsonDocument::fromJson(json.rawOut)
                                      .object()
                                      .value(u"compile"_s)
                                      .toObject()
                                      .value(u"frames"_s)
                                      .toArray();
        QCOMPARE(frames.size(), 2);
        const QJsonObject forward = frames[0].toObject();
        QCOMPARE(forward.value(u"function"_s).toString(), u"forward"_s);
        QCOMPARE(forward.value(u"file"_s).toString(), u"/m/layers.py"_s);
        QCOMPARE(forward.value(u"line"_s).toInt(), 200);
        QCOMPARE(forward.value(u"rank"_s).toInt(), 0);
        QCOMPARE(forward.value(u"compiles"_s).toInt(), 1);
        QCOMPARE(forward.value(u"recompiles"_s).toInt(), 0);
        QCOMPARE(forward.value(u"breaks"_s).toInt(), 1);
        QCOMPARE(forward.value(u"graphs"_s).toInt(), 2);
        QCOMPARE(forward.value(u"dvm_graphs"_s).toInt(), 1);
        QVERIFY(forward.value(u"resumes"_s).isNull());
        const QJsonObject resume = frames[1].toObject();
        QCOMPARE(resume.value(u"resumes"_s)[u"function"_s].toString(), u"forward"_s);
        QCOMPARE(resume.value(u"resumes"_s)[u"after_break"_s][u"line"_s].toInt(), 210);
        QCOMPARE(resume.value(u"dvm_graphs"_s).toInt(), 1);
        // scan --json's top-level "compile" gains the same frames.
        const testutil::CliResult scan = runCli({ u"scan"_s, u"--json"_s, dir.path() });
        QCOMPARE(scan.exitCode, 0);
        const QJsonArray scanFrames = QJsonDocument::fromJson(scan.rawOut)
                                          .object()
                                          .value(u"compile"_s)
                                          .toObject()
                                          .value(u"frames"_s)
                                          .toArray();
        QCOMPARE(scanFrames, frames);
    }

    // The Timeline section: per rank its compiles by start and length; in --json, "timeline".
    void timeline()
    {
        QTemporaryDir dir;
        QVERIFY(testutil::writeBytes(
            dir.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s), testutil::timelineLog(0)));
        QVERIFY(testutil::writeBytes(
            dir.filePath(u"dedicated_log_torch_trace_rank_1_b.log"_s), testutil::timelineLog(1)));
        const testutil::CliResult text = runCli({ u"compile"_s, dir.path() });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(
            text.out.endsWith(u"timeline (start after the first compile, length as PyTorch measured it):\n"
                              u"  rank 0: 2 compiles, 2.40 s compiling\n"
                              u"    [0/0] forward, first compile, 1.20 s at +0 µs\n"
                              u"    [0/1] forward, recompile, 1.20 s at +3.40 s\n"
                              u"  rank 1: 1 compile, 800.0 ms compiling\n"
                              u"    [0/0] forward, first compile, 800.0 ms at +500.0 ms\n"_s),
            qPrintable(text.out));
        const testutil::CliResult json = runCli({ u"compile"_s, u"--json"_s, dir.path() });
        QCOMPARE(json.exitCode, 0);
        const QJsonArray rows = QJsonDocument::fromJson(json.rawOut).object().value(u"timeline"_s).toArray();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[1][u"rank"_s].toInt(), 1);
        const QJsonObject recompile = rows[0][u"compiles"_s].toArray().at(1).toObject();
        QCOMPARE(recompile.value(u"id"_s).toString(), u"0/1"_s);
        QCOMPARE(recompile.value(u"start_us"_s).toInteger(), 3400000);
        QCOMPARE(recompile.value(u"duration_us"_s).toInteger(), 1200000);
        QCOMPARE(recompile.value(u"recompile"_s).toBool(), true);
        QCOMPARE(recompile.value(u"function"_s).toString(), u"forward"_s);
    }

    void gates()
    {
        const testutil::CliResult recompiles = runCli({ u"compile"_s, u"--no-recompiles"_s, m_dir.path() });
        QCOMPARE(recompiles.exitCode, 1);
        QVERIFY(recompiles.out.contains(
            u"check failed: 3 recompiles (--no-recompiles); most in forward (3)\n"_s));
        QCOMPARE(runCli({ u"compile"_s, u"--max-breaks"_s, u"1"_s, m_dir.path() }).exitCode, 0);
        const testutil::CliResult breaks = runCli({ u"compile"_s, u"--max-breaks"_s, u"0"_s, m_dir.path() });
        QCOMPARE(breaks.exitCode, 1);
        QVERIFY(breaks.out.contains(u"check failed: 1 distinct graph breaks, more than --max-breaks 0\n"_s));
        const testutil::CliResult check = runCli({ u"check"_s, u"--no-recompiles"_s, m_dir.path() });
        QCOMPARE(check.exitCode, 1);
        QVERIFY2(check.out.contains(u"compile: 2 trace logs, 3 recompiles, 1 distinct graph breaks\n"_s),
            qPrintable(check.out));
        QVERIFY(check.out.contains(u"check failed: 3 recompiles (--no-recompiles)"_s));
        QVERIFY(!runCli({ u"check"_s, m_dir.path() }).out.contains(u"recompiles"_s));
        // A gate over a folder without trace logs fails rather than passing on nothing.
        QTemporaryDir empty;
        const testutil::CliResult nothing = runCli({ u"compile"_s, u"--max-breaks"_s, u"3"_s, empty.path() });
        QCOMPARE(nothing.exitCode, 1);
        QVERIFY(nothing.out.contains(
            u"check failed: no TORCH_TRACE log under PATH for --no-recompiles / --max-breaks\n"_s));
        QCOMPARE(runCli({ u"compile"_s, empty.path() }).exitCode, 0);
    }

    // report of a debug tree that holds the run's TORCH_TRACE log gains the "Compile" section.
    void reportOfATreeWithItsTrace()
    {
        QTemporaryDir tree;
        QCOMPARE(testutil::runProgram(
                     u"cp"_s, { u"-r"_s, testutil::sampleTree(testutil::kSampleEngagedRun), tree.path() })
                     .exitCode,
            0);
        const testutil::CliResult without = runCli({ u"report"_s, u"--format"_s, u"md"_s, tree.path() });
        QCOMPARE(without.exitCode, 0);
        QVERIFY(!without.out.contains(u"## Compile"_s));
        QVERIFY(testutil::writeBytes(
            tree.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s), testutil::breakLog(0)));
        const testutil::CliResult with = runCli({ u"report"_s, u"--format"_s, u"md"_s, tree.path() });
        QCOMPARE(with.exitCode, 0);
        QVERIFY2(
            with.out.contains(
                u"## Compile\n\nFrom 1 TORCH_TRACE log: 2 compiles, 1 distinct graph break, 0 recompiles"_s),
            qPrintable(with.out));
    }

    void against()
    {
        QTemporaryDir before;
        QVERIFY(testutil::writeBytes(
            before.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s), testutil::plainLog(0)));
        const testutil::CliResult result = runCli({ u"compile"_s, u"--against"_s, before.path(),
            m_dir.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s) });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(
                     u"compile-side changes\n  B has a new graph break at layers.py:210 (Unsupported "
                     "Tensor.item() call with capture_scalar_outputs=False); the rest runs as "
                     "torch_dynamo_resume_in_forward_at_210\n"_s),
            qPrintable(result.out));
        QVERIFY2(
            result.out.contains(
                u"  B recompiled forward (after reset 1) 3 times where A did not, with dynamic shapes"_s),
            qPrintable(result.out.mid(result.out.indexOf(u"compile-side"_s))));
        QVERIFY(result.out.contains(
            u"  B's [1/0] torch_dynamo_resume_in_forward_at_210 split off A's [0/0] at layers.py:210\n"_s));
        const testutil::CliResult json =
            runCli({ u"compile"_s, u"--json"_s, u"--against"_s, before.path(), m_dir.path() });
        const QJsonObject document = QJsonDocument::fromJson(json.rawOut).object();
        QCOMPARE(document.value(u"against"_s).toObject().value(u"pairs"_s).toArray().size(), 1);
    }

    void badUsage()
    {
        const testutil::CliResult notNumber =
            runCli({ u"compile"_s, u"--max-breaks"_s, u"x"_s, m_dir.path() });
        QCOMPARE(notNumber.exitCode, 2);
        QVERIFY(notNumber.err.contains(u"--max-breaks wants a whole number from 0, not 'x'"_s));
        const testutil::CliResult missing = runCli({ u"compile"_s, m_dir.filePath(u"absent"_s) });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains(u"dvmlens-cli: compile: cannot read "_s));
        QCOMPARE(runCli({ u"compile"_s }).exitCode, 2);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliCompile)
#include "tst_cli_compile.moc"
