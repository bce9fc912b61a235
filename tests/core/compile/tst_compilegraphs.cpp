// SPDX-License-Identifier: MIT
// From a compile-side fact to its code and its words: the compiles each distinct break, recompiled frame
// and failure came from (CompileRef), the graphs of the index a compile made (graphsOfCompile), and the
// pieces of the compile summary's text the window's Compile dock shows.
#include "core/compile/compilegraphs.h"
#include "core/compile/compilesummary.h"
#include "core/compile/compiletext.h"
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
