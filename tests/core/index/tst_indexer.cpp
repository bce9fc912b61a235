// SPDX-License-Identifier: MIT
// buildIndex / parseOutputCodes: the same Index for any number of jobs, whether parsing overlaps
// the walk (buildIndex) or follows it (parseOutputCodes), progress reports, cancel, parser
// diagnostics moved onto their graph, files that vanish between scan and parse.
#include "archivewriter.h"
#include "core/index/indexer.h"
#include "core/json/scanjson.h"
#include "core/scan/treescanner.h"
#include "core/verdict/summary.h"
#include "streamtree.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>
#include <set>
#include <utility>
#include <vector>

using namespace dvmlens;

namespace {

constexpr int kGraphs = 12; // with output_code.py; plus one empty output_code.py and one cache hit

void copyFixture(const QString& fixture, const QString& to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    if (!QFile::copy(testutil::fixture(QStringLiteral("trees/small/") + fixture), to))
        qFatal("cannot copy %s", qPrintable(fixture));
}

// run_…/torchinductor/model__<k>_inference_<k>.<k>: even k DVM, odd k Triton.
QString makeTree(const QTemporaryDir& dir)
{
    const QString inductor = dir.filePath(
        QStringLiteral("torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor"));
    for (int k = 0; k < kGraphs; ++k) {
        copyFixture(
            k % 2 == 0 ? QStringLiteral("dvm_output_code.py") : QStringLiteral("triton_output_code.py"),
            inductor + QStringLiteral("/model__%1_inference_%1.%1/output_code.py").arg(k));
    }
    const QString emptyCode = inductor + QStringLiteral("/model__20_inference_20.20/output_code.py");
    QDir().mkpath(QFileInfo(emptyCode).absolutePath());
    QFile file(emptyCode);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(emptyCode));
    file.close();
    QDir().mkpath(inductor + QStringLiteral("/model__21_backward_21.21"));
    return dir.filePath(QStringLiteral("torch_compile_debug"));
}

// Three runs of 100 graph folders each, shaped like real ones (an FX dump beside output_code.py,
// a log per run); every 25th graph crashed before writing output_code.py. Each output_code.py is
// a fixture repeated to 64 KiB, so parsing all of them takes far longer than the walk.
constexpr int kLargeRuns = 3;
constexpr int kLargeGraphsPerRun = 100;
constexpr int kLargeOutputCodes = kLargeRuns * (kLargeGraphsPerRun - kLargeGraphsPerRun / 25);

// Written directly: QFile::copy syncs every file, which makes hundreds of them slow.
void writeBytes(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QString makeLargeTree(const QTemporaryDir& dir)
{
    const QByteArray dump = streamtree::repeatedFixture(QStringLiteral("triton_output_code.py"), 0);
    const QByteArray triton = streamtree::repeatedFixture(QStringLiteral("triton_output_code.py"), 64 * 1024);
    const QByteArray dvm = streamtree::repeatedFixture(QStringLiteral("dvm_output_code.py"), 64 * 1024);
    const QString root = dir.filePath(QStringLiteral("large"));
    for (int run = 0; run < kLargeRuns; ++run) {
        const QString inductor = root
            + QStringLiteral("/run_2026_07_20_10_15_3%1_123456-pid_%2/torchinductor")
                  .arg(run)
                  .arg(5000 + run);
        writeBytes(inductor + QStringLiteral("/aot_model___0_debug.log"), dump);
        for (int k = 0; k < kLargeGraphsPerRun; ++k) {
            const QString graph = inductor + QStringLiteral("/model__%1_forward_%1.%1").arg(k);
            writeBytes(graph + QStringLiteral("/fx_graph_readable.py"), dump);
            if (k % 25 != 24)
                writeBytes(graph + QStringLiteral("/output_code.py"), k % 3 == 0 ? triton : dvm);
        }
    }
    return root;
}

// Everything an Index holds: the scan JSON (graphs, files, kernels, diagnostics) plus the run
// paths and logs it leaves out.
std::string fingerprint(const Index& index)
{
    std::string text = scanJsonText(index);
    for (const Run& run : index.runs) {
        text += "\nrun " + run.path;
        for (const std::string& log : run.logs)
            text += "\nlog " + log;
    }
    return text;
}

Index build(const QString& path, const IndexOptions& options)
{
    std::string error;
    std::optional<Index> index = buildIndex(path.toStdString(), options, error);
    if (!index)
        qFatal("buildIndex failed: %s", error.c_str());
    return *index;
}

const Graph& graphNamed(const Index& index, const std::string& name)
{
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            if (graph.name == name)
                return graph;
        }
    }
    qFatal("no graph %s", name.c_str());
}

QStringList codes(const std::vector<Diagnostic>& diagnostics)
{
    QStringList list;
    for (const Diagnostic& diagnostic : diagnostics)
        list << QString::fromStdString(diagnostic.code);
    return list;
}

} // namespace

class TestIndexer : public QObject
{
    Q_OBJECT

    QTemporaryDir m_largeDir;
    QString m_large; // makeLargeTree, made once: hundreds of files are slow to create

private Q_SLOTS:
    void initTestCase()
    {
        m_large = makeLargeTree(m_largeDir);
    }

    void sameResultForAnyJobs()
    {
        QTemporaryDir dir;
        const QString root = makeTree(dir);
        IndexOptions options;
        options.jobs = 1;
        const std::string reference = scanJsonText(build(root, options));
        for (int jobs : { 2, 4, 16, 0 }) {
            options.jobs = jobs;
            QCOMPARE(scanJsonText(build(root, options)), reference);
        }

        const Index index = build(root, options);
        const Summary summary = summarize(index);
        QCOMPARE(summary.graphs, kGraphs + 2);
        QCOMPARE(summary.graphsWithOutputCode, kGraphs + 1);
        QCOMPARE(summary.dvmEngagedGraphs, kGraphs / 2);
        QCOMPARE(summary.kernelCount(Backend::Dvm), kGraphs / 2);
        QCOMPARE(summary.kernelCount(Backend::Triton), kGraphs / 2);
        QCOMPARE(summary.launches, kGraphs);
        QCOMPARE(summary.fallbackCount(FallbackKind::Aten), kGraphs / 2);
        QCOMPARE(summary.fallbackCount(FallbackKind::Extern), kGraphs / 2);
        QVERIFY(!summary.dvmEngaged);
        const Graph& dvm = graphNamed(index, "model__4_inference_4.4");
        QCOMPARE(dvm.outputCode->kernels.at(0).name, std::string("dvm_fused_add_mul_relu_0"));
        QVERIFY(dvm.outputCode->dvmEngaged);
        QVERIFY(!graphNamed(index, "model__5_inference_5.5").outputCode->dvmEngaged);
    }

    // buildIndex parses while the walk goes on; the result must equal a walk followed by a parse.
    void overlappedParseMatchesWalkThenParse_data()
    {
        QTest::addColumn<QString>("tree");
        QTest::newRow("small") << QStringLiteral("small");
        QTest::newRow("sample") << QStringLiteral("sample");
        QTest::newRow("large") << QStringLiteral("large");
    }

    void overlappedParseMatchesWalkThenParse()
    {
        QFETCH(QString, tree);
        QTemporaryDir dir;
        QString root;
        if (tree == QLatin1String("small"))
            root = makeTree(dir);
        else if (tree == QLatin1String("large"))
            root = m_large;
        else
            root = testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
        std::string error;
        std::optional<Index> serial = scanTree(root.toStdString(), error);
        QVERIFY(serial);
        IndexOptions options;
        options.jobs = 1;
        parseOutputCodes(*serial, options);
        const std::string reference = fingerprint(*serial);
        QVERIFY(reference.find("\"kernels\"") != std::string::npos);
        for (int jobs : { 1, 2, 8, 0 }) {
            options.jobs = jobs;
            QCOMPARE(fingerprint(build(root, options)), reference);
        }
        if (tree == QLatin1String("large")) {
            const Summary summary = summarize(*serial);
            QCOMPARE(summary.graphs, kLargeRuns * kLargeGraphsPerRun);
            QCOMPARE(summary.graphsWithOutputCode, kLargeOutputCodes);
            QCOMPARE(serial->runs.at(2).logs.size(), std::size_t(1));
        }
    }

    // An archive is read by the calling thread while workers parse what it hands them; with one job
    // the reader parses each file itself. Either way the index equals the folder's, and progress
    // counts up the same.
    void archiveGivesTheFolderResultForAnyJobs()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("large.tar.gz"));
        QVERIFY(testutil::packFolder(m_large, archive, testutil::ArchiveFormat::TarGz));
        IndexOptions options;
        options.jobs = 1;
        // Paths differ (ARCHIVE!/inner), so compare what was found in each graph.
        const auto found = [](const Index& index) {
            std::multiset<std::string> graphs;
            for (const Run& run : index.runs) {
                for (const Graph& graph : run.graphs) {
                    std::string text = graph.name;
                    if (graph.outputCode) {
                        text += graph.outputCode->dvmEngaged ? " dvm" : " no-dvm";
                        for (const Kernel& kernel : graph.outputCode->kernels)
                            text += ' ' + kernel.name;
                    }
                    graphs.insert(text);
                }
            }
            return graphs;
        };
        const std::multiset<std::string> reference = found(build(m_large, options));
        QCOMPARE(reference.size(), std::size_t(kLargeRuns * kLargeGraphsPerRun));
        for (int jobs : { 1, 2, 8, 0 }) {
            std::vector<std::pair<int, int>> reported;
            std::mutex mutex;
            options.jobs = jobs;
            options.progress = [&](int done, int total) {
                const std::lock_guard<std::mutex> lock(mutex);
                reported.emplace_back(done, total);
            };
            const Index packed = build(archive, options);
            QCOMPARE(found(packed), reference);
            QCOMPARE(summarize(packed).graphsWithOutputCode, kLargeOutputCodes);
            QCOMPARE(reported.size(), std::size_t(kLargeOutputCodes));
            QCOMPARE(reported.back(), std::make_pair(kLargeOutputCodes, kLargeOutputCodes));
        }
    }

    void progressCountsUpOnceTheTotalIsKnown()
    {
        const QString root = m_large;
        std::vector<std::pair<int, int>> expected;
        for (int done = 1; done <= kLargeOutputCodes; ++done)
            expected.emplace_back(done, kLargeOutputCodes);
        for (int jobs : { 1, 2, 8 }) {
            std::mutex mutex;
            std::vector<std::pair<int, int>> reported;
            IndexOptions options;
            options.jobs = jobs;
            options.progress = [&](int done, int total) {
                const std::lock_guard<std::mutex> lock(mutex);
                reported.emplace_back(done, total);
            };
            build(root, options);
            QCOMPARE(reported, expected);
        }
    }

    void cancelMidwayWithWorkersRunningDuringTheWalk()
    {
        const QString root = m_large;
        for (int jobs : { 2, 4 }) {
            std::atomic<bool> cancel { false };
            IndexOptions options;
            options.jobs = jobs;
            options.cancel = &cancel;
            options.progress = [&](int done, int) {
                if (done == 3)
                    cancel = true;
            };
            const Index index = build(root, options);
            int parsed = 0;
            for (const Run& run : index.runs) {
                for (const Graph& graph : run.graphs)
                    parsed += graph.outputCode && graph.outputCode->bytes > 0 ? 1 : 0;
            }
            // Progress starts once the walk ends, and workers parse during the walk, so more than
            // 3 may be done by then; never all of them, and the message counts the rest exactly.
            QVERIFY2(parsed >= 3 && parsed < kLargeOutputCodes, qPrintable(QString::number(parsed)));
            QCOMPARE(codes(index.diagnostics), QStringList { QStringLiteral("cancelled") });
            QCOMPARE(index.diagnostics[0].message,
                "The scan was cancelled: " + std::to_string(kLargeOutputCodes - parsed) + " of "
                    + std::to_string(kLargeOutputCodes)
                    + " output_code.py files were not parsed, so their graphs are not indexed (no verdict "
                      "until the tree is indexed again).");
            // The ladder: every unparsed graph is "not indexed", never "not engaged".
            const VerdictCounts counts = verdictCounts(index);
            QCOMPARE(counts.notIndexed, kLargeOutputCodes - parsed);
            QCOMPARE(ladderVerdict(counts), Verdict::NotIndexed);
            for (const Run& run : index.runs) {
                for (const Graph& graph : run.graphs) {
                    if (graph.outputCode && graph.outputCode->bytes == 0)
                        QCOMPARE(graphVerdict(graph), Verdict::NotIndexed);
                }
            }
        }
    }

    void progressReportsEveryFile()
    {
        QTemporaryDir dir;
        const QString root = makeTree(dir);
        std::mutex mutex;
        std::multiset<int> reported;
        std::set<int> totals;
        IndexOptions options;
        options.jobs = 4;
        options.progress = [&](int done, int total) {
            const std::lock_guard<std::mutex> lock(mutex);
            reported.insert(done);
            totals.insert(total);
        };
        build(root, options);
        QCOMPARE(totals, std::set<int> { kGraphs + 1 });
        std::multiset<int> expected;
        for (int done = 1; done <= kGraphs + 1; ++done)
            expected.insert(done);
        QCOMPARE(reported, expected);
    }

    void cancelBeforeStart()
    {
        QTemporaryDir dir;
        const QString root = makeTree(dir);
        const std::atomic<bool> cancel { true };
        IndexOptions options;
        options.jobs = 4;
        options.cancel = &cancel;
        const Index index = build(root, options);
        QCOMPARE(codes(index.diagnostics), QStringList { QStringLiteral("cancelled") });
        const Diagnostic& cancelled = index.diagnostics[0];
        QCOMPARE(cancelled.severity, Severity::Info);
        QCOMPARE(cancelled.path, index.root);
        QCOMPARE(cancelled.message,
            std::string(
                "The scan was cancelled: 13 of 13 output_code.py files were not parsed, so their graphs "
                "are not indexed (no verdict until the tree is indexed again)."));
        const Graph& graph = graphNamed(index, "model__0_inference_0.0");
        QVERIFY(graph.outputCode); // the path is still known
        QVERIFY(!graph.outputCode->indexed);
        QCOMPARE(graphVerdict(graph), Verdict::NotIndexed);
        const Summary summary = summarize(index);
        QCOMPARE(summary.verdict, Verdict::NotIndexed);
        QCOMPARE(summary.verdicts.notIndexed, 13);
        QVERIFY(!summary.dvmEngaged);
        QCOMPARE(partialIndexNote(summary), std::string("partial index: 0 of 13 graphs parsed"));
        QCOMPARE(graph.outputCode->bytes, std::uint64_t(0));
        QVERIFY(graph.outputCode->kernels.empty());
    }

    void cancelMidway()
    {
        QTemporaryDir dir;
        const QString root = makeTree(dir);
        std::atomic<bool> cancel { false };
        IndexOptions options;
        options.jobs = 1; // one worker: it stops right after the file that raised the flag
        options.cancel = &cancel;
        options.progress = [&](int done, int) {
            if (done == 3)
                cancel = true;
        };
        const Index index = build(root, options);
        QCOMPARE(codes(index.diagnostics), QStringList { QStringLiteral("cancelled") });
        QVERIFY(index.diagnostics[0].message.find(" 10 of 13 ") != std::string::npos);
        int parsed = 0;
        for (const Graph& graph : index.runs.at(0).graphs)
            parsed += graph.outputCode && graph.outputCode->bytes > 0 ? 1 : 0;
        QCOMPARE(parsed, 3);
    }

    void diagnosticsMoveToTheGraph()
    {
        QTemporaryDir dir;
        const Index index = build(makeTree(dir), IndexOptions());
        QVERIFY(index.diagnostics.empty());
        const Graph& empty = graphNamed(index, "model__20_inference_20.20");
        QCOMPARE(codes(empty.diagnostics), QStringList { QStringLiteral("empty-file") });
        QCOMPARE(empty.diagnostics[0].path, empty.outputCode->path);
        QVERIFY(empty.outputCode->diagnostics.empty());
        QVERIFY(!empty.outputCode->dvmEngaged);
        const Graph& cacheHit = graphNamed(index, "model__21_backward_21.21");
        QCOMPARE(codes(cacheHit.diagnostics), QStringList { QStringLiteral("missing-output-code") });
        for (const Run& run : index.runs) {
            for (const Graph& graph : run.graphs)
                QVERIFY(!graph.outputCode || graph.outputCode->diagnostics.empty());
        }
    }

    void fileVanishesBetweenScanAndParse()
    {
        QTemporaryDir dir;
        const QString root = makeTree(dir);
        std::string error;
        std::optional<Index> index = scanTree(root.toStdString(), error);
        QVERIFY(index);
        const Graph& graph = graphNamed(*index, "model__2_inference_2.2");
        QVERIFY(QFile::remove(QString::fromStdString(graph.outputCode->path)));
        parseOutputCodes(*index, IndexOptions());
        QCOMPARE(codes(graph.diagnostics), QStringList { QStringLiteral("unreadable") });
        QCOMPARE(graph.diagnostics[0].severity, Severity::Error);
        QVERIFY(graph.outputCode->kernels.empty());
        QCOMPARE(summarize(*index).graphsWithOutputCode, kGraphs + 1);
    }

    void missingPath()
    {
        std::string error;
        QVERIFY(!buildIndex("/no/such/dvmlens/tree", IndexOptions(), error));
        QCOMPARE(error, std::string("/no/such/dvmlens/tree: No such file or directory"));
    }
};

QTEST_GUILESS_MAIN(TestIndexer)
#include "tst_indexer.moc"
