// SPDX-License-Identifier: MIT
// The TORCH_TRACE record reader: prefix, ids, rank, interned strings and payloads of generated logs
// (plain and gzip), each kind of bad input as a diagnostic at its line with the rest still read,
// memory bounds (a 40 MB line, a payload limit), and every real excerpt in ../shared/inputs-examples.
#include "core/io/container.h"
#include "core/trace/tracelog.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace dvmlens;
using testutil::traceRecord;

namespace {

struct Collected
{
    std::vector<TraceRecord> records;
    TraceReadResult result;
};

Collected readText(std::string_view text, const TraceReadOptions& options = {})
{
    Collected collected;
    collected.result = readTraceText(
        text, "/logs/t.log", options, [&](TraceRecord& record) { collected.records.push_back(record); });
    return collected;
}

Collected readFile(const QString& path, const TraceReadOptions& options = {})
{
    Collected collected;
    const std::string name = path.toStdString();
    collected.result = readTraceLog(
        fileSystem(), name, name, options, [&](TraceRecord& record) { collected.records.push_back(record); });
    return collected;
}

QStringList codes(const TraceReadResult& result)
{
    QStringList list;
    for (const Diagnostic& diagnostic : result.diagnostics)
        list << QString::fromStdString(diagnostic.code) + u':'
                + (diagnostic.line ? QString::number(*diagnostic.line) : u"-"_s);
    return list;
}

const std::string kWrapper = testutil::wrapperModule("0_forward");

// str, dynamo_start, the wrapper of [0/0] on rank 1, then a compilation_metrics without payload.
std::string smallLog()
{
    return traceRecord(R"("str": ["/home/u/model.py", 0])", std::nullopt,
               { 4242, "torch/_logging/structured.py", 22, "1203 10:00:00.000000" })
        + traceRecord(
            R"("dynamo_start": {"stack": [{"line": 7, "name": "forward", "filename": 0}]}, "rank": 1, "frame_id": 0, "frame_compile_id": 0, "attempt": 0)")
        + traceRecord(
            R"("inductor_output_code": {"filename": "/tmp/torchinductor_u/ab/cab.py"}, "rank": 1, "frame_id": 0, "frame_compile_id": 0, "attempt": 0)",
            kWrapper, { 4242, "torch/_inductor/graph.py", 2390, "1203 10:00:01.250000" })
        + traceRecord(
            R"("compilation_metrics": {"co_name": "forward", "fail_type": null}, "rank": 1, "frame_id": 0, "frame_compile_id": 0, "attempt": 0)");
}

QString examples()
{
    return QDir(QStringLiteral(DVMLENS_SHARED_DIR)).filePath(u"inputs-examples"_s);
}

} // namespace

class TestTraceLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsPrefixIdsRankAndPayload()
    {
        const Collected got = readText(smallLog());
        QVERIFY2(got.result.diagnostics.empty(), qPrintable(codes(got.result).join(u' ')));
        QCOMPARE(got.result.records, 4);
        QCOMPARE(got.records.size(), std::size_t(4));
        const TraceRecord& code = got.records[2];
        QCOMPARE(code.kind, "inductor_output_code");
        QCOMPARE(code.line, 3);
        QCOMPARE(code.level, 'V');
        QCOMPARE(code.time.text(), "12-03 10:00:01.250000");
        QCOMPARE(code.time.isoWithoutYear(), "--12-03T10:00:01.250000");
        QCOMPARE(code.writer, 4242);
        QVERIFY(!code.writerIsThreadId);
        QCOMPARE(code.emitter, "torch/_inductor/graph.py");
        QCOMPARE(code.emitterLine, 2390);
        QCOMPARE(code.rank, std::optional<std::int64_t>(1));
        QCOMPARE(code.compileId.text(), "[0/0]");
        QCOMPARE(code.body().value("filename", ""), "/tmp/torchinductor_u/ab/cab.py");
        QVERIFY(code.payload.has_value());
        QCOMPARE(*code.payload, kWrapper); // the trailing '\n' is the lone TAB line
        QVERIFY(code.payloadVerified);
        QCOMPARE(code.payloadMd5, std::optional<std::string>(testutil::md5Hex(kWrapper)));
        // The dynamo_start (line 2) comes after the str it refers to.
        const TraceRecord& start = got.records[1];
        QCOMPARE(start.line, 2);
        const std::int64_t file = start.body()["stack"][0]["filename"].get<std::int64_t>();
        QCOMPARE(start.internedString(file), std::optional<std::string_view>("/home/u/model.py"));
        QCOMPARE(start.internedString(1), std::optional<std::string_view>());
        QVERIFY(!got.records[3].payload);
        QCOMPARE(got.records[3].line, 3 + 14 + 1); // the payload of line 3 has 14 lines (the last a lone TAB)
    }

    void compileIdsInTlparseNotation()
    {
        QCOMPARE((CompileId { {}, 0, 1, 0 }.text()), "[0/1]");
        QCOMPARE((CompileId { {}, 0, 1, 1 }.text()), "[0/1_1]");
        QCOMPARE((CompileId { 0, 2, 0, 0 }.text()), "[!0/2/0]");
        QCOMPARE((CompileId { 3, {}, {}, {} }.text()), "[!3]");
        QCOMPARE((CompileId { {}, 4, {}, {} }.text()), "[4/?]");
        QCOMPARE((CompileId {}.text()), "");
        // compiled_autograd_id as the record carries it; Dec-2024 logs write an explicit null.
        const Collected got = readText(
            traceRecord(
                R"("artifact": {"name": "x", "encoding": "string"}, "compiled_autograd_id": 0, "frame_id": 2, "frame_compile_id": 0, "attempt": 0)")
            + traceRecord(
                R"("artifact": {"name": "y", "encoding": "string"}, "compiled_autograd_id": null, "frame_id": 1, "frame_compile_id": 3, "attempt": 2)"));
        QCOMPARE(got.records.size(), std::size_t(2));
        QCOMPARE(got.records[0].compileId.text(), "[!0/2/0]");
        QCOMPARE(got.records[0].name(), "x");
        QCOMPARE(got.records[1].compileId.text(), "[1/3_2]");
        QVERIFY(!got.records[1].compileId.compiledAutogradId);
    }

    void aChangedPayloadIsAMismatchAndTheRestIsRead()
    {
        std::string log = smallLog();
        const std::size_t at = log.find("def call(args):");
        log.replace(at, 3, "DEF");
        const Collected got = readText(log);
        QCOMPARE(codes(got.result), QStringList { u"trace-payload-mismatch:3"_s });
        QCOMPARE(got.records.size(), std::size_t(4));
        QVERIFY(!got.records[2].payloadVerified);
        QVERIFY(got.records[2].payload->find("DEF call") != std::string::npos);
        QVERIFY(got.records[3].kind == "compilation_metrics");
    }

    void aPayloadCutByTheEndOfTheFile()
    {
        std::string log = smallLog();
        log.resize(log.find("def call(args):") + 5); // mid-line, no newline at the end
        const Collected got = readText(log);
        QCOMPARE(codes(got.result), QStringList { u"trace-payload-cut:3"_s });
        QCOMPARE(got.records.size(), std::size_t(3));
        QVERIFY(!got.records[2].payloadVerified);
        // A payload announced but with no lines at all, before the next record.
        const Collected missing =
            readText(traceRecord(R"("artifact": {"name": "x"})", "text")
                         .substr(0, traceRecord(R"("artifact": {"name": "x"})", "text").find('\t'))
                + traceRecord(R"("link": {"name": "n", "url": "u"})"));
        QCOMPARE(codes(missing.result), QStringList { u"trace-payload-mismatch:1"_s });
        QCOMPARE(missing.records.size(), std::size_t(2));
    }

    void linesThatAreNotRecords()
    {
        const std::string log = traceRecord(R"("link": {"name": "a", "url": "u"})")
            + "Traceback (most recent call last):\n" + "\tFile \"x.py\", line 3\n" + "\n"
            + "V1203 10:00:00.000000 4242 graph.py:1] not json\n"
            + "V1203 10:00:00.000000 4242 graph.py:1] {\"broken\": \n" + "\tstray after a bad record\n"
            + traceRecord(R"("link": {"name": "b", "url": "u"})");
        const Collected got = readText(log);
        QCOMPARE(codes(got.result),
            (QStringList { u"trace-not-a-record:2"_s, u"trace-not-a-record:5"_s, u"trace-bad-json:6"_s }));
        QCOMPARE(got.records.size(), std::size_t(2));
        QCOMPARE(got.records[1].name(), "b");
        QCOMPARE(got.records[1].line, 8);
        // Payload lines before any record.
        const Collected stray =
            readText("\tone\n\ttwo\n" + traceRecord(R"("link": {"name": "c", "url": "u"})"));
        QCOMPARE(codes(stray.result), QStringList { u"trace-stray-payload:1"_s });
        QCOMPARE(stray.records.size(), std::size_t(1));
        // A writer column of 19 digits or more is no pid (fuzz_tracelog found 999999999999999999 * 10
        // overflowing); 18 digits still read.
        const Collected huge =
            readText("V1203 10:00:00.000000 9999999999999999999 graph.py:1] {\"link\": {}}\n"
                     "V1203 10:00:00.000000 999999999999999999 graph.py:1] {\"link\": {}}\n");
        QCOMPARE(codes(huge.result), QStringList { u"trace-not-a-record:1"_s });
        QCOMPARE(huge.records.size(), std::size_t(1));
        QCOMPARE(huge.records[0].writer, std::int64_t(999999999999999999));
    }

    void aFortyMegabyteLineIsSkippedNotKept()
    {
        const std::string huge = "V1203 10:00:00.000000 4242 graph.py:1] {\"artifact\": {\"name\": \""
            + std::string(40u << 20, 'x') + "\"}}\n";
        const Collected got = readText(huge + smallLog());
        QCOMPARE(codes(got.result), QStringList { u"trace-line-too-long:1"_s });
        QCOMPARE(got.records.size(), std::size_t(4));
        QCOMPARE(got.records[2].line, 4);
        QVERIFY(got.records[2].payloadVerified);
        // The same through a file, cut into 1 MiB chunks.
        QTemporaryDir dir;
        const QString path = dir.filePath(u"dedicated_log_torch_trace_abc.log"_s);
        QVERIFY(testutil::writeBytes(path, huge + smallLog()));
        const Collected fromFile = readFile(path);
        QCOMPARE(codes(fromFile.result), QStringList { u"trace-line-too-long:1"_s });
        QCOMPARE(fromFile.records.size(), std::size_t(4));
        QVERIFY(fromFile.records[2].payloadVerified);
        QCOMPARE(fromFile.result.bytes, huge.size() + smallLog().size());
    }

    void aPayloadOverTheLimitIsCheckedButNotKept()
    {
        TraceReadOptions options;
        options.maxPayloadBytes = 100;
        const Collected got = readText(smallLog(), options);
        QCOMPARE(codes(got.result), QStringList { u"trace-payload-too-large:3"_s });
        QVERIFY(!got.records[2].payload);
        QVERIFY(got.records[2].payloadVerified);
    }

    void interestSkipsRecordsAndPayloads()
    {
        TraceReadOptions options;
        options.interest = [](std::string_view kind) {
            if (kind == "inductor_output_code")
                return TraceInterest::Metadata;
            return kind == "compilation_metrics" ? TraceInterest::Payload : TraceInterest::Skip;
        };
        std::string log = smallLog();
        log.replace(log.find("def call(args):"), 3, "DEF"); // not checked: no diagnostic
        const Collected got = readText(log, options);
        QVERIFY(got.result.diagnostics.empty());
        QCOMPARE(got.result.records, 4);
        QCOMPARE(got.records.size(), std::size_t(2));
        QCOMPARE(got.records[0].kind, "inductor_output_code");
        QVERIFY(!got.records[0].payload);
        QCOMPARE(got.records[1].kind, "compilation_metrics");
        // The skipped str was still interned.
        QCOMPARE(got.records[0].internedString(0), std::optional<std::string_view>("/home/u/model.py"));
    }

    void interleavedWritersAndOldThreadIds()
    {
        testutil::TracePrefixParts child;
        child.writer = 4243;
        const std::string log = traceRecord(R"("link": {"name": "a", "url": "u"})")
            + traceRecord(R"("link": {"name": "b", "url": "u"})", std::nullopt, child)
            + traceRecord(R"("link": {"name": "c", "url": "u"})")
            + traceRecord(R"("link": {"name": "d", "url": "u"})", std::nullopt, child);
        const Collected got = readText(log);
        QCOMPARE(codes(got.result), QStringList { u"trace-interleaved-writers:2"_s });
        QCOMPARE(got.records.size(), std::size_t(4));
        QCOMPARE(got.records[1].writer, 4243);
        // Before PyTorch ≈2.5 the column is a thread id: several threads of one process, no diagnostic.
        testutil::TracePrefixParts thread1, thread2;
        thread1.writer = 139733182882816;
        thread2.writer = 139733182882999;
        const Collected old =
            readText(traceRecord(R"("link": {"name": "a", "url": "u"})", std::nullopt, thread1)
                + traceRecord(R"("link": {"name": "b", "url": "u"})", std::nullopt, thread2));
        QVERIFY(old.result.diagnostics.empty());
        QVERIFY(old.records[0].writerIsThreadId);
        QCOMPARE(old.records[0].writer, 139733182882816);
    }

    void crlfLinesAndWindowsPaths()
    {
        std::string log = traceRecord(R"("artifact": {"name": "x", "encoding": "string"})", "a\nb\n",
            { 77, R"(C:\Python\Lib\site-packages\torch\_inductor\graph.py)", 12, "0101 00:00:00.000000" });
        std::string crlf;
        for (char c : log)
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        const Collected got = readText(crlf);
        QVERIFY(got.result.diagnostics.empty());
        QCOMPARE(got.records.size(), std::size_t(1));
        QCOMPARE(got.records[0].emitter, R"(C:\Python\Lib\site-packages\torch\_inductor\graph.py)");
        QCOMPARE(got.records[0].emitterLine, 12);
        QVERIFY(got.records[0].payloadVerified);
        QCOMPARE(*got.records[0].payload, "a\nb\n");
    }

    void gzipLogsAndSafeOpening()
    {
        QTemporaryDir dir;
        const QString gz = dir.filePath(u"dedicated_log_torch_trace_rank_0_x.log.gz"_s);
        QVERIFY(testutil::writeGzip(gz, smallLog()));
        const Collected got = readFile(gz);
        QVERIFY(got.result.opened);
        QVERIFY(got.result.diagnostics.empty());
        QCOMPARE(got.records.size(), std::size_t(4));
        QVERIFY(got.records[2].payloadVerified);
        QCOMPARE(got.result.bytes, smallLog().size());
        // A cut gzip file: what was read is handed over, and the end is a diagnostic.
        QFile full(gz);
        QVERIFY(full.open(QIODevice::ReadOnly));
        const QByteArray bytes = full.readAll();
        const QString cut = dir.filePath(u"cut.log.gz"_s);
        QVERIFY(testutil::writeBytes(cut, std::string_view(bytes.constData(), bytes.size() - 30)));
        const Collected partial = readFile(cut);
        QVERIFY(partial.result.opened);
        QVERIFY(!partial.result.diagnostics.empty());
        // A FIFO is refused before open(2) could block.
        const QString fifo = dir.filePath(u"dedicated_log_torch_trace_fifo.log"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const Collected refused = readFile(fifo);
        QVERIFY(!refused.result.opened);
        QVERIFY2(
            QString::fromStdString(refused.result.error).contains(u"FIFO"_s), refused.result.error.c_str());
    }

    void corruptGzipLogsEndInADiagnostic()
    {
        // Bytes flipped all over a gzip log (zlib's own gunzip, gzipaccess.h): every read ends and the
        // damage is a diagnostic (the trailer's CRC catches what inflate does not), never a crash.
        QTemporaryDir dir;
        std::string log;
        for (int i = 0; i < 200; ++i)
            log += smallLog();
        const QString gz = dir.filePath(u"dedicated_log_torch_trace_rank_0_x.log.gz"_s);
        QVERIFY(testutil::writeGzip(gz, log));
        QFile file(gz);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        int damaged = 0;
        for (qsizetype at = 12; at < bytes.size(); at += bytes.size() / 37) {
            QByteArray broken = bytes;
            broken[at] = static_cast<char>(broken[at] ^ 0x5a);
            const QString path = dir.filePath(u"broken.log.gz"_s);
            QVERIFY(testutil::writeBytes(path, std::string_view(broken.constData(), broken.size())));
            const Collected got = readFile(path);
            QVERIFY(got.result.opened);
            damaged += got.result.diagnostics.empty() ? 0 : 1;
        }
        QVERIFY2(damaged >= 30, qPrintable(QString::number(damaged)));
    }

    void looksLikeATraceLog()
    {
        QVERIFY(looksLikeTraceLog(smallLog().substr(0, 80)));
        QVERIFY(!looksLikeTraceLog("# AOT ID: ['0_forward']\n"));
        QVERIFY(!looksLikeTraceLog("V1203 10:00:00.000000 4242 graph.py:1] text\n"));
    }

    void realExcerptsReadCleanly()
    {
        const QDir folder(examples());
        if (!folder.exists())
            QSKIP("../shared/inputs-examples is absent");
        const QStringList logs = folder.entryList({ u"*.log"_s }, QDir::Files, QDir::Name);
        QCOMPARE(logs.size(), 14);
        for (const QString& name : logs) {
            const Collected got = readFile(folder.filePath(name));
            QVERIFY2(got.result.opened, qPrintable(name));
            QVERIFY2(got.result.diagnostics.empty(), qPrintable(name + u' ' + codes(got.result).join(u' ')));
            QVERIFY2(!got.records.empty(), qPrintable(name));
            for (const TraceRecord& record : got.records)
                QVERIFY2(!record.payloadMd5 || record.payloadVerified, qPrintable(name));
        }
        // May 2024: a thread id, the wrapper starting with an empty line.
        const Collected links = readFile(folder.filePath(u"trace-2024-05-complete-links.log"_s));
        const auto code = std::find_if(links.records.begin(), links.records.end(),
            [](const TraceRecord& r) { return r.kind == "inductor_output_code"; });
        QVERIFY(code != links.records.end());
        QVERIFY(code->writerIsThreadId);
        QCOMPARE(code->writer, 139733182882816);
        QVERIFY(code->payload->rfind("\n# AOT ID: ['0_inference']", 0) == 0);
        QCOMPARE(code->compileId.text(), "[0/0]");
        QVERIFY(!code->rank);
        // Aug 2025: a pid, rank 1.
        const Collected rank1 = readFile(folder.filePath(u"trace-2025-08-rank1-inductor_output_code.log"_s));
        QCOMPARE(rank1.records.size(), std::size_t(1));
        QCOMPARE(rank1.records[0].writer, 2354972);
        QVERIFY(!rank1.records[0].writerIsThreadId);
        QCOMPARE(rank1.records[0].rank, std::optional<std::int64_t>(1));
        QCOMPARE(rank1.records[0].time.text(), "08-22 14:00:50.901000");
        QVERIFY(rank1.records[0].payload->rfind("# AOT ID: ['0_inference']\n", 0) == 0);
        // Interned strings resolve the dynamo_start frames.
        const Collected interned =
            readFile(folder.filePath(u"trace-2024-12-str-interning-dynamo_start.log"_s));
        QCOMPARE(interned.records.back().kind, "dynamo_start");
        const std::int64_t file = interned.records.back().body()["stack"][0]["filename"].get<std::int64_t>();
        QVERIFY(interned.records.back().internedString(file).has_value());
        // A recompile's compile id; a graph_dump (C++ wrapper) keeps its kind and name.
        const Collected recompile = readFile(folder.filePath(u"trace-2025-07-recompile_reasons.log"_s));
        QCOMPARE(recompile.records[0].compileId.text(), "[0/2]");
        QCOMPARE(recompile.records[0].name(), "recompile_reasons");
        const Collected dump = readFile(folder.filePath(u"trace-2025-graph_dump-aot_wrapper.log"_s));
        QCOMPARE(dump.records[0].kind, "graph_dump");
        QVERIFY(dump.records[0].name().rfind("inductor_aot_", 0) == 0);
    }
};

QTEST_GUILESS_MAIN(TestTraceLog)
#include "tst_tracelog.moc"
