// SPDX-License-Identifier: MIT
// Compile events per graph and the tree-wide rollup, on generated logs (a break and its resume function,
// recompiles up to the limit, both caches, a FallbackKernel failure, two ranks, a ≤2.5 log) and on the real
// excerpts in ../shared/inputs-examples.
#include "core/compile/compileevents.h"
#include "core/compile/compilesummary.h"
#include "core/compile/compilewording.h"
#include "core/io/container.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QDir>
#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::string_literals;
using namespace dvmlens;
using testutil::breakLog;
using testutil::cacheLog;
using testutil::compileId;
using testutil::fallbackKernelLog;
using testutil::oldBreakLog;
using testutil::plainLog;
using testutil::recompileLog;
using testutil::traceRecord;

namespace {

QString example(const QString& name)
{
    return QDir(QStringLiteral(DVMLENS_SHARED_DIR)).filePath(u"inputs-examples/"_s + name);
}

} // namespace

class TestCompileEvents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void breakWithResumeFunction()
    {
        const CompileLog log = compileEventsFromText(breakLog(), "/logs/a.log");
        QVERIFY(log.opened);
        QCOMPARE(log.graphs.size(), std::size_t(2));
        const GraphCompileFacts& forward = log.graphs[0];
        QCOMPARE(forward.idText(), "0/0"s);
        QCOMPARE(forward.function, "forward"s);
        QCOMPARE(forward.breaks.size(), std::size_t(1));
        const GraphBreak& graphBreak = forward.breaks[0];
        QCOMPARE(graphBreak.type, "Unsupported Tensor.item() call with capture_scalar_outputs=False"s);
        QCOMPARE(graphBreak.file, "/m/layers.py"s);
        QCOMPARE(graphBreak.line, 210);
        QCOMPARE(graphBreak.hints,
            std::vector<std::string> { "Set `torch._dynamo.config.capture_scalar_outputs = True`" });
        QVERIFY(graphBreak.userStack.find("line 40, in forward") != std::string::npos);
        QVERIFY(graphBreak.reason.find("Explanation: Dynamo does not support") != std::string::npos);
        QCOMPARE(graphBreak.resumeFunction, "torch_dynamo_resume_in_forward_at_210"s);
        QVERIFY(!graphBreak.fromRestart);
        QCOMPARE(forward.restartReasons.size(), std::size_t(1));
        QCOMPARE(forward.times.dynamoUs, std::optional<std::int64_t>(5000));
        QCOMPARE(forward.times.codegenUs, std::optional<std::int64_t>(1000));
        const GraphCompileFacts& resumed = log.graphs[1];
        QCOMPARE(resumed.idText(), "1/0"s);
        QVERIFY(resumed.afterBreak);
        QCOMPARE(resumed.afterBreak->line, 210);
        QCOMPARE(resumed.afterBreakOf, "0/0"s);
        QVERIFY(!resumed.recompile);
        QCOMPARE(compileFactsFor(log, "[1/0]"), &log.graphs[1]);
        QCOMPARE(compileFactsFor(log, "0/0_1"), &log.graphs[0]);
        QCOMPARE(compileFactsFor(log, "5/0"), nullptr);
    }

    void recompilesHitTheLimit()
    {
        const CompileLog log = compileEventsFromText(recompileLog(), "/logs/r.log");
        QCOMPARE(log.graphs.size(), std::size_t(4));
        QVERIFY(!log.graphs[0].recompile);
        const GraphCompileFacts& second = log.graphs[2];
        QVERIFY(second.recompile);
        QCOMPARE(second.recompileReasons.size(), std::size_t(2));
        QCOMPARE(second.recompileReasons[0].entry, "0/1"s);
        QCOMPARE(second.recompileReasons[0].words, "`L['x'].size()[0] == 48` failed: 64"s);
        QVERIFY(!second.recompileLimitHit);
        QVERIFY(log.graphs[3].recompileLimitHit);
        const CompileSummary summary = summarizeCompile({ log });
        QCOMPARE(summary.recompiles, 3);
        QCOMPARE(summary.frames.size(), std::size_t(1));
        QCOMPARE(summary.frames[0].function, "forward"s);
        QCOMPARE(summary.frames[0].recompiles, 3);
        QCOMPARE(summary.frames[0].compiles, 4);
        QVERIFY(summary.frames[0].limitHit);
    }

    void cacheStatesOfBothCaches()
    {
        const CompileLog log = compileEventsFromText(cacheLog(), "/logs/c.log");
        QCOMPARE(log.graphs.size(), std::size_t(3));
        QCOMPARE(log.graphs[0].fxCache.state, "miss"s);
        QCOMPARE(log.graphs[0].aotCache.key, "ak0"s);
        QCOMPARE(log.graphs[1].fxCache.state, "hit"s);
        QCOMPARE(log.graphs[1].fxCache.timeSavedUs, std::optional<std::int64_t>(7000));
        QCOMPARE(log.graphs[1].aotCache.timeSavedUs, std::optional<std::int64_t>(9000));
        QCOMPARE(log.graphs[2].fxCache.bypassReason, "Can't cache HigherOrderOperators."s);
        QCOMPARE(log.graphs[2].aotCache.state, "bypass"s);
        const CompileSummary summary = summarizeCompile({ log });
        QCOMPARE(summary.fxCache.hit, 1);
        QCOMPARE(summary.fxCache.miss, 1);
        QCOMPARE(summary.fxCache.bypass, 1);
        QCOMPARE(summary.aotCache.hit, 1);
        QCOMPARE(summary.aotCache.bypass, 1);
        QCOMPARE(summary.fxCache.timeSavedUs, std::int64_t(7000));
        QCOMPARE(
            summary.aotCache.bypassReasons, std::vector<std::string> { "FX graph cache is not enabled" });
    }

    void fallbackKernelFailure()
    {
        const CompileLog log = compileEventsFromText(fallbackKernelLog(), "/logs/f.log");
        QCOMPARE(log.graphs.size(), std::size_t(1));
        QVERIFY(log.graphs[0].failure);
        const CompileFailure& failure = *log.graphs[0].failure;
        QCOMPARE(failure.type, "InductorError"s);
        QCOMPARE(failure.reason, "AttributeError: 'FallbackKernel' object has no attribute 'data'"s);
        QCOMPARE(failure.file, "/m/model.py"s);
        QCOMPARE(failure.line, 40);
        QVERIFY(failure.traceback.find("inductor_patch/ir.py") != std::string::npos);
        QCOMPARE(failure.knownFailure, "fallbackkernel-no-data"s);
        QCOMPARE(summarizeCompile({ log }).failures.size(), std::size_t(1));
    }

    void oneRankBreaksTheOtherDoesNot()
    {
        const CompileLog rank0 =
            compileEventsFromText(breakLog(0), "/logs/dedicated_log_torch_trace_rank_0_x.log");
        const CompileLog rank1 =
            compileEventsFromText(plainLog(1), "/logs/dedicated_log_torch_trace_rank_1_y.log");
        QCOMPARE(rank0.rank, std::optional<std::int64_t>(0));
        const CompileSummary summary = summarizeCompile({ rank0, rank1 });
        QCOMPARE(summary.breaks.size(), std::size_t(1));
        QCOMPARE(summary.breaks[0].ranks, std::vector<std::int64_t> { 0 });
        QCOMPARE(summary.breaks[0].frames, 1);
        QCOMPARE(summary.ranks.size(), std::size_t(2));
        QCOMPARE(summary.ranks[1].times.dynamoUs, std::optional<std::int64_t>(5000));
        // The same break on both ranks is one distinct break hit by two ranks.
        const CompileSummary both =
            summarizeCompile({ rank0, compileEventsFromText(breakLog(1), "/l/r1.log") });
        QCOMPARE(both.breaks.size(), std::size_t(1));
        QCOMPARE(both.breaks[0].ranks, (std::vector<std::int64_t> { 0, 1 }));
        QCOMPARE(both.breaks[0].frames, 2);
        QCOMPARE(both.breaks[0].hits, 2);
    }

    void oldLogWithoutBreakArtifact()
    {
        const CompileLog log = compileEventsFromText(oldBreakLog(), "/logs/old.log");
        QCOMPARE(log.graphs.size(), std::size_t(2));
        QCOMPARE(log.graphs[0].breaks.size(), std::size_t(1));
        const GraphBreak& graphBreak = log.graphs[0].breaks[0];
        QVERIFY(graphBreak.fromRestart);
        QCOMPARE(graphBreak.type, "skip function graph_break in file torch/_dynamo/decorators.py"s);
        QCOMPARE(graphBreak.line, 212);
        QCOMPARE(graphBreak.resumeFunction, "torch_dynamo_resume_in_forward_at_212"s);
        QCOMPARE(log.graphs[0].times.dynamoUs, std::optional<std::int64_t>(500000));
        QCOMPARE(log.graphs[0].times.codegenUs, std::nullopt);
        // A restart with no resume frame after it is not a break.
        const CompileLog alone = compileEventsFromText(
            traceRecord(
                R"("compilation_metrics": {"co_name": "f", "restart_reasons": ["TensorifyScalarRestartAnalysis"]}, )"
                + compileId(0, 0, 1)),
            "/l.log");
        QVERIFY(alone.graphs[0].breaks.empty());
        QCOMPARE(summarizeCompile({ alone }).restarts, 1);
    }

    // Records of the right kind with the wrong shapes: no crash, nothing invented.
    void oddRecords()
    {
        const std::string log = traceRecord(R"("compilation_metrics": "METRICS", )" + compileId(0, 0))
            + traceRecord(R"("dynamo_start": {"stack": 7}, )" + compileId(0, 1))
            + traceRecord(R"("dynamo_start": {"stack": [1, "x"]}, )" + compileId(0, 2))
            + traceRecord(
                R"("artifact": {"name": "recompile_reasons", "encoding": "json"}, )" + compileId(0, 1), "42")
            + traceRecord(
                R"("artifact": {"name": "fx_graph_cache_hash", "encoding": "json"}, )" + compileId(0, 1),
                "{not json")
            + traceRecord(R"("artifact": {"name": "dynamo_graph_break_reason", "encoding": "string"}, )"
                    + compileId(0, 2),
                "")
            + traceRecord(R"("chromium_event": {}, )" + compileId(0, 2), "[]")
            + traceRecord(
                R"("compilation_metrics": {"co_name": "torch_dynamo_resume_in_f_at_99999999999", "fail_type": 3, "dynamo_cumulative_compile_time_us": "x", "restart_reasons": "no"}, )"
                + compileId(1, 0));
        const CompileLog parsed = compileEventsFromText(log, "/l.log");
        QCOMPARE(parsed.graphs.size(), std::size_t(4));
        QVERIFY(parsed.graphs[0].hasMetrics);
        QCOMPARE(parsed.graphs[1].recompileReasons.size(), std::size_t(1));
        QCOMPARE(parsed.graphs[1].recompileReasons[0].guard, "42"s);
        QCOMPARE(parsed.graphs[1].fxCache.state, ""s);
        QCOMPARE(parsed.graphs[2].breaks.size(), std::size_t(1));
        QCOMPARE(parsed.graphs[2].breaks[0].file, ""s);
        QVERIFY(!parsed.graphs[3].failure);
        QVERIFY(!parsed.graphs[3].afterBreak);
        QCOMPARE(parsed.graphs[3].times.dynamoUs, std::nullopt);
        QVERIFY(compileEventsFromText("", "/empty.log").graphs.empty());
    }

    void wording()
    {
        QCOMPARE(failTypeName("<class 'torch._dynamo.exc.BackendCompilerFailed'>"), "BackendCompilerFailed"s);
        QCOMPARE(parseGuardFailure("0/0: tensor 'O' dtype mismatch. expected BFloat16, actual Float").words,
            "`L['O'].dtype == BFloat16` failed: Float"s);
        QCOMPARE(parseGuardFailure("L['i'] == 1").words, "`L['i'] == 1` failed"s);
        QCOMPARE(parseResumeName("torch_dynamo_resume_in_fn_at_9551")->line, 9551);
        QVERIFY(!parseResumeName("forward"));
        QVERIFY(!parseResumeName("torch_dynamo_resume_in__at_x"));
        // A line number of twenty digits is no line (and no signed overflow): file and line stay unset.
        const GraphBreak huge =
            parseGraphBreakPayload("Graph break in user code at m.py:99999999999999999999\n");
        QVERIFY(huge.file.empty());
        QCOMPARE(parseGraphBreakPayload("Graph break in user code at m.py:210\n").line, 210);
    }

    void realExcerpts()
    {
        if (!QFile::exists(example(u"SOURCES.md"_s)))
            QSKIP("../shared/inputs-examples is absent");
        auto read = [](const QString& name) {
            const std::string path = example(name).toStdString();
            return readCompileEvents(fileSystem(), path, path);
        };
        const CompileLog old = read(u"trace-2024-04-graph-break-restart-resume.log"_s);
        QVERIFY(old.opened);
        const CompileSummary oldSummary = summarizeCompile({ old });
        // The excerpt holds frames 0 and 1: one break seen with its resume frame; frame 1's own restart has
        // no resume frame in the excerpt, so it stays a restart.
        QCOMPARE(oldSummary.breaks.size(), std::size_t(1));
        QCOMPARE(oldSummary.breaks[0].line, 9551);
        QCOMPARE(oldSummary.breaks[0].resumeFunctions,
            std::vector<std::string> { "torch_dynamo_resume_in_fn_at_9551" });
        QCOMPARE(oldSummary.restarts, 2);
        QCOMPARE(old.graphs.back().function, "torch_dynamo_resume_in_fn_at_9551"s);
        QVERIFY(old.graphs.back().afterBreak);
        QCOMPARE(old.graphs.back().afterBreakOf, "0/0"s);

        const CompileLog recompile = read(u"trace-2025-07-recompile_reasons.log"_s);
        const GraphCompileFacts* second = compileFactsFor(recompile, "0/2");
        QVERIFY(second);
        QCOMPARE(second->recompileReasons.size(), std::size_t(2));
        QCOMPARE(second->recompileReasons[0].words, "`L['x'].size()[0] == 3` failed: 4"s);
        QVERIFY(!second->recompileLimitHit); // its dynamo_start follows
        QCOMPARE(second->function, "kernel"s); // the last dynamo_start frame, the one without "loc"

        const CompileLog bypass = read(u"trace-2024-12-aotautograd_cache_bypass.log"_s);
        const GraphCompileFacts* bypassed = compileFactsFor(bypass, "1/0");
        QVERIFY(bypassed);
        QCOMPARE(bypassed->aotCache.state, "bypass"s);
        QVERIFY(
            bypassed->aotCache.bypassReason.rfind("Unsupported call_function target flex_attention", 0) == 0);

        const CompileLog failed = read(u"trace-2024-12-compilation_metrics-failure.log"_s);
        QCOMPARE(failed.graphs.size(), std::size_t(1));
        QVERIFY(failed.graphs[0].failure);
        QCOMPARE(failed.graphs[0].failure->type, "BackendCompilerFailed"s);
        QCOMPARE(failed.graphs[0].failure->reason,
            "backend='broken_backend' raised:\nRuntimeError: broken backend"s);
        QCOMPARE(failed.graphs[0].failure->file, ""s);

        const CompileLog error = read(u"trace-2024-12-dynamo_error.log"_s);
        QVERIFY(error.graphs[0].failure);
        QVERIFY(error.graphs[0].failure->traceback.find("RuntimeError: broken backend") != std::string::npos);
        // No metrics in this excerpt: type and reason come from the traceback's exception line.
        QCOMPARE(error.graphs[0].failure->type, "BackendCompilerFailed"s);
        QCOMPARE(error.graphs[0].failure->reason,
            "backend='broken_backend' raised:\nRuntimeError: broken backend"s);

        const CompileLog disabled = read(u"trace-2025-07-fx_graph_cache_disabled.log"_s);
        QCOMPARE(disabled.graphs.at(0).fxCache.state, "disabled"s);
    }
};

QTEST_GUILESS_MAIN(TestCompileEvents)
#include "tst_compileevents.moc"
