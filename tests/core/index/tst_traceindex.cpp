// SPDX-License-Identifier: MIT
// TORCH_TRACE logs as an Index (index/traceindex.h): a folder of rank logs, one log, a .log.gz, a
// tlparse output folder, logs in an archive; runs with rank, pid (or a thread id said so) and a
// start without a year; one graph per inductor_output_code record, named by compile id and AOT ID,
// fed by the records of its compile id; a graph's files read again from the log through SafeFile.
#include "archivewriter.h"
#include "core/index/indexer.h"
#include "core/io/container.h"
#include "core/io/safefile.h"
#include "core/parse/versions.h"
#include "core/trace/codehash.h"
#include "indexfixture.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace dvmlens;
using testutil::graphNames;
using testutil::indexOf;
using testutil::traceRecord;

namespace {

const QString kEngagedRun = testutil::sampleTree(testutil::kSampleEngagedRun);
const QString kLostRun = testutil::sampleTree(testutil::kSampleLostRun);

QStringList diagnosticCodes(const Index& index)
{
    return testutil::diagnosticCodes(index.diagnostics);
}

// A folder with the two sample runs as rank 0 and rank 1 trace logs.
void writeRankLogs(const QDir& dir)
{
    QVERIFY(testutil::writeBytes(dir.filePath(u"dedicated_log_torch_trace_rank_0_a74od7a1.log"_s),
        testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
    QVERIFY(testutil::writeBytes(dir.filePath(u"dedicated_log_torch_trace_rank_1_fglwclht.log"_s),
        testutil::traceOfSampleRun(kLostRun, 4102, 1, "hit")));
}

} // namespace

class TestTraceIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFolderOfRankLogsIsOneRunPerLog()
    {
        QTemporaryDir dir;
        writeRankLogs(QDir(dir.path()));
        const Index index = indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(2));
        const Run& rank0 = index.runs[0];
        QCOMPARE(rank0.name, std::optional<std::string>("dedicated_log_torch_trace_rank_0_a74od7a1.log"));
        QCOMPARE(rank0.rank, std::optional<std::int64_t>(0));
        QCOMPARE(rank0.pid, std::optional<std::int64_t>(4101));
        QCOMPARE(rank0.started, std::optional<std::string>("--07-20T10:15:10.000000"));
        QCOMPARE(graphNames(rank0),
            (QStringList { u"[0/0] 0_forward"_s, u"[0/0] 0_backward"_s, u"[1/0] 1_inference"_s }));
        const Graph& forward = rank0.graphs[0];
        QVERIFY(forward.outputCode && forward.outputCode->dvmEngaged);
        QCOMPARE(forward.aotId, std::optional<int>(0));
        QCOMPARE(forward.kind, std::optional<std::string>("forward"));
        const GraphOrigin origin = graphOrigin(forward);
        QCOMPARE(origin.kind, "trace");
        QCOMPARE(origin.file, rank0.path);
        QCOMPARE(origin.compileId, std::optional<std::string>("[0/0]"));
        QCOMPARE(origin.cache, std::optional<std::string>("miss"));
        QVERIFY(origin.line.has_value());
        QCOMPARE(forward.path, rank0.path + "!L" + std::to_string(*origin.line));
        QCOMPARE(forward.files,
            (std::vector<std::string> {
                "fx_graph_runnable.py", "fx_graph_transformed.py", "output_code.py" }));
        // Rank 1: the lost run, its backward had no output_code.py, so no graph for it.
        const Run& rank1 = index.runs[1];
        QCOMPARE(rank1.rank, std::optional<std::int64_t>(1));
        QCOMPARE(graphNames(rank1), (QStringList { u"[0/0] 0_forward"_s, u"[1/0] 1_inference"_s }));
        QVERIFY(!rank1.graphs[0].outputCode->dvmEngaged);
        QCOMPARE(graphOrigin(rank1.graphs[1]).cache, std::optional<std::string>("hit"));
        QVERIFY2(index.diagnostics.empty(), qPrintable(diagnosticCodes(index).join(u' ')));
    }

    // A FIFO under a log's name beside real logs: never opened (no hang), and said.
    void aFifoNamedAsALogIsSaid()
    {
        QTemporaryDir dir;
        writeRankLogs(QDir(dir.path()));
        const QString fifo = dir.filePath(u"dedicated_log_torch_trace_rank_2_fifofifo.log"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const Index index = indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(2));
        QCOMPARE(diagnosticCodes(index), QStringList { u"log-not-a-file"_s });
        QCOMPARE(index.diagnostics.front().path, QFile::encodeName(fifo).toStdString());
    }

    void aGraphsFilesAreReadAgainFromTheLog()
    {
        QTemporaryDir dir;
        writeRankLogs(QDir(dir.path()));
        const Index index = indexOf(dir.path());
        const Graph& forward = index.runs[0].graphs[0];
        std::string bytes;
        std::size_t size = 0;
        FileError error;
        QVERIFY2(readWholeFile(*index.files, forward.path + "/output_code.py", index.root, 1u << 30, bytes,
                     size, error),
            error.message.c_str());
        bytes.resize(size);
        QCOMPARE(
            bytes, testutil::readText(kEngagedRun + u"/torchinductor/model__0_forward_1.0/output_code.py"_s));
        // The runnable logged before the code is this graph's: the versions and DVM request of a tree.
        const Versions versions = runVersions(*index.files, index.runs[0], index.root);
        QCOMPARE(versions.npuBackend, std::optional<std::string>("dvm"));
        QCOMPARE(versions.torch, std::optional<std::string>("2.14.0.dev20260719+cpu"));
        QVERIFY(versions.source->find("!L") != std::string::npos);
        // A file the graph does not have, and a line with no record.
        QVERIFY(!readFileHead(*index.files, forward.path + "/fx_graph_readable.py", index.root, 100, error));
        QCOMPARE(error.problem, FileProblem::Missing);
        QVERIFY(
            !readFileHead(*index.files, index.runs[0].path + "!L2/output_code.py", index.root, 100, error));
        // A reader that bounds the file by its own folder (the GUI's code view) reads it too.
        QVERIFY2(readFileHead(*index.files, forward.path + "/output_code.py", forward.path, 100, error),
            error.message.c_str());
        // Outside the tree the log is refused as any file is.
        QVERIFY(
            !readFileHead(*index.files, forward.path + "/output_code.py", "/nonexistent-tree", 100, error));
    }

    void oneLogAGzipAndATlparseFolder()
    {
        QTemporaryDir dir;
        const std::string log = testutil::traceOfSampleRun(kEngagedRun, 4101, -1);
        const QString plain = dir.filePath(u"dedicated_log_torch_trace_rank_3_abcdefgh.log"_s);
        QVERIFY(testutil::writeBytes(plain, log));
        const Index one = indexOf(plain);
        QCOMPARE(one.runs.size(), std::size_t(1));
        QCOMPARE(one.runs[0].rank, std::optional<std::int64_t>(3)); // no rank in records: the name's
        QCOMPARE(one.runs[0].graphs.size(), std::size_t(3));
        QVERIFY(one.runs[0].graphs[2].outputCode->dvmEngaged);

        QDir(dir.path()).mkdir(u"gz"_s);
        const QString gz = dir.filePath(u"gz/dedicated_log_torch_trace_xyz.log.gz"_s);
        QVERIFY(testutil::writeGzip(gz, log));
        const Index zipped = indexOf(gz);
        QCOMPARE(zipped.runs.size(), std::size_t(1));
        QCOMPARE(zipped.runs[0].rank, std::optional<std::int64_t>());
        QCOMPARE(graphNames(zipped.runs[0]), graphNames(one.runs[0]));
        std::string bytes;
        std::size_t size = 0;
        FileError error;
        QVERIFY2(readWholeFile(*zipped.files, zipped.runs[0].graphs[0].path + "/output_code.py", zipped.root,
                     1u << 30, bytes, size, error),
            error.message.c_str());

        // tlparse's output folder keeps its input as raw.log beside its HTML.
        QDir(dir.path()).mkdir(u"tl_out"_s);
        QVERIFY(testutil::writeBytes(dir.filePath(u"tl_out/raw.log"_s), log));
        QVERIFY(testutil::writeBytes(dir.filePath(u"tl_out/index.html"_s), "<html></html>"));
        const Index tlparse = indexOf(dir.filePath(u"tl_out"_s));
        QCOMPARE(tlparse.runs.size(), std::size_t(1));
        QCOMPARE(tlparse.runs[0].name, std::optional<std::string>("raw.log"));
        QCOMPARE(tlparse.runs[0].graphs.size(), std::size_t(3));

        // tlparse --all-ranks-html writes rank_<N>/raw.log: the runs are told apart by folder.
        QVERIFY(QDir(dir.path()).mkpath(u"all/rank_0"_s) && QDir(dir.path()).mkpath(u"all/rank_1"_s));
        QVERIFY(testutil::writeBytes(
            dir.filePath(u"all/rank_0/raw.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        QVERIFY(testutil::writeBytes(
            dir.filePath(u"all/rank_1/raw.log"_s), testutil::traceOfSampleRun(kLostRun, 4102, 1)));
        QVERIFY(testutil::writeBytes(dir.filePath(u"all/index.html"_s), "<html></html>"));
        const Index allRanks = indexOf(dir.filePath(u"all"_s));
        QCOMPARE(allRanks.runs.size(), std::size_t(2));
        QCOMPARE(allRanks.runs[0].name, std::optional<std::string>("raw.log (rank_0)"));
        QCOMPARE(allRanks.runs[1].name, std::optional<std::string>("raw.log (rank_1)"));
        QCOMPARE(allRanks.runs[1].rank, std::optional<std::int64_t>(1));
    }

    void logsInsideAnArchive()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkpath(u"trace"_s);
        writeRankLogs(QDir(dir.filePath(u"trace"_s)));
        const QString archive = dir.filePath(u"trace.tar.gz"_s);
        QVERIFY(testutil::packFolder(dir.filePath(u"trace"_s), archive, testutil::ArchiveFormat::TarGz));
        const Index index = indexOf(archive);
        QCOMPARE(index.runs.size(), std::size_t(2));
        QCOMPARE(index.runs[1].rank, std::optional<std::int64_t>(1));
        QCOMPARE(graphNames(index.runs[0]).size(), 3);
        const Graph& forward = index.runs[0].graphs[0];
        QVERIFY(forward.outputCode->dvmEngaged);
        std::string bytes;
        std::size_t size = 0;
        FileError error;
        QVERIFY2(readWholeFile(*index.files, forward.path + "/output_code.py", index.root, 1u << 30, bytes,
                     size, error),
            error.message.c_str());
        QVERIFY(size > 1000);
    }

    void recompilesCacheHitsFailuresAndCppWrappers()
    {
        QTemporaryDir dir;
        const std::string wrapper = testutil::wrapperModule("0_forward");
        const std::string again = testutil::wrapperModule("0_forward", "return ()");
        testutil::TracePrefixParts cache;
        cache.emitter = "torch/_inductor/codecache.py";
        cache.emitterLine = 1180;
        const std::string log =
            traceRecord(
                R"("inductor_output_code": {"filename": "/tmp/a/xx/cxx.py"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0)",
                wrapper)
            // dynamo reset: the same compile id again, loaded from the FX graph cache
            + traceRecord(
                R"("inductor_output_code": {"filename": "/tmp/a/xx/cxx.py"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0)",
                wrapper, cache)
            // a recompile, attempt 1, under compiled autograd
            + traceRecord(
                R"("inductor_output_code": {}, "compiled_autograd_id": 0, "frame_id": 2, "frame_compile_id": 0, "attempt": 1)",
                again)
            + traceRecord(
                R"("graph_dump": {"name": "inductor_aot_wrapper_code", "type": "cpp", "filename": "/tmp/x.cpp"}, "frame_id": 3, "frame_compile_id": 0, "attempt": 0)",
                "int main() {}\n")
            + traceRecord(
                R"("compilation_metrics": {"co_name": "f", "fail_type": "BackendCompilerFailed", "fail_reason": "backend='dvm' raised:\nRuntimeError: boom"}, "frame_id": 4, "frame_compile_id": 0, "attempt": 0)")
            + traceRecord(
                R"("compilation_metrics": {"co_name": "f", "fail_type": "InternalTorchDynamoError", "fail_reason": "x"}, "compiled_autograd_id": 0, "frame_id": 2, "frame_compile_id": 0, "attempt": 1)");
        const QString path = dir.filePath(u"dedicated_log_torch_trace_q.log"_s);
        QVERIFY(testutil::writeBytes(path, log));
        const Index index = indexOf(path);
        QCOMPARE(index.runs.size(), std::size_t(1));
        const Run& run = index.runs[0];
        QCOMPARE(graphNames(run),
            (QStringList { u"[0/0] 0_forward"_s, u"[0/0] 0_forward"_s, u"[!0/2/0_1] 0_forward"_s }));
        QCOMPARE(graphOrigin(run.graphs[0]).cache, std::optional<std::string>());
        QCOMPARE(graphOrigin(run.graphs[1]).cache, std::optional<std::string>("hit"));
        QCOMPARE(graphOrigin(run.graphs[0]).codeHash, std::optional<std::string>(inductorCodeHash(wrapper)));
        QCOMPARE(graphOrigin(run.graphs[0]).codeHash, graphOrigin(run.graphs[1]).codeHash);
        QVERIFY(graphOrigin(run.graphs[2]).codeHash != graphOrigin(run.graphs[1]).codeHash);
        // The failure of [!0/2/0_1] is its graph's; the one of [4/0] has no graph: the index's.
        QCOMPARE(run.graphs[2].diagnostics.size(), std::size_t(1));
        QCOMPARE(run.graphs[2].diagnostics[0].code, "trace-compile-failed");
        QCOMPARE(diagnosticCodes(index), (QStringList { u"trace-compile-failed"_s, u"trace-cpp-wrapper"_s }));
        QCOMPARE(index.diagnostics[0].message,
            "Compile [4/0] failed: BackendCompilerFailed: backend='dvm' raised: RuntimeError: boom");
        QCOMPARE(index.diagnostics[0].line, std::optional<int>(5 + 3 * 14 + 1 + 1));
    }

    void oldThreadIdLogsHaveNoPid()
    {
        QTemporaryDir dir;
        testutil::TracePrefixParts thread;
        thread.writer = 139733182882816;
        const QString path = dir.filePath(u"dedicated_log_torch_trace_old.log"_s);
        QVERIFY(testutil::writeBytes(path,
            traceRecord(
                R"("inductor_output_code": {"filename": "/tmp/a/xx/cxx.py"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0)",
                "\n" + testutil::wrapperModule("0_inference"), thread)));
        const Index index = indexOf(path);
        QCOMPARE(index.runs[0].pid, std::optional<std::int64_t>());
        QCOMPARE(diagnosticCodes(index), QStringList { u"trace-thread-id"_s });
        QCOMPARE(graphNames(index.runs[0]), QStringList { u"[0/0] 0_inference"_s });
    }

    void aCorruptPayloadIsADiagnosticAndTheGraphStays()
    {
        QTemporaryDir dir;
        std::string log = testutil::traceOfSampleRun(kEngagedRun, 4101, 0);
        const std::size_t at = log.find("async_compile", log.find("inductor_output_code"));
        QVERIFY(at != std::string::npos);
        log.replace(at, 5, "ASYNC");
        const QString path = dir.filePath(u"dedicated_log_torch_trace_rank_0_x.log"_s);
        QVERIFY(testutil::writeBytes(path, log));
        const Index index = indexOf(path);
        QCOMPARE(diagnosticCodes(index), QStringList { u"trace-payload-mismatch"_s });
        QCOMPARE(index.runs[0].graphs.size(), std::size_t(3));
        // Read again, a changed payload is refused rather than shown as the code.
        FileError error;
        const Graph& changed = index.runs[0].graphs[0];
        QVERIFY(!readFileHead(*index.files, changed.path + "/output_code.py", index.root, 100, error));
        QVERIFY(QString::fromStdString(error.message).contains(u"md5"_s));
    }

    void realExcerpt()
    {
        const QString log = QStringLiteral(
            DVMLENS_SHARED_DIR "/inputs-examples/trace-2025-08-rank1-inductor_output_code.log");
        if (!QFile::exists(log))
            QSKIP("../shared/inputs-examples is absent");
        const Index index = indexOf(log);
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(index.runs[0].rank, std::optional<std::int64_t>(1));
        QCOMPARE(index.runs[0].pid, std::optional<std::int64_t>(2354972));
        QCOMPARE(graphNames(index.runs[0]), QStringList { u"[0/0] 0_inference"_s });
        // Inductor's cache file name is the hash of the payload.
        QCOMPARE(graphOrigin(index.runs[0].graphs[0]).codeHash,
            std::optional<std::string>("clk3g2zb5brjgofxec355bjazxqzfzeciuit7y4gvwmk5cbkeugs"));
        const Index old =
            indexOf(QStringLiteral(DVMLENS_SHARED_DIR "/inputs-examples/trace-2024-05-complete-links.log"));
        QCOMPARE(old.runs[0].pid, std::optional<std::int64_t>());
        QCOMPARE(graphNames(old.runs[0]), QStringList { u"[0/0] 0_inference"_s });
    }
};

QTEST_GUILESS_MAIN(TestTraceIndex)
#include "tst_traceindex.moc"
