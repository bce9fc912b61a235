// SPDX-License-Identifier: MIT
// From a compile-side fact to its code and its words: the compiles each distinct break, recompiled frame
// and failure came from (CompileRef), the graphs of the index a compile made (graphsOfCompile), and the
// pieces of the compile summary's text the window's Compile dock shows.
#include "core/compile/compilegraphs.h"
#include "core/compile/compilestory.h"
#include "core/compile/compilesummary.h"
#include "core/compile/compiletext.h"
#include "core/compile/indexcompile.h"
#include "core/compile/tracelogfiles.h"
#include "indexfixture.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::string_literals;
using namespace dvmlens;
using testutil::compileId;

namespace {

using Positions = std::vector<std::pair<std::size_t, std::size_t>>;

bool sameRefs(
    const std::vector<CompileRef>& refs, const std::vector<std::pair<std::size_t, std::string>>& want)
{
    if (refs.size() != want.size())
        return false;
    for (std::size_t i = 0; i < refs.size(); ++i)
        if (refs[i].log != want[i].first || refs[i].id != want[i].second)
            return false;
    return true;
}

} // namespace

class TestCompileGraphs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refsNameTheCompilesOfEachFact()
    {
        // Log 0 (rank 0) and log 1 (rank 1) break at the same line; log 2 recompiles; log 3 fails a compile.
        const CompileLog rank0 = compileEventsFromText(testutil::breakLog(0), "/logs/r0.log");
        const CompileLog rank1 = compileEventsFromText(testutil::breakLog(1), "/logs/r1.log");
        const CompileLog recompiles = compileEventsFromText(testutil::recompileLog(), "/logs/re.log");
        const CompileLog failed = compileEventsFromText(testutil::fallbackKernelLog(), "/logs/f.log");
        const CompileSummary summary = summarizeCompile({ rank0, rank1, recompiles, failed });
        QCOMPARE(summary.breaks.size(), std::size_t(1));
        QVERIFY(sameRefs(summary.breaks[0].compileRefs, { { 0, "0/0"s }, { 1, "0/0"s } }));
        QCOMPARE(summary.frames.size(), std::size_t(1));
        QVERIFY(sameRefs(
            summary.frames[0].compileRefs, { { 2, "0/0"s }, { 2, "0/1"s }, { 2, "0/2"s }, { 2, "0/3"s } }));
        // Logs 2 and 3 have no rank: two processes, so log 3's frame 0 is not log 2's.
        QCOMPARE(summary.frames[0].compiles, 4);
        QCOMPARE(summary.failures.size(), std::size_t(1));
        QCOMPARE(summary.failures.back().log, std::size_t(3));
        QCOMPARE(summary.failures.back().id, "0/0"s);
    }

    void graphsOfACompileAreItsCode()
    {
        QTemporaryDir dir;
        const QString path = QDir(dir.path()).filePath(u"dedicated_log_torch_trace_x.log"_s);
        const std::string log = testutil::breakLog() + testutil::outputCode(compileId(0, 0), "0_forward")
            + testutil::outputCode(compileId(0, 0), "0_backward")
            + testutil::outputCode(compileId(1, 0, 1), "1_forward");
        QVERIFY(testutil::writeBytes(path, log));
        const Index index = testutil::indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(1));
        const std::string logPath = index.runs[0].path;
        QCOMPARE(graphsOfCompile(index, logPath, "0/0"), (Positions { { 0, 0 }, { 0, 1 } }));
        QCOMPARE(graphsOfCompile(index, logPath, "[0/0]"), (Positions { { 0, 0 }, { 0, 1 } }));
        // The graph's id carries its attempt ("[1/0_1]"); the compile facts' does not.
        QCOMPARE(graphsOfCompile(index, logPath, "1/0"), (Positions { { 0, 2 } }));
        QCOMPARE(graphsOfCompile(index, logPath, "2/0"), Positions {});
        QCOMPARE(graphsOfCompile(index, "/elsewhere.log", "0/0"), Positions {});
        QCOMPARE(graphsOfCompile(index, logPath, ""), Positions {});
        // The compile facts read from that log name the same log: a ref leads to its graphs.
        const TraceLogFiles files = findTraceLogs(dir.path().toStdString());
        const std::vector<CompileLog> logs = readCompileLogs(files, dir.path().toStdString());
        const CompileSummary summary = summarizeCompile(logs);
        const CompileRef& ref = summary.breaks.at(0).compileRefs.at(0);
        QCOMPARE(graphsOfCompile(index, logs[ref.log].path, ref.id), (Positions { { 0, 0 }, { 0, 1 } }));
    }

    // torch._dynamo.reset() restarts compile ids: [0/0] twice in one log is two compiles, two frames and
    // two graphs, each graph with its own compile's facts (here: a miss, then an FX cache hit).
    void aResetRepeatsCompileIds()
    {
        const auto compile = [](const std::string& cacheState, int savedNs) {
            return testutil::dynamoStart(compileId(0, 0)) + testutil::outputCode(compileId(0, 0), "0_forward")
                + testutil::artifact("fx_graph_cache_" + cacheState, compileId(0, 0),
                    R"({"key": "k", "time_saved_ns": )" + std::to_string(savedNs) + "}")
                + testutil::metrics(compileId(0, 0), "forward");
        };
        // Before the reset forward also recompiled ([0/1]); after it, [0/1] is a recompile of the new frame.
        const std::string recompile =
            testutil::artifact("recompile_reasons", compileId(0, 1),
                R"(["0/0: tensor 'x' size mismatch at index 0. expected 2, actual 3"])")
            + testutil::dynamoStart(compileId(0, 1)) + testutil::outputCode(compileId(0, 1), "1_forward")
            + testutil::metrics(compileId(0, 1), "forward");
        const std::string log = compile("miss", 0) + recompile + compile("hit", 7000000) + recompile;
        const CompileLog facts = compileEventsFromText(log, "/logs/x.log");
        QCOMPARE(facts.graphs.size(), std::size_t(4));
        QCOMPARE(facts.graphs[0].idText(), "0/0"s);
        QCOMPARE(facts.graphs[1].idText(), "0/1"s);
        QCOMPARE(facts.graphs[2].idText(), "0/0 after reset 1"s);
        QCOMPARE(facts.graphs[3].idText(), "0/1 after reset 1"s);
        QCOMPARE(facts.graphs[0].fxCache.state, "miss"s);
        QCOMPARE(facts.graphs[2].fxCache.state, "hit"s);
        QCOMPARE(*facts.graphs[2].times.dynamoUs, std::int64_t(5000)); // not the sum of both compiles
        QCOMPARE(compileFactsFor(facts, "[0/0]", 1), &facts.graphs[2]);
        QCOMPARE(compileFactsFor(facts, "[0/0]"), &facts.graphs[0]);
        const CompileSummary summary = summarizeCompile({ facts });
        QCOMPARE(summary.graphs, 4);
        QCOMPARE(summary.recompiles, 2);
        QCOMPARE(summary.frames.size(), std::size_t(2)); // forward before and after the reset
        QVERIFY(sameRefs(summary.frames[0].compileRefs, { { 0, "0/0"s }, { 0, "0/1"s } }));
        QVERIFY(sameRefs(
            summary.frames[1].compileRefs, { { 0, "0/0 after reset 1"s }, { 0, "0/1 after reset 1"s } }));
        QCOMPARE(summary.frames[1].resetRepeat, 1);

        QTemporaryDir dir;
        QVERIFY(testutil::writeBytes(QDir(dir.path()).filePath(u"dedicated_log_torch_trace_x.log"_s), log));
        const Index index = testutil::indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(1));
        const std::vector<Graph>& graphs = index.runs[0].graphs;
        QCOMPARE(graphs.size(), std::size_t(4));
        QCOMPARE(graphs[0].name, "[0/0] 0_forward"s);
        QCOMPARE(graphs[2].name, "[0/0 after reset 1] 0_forward"s);
        QCOMPARE(graphs[3].name, "[0/1 after reset 1] 1_forward"s);
        QCOMPARE(graphs[2].origin->cache, std::optional<std::string>("hit"));
        const std::vector<CompileLog> logs =
            readCompileLogs(findTraceLogs(dir.path().toStdString()), dir.path().toStdString());
        QCOMPARE(compileFactsOfGraph(logs, graphs[0]), &logs[0].graphs[0]);
        QCOMPARE(compileFactsOfGraph(logs, graphs[2]), &logs[0].graphs[2]);
        QCOMPARE(graphsOfCompile(index, index.runs[0].path, "0/0"), (Positions { { 0, 0 } }));
        QCOMPARE(graphsOfCompile(index, index.runs[0].path, "0/0 after reset 1"), (Positions { { 0, 2 } }));
        // What scan --json and the reports join: each graph to its own compile, not the first of its id.
        const IndexCompile joined = IndexCompile::read(index);
        QVERIFY(joined.graph(0, 0));
        QCOMPARE(joined.graph(0, 0)->idText(), "0/0"s);
        QVERIFY(joined.graph(0, 2));
        QCOMPARE(joined.graph(0, 2)->idText(), "0/0 after reset 1"s);
        QCOMPARE(joined.graph(0, 2)->fxCache.state, "hit"s);
        QCOMPARE(joined.graph(0, 3)->idText(), "0/1 after reset 1"s);
    }

    void factsOfAGraph()
    {
        QTemporaryDir dir;
        const QString path = QDir(dir.path()).filePath(u"dedicated_log_torch_trace_x.log"_s);
        QVERIFY(testutil::writeBytes(path,
            testutil::breakLog() + testutil::outputCode(compileId(0, 0), "0_forward")
                + testutil::outputCode(compileId(1, 0, 1), "1_forward")));
        const Index index = testutil::indexOf(dir.path());
        const std::vector<CompileLog> logs =
            readCompileLogs(findTraceLogs(dir.path().toStdString()), dir.path().toStdString());
        const GraphCompileFacts* resume = compileFactsOfGraph(logs, index.runs.at(0).graphs.at(1));
        QVERIFY(resume);
        QCOMPARE(resume->idText(), "1/0"s);
        QCOMPARE(compileFactsOfGraph(logs, index.runs.at(0).graphs.at(0)), &logs[0].graphs[0]);
        QCOMPARE(compileFactsOfGraph({}, index.runs.at(0).graphs.at(0)), nullptr);
        Graph debugTreeGraph;
        QCOMPARE(compileFactsOfGraph(logs, debugTreeGraph), nullptr);
    }

    // The same story in Chinese for the Chinese window; the English is compileStory's, word for word.
    void storyInChinese()
    {
        const auto story = [](const std::string& log, std::size_t graph) {
            std::vector<std::string> en, zh;
            for (const LocalizedText& sentence :
                compileStoryLocalized(compileEventsFromText(log, "/logs/x.log").graphs.at(graph))) {
                en.push_back(sentence.en);
                zh.push_back(sentence.zh);
            }
            if (en != compileStory(compileEventsFromText(log, "/logs/x.log").graphs.at(graph)))
                return std::vector<std::string> { "the English is not compileStory's" };
            return zh;
        };
        const std::string type = "Unsupported Tensor.item() call with capture_scalar_outputs=False";
        const std::string times = "编译时间：dynamo 5.0 ms, aot 3.0 ms, inductor 2.0 ms, codegen 1.0 ms";
        QCOMPARE(story(testutil::breakLog(), 0),
            (std::vector<std::string> { "forward 的首次编译（帧 0）",
                "止于 layers.py:210 处的图中断（" + type
                    + "）；其余部分作为 torch_dynamo_resume_in_forward_at_210 运行",
                times }));
        QCOMPARE(story(testutil::breakLog(), 1),
            (std::vector<std::string> { "torch_dynamo_resume_in_forward_at_210 的首次编译（帧 1）",
                "forward 在 layers.py:210 处的图中断（" + type + "）之后的部分，从 [0/0] 拆分出来", times }));
        QCOMPARE(story(testutil::recompileLog(), 3),
            (std::vector<std::string> {
                "帧 0 的第 3 次重新编译，因为 0/2: `L['x'].size()[0] == 64` failed: "
                "80；0/1: `L['x'].size()[0] == 48` failed: 80；0/0: `L['x'].size()[0] == 32` failed: 80",
                "被拒绝：达到重新编译上限（之后的调用以 eager 方式运行）" }));
        QCOMPARE(story(testutil::cacheLog(), 0),
            (std::vector<std::string> { "forward 的首次编译（帧 0）", "FX 图缓存未命中：重新编译",
                "AOTAutograd 缓存未命中：重新编译", times }));
    }

    void storyOfEachCompile()
    {
        const auto story = [](const std::string& log, std::size_t graph) {
            return compileStory(compileEventsFromText(log, "/logs/x.log").graphs.at(graph));
        };
        const std::string type = "Unsupported Tensor.item() call with capture_scalar_outputs=False";
        const std::string times = "compile time: dynamo 5.0 ms, aot 3.0 ms, inductor 2.0 ms, codegen 1.0 ms";
        QCOMPARE(story(testutil::breakLog(), 0),
            (std::vector<std::string> { "first compile of forward (frame 0)",
                "stops at a break at layers.py:210 (" + type
                    + "); the rest runs as torch_dynamo_resume_in_forward_at_210",
                times }));
        QCOMPARE(story(testutil::breakLog(), 1),
            (std::vector<std::string> { "first compile of torch_dynamo_resume_in_forward_at_210 (frame 1)",
                "the part of forward after a break at layers.py:210 (" + type + "), split off [0/0]",
                times }));
        QCOMPARE(story(testutil::recompileLog(), 1),
            (std::vector<std::string> {
                "recompile #1 of forward because 0/0: `L['x'].size()[0] == 32` failed: 48", times }));
        QCOMPARE(story(testutil::recompileLog(), 3),
            (std::vector<std::string> {
                "recompile #3 of frame 0 because 0/2: `L['x'].size()[0] == 64` failed: "
                "80; 0/1: `L['x'].size()[0] == 48` failed: 80; 0/0: "
                "`L['x'].size()[0] == 32` failed: 80",
                "refused: recompile limit hit (later calls run eagerly)" }));
        QCOMPARE(story(testutil::cacheLog(), 0),
            (std::vector<std::string> { "first compile of forward (frame 0)",
                "FX graph cache miss: compiled anew", "AOTAutograd cache miss: compiled anew", times }));
        QCOMPARE(story(testutil::cacheLog(), 1),
            (std::vector<std::string> { "first compile of g (frame 1)",
                "served from the FX graph cache (7.0 ms saved)",
                "served from the AOTAutograd cache (9.0 ms saved)", times }));
        QCOMPARE(story(testutil::cacheLog(), 2),
            (std::vector<std::string> { "first compile of h (frame 2)",
                "FX graph cache bypassed: Can't cache HigherOrderOperators.",
                "AOTAutograd cache bypassed: FX graph cache is not enabled", times }));
        QCOMPARE(story(testutil::fallbackKernelLog(), 0),
            (std::vector<std::string> { "first compile of forward (frame 0)", times,
                "the compile failed: InductorError: AttributeError: 'FallbackKernel' object has no attribute "
                "'data' at model.py:40 (known failure fallbackkernel-no-data)" }));
    }

    void textPieces()
    {
        const CompileSummary cache =
            summarizeCompile({ compileEventsFromText(testutil::cacheLog(), "/logs/c.log") });
        QCOMPARE(cacheCountsText(cache.fxCache), "hit 1, miss 1, bypass 1"s);
        CacheCounts disabled;
        disabled.disabled = 2;
        QCOMPARE(cacheCountsText(disabled), "hit 0, miss 0, bypass 0, disabled 2"s);
        QCOMPARE(compileTimesText(cache.ranks.at(0).times),
            "dynamo 15.0 ms, aot 9.0 ms, inductor 6.0 ms, codegen 3.0 ms"s);
        QCOMPARE(compileTimesText({}), ""s);
        CompileTimes some;
        some.aotUs = 250;
        QCOMPARE(compileTimesText(some), "aot 250 µs"s);
        QCOMPARE(rankText(std::nullopt), "no rank"s);
        QCOMPARE(rankText(3), "rank 3"s);
        QCOMPARE(ranksText({ 0, 1 }), "ranks 0,1"s);
        QCOMPARE(ranksText({}), "no rank"s);
        const CompileSummary failed =
            summarizeCompile({ compileEventsFromText(testutil::fallbackKernelLog(), "/logs/f.log") });
        QCOMPARE(failureText(failed.failures.at(0).failure),
            "InductorError: AttributeError: 'FallbackKernel' object has no attribute 'data' at model.py:40"s);
        const CompileSummary recompiled =
            summarizeCompile({ compileEventsFromText(testutil::recompileLog(), "/logs/re.log") });
        QCOMPARE(guardFailureText(recompiled.frames.at(0).lastReasons.at(0)),
            "0/2: `L['x'].size()[0] == 64` failed: 80"s);
    }
};

QTEST_GUILESS_MAIN(TestCompileGraphs)
#include "tst_compilegraphs.moc"
