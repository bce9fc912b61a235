// SPDX-License-Identifier: MIT
// TORCH_TRACE logs and the Inductor cache folder in every command of dvmlens-cli: scan (text and
// scan/1 with "origin" and "rank"), check and check --ranks, report, sources, compare of a trace
// against the debug tree it came from and of two ranks' logs.
#include "core/trace/codehash.h"
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

using Result = testutil::CliResult;

Result run(const QStringList& arguments)
{
    return testutil::runCli(arguments, 120000);
}

QJsonObject jsonOf(const Result& result)
{
    return QJsonDocument::fromJson(result.rawOut).object();
}

const QString kEngagedRun = testutil::sampleTree(testutil::kSampleEngagedRun);
const QString kLostRun = testutil::sampleTree(testutil::kSampleLostRun);

} // namespace

class TestCliTrace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_trace = m_dir.filePath(u"trace"_s);
        QDir(m_dir.path()).mkdir(u"trace"_s);
        QVERIFY(testutil::writeBytes(m_trace + u"/dedicated_log_torch_trace_rank_0_a74od7a1.log"_s,
            testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        QVERIFY(testutil::writeBytes(m_trace + u"/dedicated_log_torch_trace_rank_1_fglwclht.log"_s,
            testutil::traceOfSampleRun(kLostRun, 4102, 1, "hit")));
        m_cache = m_dir.filePath(u"torchinductor_root"_s);
        // Two DVM wrappers and one without DVM, from two processes: nothing may say "in this process".
        for (const QString& module :
            { QString(kEngagedRun + u"/torchinductor/model__0_forward_1.0/output_code.py"_s),
                QString(kEngagedRun + u"/torchinductor/model__1_inference_3.2/output_code.py"_s),
                QString(kLostRun + u"/torchinductor/model__0_forward_1.0/output_code.py"_s) }) {
            const std::string code = testutil::readText(module);
            const QString hash = QString::fromStdString(dvmlens::inductorCodeHash(code));
            QDir(m_cache).mkpath(hash.mid(1, 2));
            QVERIFY(testutil::writeBytes(m_cache + u'/' + hash.mid(1, 2) + u'/' + hash + u".py"_s, code));
        }
        QDir(m_cache).mkpath(u"fxgraph/xy"_s);
    }

    void scanTextSaysRankPidStartAndOrigin()
    {
        const Result result = run({ u"scan"_s, m_trace });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(
                     u"run dedicated_log_torch_trace_rank_0_a74od7a1.log  rank 0  pid 4101  started "
                     "07-20 10:15:10.000000 (no year in the log)  engaged 3/3, 3 graphs, 3 DVM engaged\n"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(u"ENGAGED     [0/0] 0_forward"_s));
        QVERIFY(result.out.contains(
            u"      from "_s + m_trace + u"/dedicated_log_torch_trace_rank_0_a74od7a1.log line "_s));
        QVERIFY(result.out.contains(u", FX graph cache hit\n"_s));
        // The two ranks pair by compile id and AOT ID: the forward and inference graphs differ.
        QVERIFY2(result.out.contains(u"ranks: 2 runs, 3 graphs, 0 identical, 3 divergent"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(u"[0/0] 0_forward: 2 variants"_s));
    }

    void scanJsonHasOriginAndRank()
    {
        const QJsonObject json = jsonOf(run({ u"scan"_s, u"--json"_s, m_trace }));
        const QJsonArray runs = json[u"runs"_s].toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].toObject()[u"rank"_s].toInt(-1), 0);
        QCOMPARE(runs[1].toObject()[u"rank"_s].toInt(-1), 1);
        QCOMPARE(runs[0].toObject()[u"started"_s].toString(), u"--07-20T10:15:10.000000"_s);
        const QJsonObject origin =
            runs[0].toObject()[u"graphs"_s].toArray()[0].toObject()[u"origin"_s].toObject();
        QCOMPARE(origin[u"kind"_s].toString(), u"trace"_s);
        QCOMPARE(origin[u"file"_s].toString(), m_trace + u"/dedicated_log_torch_trace_rank_0_a74od7a1.log"_s);
        QVERIFY(origin[u"line"_s].toInt() > 1);
        QCOMPARE(origin[u"compile_id"_s].toString(), u"[0/0]"_s);
        QCOMPARE(origin[u"cache"_s].toString(), u"miss"_s);
        QCOMPARE(origin[u"code_hash"_s].toString().size(), 52);
        // A debug tree's graphs say so; its runs have no rank.
        const QJsonObject tree = jsonOf(run({ u"scan"_s, u"--json"_s, testutil::sampleTree() }));
        const QJsonObject firstRun = tree[u"runs"_s].toArray()[0].toObject();
        QVERIFY(firstRun[u"rank"_s].isNull());
        const QJsonObject treeOrigin = firstRun[u"graphs"_s].toArray()[0].toObject()[u"origin"_s].toObject();
        QCOMPARE(treeOrigin[u"kind"_s].toString(), u"debug-tree"_s);
        QVERIFY(treeOrigin[u"file"_s].toString().endsWith(u"model__0_forward_1.0/output_code.py"_s));
        QVERIFY(treeOrigin[u"line"_s].isNull() && treeOrigin[u"compile_id"_s].isNull()
            && treeOrigin[u"cache"_s].isNull());
    }

    void checkReportAndSources()
    {
        const Result check = run({ u"check"_s, m_trace });
        QCOMPARE(check.exitCode, 1); // rank 1 is not engaged
        QVERIFY2(check.out.contains(u"[0/0] 0_forward"_s), qPrintable(check.out));
        const Result engaged =
            run({ u"check"_s, m_trace + u"/dedicated_log_torch_trace_rank_0_a74od7a1.log"_s });
        QCOMPARE(engaged.exitCode, 0);
        const Result report = run({ u"report"_s, m_trace });
        QCOMPARE(report.exitCode, 0);
        QVERIFY(report.out.contains(u"[0/0] 0_forward"_s));
        QVERIFY2(report.out.contains(u"2.14.0.dev20260719+cpu"_s),
            qPrintable(report.out)); // fx_graph_runnable read again
        const Result sources = run({ u"sources"_s, u"--json"_s, m_trace });
        QCOMPARE(sources.exitCode, 0);
        QVERIFY(!jsonOf(sources).isEmpty());
    }

    void compareATraceWithItsDebugTree()
    {
        const Result result = run({ u"compare"_s, u"--json"_s,
            m_trace + u"/dedicated_log_torch_trace_rank_0_a74od7a1.log"_s, kEngagedRun });
        QCOMPARE(result.exitCode, 0);
        const QJsonObject summary = jsonOf(result)[u"summary"_s].toObject();
        QCOMPARE(summary[u"graphs"_s].toInt(), 3);
        QCOMPARE(summary[u"matched"_s].toInt(), 3);
        // Rank 0 against rank 1: the forward and inference graphs lost DVM.
        const Result ranks = run({ u"compare"_s, u"--fail-on-regression"_s,
            m_trace + u"/dedicated_log_torch_trace_rank_0_a74od7a1.log"_s,
            m_trace + u"/dedicated_log_torch_trace_rank_1_fglwclht.log"_s });
        QCOMPARE(ranks.exitCode, 1);
    }

    void theInductorCache()
    {
        const Result result = run({ u"scan"_s, m_cache });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(u"run Inductor cache  partly 2/3, 3 graphs, 2 DVM engaged\n"_s),
            qPrintable(result.out));
        QVERIFY(!result.out.contains(u"graph-without-dvm-kernel"_s));
        const QJsonObject json = jsonOf(run({ u"scan"_s, u"--json"_s, m_cache }));
        const QJsonObject firstRun = json[u"runs"_s].toArray()[0].toObject();
        QVERIFY(firstRun[u"pid"_s].isNull() && firstRun[u"rank"_s].isNull());
        const QJsonObject origin = firstRun[u"graphs"_s].toArray()[0].toObject()[u"origin"_s].toObject();
        QCOMPARE(origin[u"kind"_s].toString(), u"cache"_s);
        QVERIFY(origin[u"file"_s].toString().endsWith(origin[u"code_hash"_s].toString() + u".py"_s));
        QCOMPARE(run({ u"check"_s, m_cache }).exitCode, 1);
        QCOMPARE(run({ u"report"_s, m_cache }).exitCode, 0);
    }

    // The cache beside the trace that logged its wrappers: each cache module pairs with its record
    // by code hash (their names share nothing) and is said to be the same code, in text and JSON.
    void theCacheAgainstTheTraceThatLoggedIt()
    {
        const QString log = m_trace + u"/dedicated_log_torch_trace_rank_0_a74od7a1.log"_s;
        const Result text = run({ u"compare"_s, m_cache, log });
        QCOMPARE(text.exitCode, 0);
        QCOMPARE(text.out.count(u"    same code: one wrapper module, Inductor code hash "_s), 2);
        const QJsonArray graphs =
            jsonOf(run({ u"compare"_s, u"--json"_s, m_cache, log }))[u"graphs"_s].toArray();
        int same = 0;
        for (const QJsonValue& graph : graphs) {
            const QJsonValue hash = graph.toObject()[u"same_code_hash"_s];
            if (hash.isNull())
                continue;
            ++same;
            QCOMPARE(hash.toString().size(), 52);
            // A cache graph's path is its module's folder, <root>/<hash[1:3]>.
            QVERIFY(graph.toObject()[u"a"_s].toString().endsWith(u'/' + hash.toString().mid(1, 2)));
        }
        QCOMPARE(same, 2);
    }

    // A log of compiles that made no wrapper module, and a cache of kernel modules only: each run
    // says what it lacks in its own terms (a debug tree's words are "no graph folders"), and no
    // run line counts debug logs a trace or cache never has.
    void runsWithoutWrappersSayWhatTheyLack()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(u"dedicated_log_torch_trace_x.log"_s);
        QVERIFY(testutil::writeBytes(log,
            testutil::traceRecord(
                "\"dynamo_start\": {\"stack\": []}, \"frame_id\": 0, \"frame_compile_id\": 0")
                + testutil::traceRecord("\"graph_dump\": {\"name\": \"inductor_aot_wrapper_code\", \"type\": "
                                        "\"cpp\", \"filename\": \"/tmp/x.cpp\"}",
                    std::string_view("int main() {}\n"))));
        const Result trace = run({ u"scan"_s, log });
        QCOMPARE(trace.exitCode, 0);
        QVERIFY2(trace.out.contains(u"no code 0/0, 0 graphs, 0 DVM engaged\n"
                                    "  (no inductor_output_code record: no wrapper module)\n"_s),
            qPrintable(trace.out));
        QVERIFY2(trace.out.contains(u"A C++ wrapper (graph_dump inductor_aot_wrapper_code, no compile id) is "
                                    "not a Python wrapper module"_s),
            qPrintable(trace.out));
        const QString cache = dir.filePath(u"cache"_s);
        const std::string kernel = "import triton\n@triton.jit\ndef triton_poi_0(x):\n    pass\n";
        const QString hash = QString::fromStdString(dvmlens::inductorCodeHash(kernel));
        QVERIFY(QDir(cache).mkpath(hash.mid(1, 2)));
        QVERIFY(testutil::writeBytes(cache + u'/' + hash.mid(1, 2) + u'/' + hash + u".py"_s, kernel));
        const Result kernelsOnly = run({ u"scan"_s, cache });
        QCOMPARE(kernelsOnly.exitCode, 0);
        QVERIFY2(kernelsOnly.out.contains(u"run Inductor cache  no code 0/0, 0 graphs, 0 DVM engaged\n"
                                          "  (no wrapper module)\n"_s),
            qPrintable(kernelsOnly.out));
    }

private:
    QTemporaryDir m_dir;
    QString m_trace;
    QString m_cache;
};

QTEST_GUILESS_MAIN(TestCliTrace)
#include "tst_cli_trace.moc"
