// SPDX-License-Identifier: MIT
// A debug tree's empty graph folder (an FX graph cache hit) says where its code may be
// (index/codebeside.h): the TORCH_TRACE log of the same process beside the tree, the other logs,
// the Inductor cache folder, with how many wrapper modules each holds, and never a pairing.
#include "core/index/indexstream.h"
#include "core/trace/codehash.h"
#include "indexfixture.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace dvmlens;
using testutil::indexOf;

namespace {

const QString kEngagedRun = testutil::sampleTree(testutil::kSampleEngagedRun);
const QString kRun = u"torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101"_s;

// myrun/: a debug tree of one run (pid 4101) with one graph folder holding code and one empty.
void writeDebugTree(const QDir& top)
{
    QVERIFY(top.mkpath(kRun + u"/torchinductor/model__0_forward_1.0"_s));
    QVERIFY(top.mkpath(kRun + u"/torchinductor/model__0_backward_2.1"_s));
    QVERIFY(testutil::writeBytes(top.filePath(kRun + u"/torchinductor/model__0_forward_1.0/output_code.py"_s),
        testutil::wrapperModule("0_forward")));
}

// A TORCH_TRACE log of the sample's engaged run under myrun/trace/, written by process `pid`.
void writeLog(
    const QDir& top, const QString& name, long long pid, int rank, const std::string& cache = "miss")
{
    QVERIFY(top.mkpath(u"trace"_s));
    QVERIFY(testutil::writeBytes(
        top.filePath(u"trace/"_s + name), testutil::traceOfSampleRun(kEngagedRun, pid, rank, cache)));
}

const Graph& graphNamed(const Index& index, std::string_view name)
{
    for (const Run& run : index.runs)
        for (const Graph& graph : run.graphs)
            if (graph.name == name)
                return graph;
    qFatal("no graph named %s", std::string(name).c_str());
}

std::vector<std::string> codes(const Graph& graph)
{
    std::vector<std::string> codes;
    for (const Diagnostic& diagnostic : graph.diagnostics)
        codes.push_back(diagnostic.code);
    return codes;
}

constexpr std::string_view kNoPairing =
    " Which of them is this graph's cannot be told: a cached wrapper keeps the AOT ID of the compile that "
    "first wrote it, and no record or module names its graph folder.";

} // namespace

class TestCodeBeside : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theLogOfTheSameProcessIsNamed()
    {
        QTemporaryDir dir;
        const QDir top(dir.path());
        writeDebugTree(top);
        // The same process (pid 4101), its code logged on cache hits; and another process's log.
        writeLog(top, u"rank0.log"_s, 4101, 0, "hit");
        writeLog(top, u"rank1.log"_s, 5202, 1);
        const Index index = indexOf(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(1)); // still the debug tree
        const Graph& empty = graphNamed(index, "model__0_backward_2.1");
        QCOMPARE(codes(empty), (std::vector<std::string> { "missing-output-code", "output-code-elsewhere" }));
        QCOMPARE(empty.diagnostics[1].severity, Severity::Info);
        QCOMPARE(empty.diagnostics[1].message,
            "The TORCH_TRACE log trace/rank0.log beside this tree was written by the same process (pid 4101) "
            "and holds 3 wrapper modules (inductor_output_code records, 0 logged on an FX graph cache hit): "
            "on a cache hit the code is logged there."
                + std::string(kNoPairing));
        // A graph with its code gets no such note.
        QCOMPARE(codes(graphNamed(index, "model__0_forward_1.0")), std::vector<std::string> {});
    }

    void otherLogsAndTheCacheAreCounted()
    {
        QTemporaryDir dir;
        const QDir top(dir.path());
        writeDebugTree(top);
        writeLog(top, u"other.log"_s, 5202, 1);
        const std::string wrapper = testutil::wrapperModule("0_backward");
        const std::string hash = inductorCodeHash(wrapper);
        const QString folder = u"cache/"_s + QString::fromStdString(hash.substr(1, 2));
        QVERIFY(top.mkpath(folder));
        QVERIFY(testutil::writeBytes(
            top.filePath(folder + u'/' + QString::fromStdString(hash) + u".py"_s), wrapper));
        const Index index = indexOf(dir.path());
        const Graph& empty = graphNamed(index, "model__0_backward_2.1");
        QCOMPARE(codes(empty), (std::vector<std::string> { "missing-output-code", "output-code-elsewhere" }));
        QCOMPARE(empty.diagnostics[1].message,
            "The TORCH_TRACE log trace/other.log beside this tree holds 3 wrapper modules "
            "(inductor_output_code "
            "records), none logged by this run's process (pid 4101). The Inductor cache folder cache beside "
            "this tree holds 1 wrapper module."
                + std::string(kNoPairing));
    }

    // A front end that streams the index (the GUI) gets the note in the skeleton.
    void theSkeletonOfAStreamHasIt()
    {
        QTemporaryDir dir;
        const QDir top(dir.path());
        writeDebugTree(top);
        writeLog(top, u"rank0.log"_s, 4101, 0);
        std::optional<Index> skeleton;
        IndexStream stream;
        stream.skeleton = [&](Index index) { skeleton = std::move(index); };
        stream.parsed = [](std::vector<ParsedGraph>) {};
        IndexOptions options;
        options.stream = &stream;
        std::string error;
        QVERIFY(buildIndex(QFile::encodeName(dir.path()).toStdString(), options, error));
        QVERIFY(skeleton);
        QCOMPARE(codes(graphNamed(*skeleton, "model__0_backward_2.1")),
            (std::vector<std::string> { "missing-output-code", "output-code-elsewhere" }));
    }

    void nothingBesideNothingSaid()
    {
        QTemporaryDir dir;
        const QDir top(dir.path());
        writeDebugTree(top);
        QVERIFY(testutil::writeBytes(top.filePath(u"train.log"_s), "epoch 1\n"));
        const Index index = indexOf(dir.path());
        QCOMPARE(codes(graphNamed(index, "model__0_backward_2.1")),
            std::vector<std::string> { "missing-output-code" });
    }
};

QTEST_GUILESS_MAIN(TestCodeBeside)
#include "tst_codebeside.moc"
