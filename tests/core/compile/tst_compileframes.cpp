// SPDX-License-Identifier: MIT
// The frames of the compile side (core/compile/compileframes.h): a frame's compiles in order, a resume
// function's frame after its break, recompiles up to the limit, a failed compile, frames per rank and
// after a reset, and the DVM-engaged share of the graphs a frame's compiles made, from the verdicts.
#include "core/compile/compileframes.h"
#include "core/compile/tracelogfiles.h"
#include "core/io/container.h"
#include "indexfixture.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::string_literals;
using namespace dvmlens;
using testutil::compileId;

namespace {

using Positions = std::vector<std::pair<std::size_t, std::size_t>>;

// The inductor_output_code record of compile `ids`, with a real DVM kernel when `dvm`.
std::string codeOf(const std::string& ids, const std::string& aotId, bool dvm)
{
    return dvm ? testutil::dvmOutputCode(ids, aotId) : testutil::outputCode(ids, aotId);
}

// The log written in a folder of its own, its index and its compile events (as scan and compile read them).
struct Written
{
    QTemporaryDir dir;
    Index index;
    std::vector<CompileLog> logs;
};

std::unique_ptr<Written> written(const std::vector<std::string>& logs)
{
    auto result = std::make_unique<Written>();
    for (std::size_t i = 0; i < logs.size(); ++i)
        if (!testutil::writeBytes(
                QDir(result->dir.path()).filePath(u"dedicated_log_torch_trace_rank_%1_x.log"_s.arg(i)),
                logs[i]))
            qFatal("cannot write the log");
    result->index = testutil::indexOf(result->dir.path());
    const std::string root = result->dir.path().toStdString();
    result->logs = readCompileLogs(findTraceLogs(root), root);
    return result;
}

std::vector<std::string> ids(const CompileFrame& frame)
{
    std::vector<std::string> list;
    for (const GraphCompileFacts* facts : frame.compiles)
        list.push_back(facts->idText());
    return list;
}

} // namespace

class TestCompileFrames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // forward [0/0] breaks at layers.py:210; torch_dynamo_resume_in_forward_at_210 [1/0] runs the rest.
    void aBreakAndItsResumeFrame()
    {
        const auto w = written({ testutil::breakLog() + codeOf(compileId(0, 0), "0_forward", true)
            + codeOf(compileId(0, 0), "0_backward", false) + codeOf(compileId(1, 0, 1), "1_forward", true) });
        QCOMPARE(w->index.runs.size(), std::size_t(1));
        const std::vector<CompileFrame> frames = compileFrames(w->logs, &w->index);
        QCOMPARE(frames.size(), std::size_t(2));
        const CompileFrame& forward = frames[0];
        QCOMPARE(forward.function, "forward"s);
        QCOMPARE(forward.file, "/m/layers.py"s);
        QCOMPARE(forward.line, 200);
        QCOMPARE(forward.frameId, std::int64_t(0));
        QCOMPARE(ids(forward), (std::vector<std::string> { "0/0" }));
        QCOMPARE(forward.breaks, 1);
        QCOMPARE(forward.recompiles, 0);
        QVERIFY(forward.resumes.empty());
        QVERIFY(!forward.afterBreak);
        QCOMPARE(forward.graphs, (Positions { { 0, 0 }, { 0, 1 } }));
        QCOMPARE(forward.verdicts.engaged, 1);
        QCOMPARE(forward.verdicts.withCode, 2);
        QCOMPARE(frameTitle(forward), "forward (layers.py:200)"s);
        QCOMPARE(frameShareText(forward).en, "DVM engaged in 1 of 2 graphs"s);
        QCOMPARE(frameShareShort(forward).en, "DVM 1 of 2 graphs"s);

        const CompileFrame& resume = frames[1];
        QCOMPARE(resume.function, "torch_dynamo_resume_in_forward_at_210"s);
        QCOMPARE(resume.frameId, std::int64_t(1));
        QCOMPARE(resume.resumes, "forward"s);
        QVERIFY(resume.afterBreak);
        QCOMPARE(resume.afterBreak->line, 210);
        QCOMPARE(resume.afterBreakOf, "0/0"s);
        QCOMPARE(resume.breaks, 0);
        QCOMPARE(resume.graphs, (Positions { { 0, 2 } }));
        QCOMPARE(frameShareText(resume).en, "DVM engaged in 1 of 1 graph"s);

        const std::vector<LocalizedText> story = frameStory(resume);
        QCOMPARE(story.size(), std::size_t(3));
        QCOMPARE(story[0].en, "torch_dynamo_resume_in_forward_at_210 (layers.py:200): 1 compile"s);
        QCOMPARE(story[1].en,
            "the rest of forward after a break at layers.py:210 (Unsupported Tensor.item() call with "
            "capture_scalar_outputs=False), split off [0/0]"s);
        QCOMPARE(story[2].en, "DVM engaged in 1 of 1 graph"s);
        QCOMPARE(frameStory(forward)[1].en,
            "[0/0] stops at a break at layers.py:210 (Unsupported Tensor.item() call with "
            "capture_scalar_outputs=False)"s);
        QVERIFY(!story[1].zh.empty());
    }

    // forward compiled at 32, recompiled at 48 and 64, refused at 80: one frame of four compiles, the
    // three that made code each a graph, one of them engaged.
    void threeRecompilesOfOneFrame()
    {
        const auto w = written({ testutil::recompileLog() + codeOf(compileId(0, 0), "0_inference", false)
            + codeOf(compileId(0, 1), "1_inference", true) + codeOf(compileId(0, 2), "2_inference", false) });
        const std::vector<CompileFrame> frames = compileFrames(w->logs, &w->index);
        QCOMPARE(frames.size(), std::size_t(1));
        const CompileFrame& frame = frames[0];
        QCOMPARE(ids(frame), (std::vector<std::string> { "0/0", "0/1", "0/2", "0/3" }));
        QCOMPARE(frame.recompiles, 3);
        QCOMPARE(frame.refused, 1);
        QCOMPARE(frame.failed, 0);
        QCOMPARE(frame.graphs.size(), std::size_t(3));
        QCOMPARE(frameShareText(frame).en, "DVM engaged in 1 of 3 graphs"s);
        const std::vector<LocalizedText> story = frameStory(frame);
        QCOMPARE(story.front().en,
            "forward (layers.py:200): 4 compiles, 3 recompiles, 1 refused at the recompile limit"s);
        QCOMPARE(
            story[1].en, "[0/1] recompile #1 of forward because 0/0: `L['x'].size()[0] == 32` failed: 48"s);
        QCOMPARE(story.back().en, "DVM engaged in 1 of 3 graphs"s);
        QVERIFY(std::any_of(story.begin(), story.end(), [](const LocalizedText& line) {
            return line.en == "[0/3] refused: recompile limit hit (later calls run eagerly)";
        }));
    }

    // A compile that failed made no code: its frame says so, and has no share.
    void aFailedCompile()
    {
        const auto w = written({ testutil::fallbackKernelLog() });
        const std::vector<CompileFrame> frames = compileFrames(w->logs, &w->index);
        QCOMPARE(frames.size(), std::size_t(1));
        QCOMPARE(frames[0].failed, 1);
        QVERIFY(frames[0].graphs.empty());
        QCOMPARE(frameShareText(frames[0]).en, "no graphs in the index"s);
        QCOMPARE(frameShareShort(frames[0]).en, "no graphs"s);
        const std::vector<LocalizedText> story = frameStory(frames[0]);
        QCOMPARE(story.front().en, "forward (layers.py:200): 1 compile, 1 failed"s);
        QVERIFY(story[1].en.starts_with("[0/0] the compile failed: InductorError: AttributeError: "));
    }

    // Frame 0 of rank 0 and frame 0 of rank 1 are two frames; without an index, no graphs.
    void framesPerRank()
    {
        const CompileLog rank0 = compileEventsFromText(testutil::breakLog(0), "/logs/r0.log");
        const CompileLog rank1 = compileEventsFromText(testutil::plainLog(1), "/logs/r1.log");
        const std::vector<CompileFrame> frames = compileFrames({ rank0, rank1 });
        QCOMPARE(frames.size(), std::size_t(3));
        QCOMPARE(frames[0].rank, std::optional<std::int64_t>(0));
        QCOMPARE(frames[1].rank, std::optional<std::int64_t>(0));
        QCOMPARE(frames[2].rank, std::optional<std::int64_t>(1));
        QCOMPARE(frames[2].log, std::size_t(1));
        QCOMPARE(frames[2].function, "forward"s);
        QCOMPARE(frames[2].breaks, 0);
        QVERIFY(frames[2].graphs.empty());
    }

    // torch._dynamo.reset() then forward again: [0/0] twice is two frames, each with its own graph.
    void aResetStartsAnotherFrame()
    {
        const auto compile = [](bool dvm) {
            return testutil::dynamoStart(compileId(0, 0)) + codeOf(compileId(0, 0), "0_forward", dvm)
                + testutil::metrics(compileId(0, 0), "forward");
        };
        const auto w = written({ compile(false) + compile(true) });
        QCOMPARE(w->index.runs.at(0).graphs.size(), std::size_t(2));
        const std::vector<CompileFrame> frames = compileFrames(w->logs, &w->index);
        QCOMPARE(frames.size(), std::size_t(2));
        QCOMPARE(frames[0].resetRepeat, 0);
        QCOMPARE(frames[1].resetRepeat, 1);
        QCOMPARE(ids(frames[1]), (std::vector<std::string> { "0/0 after reset 1" }));
        QCOMPARE(frames[0].graphs, (Positions { { 0, 0 } }));
        QCOMPARE(frames[1].graphs, (Positions { { 0, 1 } }));
        QCOMPARE(frameShareText(frames[0]).en, "DVM engaged in 0 of 1 graph"s);
        QCOMPARE(frameShareText(frames[1]).en, "DVM engaged in 1 of 1 graph"s);
    }

    // The real ≤2.5 excerpt: fn breaks (told by a restart) and its resume function is a frame of its own.
    void realBreakAndResume()
    {
        const QString path = QDir(QStringLiteral(DVMLENS_SHARED_DIR))
                                 .filePath(u"inputs-examples/trace-2024-04-graph-break-restart-resume.log"_s);
        if (!QFile::exists(path))
            QSKIP("../shared/inputs-examples is absent");
        const std::string log = path.toStdString();
        const std::vector<CompileFrame> frames = compileFrames({ readCompileEvents(fileSystem(), log, log) });
        QCOMPARE(frames.size(), std::size_t(2));
        QCOMPARE(frameTitle(frames[0]), "fn (test_misc.py:9549)"s);
        QCOMPARE(frames[0].breaks, 1);
        QCOMPARE(frames[1].function, "torch_dynamo_resume_in_fn_at_9551"s);
        QCOMPARE(frames[1].resumes, "fn"s);
        QVERIFY(frames[1].afterBreak);
        QCOMPARE(frames[1].afterBreak->line, 9551);
        QCOMPARE(frames[1].afterBreakOf, "0/0"s);
    }
};

QTEST_GUILESS_MAIN(TestCompileFrames)
#include "tst_compileframes.moc"
