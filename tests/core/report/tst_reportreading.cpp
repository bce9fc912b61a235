// SPDX-License-Identifier: MIT
// What a report reads again after indexing (report/reportreading.h): the same report whether the
// index kept the kernel bodies or not, the same report from an archive as from its folder (paths
// aside) in at most two passes over the archive (the index's and the report's), and the model
// sources summed graph by graph in any order as summarizeSources sums the whole map.
#include "archivewriter.h"
#include "core/archive/archiveprefetch.h"
#include "core/index/indexer.h"
#include "core/report/report.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "indexfixture.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace dvmlens;
using testutil::ArchiveFormat;
using testutil::indexOf;

namespace {

std::string report(const Index& index, ReportFormat format, bool full = false)
{
    ReportInput input;
    input.index = &index;
    input.modelSources = true;
    input.full = full;
    return renderReport(input, format);
}

void replaceAll(std::string& text, const std::string& from, const std::string& to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

// Paths as text in every format: JSON escapes nothing in these.
std::string withRoot(std::string text, const std::string& root)
{
    replaceAll(text, root, "@ROOT@");
    return text;
}

bool sameLocations(const SourceSummary& a, const SourceSummary& b)
{
    if (a.locations.size() != b.locations.size() || a.kernelsByEvidence != b.kernelsByEvidence
        || a.fallbacksByEvidence != b.fallbacksByEvidence || a.unattributed.kernels != b.unattributed.kernels
        || a.unattributed.fallbacks != b.unattributed.fallbacks)
        return false;
    for (std::size_t i = 0; i < a.locations.size(); ++i) {
        const SourceLocationSummary& x = a.locations[i];
        const SourceLocationSummary& y = b.locations[i];
        if (!(x.frame == y.frame) || x.counts.kernels != y.counts.kernels
            || x.counts.fallbacks != y.counts.fallbacks || x.graphs != y.graphs || x.runs != y.runs)
            return false;
    }
    return true;
}

} // namespace

class TestReportReading : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameReportWithoutKernelBodies_data()
    {
        QTest::addColumn<QString>("tree");
        QTest::newRow("sample") << testutil::sampleTree();
        QTest::newRow("reports") << testutil::fixture(QStringLiteral("reports/tree"));
        QTest::newRow("sources") << testutil::fixture(QStringLiteral("sources/torch_compile_debug"));
    }

    // An index without kernel bodies (a big tree's, past the body budget) gives the same report:
    // the shown graphs' bodies are read again.
    void sameReportWithoutKernelBodies()
    {
        QFETCH(QString, tree);
        const Index full = indexOf(tree);
        const Index summary = indexOf(tree, KernelDetail::Summary);
        bool anyWithoutBodies = false;
        for (const Run& run : summary.runs) {
            for (const Graph& graph : run.graphs)
                anyWithoutBodies = anyWithoutBodies || (graph.outputCode && !graph.outputCode->kernelBodies);
        }
        QVERIFY(anyWithoutBodies);
        for (ReportFormat format : { ReportFormat::Markdown, ReportFormat::Html, ReportFormat::Json }) {
            const std::string expected = report(full, format);
            QVERIFY(expected.find("@dvm.kernel") != std::string::npos); // an excerpt is there
            QCOMPARE(report(summary, format), expected);
            QCOMPARE(report(summary, format, true), report(full, format, true));
        }
    }

    void archiveReportEqualsFolderReport_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("tar.gz") << int(ArchiveFormat::TarGz);
        QTest::newRow("tar.zst") << int(ArchiveFormat::TarZst);
    }

    // From an archive: the folder's report (paths aside), and the members read again are read in
    // archive order, so the whole report costs the index's pass and one more, not one a graph.
    void archiveReportEqualsFolderReport()
    {
        QFETCH(int, format);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString tree = testutil::sampleTree();
        const QString archive = dir.filePath(
            QStringLiteral("sample") + QLatin1String(testutil::archiveSuffix(ArchiveFormat(format))));
        QVERIFY(testutil::packFolder(tree, archive, ArchiveFormat(format)));
        const Index folder = indexOf(tree);
        const std::string archiveRoot = QFile::encodeName(archive).toStdString() + "!/torch_compile_debug";
        for (ReportFormat kind : { ReportFormat::Markdown, ReportFormat::Html, ReportFormat::Json }) {
            const std::uint64_t before = archivePassesStarted();
            const Index packed = indexOf(archive);
            const std::string got = report(packed, kind);
            const std::uint64_t passes = archivePassesStarted() - before;
            QVERIFY2(passes <= 2, qPrintable(QStringLiteral("%1 passes over the archive").arg(passes)));
            QVERIFY(got.find("@dvm.kernel") != std::string::npos); // excerpts read from the archive
            QCOMPARE(withRoot(got, archiveRoot), withRoot(report(folder, kind), folder.root));
        }
    }

    // Graphs summed one at a time, in reverse order: the summary of the whole map.
    void summaryBuiltGraphByGraph()
    {
        const Index index = indexOf(testutil::fixture(QStringLiteral("sources/torch_compile_debug")));
        const SourceMap map = buildSourceMap(index, 1);
        const SourceSummary whole = summarizeSources(index, map);
        QVERIFY(!whole.locations.empty());
        SourceSummaryBuilder builder(false, false);
        for (std::size_t r = index.runs.size(); r-- > 0;) {
            for (std::size_t g = index.runs[r].graphs.size(); g-- > 0;)
                builder.addGraph(index, r, g, map.graph(r, g));
        }
        const SourceSummary byGraph = builder.finish();
        QVERIFY(sameLocations(byGraph, whole));
        QVERIFY(std::all_of(byGraph.locations.begin(), byGraph.locations.end(),
            [](const SourceLocationSummary& location) { return location.items.empty(); }));
        QVERIFY(std::any_of(whole.locations.begin(), whole.locations.end(),
            [](const SourceLocationSummary& location) { return !location.items.empty(); }));
    }
};

QTEST_GUILESS_MAIN(TestReportReading)
#include "tst_reportreading.moc"
