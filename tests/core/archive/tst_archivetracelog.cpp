// SPDX-License-Identifier: MIT
// A TORCH_TRACE log of many graphs inside an archive, read again for scan --json's model sources
// and the model sources' map: its graphs' files (output_code.py, the FX graph files) are read in
// one read of the log for all graphs (trace/traceahead.h via archive/archivegraphpass.h), not one
// read of the archive up to the log and of the log up to the record per file, with the plain
// log's answers (paths aside).
#include "archivewriter.h"
#include "core/archive/archiveprefetch.h"
#include "core/json/scanjson.h"
#include "core/sources/sourcemap.h"
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

constexpr int kGraphs = 24;

std::string withRoot(std::string text, const std::string& root)
{
    for (std::size_t at = text.find(root); at != std::string::npos; at = text.find(root, at + 6))
        text.replace(at, root.size(), "@ROOT@");
    return text;
}

} // namespace

class TestArchiveTraceLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const std::string log = testutil::sampleForwardCompilesLog(kGraphs, true);
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("plain/trace")));
        m_folder = m_dir.filePath(QStringLiteral("plain/trace"));
        QVERIFY(
            testutil::writeBytes(m_folder + QStringLiteral("/dedicated_log_torch_trace_rank_0_a1.log"), log));
        m_logBytes = log.size();
        m_archive = m_dir.filePath(QStringLiteral("packed.tar.gz"));
        testutil::ArchiveBuilder builder(m_archive, testutil::ArchiveFormat::TarGz);
        builder.addFile("trace/dedicated_log_torch_trace_rank_0_a1.log", QByteArray::fromStdString(log));
        QVERIFY(builder.close());
    }

    // scan --json with model sources: the plain log's bytes but for paths, in a few passes over
    // the archive beyond the index's (one per graph file before: 72 here).
    void scanJsonReadsTheLogOnce()
    {
        const Index folder = indexOf(m_folder);
        const Index packed = indexOf(m_archive);
        QCOMPARE(packed.runs.size(), std::size_t(1));
        QCOMPARE(packed.runs[0].graphs.size(), std::size_t(kGraphs));
        std::string json;
        const std::uint64_t before = archivePassesStarted();
        const std::uint64_t cutBefore = traceTextBytesCut();
        writeScanJson(
            packed, [&](std::string_view piece) { json += piece; }, 2, nullptr, true);
        const std::uint64_t passes = archivePassesStarted() - before;
        QVERIFY2(passes <= 2, qPrintable(QStringLiteral("%1 passes over the archive").arg(passes)));
        // The runs' versions read the first graph's runnable (a log read); the rereads two more.
        const double logsRead = double(traceTextBytesCut() - cutBefore) / double(m_logBytes);
        QVERIFY2(logsRead <= 3.0, qPrintable(QStringLiteral("the log was read %1 times").arg(logsRead)));
        QVERIFY(json.find("\"sources\"") != std::string::npos);
        QCOMPARE(withRoot(json, packed.root), withRoot(scanJsonText(folder, nullptr, true), folder.root));
    }

    // The model sources' map (compare, sources, the GUI): the same few passes, the plain log's map.
    void sourceMapReadsTheLogOnce()
    {
        const Index folder = indexOf(m_folder);
        const Index packed = indexOf(m_archive);
        const std::uint64_t before = archivePassesStarted();
        const std::uint64_t cutBefore = traceTextBytesCut();
        const SourceMap map = buildSourceMap(packed, 2);
        const std::uint64_t passes = archivePassesStarted() - before;
        QVERIFY2(passes <= 2, qPrintable(QStringLiteral("%1 passes over the archive").arg(passes)));
        const double logsRead = double(traceTextBytesCut() - cutBefore) / double(m_logBytes);
        QVERIFY2(logsRead <= 2.0, qPrintable(QStringLiteral("the log was read %1 times").arg(logsRead)));
        const SourceMap expected = buildSourceMap(folder, 2);
        QCOMPARE(map.graphs.size(), expected.graphs.size());
        std::size_t framed = 0;
        for (std::size_t r = 0; r < map.graphs.size(); ++r) {
            QCOMPARE(map.graphs[r].size(), expected.graphs[r].size());
            for (std::size_t g = 0; g < map.graphs[r].size(); ++g) {
                QCOMPARE(map.graphs[r][g].kernels.size(), expected.graphs[r][g].kernels.size());
                for (std::size_t k = 0; k < map.graphs[r][g].kernels.size(); ++k) {
                    QCOMPARE(map.graphs[r][g].kernels[k].frames, expected.graphs[r][g].kernels[k].frames);
                    framed += map.graphs[r][g].kernels[k].frames.empty() ? 0 : 1;
                }
            }
        }
        QVERIFY(framed > 0); // the FX graph files were read from the log in the archive
        QCOMPARE(map.diagnostics.size(), expected.diagnostics.size());
    }

private:
    QTemporaryDir m_dir;
    QString m_folder;
    QString m_archive;
    std::uint64_t m_logBytes = 0;
};

QTEST_GUILESS_MAIN(TestArchiveTraceLog)
#include "tst_archivetracelog.moc"
