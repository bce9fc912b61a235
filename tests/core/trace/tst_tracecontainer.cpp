// SPDX-License-Identifier: MIT
// A plain TORCH_TRACE log of many graphs read again (scan --json's rereads, the model sources'
// map, any read through the index's container): its graphs' files come from one open of the log
// and about one record's read each (trace/tracecontainer.h's TraceLogView), not a new open and a
// read from the nearest mark to the end of a 1 MiB chunk per file, with the same bytes as a read
// alone (readTraceMember).
#include "core/json/scanjson.h"
#include "core/sources/graphfiles.h"
#include "core/sources/sourcemap.h"
#include "core/trace/tracecontainer.h"
#include "core/trace/tracemember.h"
#include "core/trace/tracereadcount.h"
#include "indexfixture.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace dvmlens;
using testutil::indexOf;

namespace {

constexpr int kGraphs = 40;

} // namespace

class TestTraceContainer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const std::string log = testutil::sampleForwardCompilesLog(kGraphs, false);
        m_folder = m_dir.path();
        QVERIFY(
            testutil::writeBytes(m_folder + QStringLiteral("/dedicated_log_torch_trace_rank_0_a1.log"), log));
        m_logBytes = log.size();
    }

    // Every graph's output_code.py and FX graph file: the bytes a read alone gets, the log opened
    // once by the reader and cut into lines about once.
    void readsEveryGraphFromOneOpen()
    {
        const Index index = indexOf(m_folder);
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(index.runs[0].graphs.size(), std::size_t(kGraphs));
        const auto& files = dynamic_cast<const TraceLogContainer&>(*index.files);
        const std::uint64_t cutBefore = traceTextBytesCut();
        std::vector<std::string> viewed;
        for (const Graph& graph : index.runs[0].graphs) {
            for (const std::string& path :
                { graph.outputCode->path, graph.path + "/fx_graph_transformed.py" }) {
                FileError error;
                const std::optional<std::string> text =
                    readGraphText(files, path, index.root, kMaxOutputCodeBytes, error);
                QVERIFY2(text, error.message.c_str());
                viewed.push_back(*text);
            }
        }
        // One pass for the reader's marks, one to find the FX file's record, then about each record.
        const double logsRead = double(traceTextBytesCut() - cutBefore) / double(m_logBytes);
        QVERIFY2(logsRead <= 3.5, qPrintable(QStringLiteral("the log was read %1 times").arg(logsRead)));
        QCOMPARE(files.logsOpened(), 1);
        std::size_t i = 0;
        for (const Graph& graph : index.runs[0].graphs) {
            for (const std::string& path :
                { graph.outputCode->path, graph.path + "/fx_graph_transformed.py" }) {
                FileError error;
                const std::optional<std::string> alone =
                    readTraceMember(fileSystem(), *parseTraceMemberPath(path), index.root, error, nullptr);
                QVERIFY(alone);
                QCOMPARE(viewed[i++], *alone);
            }
        }
        // A file the graph has not: said as a read alone says it.
        FileError viewedError;
        FileError aloneError;
        const std::string missing = index.runs[0].graphs[0].path + "/fx_graph_readable.py";
        QVERIFY(!readGraphText(files, missing, index.root, kMaxOutputCodeBytes, viewedError));
        QVERIFY(
            !readTraceMember(fileSystem(), *parseTraceMemberPath(missing), index.root, aloneError, nullptr));
        QCOMPARE(viewedError.message, aloneError.message);
        QCOMPARE(int(viewedError.problem), int(aloneError.problem));
        // Over the budget: too large, as SafeFile says.
        QVERIFY(!readGraphText(files, index.runs[0].graphs[0].outputCode->path, index.root, 10, viewedError));
        QCOMPARE(int(viewedError.problem), int(FileProblem::TooLarge));
    }

    // scan --json with model sources and the model sources' map read the log about once each
    // (before: each graph file read from its mark to the end of a 1 MiB chunk, ~kGraphs / 2 logs).
    void scanJsonAndSourceMapReadTheLogOnce()
    {
        const Index index = indexOf(m_folder);
        std::uint64_t cutBefore = traceTextBytesCut();
        const std::string json = scanJsonText(index, nullptr, true);
        double logsRead = double(traceTextBytesCut() - cutBefore) / double(m_logBytes);
        // The runs' versions read the first graph's runnable (a log read from its start), the
        // reader's marks one more.
        QVERIFY2(logsRead <= 3.5, qPrintable(QStringLiteral("the log was read %1 times").arg(logsRead)));
        QVERIFY(json.find("\"sources\"") != std::string::npos);
        cutBefore = traceTextBytesCut();
        const SourceMap map = buildSourceMap(index, 2);
        logsRead = double(traceTextBytesCut() - cutBefore) / double(m_logBytes);
        QVERIFY2(logsRead <= 2.5, qPrintable(QStringLiteral("the log was read %1 times").arg(logsRead)));
        QVERIFY(map.diagnostics.empty());
    }

    // A log whose output code payloads all fail their md5 (an edited log): each re-read says so, as a
    // read alone does, from about its own record (before: each retried from the log's start).
    void mismatchedPayloadsAreNotRereadFromTheStart()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString sampleGraph = testutil::sampleTree(testutil::kSampleEngagedRun)
            + QStringLiteral("/torchinductor/model__0_forward_1.0");
        const std::string goodMd5 =
            testutil::md5Hex(testutil::readText(sampleGraph + QStringLiteral("/output_code.py")));
        std::string log = testutil::sampleForwardCompilesLog(kGraphs, false);
        int replaced = 0;
        for (std::size_t at = log.find(goodMd5); at != std::string::npos; at = log.find(goodMd5, at)) {
            log.replace(at, goodMd5.size(), std::string(goodMd5.size(), '0'));
            ++replaced;
        }
        QCOMPARE(replaced, kGraphs);
        QVERIFY(testutil::writeBytes(
            dir.path() + QStringLiteral("/dedicated_log_torch_trace_rank_0_a1.log"), log));
        const Index index = indexOf(dir.path());
        QCOMPARE(index.runs.at(0).graphs.size(), std::size_t(kGraphs));
        const std::uint64_t cutBefore = traceTextBytesCut();
        std::vector<FileError> viewed(kGraphs);
        for (int g = 0; g < kGraphs; ++g) {
            const Graph& graph = index.runs[0].graphs[std::size_t(g)];
            QVERIFY(!readGraphText(*index.files, graph.outputCode->path, index.root, kMaxOutputCodeBytes,
                viewed[std::size_t(g)]));
        }
        // The reader's marks, then about each record once.
        const double logsRead = double(traceTextBytesCut() - cutBefore) / double(log.size());
        QVERIFY2(logsRead <= 2.5, qPrintable(QStringLiteral("the log was read %1 times").arg(logsRead)));
        for (int g = 0; g < kGraphs; ++g) {
            const Graph& graph = index.runs[0].graphs[std::size_t(g)];
            FileError alone;
            QVERIFY(!readTraceMember(
                fileSystem(), *parseTraceMemberPath(graph.outputCode->path), index.root, alone, nullptr));
            QCOMPARE(viewed[std::size_t(g)].message, alone.message);
            QVERIFY2(
                alone.message.find("does not match its md5") != std::string::npos, alone.message.c_str());
        }
    }

private:
    QTemporaryDir m_dir;
    QString m_folder;
    std::uint64_t m_logBytes = 0;
};

QTEST_GUILESS_MAIN(TestTraceContainer)
#include "tst_tracecontainer.moc"
