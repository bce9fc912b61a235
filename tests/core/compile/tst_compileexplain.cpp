// SPDX-License-Identifier: MIT
// The compile side of run A against run B: sentences for a new or gone break, recompiles, the FX cache and
// failures, and the pairing of a B-only resume graph with the A graph it split off from; on pairs of
// generated logs.
#include "core/compile/compileexplain.h"

#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::string_literals;
using namespace dvmlens;

namespace {

std::vector<CompileLog> logs(
    const std::string& text, const std::string& name = "/l/dedicated_log_torch_trace_rank_0_a.log")
{
    return { compileEventsFromText(text, name) };
}

std::vector<std::string> sentences(const CompileComparison& comparison)
{
    std::vector<std::string> list;
    for (const CompileChange& change : comparison.changes)
        list.push_back(change.kind + ": " + change.sentence);
    return list;
}

} // namespace

class TestCompileExplain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameLogsNoChange()
    {
        const CompileComparison comparison =
            compareCompile(logs(testutil::breakLog()), logs(testutil::breakLog()));
        QVERIFY(comparison.changes.empty());
        QVERIFY(comparison.pairings.empty());
    }

    void newBreakAndItsResumeGraphPaired()
    {
        const CompileComparison comparison =
            compareCompile(logs(testutil::plainLog(0)), logs(testutil::breakLog(0)));
        QCOMPARE(sentences(comparison),
            std::vector<std::string> {
                "new-break: B has a new graph break at layers.py:210 (Unsupported Tensor.item() "
                "call with capture_scalar_outputs=False); the rest runs as "
                "torch_dynamo_resume_in_forward_at_210" });
        QCOMPARE(comparison.pairings.size(), std::size_t(1));
        const BreakPairing& pairing = comparison.pairings[0];
        QCOMPARE(pairing.bId, "1/0"s);
        QCOMPARE(pairing.aId, "0/0"s);
        QCOMPARE(pairing.rank, std::optional<std::int64_t>(0));
        QCOMPARE(pairing.resumeFunction, "torch_dynamo_resume_in_forward_at_210"s);
        QCOMPARE(pairing.breakLocation, "layers.py:210"s);
        const nlohmann::json json = compileComparisonJson(comparison);
        QCOMPARE(json["pairs"][0]["b"].get<std::string>(), "1/0"s);
        QCOMPARE(json["changes"][0]["kind"].get<std::string>(), "new-break"s);
    }

    // Each change names the compiles it is about, so compare can say it under their graph pairs.
    void changesNameTheirCompiles()
    {
        const CompileComparison breaks =
            compareCompile(logs(testutil::plainLog(0)), logs(testutil::breakLog(0)));
        QCOMPARE(breaks.changes.size(), std::size_t(1));
        QCOMPARE(breaks.changes[0].graphs, // the frame that breaks, and the resume graph after the break
            (std::vector<CompileGraphRef> { { 'b', 0, "0/0" }, { 'b', 0, "1/0" } }));
        const CompileComparison gone =
            compareCompile(logs(testutil::breakLog(0)), logs(testutil::plainLog(0)));
        QCOMPARE(
            gone.changes[0].graphs, (std::vector<CompileGraphRef> { { 'a', 0, "0/0" }, { 'a', 0, "1/0" } }));
        const CompileComparison recompiles =
            compareCompile(logs(testutil::plainLog()), logs(testutil::recompileLog()));
        QCOMPARE(recompiles.changes[0].kind, "more-recompiles"s);
        QCOMPARE(recompiles.changes[0].graphs.size(), std::size_t(4)); // 0/0 … 0/3 on rank 0 (the file name)
        QCOMPARE(recompiles.changes[0].graphs[3], (CompileGraphRef { 'b', 0, "0/3" }));
        const CompileComparison cache = compareCompile(
            logs(testutil::dynamoStart(testutil::compileId(1, 0), "g")), logs(testutil::cacheLog()));
        QCOMPARE(cache.changes[0].kind, "cache"s);
        QCOMPARE(cache.changes[0].graphs, (std::vector<CompileGraphRef> { { 'b', 0, "1/0" } }));
    }

    // torch._dynamo.reset() repeats compile ids: forward after the reset is a frame of its own, matched
    // with A's forward after the same reset, and its sentence names only its own compiles (B's [0/1] is
    // no repeat: no [0/1] was compiled before the reset).
    void resetsMatchFramesByPeriod()
    {
        const CompileComparison comparison =
            compareCompile(logs(testutil::resetLog({ 1, 0 })), logs(testutil::resetLog({ 0, 1 })));
        QCOMPARE(sentences(comparison),
            (std::vector<std::string> {
                "more-recompiles: B recompiled forward (after reset 1) 1 time where A did not, with dynamic "
                "shapes (guard `L['x'].size()[0] == 2` failed: 3)",
                "fewer-recompiles: B no longer recompiles forward (A: 1 time)" }));
        QCOMPARE(comparison.changes[0].graphs,
            (std::vector<CompileGraphRef> { { 'b', 0, "0/0 after reset 1" }, { 'b', 0, "0/1" } }));
        QCOMPARE(comparison.changes[1].graphs,
            (std::vector<CompileGraphRef> { { 'a', 0, "0/0" }, { 'a', 0, "0/1" } }));

        const CompileComparison more =
            compareCompile(logs(testutil::resetLog({ 2, 0 })), logs(testutil::resetLog({ 2, 2 })));
        QCOMPARE(sentences(more),
            (std::vector<std::string> {
                "more-recompiles: B recompiled forward (after reset 1) 2 times where A did not, with dynamic "
                "shapes (guard `L['x'].size()[0] == 3` failed: 4)" }));
        QCOMPARE(more.changes[0].graphs,
            (std::vector<CompileGraphRef> { { 'b', 0, "0/0 after reset 1" }, { 'b', 0, "0/1 after reset 1" },
                { 'b', 0, "0/2 after reset 1" } }));
        QVERIFY(compareCompile(logs(testutil::resetLog({ 2, 1 })), logs(testutil::resetLog({ 2, 1 })))
                    .changes.empty());
    }

    void goneBreak()
    {
        const CompileComparison comparison =
            compareCompile(logs(testutil::breakLog()), logs(testutil::plainLog()));
        QCOMPARE(sentences(comparison),
            std::vector<std::string> {
                "gone-break: B no longer breaks at layers.py:210 (Unsupported Tensor.item() "
                "call with capture_scalar_outputs=False)" });
        QVERIFY(comparison.pairings.empty());
    }

    void recompiledWithDynamicShapes()
    {
        const CompileComparison comparison =
            compareCompile(logs(testutil::plainLog()), logs(testutil::recompileLog()));
        QCOMPARE(sentences(comparison),
            std::vector<std::string> {
                "more-recompiles: B recompiled forward 3 times where A did not, with dynamic "
                "shapes (guard `L['x'].size()[0] == 32` failed: 80); the recompile limit was "
                "hit, later calls run eagerly" });
        const CompileComparison back =
            compareCompile(logs(testutil::recompileLog()), logs(testutil::plainLog()));
        QCOMPARE(sentences(back),
            std::vector<std::string> { "fewer-recompiles: B no longer recompiles forward (A: 3 times)" });
    }

    void servedFromTheFxCache()
    {
        std::string cold = testutil::cacheLog();
        const std::string hit = R"("name": "fx_graph_cache_hit")";
        cold.replace(cold.find(hit), hit.size(), R"("name": "fx_graph_cache_miss")");
        const CompileComparison comparison = compareCompile(logs(cold), logs(testutil::cacheLog()));
        QCOMPARE(sentences(comparison),
            std::vector<std::string> {
                "cache: B's graph [1/0] (g) on rank 0 came from the FX cache (A: miss)" });
        const CompileComparison back = compareCompile(logs(testutil::cacheLog()), logs(cold));
        QCOMPARE(sentences(back),
            std::vector<std::string> {
                "cache: B's graph [1/0] (g) on rank 0 was compiled anew (FX cache miss; A: hit)" });
    }

    void failedCompile()
    {
        const CompileComparison comparison =
            compareCompile(logs(testutil::plainLog()), logs(testutil::fallbackKernelLog()));
        QCOMPARE(sentences(comparison),
            std::vector<std::string> {
                "new-failure: B's compile [0/0] (forward) on rank 0 failed: InductorError: "
                "AttributeError: 'FallbackKernel' object has no attribute 'data' (known "
                "failure fallbackkernel-no-data)" });
        const CompileComparison back =
            compareCompile(logs(testutil::fallbackKernelLog()), logs(testutil::plainLog()));
        QCOMPARE(sentences(back),
            std::vector<std::string> {
                "fixed-failure: B's compile [0/0] (forward) on rank 0 no longer fails (A: InductorError)" });
    }
};

QTEST_GUILESS_MAIN(TestCompileExplain)
#include "tst_compileexplain.moc"
