// SPDX-License-Identifier: MIT
// scan --json over TORCH_TRACE logs gains the compile side (docs/compile-side.md): "compile" on every graph
// (cache, time by phase, recompile, the break it resumes after, failure; null for a debug tree's graph) and
// the rollup at the top (null when no trace log was read), from logs the tests write and a real excerpt.
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

namespace {

QJsonObject scanJson(const QString& path)
{
    const testutil::CliResult result = runCli({ u"scan"_s, u"--json"_s, path });
    if (result.exitCode != 0)
        qWarning("%s", qPrintable(result.err));
    return QJsonDocument::fromJson(result.rawOut).object();
}

QJsonObject graphOf(const QJsonObject& document, int run, int graph)
{
    return document[u"runs"_s][run][u"graphs"_s][graph].toObject();
}

QJsonObject times(int dynamo, int aot, int inductor, int codegen)
{
    return { { u"dynamo"_s, dynamo }, { u"aot"_s, aot }, { u"inductor"_s, inductor },
        { u"codegen"_s, codegen } };
}

const QString kItemType = u"Unsupported Tensor.item() call with capture_scalar_outputs=False"_s;

} // namespace

class TestCliScanCompile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        using namespace testutil;
        QVERIFY(m_dir.isValid());
        // rank 0: forward [0/0] breaks at layers.py:210; the rest, [1/0], is served from the FX cache.
        const std::string resume = "torch_dynamo_resume_in_forward_at_210";
        const std::string first = withRank(compileId(0, 0), 0);
        const std::string retried = withRank(compileId(0, 0, 1), 0);
        const std::string rest = withRank(compileId(1, 0), 0);
        QVERIFY(writeBytes(m_dir.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s),
            dynamoStart(first) + breakArtifact(first) + outputCode(retried, "0_forward")
                + metrics(retried, "forward", R"(, "restart_reasons": ["Unsupported Tensor.item() call"])")
                + dynamoStart(rest, resume)
                + artifact("fx_graph_cache_hit", rest,
                    R"({"key": "fk1", "cache_state": "hit", "time_saved_ns": 7000000})")
                + outputCode(rest, "1_forward") + metrics(rest, resume)));
        // rank 1: forward [0/0], then recompiled as [0/1] when x's size changed from 32 to 48.
        const std::string again = withRank(compileId(0, 1), 1);
        QVERIFY(writeBytes(m_dir.filePath(u"dedicated_log_torch_trace_rank_1_b.log"_s),
            dynamoStart(withRank(compileId(0, 0), 1)) + outputCode(withRank(compileId(0, 0), 1), "0_forward")
                + metrics(withRank(compileId(0, 0), 1), "forward")
                + artifact("recompile_reasons", again,
                    R"(["0/0: tensor 'x' size mismatch at index 0. expected 32, actual 48"])")
                + dynamoStart(again) + outputCode(again, "1_forward") + metrics(again, "forward")));
        // rank 2: a compile that failed and left no code (no graph, but a failure of the tree).
        QVERIFY(writeBytes(m_dir.filePath(u"dedicated_log_torch_trace_rank_2_c.log"_s), fallbackKernelLog()));
    }

    void perGraph()
    {
        const QJsonObject document = scanJson(m_dir.path());
        QCOMPARE(document[u"runs"_s].toArray().size(), 3);
        const QJsonObject broke = graphOf(document, 0, 0);
        QCOMPARE(broke[u"name"_s].toString(), u"[0/0_1] 0_forward"_s);
        const QJsonObject brokeCompile = broke[u"compile"_s].toObject();
        QCOMPARE(brokeCompile[u"time_us"_s].toObject(), times(5000, 3000, 2000, 1000));
        QVERIFY(brokeCompile[u"cache"_s].isNull());
        QVERIFY(brokeCompile[u"recompile"_s].isNull());
        QVERIFY(brokeCompile[u"after_break"_s].isNull());
        QVERIFY(brokeCompile[u"failed"_s].isNull());
        QCOMPARE(brokeCompile[u"breaks"_s][0][u"line"_s].toInt(), 210);

        const QJsonObject rest = graphOf(document, 0, 1)[u"compile"_s].toObject();
        QCOMPARE(rest[u"cache"_s].toString(), u"hit"_s);
        QCOMPARE(rest[u"fx_cache"_s][u"time_saved_us"_s].toInt(), 7000);
        const QJsonObject afterBreak { { u"reason"_s, kItemType }, { u"file"_s, u"/m/layers.py"_s },
            { u"line"_s, 210 }, { u"of"_s, u"0/0"_s } };
        QCOMPARE(rest[u"after_break"_s].toObject(), afterBreak);
        QVERIFY(rest[u"recompile"_s].isNull());

        QVERIFY(graphOf(document, 1, 0)[u"compile"_s][u"recompile"_s].isNull());
        const QJsonObject recompile = graphOf(document, 1, 1)[u"compile"_s][u"recompile"_s].toObject();
        QCOMPARE(recompile[u"n"_s].toInt(), 1);
        QCOMPARE(recompile[u"limit_hit"_s].toBool(), false);
        const QJsonArray reasons = recompile[u"reasons"_s].toArray();
        QCOMPARE(reasons.size(), 1);
        QCOMPARE(reasons[0][u"entry"_s].toString(), u"0/0"_s);
        QCOMPARE(reasons[0][u"words"_s].toString(), u"`L['x'].size()[0] == 32` failed: 48"_s);
        QCOMPARE(document[u"runs"_s][2][u"graphs"_s].toArray().size(), 0);
    }

    void rollup()
    {
        const QJsonObject compile = scanJson(m_dir.path())[u"compile"_s].toObject();
        const QJsonArray breaks = compile[u"breaks"_s].toArray();
        QCOMPARE(breaks.size(), 1);
        QCOMPARE(breaks[0][u"type"_s].toString(), kItemType);
        QCOMPARE(breaks[0][u"file"_s].toString(), u"/m/layers.py"_s);
        QCOMPARE(breaks[0][u"line"_s].toInt(), 210);
        QCOMPARE(breaks[0][u"frames"_s].toInt(), 1);
        QCOMPARE(breaks[0][u"ranks"_s].toArray(), QJsonArray { 0 });
        QVERIFY(breaks[0][u"reason"_s].toString().startsWith(kItemType));
        QCOMPARE(compile[u"recompiles"_s].toInt(), 1);
        const QJsonObject cache = compile[u"cache"_s].toObject();
        QCOMPARE(cache[u"hit"_s].toInt(), 1);
        QCOMPARE(cache[u"miss"_s].toInt(), 0);
        QCOMPARE(cache[u"bypass"_s].toInt(), 0);
        // The failed compile of rank 2 left no graph but is counted, named as the known failure.
        QCOMPARE(compile[u"failures"_s].toInt(), 1);
        QCOMPARE(compile[u"failed"_s][0][u"known_failure"_s].toString(), u"fallbackkernel-no-data"_s);
        QCOMPARE(compile[u"failed"_s][0][u"rank"_s].toInt(), 2);
    }

    // A gzipped log is read once more as the index read it (gunzipped by content).
    void gzippedLog()
    {
        QTemporaryDir dir;
        QVERIFY(testutil::writeGzip(dir.filePath(u"dedicated_log_torch_trace_rank_0_z.log.gz"_s),
            testutil::readText(m_dir.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s))));
        const QJsonObject document = scanJson(dir.path());
        QCOMPARE(graphOf(document, 0, 1)[u"compile"_s][u"after_break"_s][u"line"_s].toInt(), 210);
        QCOMPARE(document[u"compile"_s][u"breaks"_s].toArray().size(), 1);
    }

    // A debug tree has no trace log: every graph's "compile" and the rollup are null, not left out.
    void debugTreeHasNone()
    {
        const QJsonObject document = scanJson(testutil::sampleTree(testutil::kSampleEngagedRun));
        QVERIFY(document.contains(u"compile"_s));
        QVERIFY(document[u"compile"_s].isNull());
        const QJsonObject graph = graphOf(document, 0, 0);
        QVERIFY(graph.contains(u"compile"_s));
        QVERIFY(graph[u"compile"_s].isNull());
    }

    // A real, complete ≈2.4 log (tlparse's links.log): its one graph's compile time by phase.
    void realExcerpt()
    {
        const QString log =
            QStringLiteral(DVMLENS_SHARED_DIR "/inputs-examples/trace-2024-05-complete-links.log");
        if (!QFile::exists(log))
            QSKIP("../shared/inputs-examples is absent");
        const QJsonObject document = scanJson(log);
        const QJsonObject compile = graphOf(document, 0, 0)[u"compile"_s].toObject();
        QCOMPARE(compile[u"time_us"_s].toObject(), times(5750434, 5728265, 4610031, 4601040));
        QVERIFY(compile[u"recompile"_s].isNull());
        QVERIFY(compile[u"after_break"_s].isNull());
        QVERIFY(compile[u"failed"_s].isNull());
        QCOMPARE(document[u"compile"_s][u"graphs"_s].toInt(), 1);
        QCOMPARE(document[u"compile"_s][u"breaks"_s].toArray().size(), 0);
        QCOMPARE(document[u"compile"_s][u"failures"_s].toInt(), 0);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliScanCompile)
#include "tst_cli_scancompile.moc"
