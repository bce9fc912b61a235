// SPDX-License-Identifier: MIT
// buildIndex / parseOutputCodes: the same Index for any number of jobs, progress reports, cancel,
// parser diagnostics moved onto their graph, files that vanish between scan and parse.
#include "indexer.h"
#include "scanjson.h"
#include "summary.h"
#include "testutil.h"
#include "treescanner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>
#include <set>

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

private Q_SLOTS:
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
                "show no kernels."));
        const Graph& graph = graphNamed(index, "model__0_inference_0.0");
        QVERIFY(graph.outputCode); // the path is still known
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
