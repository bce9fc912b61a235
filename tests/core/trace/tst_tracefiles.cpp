// SPDX-License-Identifier: MIT
// Which files are TORCH_TRACE logs (trace/tracefiles.h): logs of any name found by their first
// non-empty line, a plain-text .log beside them passed over without a word, a TORCH_TRACE folder
// one level down (bounded, and never beside a debug tree), FIFOs and links out of the folder said
// and never read, a link to a log inside read once, and `compile` finding the same logs as `scan`.
#include "core/compile/tracelogfiles.h"
#include "core/trace/tracefiles.h"
#include "indexfixture.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace dvmlens;
using testutil::diagnosticCodes;
using testutil::graphNames;
using testutil::indexOf;

namespace {

const QString kEngagedRun = testutil::sampleTree(testutil::kSampleEngagedRun);
const QString kLostRun = testutil::sampleTree(testutil::kSampleLostRun);

std::string path(const QString& text)
{
    return QFile::encodeName(text).toStdString();
}

// Two rank logs under names PyTorch never gives (the real excerpts' style), and the job's stdout
// log beside them.
void writeRenamedLogs(const QDir& dir)
{
    QVERIFY(testutil::writeBytes(
        dir.filePath(u"trace-2025-07-rank0.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
    // Empty lines before the first record are passed over, as the reader does.
    QVERIFY(testutil::writeBytes(
        dir.filePath(u"rank1.log"_s), "\n\r\n" + testutil::traceOfSampleRun(kLostRun, 4102, 1, "hit")));
    QVERIFY(testutil::writeBytes(
        dir.filePath(u"train.log"_s), "epoch 1 loss 0.3\nV1203 10:00:00.000000 4242 graph.py:1] not json\n"));
}

const QStringList kRank0Graphs { u"[0/0] 0_forward"_s, u"[0/0] 0_backward"_s, u"[1/0] 1_inference"_s };
const QStringList kRank1Graphs { u"[0/0] 0_forward"_s, u"[1/0] 1_inference"_s };

} // namespace

class TestTraceFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void logsOfAnyNameAreFoundByTheirFirstLine()
    {
        QTemporaryDir dir;
        writeRenamedLogs(QDir(dir.path()));
        const std::string root = path(dir.path());
        QCOMPARE(traceLogsAt(root),
            (std::vector<std::string> { root + "/rank1.log", root + "/trace-2025-07-rank0.log" }));
        const Index index = indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(2));
        const Run& rank0 = index.runs[0];
        QCOMPARE(rank0.name, std::optional<std::string>("trace-2025-07-rank0.log"));
        QCOMPARE(rank0.rank, std::optional<std::int64_t>(0));
        QCOMPARE(graphNames(rank0), kRank0Graphs);
        QCOMPARE(index.runs[1].rank, std::optional<std::int64_t>(1));
        QCOMPARE(graphNames(index.runs[1]), kRank1Graphs);
        // train.log is no trace log: passed over without a word.
        QVERIFY2(index.diagnostics.empty(), qPrintable(diagnosticCodes(index.diagnostics).join(u' ')));
        // One renamed log named on its own is a trace too.
        QCOMPARE(traceLogsAt(root + "/rank1.log"), std::vector<std::string> { root + "/rank1.log" });
        QVERIFY(traceLogsAt(root + "/train.log").empty());
    }

    // A gzip of a renamed log, more than the probe's bytes even compressed: only its head is read.
    void aRenamedGzipLogIsLookedInto()
    {
        QTemporaryDir dir;
        std::string log = testutil::traceOfSampleRun(kEngagedRun, 4101, 0);
        QVERIFY(log.size() > 4 * kTraceProbeBytes);
        QVERIFY(testutil::writeGzip(dir.filePath(u"node3.log.gz"_s), log));
        QVERIFY(QFileInfo(dir.filePath(u"node3.log.gz"_s)).size() > qint64(kTraceProbeBytes));
        QVERIFY(testutil::writeGzip(dir.filePath(u"other.log.gz"_s), "plain text\n"));
        const Index index = indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(index.runs[0].name, std::optional<std::string>("node3.log.gz"));
        QCOMPARE(graphNames(index.runs[0]), kRank0Graphs);
    }

    void aTraceFolderOneLevelDown()
    {
        QTemporaryDir dir;
        QDir top(dir.path());
        QVERIFY(top.mkpath(u"myrun/trace"_s));
        QVERIFY(top.mkpath(u"myrun/notes"_s));
        QVERIFY(testutil::writeBytes(top.filePath(u"myrun/trace/dedicated_log_torch_trace_rank_0_ab.log"_s),
            testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        QVERIFY(testutil::writeBytes(top.filePath(u"myrun/trace/dedicated_log_torch_trace_rank_1_cd.log"_s),
            testutil::traceOfSampleRun(kLostRun, 4102, 1)));
        QVERIFY(testutil::writeBytes(top.filePath(u"myrun/stdout.txt"_s), "hello\n"));
        const Index index = indexOf(top.filePath(u"myrun"_s));
        QCOMPARE(index.runs.size(), std::size_t(2));
        QCOMPARE(index.runs[0].rank, std::optional<std::int64_t>(0));
        QCOMPARE(graphNames(index.runs[0]), kRank0Graphs);
        QCOMPARE(graphNames(index.runs[1]), kRank1Graphs);
        // compile finds the same logs.
        const TraceLogFiles files = findTraceLogs(path(top.filePath(u"myrun"_s)));
        QCOMPARE(files.logs.size(), std::size_t(2));
        QCOMPARE(files.logs[0], index.runs[0].path);

        // Two levels down is not looked at.
        QVERIFY(traceLogsAt(path(dir.path())).empty());
    }

    // A debug tree beside the trace folder keeps the input a debug tree: no trace run replaces it.
    void notBesideADebugTree()
    {
        QTemporaryDir dir;
        QDir top(dir.path());
        QVERIFY(top.mkpath(u"myrun/trace"_s));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"myrun/trace/rank0.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        QVERIFY(top.mkpath(u"myrun/debug/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor"_s));
        QVERIFY(traceLogsAt(path(top.filePath(u"myrun"_s))).empty());
        QVERIFY(top.rename(u"myrun/debug"_s, u"myrun/torch_compile_debug"_s));
        QVERIFY(traceLogsAt(path(top.filePath(u"myrun"_s))).empty());
        QVERIFY(
            top.rmpath(u"myrun/torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor"_s));
        QCOMPARE(traceLogsAt(path(top.filePath(u"myrun"_s))).size(), std::size_t(1));
    }

    void atMostSoManySubfoldersAreLookedInto()
    {
        QTemporaryDir dir;
        QDir top(dir.path());
        const std::string log = testutil::traceOfSampleRun(kEngagedRun, 4101, 0);
        for (std::size_t i = 0; i <= kTraceSubfolderLimit; ++i) {
            const QString name = u"f%1"_s.arg(i, 3, 10, QLatin1Char('0'));
            QVERIFY(top.mkdir(name));
            if (i == 0 || i == kTraceSubfolderLimit)
                QVERIFY(testutil::writeBytes(top.filePath(name + u"/r.log"_s), log));
        }
        std::vector<Diagnostic> notes;
        const std::vector<std::string> logs = traceLogsAt(path(dir.path()), &notes);
        QCOMPARE(logs, std::vector<std::string> { path(top.filePath(u"f000/r.log"_s)) });
        QCOMPARE(diagnosticCodes(notes), QStringList { u"trace-subfolders-limit"_s });
        QCOMPARE(notes[0].message,
            "Trace logs were looked for in the first 64 sub-folders only; 1 more were not looked into. "
            "Open a sub-folder to read its logs.");
    }

    // A FIFO of any .log name is said, never opened (no hang); a link to a log outside is not
    // followed, and said (issue #25).
    void fifosAreSaidAndLinksNotFollowed()
    {
        QTemporaryDir dir;
        QDir top(dir.path());
        QVERIFY(top.mkdir(u"in"_s));
        writeRenamedLogs(QDir(top.filePath(u"in"_s)));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"outside.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4103, 2)));
        QCOMPARE(::symlink(QFile::encodeName(top.filePath(u"outside.log"_s)).constData(),
                     QFile::encodeName(top.filePath(u"in/linked.log"_s)).constData()),
            0);
        const QString fifo = top.filePath(u"in/pipe.log"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        std::vector<Diagnostic> notes;
        const std::vector<std::string> logs = traceLogsAt(path(top.filePath(u"in"_s)), &notes);
        QCOMPARE(logs.size(), std::size_t(2));
        QCOMPARE(diagnosticCodes(notes), (QStringList { u"link-outside-tree"_s, u"log-not-a-file"_s }));
        QCOMPARE(notes[0].path, path(top.filePath(u"in/linked.log"_s)));
        QCOMPARE(notes[1].path, path(fifo));
    }

    // Issue #25: links named like PyTorch's logs that lead out of the opened folder (to a device,
    // to a log elsewhere) are never read, and each is said with its path, to `scan` (the index's
    // notes) and to `compile` (TraceLogFiles::notes) alike.
    void linksOutOfTheFolderAreSaid()
    {
        QTemporaryDir dir;
        QDir top(dir.path());
        QVERIFY(top.mkdir(u"in"_s));
        const QString in = top.filePath(u"in"_s);
        QVERIFY(testutil::writeBytes(
            top.filePath(u"in/rank0.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"elsewhere.log"_s), testutil::traceOfSampleRun(kLostRun, 4102, 1)));
        const QString toZero = top.filePath(u"in/dedicated_log_torch_trace_rank_1_x.log"_s);
        const QString toElsewhere = top.filePath(u"in/dedicated_log_torch_trace_rank_2_y.log"_s);
        QCOMPARE(::symlink("/dev/zero", QFile::encodeName(toZero).constData()), 0);
        QCOMPARE(::symlink("../elsewhere.log", QFile::encodeName(toElsewhere).constData()), 0);

        std::vector<Diagnostic> notes;
        QCOMPARE(traceLogsAt(path(in), &notes), std::vector<std::string> { path(in + u"/rank0.log"_s) });
        QCOMPARE(diagnosticCodes(notes), (QStringList { u"link-outside-tree"_s, u"link-outside-tree"_s }));
        QCOMPARE(notes[0].path, path(toZero));
        QCOMPARE(notes[0].severity, Severity::Warning);
        QCOMPARE(QString::fromStdString(notes[0].message),
            u"This log is a link out of the opened folder (to /dev/zero); it is not read, so nothing "
            "outside what was opened is. Copy the log into the folder to read it."_s);
        QCOMPARE(notes[1].path, path(toElsewhere));
        QVERIFY(QString::fromStdString(notes[1].message)
                    .contains(u"(to "_s + QFileInfo(top.filePath(u"elsewhere.log"_s)).canonicalFilePath()));
        QVERIFY(isUnreadLogNote(notes[0]));
        QVERIFY(isUnreadLogNote(notes[1]));

        const TraceLogFiles files = findTraceLogs(path(in));
        QCOMPARE(files.logs, std::vector<std::string> { path(in + u"/rank0.log"_s) });
        QCOMPARE(diagnosticCodes(files.notes), diagnosticCodes(notes));

        const Index index = indexOf(in);
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(diagnosticCodes(index.diagnostics),
            (QStringList { u"link-outside-tree"_s, u"link-outside-tree"_s }));
    }

    // A link to a log inside the opened folder is read through once: not at all when the log is
    // read under its own name too, once (by the first link's name) when it is not.
    void aLinkToALogInsideIsReadOnce()
    {
        QTemporaryDir dir;
        QDir top(dir.path());
        QVERIFY(top.mkpath(u"old"_s));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"rank0.log"_s), testutil::traceOfSampleRun(kEngagedRun, 4101, 0)));
        QVERIFY(testutil::writeBytes(
            top.filePath(u"old/kept.txt"_s), testutil::traceOfSampleRun(kLostRun, 4102, 1)));
        QCOMPARE(
            ::symlink("rank0.log",
                QFile::encodeName(top.filePath(u"dedicated_log_torch_trace_rank_0_a.log"_s)).constData()),
            0);
        QCOMPARE(
            ::symlink("old/kept.txt",
                QFile::encodeName(top.filePath(u"dedicated_log_torch_trace_rank_1_b.log"_s)).constData()),
            0);
        QCOMPARE(
            ::symlink("old/kept.txt",
                QFile::encodeName(top.filePath(u"dedicated_log_torch_trace_rank_1_c.log"_s)).constData()),
            0);
        std::vector<Diagnostic> notes;
        QCOMPARE(traceLogsAt(path(dir.path()), &notes),
            (std::vector<std::string> { path(top.filePath(u"dedicated_log_torch_trace_rank_1_b.log"_s)),
                path(top.filePath(u"rank0.log"_s)) }));
        QVERIFY(notes.empty());
        QCOMPARE(findTraceLogs(path(dir.path())).logs.size(), std::size_t(2));

        const Index index = indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(2));
        QCOMPARE(graphNames(index.runs[0]), kRank0Graphs);
        QCOMPARE(graphNames(index.runs[1]), kRank1Graphs); // read through the link, by its name
        QCOMPARE(*index.runs[1].name, std::string("dedicated_log_torch_trace_rank_1_b.log"));
        QVERIFY(index.diagnostics.empty());
    }

    void theRealExcerptsFolder()
    {
        const QString folder = QStringLiteral(DVMLENS_SHARED_DIR "/inputs-examples");
        if (!QFile::exists(folder + u"/trace-2024-05-complete-links.log"_s))
            QSKIP("../shared/inputs-examples is absent");
        const Index index = indexOf(folder);
        // 14 excerpts, each a run (SOURCES.md is no log); 3 of them hold an inductor_output_code.
        QCOMPARE(index.runs.size(), std::size_t(14));
        QStringList withGraphs;
        for (const Run& run : index.runs) {
            if (!run.graphs.empty())
                withGraphs << QString::fromStdString(*run.name) + u' ' + graphNames(run).join(u',');
        }
        withGraphs.sort();
        QCOMPARE(withGraphs,
            (QStringList { u"trace-2024-05-complete-links.log [0/0] 0_inference"_s,
                u"trace-2025-07-cachehit-inductor_output_code.log [0/0] 0_inference"_s,
                u"trace-2025-08-rank1-inductor_output_code.log [0/0] 0_inference"_s }));
        QCOMPARE(findTraceLogs(path(folder)).logs.size(), std::size_t(14));
    }
};

QTEST_GUILESS_MAIN(TestTraceFiles)
#include "tst_tracefiles.moc"
