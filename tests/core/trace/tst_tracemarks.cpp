// SPDX-License-Identifier: MIT
// Re-reading one record of a plain trace log (a graph's output_code.py) starts at the marks an
// earlier read left (tracelinemarks.h) and gives exactly what a read from the log's start gives:
// the same payloads, the same errors; a rewritten log is never entered at a stale offset; a gzip
// log is entered at the access points its read from the start left (gzipaccess.h).
#include "core/io/container.h"
#include "core/io/safefile.h"
#include "core/trace/tracelinemarks.h"
#include "core/trace/tracelog.h"
#include "core/trace/tracemember.h"
#include "core/trace/tracereadmemo.h"
#include "tracewriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <map>
#include <memory>
#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace dvmlens;
using testutil::traceRecord;

namespace {

// The payload lines a payload is written as (one per line, the last maybe empty).
int payloadLines(const std::string& payload)
{
    return static_cast<int>(std::count(payload.begin(), payload.end(), '\n')) + 1;
}

struct GeneratedLog
{
    std::string text;
    std::map<int, std::string> payloads; // line of each inductor_output_code record → its payload
};

// `graphs` graphs: a "str" record every tenth graph, an empty line every seventh, then each graph's
// output code (its payload) and an artifact without payload.
GeneratedLog generatedLog(int graphs, std::string_view marker, int leadingStrs = 0);

// A payload marker of about `bytes` of text that deflate cannot fold into a few blocks.
std::string varied(std::size_t bytes)
{
    std::string text = "pass # ";
    for (std::uint32_t state = 1; text.size() < bytes;) {
        state = state * 1103515245u + 12345u;
        text += std::to_string(state >> 8);
        text += (state & 0x300) == 0 ? "\n    pass # " : " ";
    }
    return text + " ";
}

GeneratedLog generatedLog(int graphs, std::string_view marker, int leadingStrs)
{
    GeneratedLog log;
    int line = 1;
    const auto append = [&](const std::string& text) {
        log.text += text;
        line += static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    };
    for (int i = 0; i < leadingStrs; ++i)
        append(traceRecord(R"("str": ["/lead.py", )" + std::to_string(1000 + i) + "]"));
    for (int graph = 0; graph < graphs; ++graph) {
        const std::string ids = R"("frame_id": 0, "frame_compile_id": )" + std::to_string(graph);
        if (graph % 10 == 0)
            append(traceRecord(R"("str": ["/model.py", )" + std::to_string(graph) + "]"));
        if (graph % 7 == 0)
            append("\n");
        const std::string payload = testutil::wrapperModule(
            std::to_string(graph) + "_forward", std::string(marker) + std::to_string(graph));
        log.payloads[line] = payload;
        append(traceRecord(R"("inductor_output_code": {"filename": "/tmp/c.py"}, )" + ids, payload));
        append(traceRecord(R"("artifact": {"name": "after_code", "encoding": "string"}, )" + ids));
    }
    return log;
}

// The memo every read of a test hands over, as a TraceLogContainer hands over its own; init() starts
// each test with a new one.
std::unique_ptr<TraceReadMemo> g_memo;

std::optional<std::string> member(const std::string& log, int line, FileError& error)
{
    return readTraceMember(
        fileSystem(), TraceMemberName { log, line, "output_code.py" }, log, error, g_memo.get());
}

// The record at `line` read as before marks existed: from the log's start.
TraceReadResult readFromStart(const std::string& log, int line, std::optional<std::string>& payload)
{
    TraceReadOptions options;
    options.onlyLine = line;
    options.memo = g_memo.get(); // it leaves marks, as any read with a memo does
    return readTraceLog(
        fileSystem(), log, log, options, [&](TraceRecord& record) { payload = record.payload; });
}

TraceReadResult readResuming(const std::string& log, int line)
{
    TraceReadOptions options;
    options.onlyLine = line;
    options.memo = g_memo.get();
    options.resumeNearOnlyLine = true;
    return readTraceLog(fileSystem(), log, log, options, [](TraceRecord&) {});
}

void readWhole(const std::string& log)
{
    TraceReadOptions options;
    options.memo = g_memo.get();
    readTraceLog(fileSystem(), log, log, options, [](TraceRecord&) {});
}

} // namespace

class TestTraceMarks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        g_memo = std::make_unique<TraceReadMemo>();
        m_dir = std::make_unique<QTemporaryDir>();
        m_path = m_dir->filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s);
        m_log = m_path.toStdString();
    }

    void everyMemberReadsAsFromTheStart()
    {
        const GeneratedLog generated = generatedLog(400, "pass # ");
        const std::string& log = m_log;
        QVERIFY(testutil::writeBytes(m_path, generated.text));
        QCOMPARE(generated.payloads.size(), std::size_t(400));
        int resumed = 0;
        for (const auto& [line, payload] : generated.payloads) {
            std::optional<std::string> fromStart;
            const TraceReadResult before = readFromStart(log, line, fromStart);
            QVERIFY(!before.resumed);
            resumed += readResuming(log, line).resumed ? 1 : 0;
            FileError error;
            const std::optional<std::string> got = member(log, line, error);
            QVERIFY2(got, error.message.c_str());
            QCOMPARE(*got, payload);
            QCOMPARE(*got, *fromStart);
        }
        QCOMPARE(resumed, 400); // the first one resumes at the mark the read from the start left
        // The last graph is read from its own record line: that line, the payload, the next record.
        const int last = generated.payloads.rbegin()->first;
        const TraceReadResult tail = readResuming(log, last);
        QVERIFY(tail.resumed);
        QCOMPARE(tail.lines, 1 + payloadLines(generated.payloads.rbegin()->second) + 1);
        QCOMPARE(tail.records, 2);
        QVERIFY(tail.diagnostics.empty());
    }

    void theIndexReadLeavesTheMarks()
    {
        const GeneratedLog generated = generatedLog(300, "pass # ");
        const std::string& log = m_log;
        QVERIFY(testutil::writeBytes(m_path, generated.text));
        const auto [line, payload] = *std::next(generated.payloads.begin(), 250);
        const TraceReadResult cold = readResuming(log, line); // no marks yet: from the start
        QVERIFY(!cold.resumed);
        QCOMPARE(cold.lines, line + payloadLines(payload) + 1);
        g_memo = std::make_unique<TraceReadMemo>(); // nothing kept
        readWhole(log);
        const TraceReadResult warm = readResuming(log, line);
        QVERIFY(warm.resumed);
        QCOMPARE(warm.lines, 1 + payloadLines(payload) + 1);
    }

    void aRewrittenLogIsReadAfresh()
    {
        const QString& path = m_path;
        const std::string& log = m_log;
        const GeneratedLog first = generatedLog(60, "pass # ");
        QVERIFY(testutil::writeBytes(path, first.text));
        readWhole(log);
        // Other content and size under the same name: the lines moved by three.
        const GeneratedLog second = generatedLog(60, "pass # ", 3);
        QVERIFY(testutil::writeBytes(path, second.text));
        QVERIFY(!readResuming(log, second.payloads.begin()->first).resumed);
        for (const auto& [line, payload] : second.payloads) {
            FileError error;
            const std::optional<std::string> got = member(log, line, error);
            QVERIFY2(got, error.message.c_str());
            QCOMPARE(*got, payload);
        }
        // The same size and lines, other bytes and another mtime: not entered at the old marks.
        GeneratedLog third = generatedLog(60, "skip # ", 3);
        QCOMPARE(third.text.size(), second.text.size());
        QVERIFY(testutil::writeBytes(path, third.text));
        const timespec times[2] = { { 0, UTIME_OMIT }, { 1'700'000'000, 0 } };
        QCOMPARE(::utimensat(AT_FDCWD, log.c_str(), times, 0), 0);
        QVERIFY(!readResuming(log, third.payloads.begin()->first).resumed);
        for (const auto& [line, payload] : third.payloads) {
            FileError error;
            QCOMPARE(member(log, line, error), std::optional<std::string>(payload));
        }
    }

    void errorsAreTheSameFromAMark()
    {
        const QString& path = m_path;
        const std::string& log = m_log;
        GeneratedLog generated = generatedLog(20, "pass # ");
        // The 11th graph's payload changed after its md5 was written.
        const int changed = std::next(generated.payloads.begin(), 10)->first;
        const std::size_t at = generated.text.find("pass # 10");
        QVERIFY(at != std::string::npos);
        generated.text[at] = 'P';
        QVERIFY(testutil::writeBytes(path, generated.text));
        const int payloadLine = changed + 1;
        FileError changedBefore;
        FileError payloadBefore;
        QVERIFY(!member(log, changed, changedBefore)); // no marks yet: read from the start
        g_memo = std::make_unique<TraceReadMemo>(); // nothing kept
        QVERIFY(!member(log, payloadLine, payloadBefore));
        readWhole(log);
        QVERIFY(readResuming(log, changed).resumed);
        FileError changedAfter;
        FileError payloadAfter;
        QVERIFY(!member(log, changed, changedAfter));
        QVERIFY(!member(log, payloadLine, payloadAfter));
        QCOMPARE(changedAfter.problem, FileProblem::IoError);
        QCOMPARE(changedAfter.message,
            "the payload at line " + std::to_string(changed)
                + " does not match its md5 (the log changed or was cut)");
        QCOMPARE(changedAfter.message, changedBefore.message);
        QCOMPARE(payloadAfter.problem, FileProblem::Missing);
        QCOMPARE(payloadAfter.message,
            "the log has no record with a payload at line " + std::to_string(payloadLine));
        QCOMPARE(payloadAfter.message, payloadBefore.message);
    }

    void otherFilesFollowARewrittenLog()
    {
        const QString& path = m_path;
        const std::string& log = m_log;
        // Each graph's post-grad graph (fx_graph_transformed.py) comes before its output code.
        const auto write = [&](int graphs, const std::string& marker, int lead) {
            std::string text = lead ? traceRecord(R"("str": ["/lead.py", 0])") : std::string();
            for (int graph = 0; graph < graphs; ++graph) {
                const std::string ids = R"("frame_id": 0, "frame_compile_id": )" + std::to_string(graph);
                text += traceRecord(R"("inductor_post_grad_graph": {}, )" + ids,
                    std::string("class GraphModule: # ") + marker + std::to_string(graph));
                text += traceRecord(R"("inductor_output_code": {"filename": "/tmp/c.py"}, )" + ids,
                    testutil::wrapperModule(std::to_string(graph) + "_forward"));
            }
            return testutil::writeBytes(path, text);
        };
        const int codeLines = 1 + payloadLines(testutil::wrapperModule("0_forward"));
        int lead = 0;
        const auto transformed = [&](int graph, FileError& error) {
            const int codeLine = 1 + lead + 2 * graph + codeLines * graph + 2; // post-grad: 2 lines
            return readTraceMember(fileSystem(), TraceMemberName { log, codeLine, "fx_graph_transformed.py" },
                log, error, g_memo.get());
        };
        QVERIFY(write(40, "first ", lead));
        for (int graph = 0; graph < 40; ++graph) {
            FileError error;
            QCOMPARE(transformed(graph, error),
                std::optional<std::string>("class GraphModule: # first " + std::to_string(graph)));
        }
        lead = 1;
        QVERIFY(write(41, "second ", lead)); // the lines moved by one: read again
        for (int graph = 0; graph < 41; ++graph) {
            FileError error;
            QCOMPARE(transformed(graph, error),
                std::optional<std::string>("class GraphModule: # second " + std::to_string(graph)));
        }
        FileError missing;
        QCOMPARE(transformed(41, missing), std::nullopt);
        QCOMPARE(missing.problem, FileProblem::Missing);
    }

    void gzipLogsAreEnteredAtAccessPoints()
    {
        // About 3.6 MiB of text, so the read from the start keeps access points (one a MiB).
        const GeneratedLog generated = generatedLog(60, varied(60'000));
        const std::string log = m_log + ".gz";
        QVERIFY(testutil::writeGzip(QString::fromStdString(log), generated.text));
        readWhole(log);
        const std::optional<FileIdentity> identity = fileIdentity(log);
        QVERIFY(identity);
        const std::shared_ptr<const GzipAccessPoints> points = g_memo->gzipPoints(log, *identity);
        QVERIFY(points);
        QCOMPARE(points->size(), std::size_t(3));
        const auto [line, payload] = *generated.payloads.rbegin();
        const TraceReadResult again = readResuming(log, line);
        QVERIFY(again.resumed);
        QCOMPARE(again.lines, 1 + payloadLines(payload) + 1);
        QVERIFY(again.diagnostics.empty());
        for (const auto& [at, payload] : generated.payloads) {
            FileError error;
            QCOMPARE(member(log, at, error), std::optional<std::string>(payload));
        }
        // A record before the first point is read from the start, as before.
        QVERIFY(!readResuming(log, generated.payloads.begin()->first).resumed);
    }

    void gzipMembersFollowOneAnother()
    {
        // Two gzip members in one file (cat a.gz b.gz): read whole, and entered in the first member
        // with the read running on into the second.
        const GeneratedLog generated = generatedLog(40, varied(60'000));
        const std::size_t half = generated.text.find("\n", generated.text.size() / 2 + 30'000) + 1;
        const QString first = m_dir->filePath(u"a.gz"_s);
        const QString second = m_dir->filePath(u"b.gz"_s);
        QVERIFY(testutil::writeGzip(first, std::string_view(generated.text).substr(0, half)));
        QVERIFY(testutil::writeGzip(second, std::string_view(generated.text).substr(half)));
        QFile a(first);
        QFile b(second);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray both = a.readAll() + b.readAll();
        const std::string log = m_log + ".gz";
        QVERIFY(testutil::writeBytes(
            QString::fromStdString(log), std::string_view(both.constData(), both.size())));
        std::size_t records = 0;
        TraceReadOptions options;
        options.memo = g_memo.get();
        const TraceReadResult whole =
            readTraceLog(fileSystem(), log, log, options, [&](TraceRecord&) { ++records; });
        QVERIFY(whole.diagnostics.empty());
        QCOMPARE(whole.bytes, generated.text.size());
        QVERIFY(records >= 80);
        int resumed = 0;
        for (const auto& [at, payload] : generated.payloads) {
            resumed += readResuming(m_log + ".gz", at).resumed ? 1 : 0;
            FileError error;
            QCOMPARE(member(log, at, error), std::optional<std::string>(payload));
        }
        QVERIFY(resumed > 20);
    }

    void accessPointsStaySpreadAndBounded()
    {
        GzipAccessPoints points;
        std::uint64_t text = 0;
        for (std::size_t i = 0; i < 3 * kMostGzipPoints; ++i) {
            text += kFirstGzipSpan;
            if (points.due(text))
                points.add(GzipAccessPoint { text, text / 4, 0, std::string(16, 'w') });
        }
        QVERIFY(points.size() <= kMostGzipPoints);
        QVERIFY(points.size() >= kMostGzipPoints / 2);
        QCOMPARE(points.atOrBefore(kFirstGzipSpan - 1), nullptr);
        const GzipAccessPoint* last = points.atOrBefore(text);
        QVERIFY(last);
        QVERIFY(text - last->text < 4 * kFirstGzipSpan);
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir; // a new one for each test
    QString m_path;
    std::string m_log;
};

QTEST_GUILESS_MAIN(TestTraceMarks)
#include "tst_tracemarks.moc"
