// SPDX-License-Identifier: MIT
// compare of two TORCH_TRACE runs explains the compile side (docs/compile-side.md): a graph B gained by a new
// graph break is paired with the A graph it split off from (not "only in B"), and the compile-side sentences
// stand under the pairs that changed, in the text and as "compile_changes" in dvmlens.compare/1.
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
using testutil::kSampleEngagedRun;
using testutil::kSampleLostRun;
using testutil::runCli;

namespace {

const QString kNewBreak =
    u"B has a new graph break at layers.py:210 (Unsupported Tensor.item() call with "
    "capture_scalar_outputs=False); the rest runs as torch_dynamo_resume_in_forward_at_210"_s;
const QString kRecompiled = u"B recompiled forward 1 time where A did not, with dynamic shapes (guard "
                            "`L['x'].size()[0] == 32` failed: 48)"_s;

// The wrapper module of a sample tree's graph folder: DVM-engaged (engaged run) or not (lost run).
std::string sampleCode(const QString& run, const QString& graph)
{
    return testutil::readText(
        testutil::sampleTree(run) + u"/torchinductor/"_s + graph + u"/output_code.py"_s);
}

std::string codeRecord(const std::string& ids, const std::string& code)
{
    return testutil::traceRecord(R"("inductor_output_code": {"filename": "/tmp/i/xx/cxx.py"}, )" + ids, code);
}

const QString kForward = u"model__0_forward_1.0"_s;

// forward [0/0] compiled once: 4 DVM kernels.
std::string staticLog()
{
    using namespace testutil;
    return dynamoStart(compileId(0, 0)) + codeRecord(compileId(0, 0), sampleCode(kSampleEngagedRun, kForward))
        + metrics(compileId(0, 0), "forward");
}

// forward [0/0] breaks at layers.py:210 and is retried without DVM; the rest runs as [1/0], with DVM.
std::string brokenLog()
{
    using namespace testutil;
    const std::string resume = "torch_dynamo_resume_in_forward_at_210";
    return dynamoStart(compileId(0, 0)) + breakArtifact(compileId(0, 0))
        + codeRecord(compileId(0, 0, 1), sampleCode(kSampleLostRun, kForward))
        + metrics(compileId(0, 0, 1), "forward", R"(, "restart_reasons": ["Unsupported Tensor.item() call"])")
        + dynamoStart(compileId(1, 0), resume)
        + codeRecord(compileId(1, 0), sampleCode(kSampleEngagedRun, u"model__1_inference_3.2"_s))
        + metrics(compileId(1, 0), resume);
}

// forward [0/0], then recompiled as [0/1] without DVM when x's size went from 32 to 48.
std::string recompiledLog()
{
    using namespace testutil;
    return staticLog()
        + artifact("recompile_reasons", compileId(0, 1),
            R"(["0/0: tensor 'x' size mismatch at index 0. expected 32, actual 48"])")
        + dynamoStart(compileId(0, 1)) + codeRecord(compileId(0, 1), sampleCode(kSampleLostRun, kForward))
        + metrics(compileId(0, 1), "forward");
}

} // namespace

class TestCliCompareCompile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(testutil::writeBytes(m_dir.filePath(u"static.log"_s), staticLog()));
        QVERIFY(testutil::writeBytes(m_dir.filePath(u"broken.log"_s), brokenLog()));
        QVERIFY(testutil::writeBytes(m_dir.filePath(u"recompiled.log"_s), recompiledLog()));
    }

    // B's forward broke at layers.py:210 and lost DVM: the regression says why, and B's resume graph is
    // paired with A's forward instead of standing alone.
    void newBreakText()
    {
        const QStringList paths { m_dir.filePath(u"static.log"_s), m_dir.filePath(u"broken.log"_s) };
        const testutil::CliResult result = runCli(QStringList { u"compare"_s } + paths);
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(
                     u"2 graphs: 2 matched (1 split off by a graph break), 0 only in A, 0 only in B\n"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(u"REGRESSION  [0/0] 0_forward  DVM engaged → not engaged\n"
                                    "    folders: [0/0] 0_forward → [0/0_1] 0_forward\n"_s));
        // Then why the kernels are not DVM now (comparewhy.h): B's forward was compiled without DVM.
        QVERIFY2(result.out.contains(u"    compile: "_s + kNewBreak
                     + u"\n    why: fused_add_mul ×1: DVM → backend-not-dvm\n"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(
            u"    why: extern_kernels.addmm ×1: unknown → backend-not-dvm\n\nmatched  [1/0] 1_inference  "_s));
        QVERIFY(result.out.contains(
            u"    split: B's part after the graph break at layers.py:210, paired with A's "
            "[0/0] 0_forward\n    compile: "_s
            + kNewBreak + u"\n"_s));
        QVERIFY(!result.out.contains(u"only in B  "_s));
        QVERIFY(!result.out.contains(u"compile side (under no changed graph pair)"_s));
        // The split pair is no regression: its DVM kernels came from A's forward, not lost.
        QCOMPARE(runCli(QStringList { u"compare"_s, u"--fail-on-regression"_s } + paths).exitCode, 1);
        QCOMPARE(result.out.count(u"REGRESSION"_s), 1);
    }

    // B recompiled forward with dynamic shapes: said under both of B's compiles of the frame.
    void recompileText()
    {
        const QStringList paths { m_dir.filePath(u"static.log"_s), m_dir.filePath(u"recompiled.log"_s) };
        const testutil::CliResult result = runCli(QStringList { u"compare"_s } + paths);
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(u"matched  [0/0] 0_forward  DVM engaged → DVM engaged\n    compile: "_s
                     + kRecompiled + u"\n"_s),
            qPrintable(result.out));
        QVERIFY(result.out.contains(u"only in B  [0/1] 0_forward  not engaged\n"_s));
        QVERIFY(result.out.contains(u"    compile: "_s + kRecompiled + u"\n"_s));
        QCOMPARE(result.out.count(kRecompiled), 2);
        QCOMPARE(runCli(QStringList { u"compare"_s, u"--fail-on-regression"_s } + paths).exitCode, 0);
    }

    void json()
    {
        const testutil::CliResult result = runCli(
            { u"compare"_s, u"--json"_s, m_dir.filePath(u"static.log"_s), m_dir.filePath(u"broken.log"_s) });
        QCOMPARE(result.exitCode, 0);
        const QJsonObject document = QJsonDocument::fromJson(result.rawOut).object();
        const QJsonArray graphs = document[u"graphs"_s].toArray();
        QCOMPARE(graphs.size(), 2);
        const QJsonArray expected { QJsonObject {
            { u"kind"_s, u"new-break"_s }, { u"sentence"_s, kNewBreak } } };
        QCOMPARE(graphs[0][u"compile_changes"_s].toArray(), expected);
        QVERIFY(graphs[0][u"split_from"_s].isNull());
        QCOMPARE(graphs[0][u"regression"_s].toBool(), true);
        QCOMPARE(graphs[1][u"status"_s].toString(), u"matched"_s);
        QCOMPARE(graphs[1][u"split_from"_s].toString(), u"layers.py:210"_s);
        QVERIFY(graphs[1][u"a"_s].toString().endsWith(u"static.log!L2"_s));
        QCOMPARE(graphs[1][u"compile_changes"_s].toArray(), expected);
        QCOMPARE(graphs[1][u"regression"_s].toBool(), false);
        QCOMPARE(document[u"compile_changes"_s].toArray(), expected);
        QCOMPARE(document[u"summary"_s][u"regressions"_s].toInt(), 1);
    }

    // Two debug trees: no compile side, so the keys are there and say nothing.
    void debugTreesHaveNone()
    {
        const testutil::CliResult result =
            runCli({ u"compare"_s, u"--json"_s, testutil::sampleTree(testutil::kSampleEngagedRun),
                testutil::sampleTree(testutil::kSampleLostRun) });
        QCOMPARE(result.exitCode, 0);
        const QJsonObject document = QJsonDocument::fromJson(result.rawOut).object();
        QVERIFY(document.contains(u"compile_changes"_s));
        QVERIFY(document[u"compile_changes"_s].isNull());
        QCOMPARE(document[u"graphs"_s][0][u"compile_changes"_s].toArray().size(), 0);
        QVERIFY(document[u"graphs"_s][0][u"split_from"_s].isNull());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliCompareCompile)
#include "tst_cli_comparecompile.moc"
