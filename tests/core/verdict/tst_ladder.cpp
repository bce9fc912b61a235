// SPDX-License-Identifier: MIT
// The verdict ladder (verdict.h): every rung for graphs, runs and trees, the counts and words every
// front end shows, files that are not wrapper modules, loose layouts and the AOT ID a file states.
#include "core/index/indexer.h"
#include "core/verdict/derivedcounts.h"
#include "core/verdict/summary.h"
#include "core/verdict/verdict.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

using namespace dvmlens;

Q_DECLARE_METATYPE(dvmlens::Run)

namespace {

Graph graphWith(bool hasCode, bool engaged, bool indexed = true)
{
    Graph graph;
    graph.name = "g";
    if (hasCode) {
        OutputCode code;
        code.dvmEngaged = engaged;
        code.indexed = indexed;
        graph.outputCode = code;
    }
    return graph;
}

Run runOf(std::initializer_list<Graph> graphs)
{
    Run run;
    run.graphs = graphs;
    return run;
}

bool copyTo(const QString& fixture, const QString& to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    return QFile::copy(testutil::fixture(fixture), to);
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

Index indexOf(const QString& path)
{
    std::string error;
    std::optional<Index> index = buildIndex(path.toStdString(), IndexOptions(), error);
    if (!index)
        qFatal("buildIndex failed: %s", error.c_str());
    return std::move(*index);
}

std::vector<std::string> graphNames(const Index& index)
{
    std::vector<std::string> names;
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs)
            names.push_back(graph.name);
    }
    return names;
}

const Graph* findGraph(const Index& index, const std::string& name)
{
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            if (graph.name == name)
                return &graph;
        }
    }
    return nullptr;
}

} // namespace

class TestLadder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void graphRungs()
    {
        QCOMPARE(graphVerdict(graphWith(true, true)), Verdict::Engaged);
        QCOMPARE(graphVerdict(graphWith(true, false)), Verdict::NotEngaged);
        QCOMPARE(graphVerdict(graphWith(false, false)), Verdict::NoCode);
        // A skeleton the parser never replaced: not indexed, even though dvmEngaged is false.
        QCOMPARE(graphVerdict(graphWith(true, false, false)), Verdict::NotIndexed);
        QCOMPARE(graphVerdict(graphWith(true, true, false)), Verdict::NotIndexed);
        Graph lone = graphWith(true, false);
        lone.looseFile = true;
        lone.outputCode->wrapperModule = false;
        QCOMPARE(graphVerdict(lone), Verdict::NotWrapper);
        // In a graph folder the name output_code.py is Inductor's promise: judged by content anyway.
        lone.looseFile = false;
        QCOMPARE(graphVerdict(lone), Verdict::NotEngaged);
    }

    void runRungs_data()
    {
        QTest::addColumn<Run>("run");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("note");
        QTest::newRow("all engaged") << runOf({ graphWith(true, true), graphWith(true, true) })
                                     << int(Verdict::Engaged) << "engaged 2/2"
                                     << "";
        QTest::newRow("1 of 4: partly, never engaged") << runOf(
            { graphWith(true, true), graphWith(true, false), graphWith(true, false), graphWith(true, false) })
                                                       << int(Verdict::Partly) << "partly 1/4"
                                                       << "";
        QTest::newRow("none") << runOf({ graphWith(true, false), graphWith(false, false) })
                              << int(Verdict::NotEngaged) << "not engaged 0/1"
                              << "1 without code";
        QTest::newRow("no code") << runOf({ graphWith(false, false), graphWith(false, false) })
                                 << int(Verdict::NoCode) << "no code 0/0"
                                 << "2 without code";
        QTest::newRow("empty run") << runOf({}) << int(Verdict::NoCode) << "no code 0/0"
                                   << "";
        QTest::newRow("any not indexed") << runOf({ graphWith(true, true), graphWith(true, true, false) })
                                         << int(Verdict::NotIndexed) << "not indexed 1/2"
                                         << "1 not indexed";
        QTest::newRow("cache hits beside engaged graphs")
            << runOf({ graphWith(true, true), graphWith(false, false), graphWith(true, true) })
            << int(Verdict::Engaged) << "engaged 2/2"
            << "1 without code";
    }

    void runRungs()
    {
        QFETCH(Run, run);
        QFETCH(int, verdict);
        QFETCH(QString, text);
        QFETCH(QString, note);
        const VerdictCounts counts = verdictCounts(run);
        QCOMPARE(int(ladderVerdict(counts)), verdict);
        QCOMPARE(QString::fromStdString(ladderText(counts)), text);
        QCOMPARE(QString::fromStdString(verdictCountNote(counts)), note);
        // summarize() carries the same ladder, and dvm_engaged means exactly "engaged".
        const Summary summary = summarize(run);
        QCOMPARE(int(summary.verdict), verdict);
        QCOMPARE(summary.verdicts, counts);
        QCOMPARE(summary.dvmEngaged, verdict == int(Verdict::Engaged));
    }

    void treeAddsRuns()
    {
        Index index;
        index.runs.push_back(runOf({ graphWith(true, true), graphWith(true, true) }));
        index.runs.push_back(runOf({ graphWith(true, false), graphWith(false, false) }));
        const VerdictCounts counts = verdictCounts(index);
        QCOMPARE(counts.graphs, 4);
        QCOMPARE(counts.withCode, 3);
        QCOMPARE(counts.engaged, 2);
        QCOMPARE(counts.withoutCode, 1);
        QCOMPARE(ladderVerdict(counts), Verdict::Partly);
        QCOMPARE(summarize(index).verdict, Verdict::Partly);
        QCOMPARE(parsedGraphs(counts), 3);
        QCOMPARE(engagedShare(counts), 2.0 / 3.0);
    }

    // A cancelled index: what was parsed is the graphs with code less those not indexed, as the
    // status bar and the partial-index note say it; no code at all ranks lowest.
    void countsParsedAndEngagedShare()
    {
        const VerdictCounts counts = verdictCounts(runOf({ graphWith(true, true),
            graphWith(true, true, false), graphWith(true, false, false), graphWith(false, false) }));
        QCOMPARE(counts.withCode, 3);
        QCOMPARE(counts.notIndexed, 2);
        QCOMPARE(parsedGraphs(counts), 1);
        QCOMPARE(engagedShare(counts), 1.0 / 3.0);
        QCOMPARE(partialIndexNote(summarize(runOf({ graphWith(true, true), graphWith(true, true, false),
                     graphWith(true, false, false) }))),
            std::string("partial index: 1 of 3 graphs parsed"));
        QCOMPARE(parsedGraphs(VerdictCounts()), 0);
        QCOMPARE(engagedShare(VerdictCounts()), 0.0);
        Summary kernels;
        kernels.kernels = 5;
        kernels.kernelsByBackend[static_cast<std::size_t>(Backend::Dvm)] = 2;
        QCOMPARE(nonDvmKernels(kernels), 3);
    }

    void namesRoundTrip()
    {
        QStringList names;
        for (Verdict verdict : kAllVerdicts) {
            names << QString::fromUtf8(verdictName(verdict).data(), int(verdictName(verdict).size()));
            QCOMPARE(verdictFromName(verdictName(verdict)), std::optional<Verdict>(verdict));
        }
        QCOMPARE(names,
            QStringList({ u"engaged"_s, u"partly"_s, u"not engaged"_s, u"no code"_s, u"not indexed"_s,
                u"not a wrapper module"_s, u"unreadable"_s }));
        QCOMPARE(verdictFromName("ENGAGED"), std::nullopt);
    }

    // Issue 30.14 / 29.5-6: an output_code.py the parser could not look into (permission denied,
    // an encrypted or cut archive entry, binary data) is "unreadable": not a "no", not in withCode,
    // so "engaged in X of N" counts only readable graphs and one unreadable graph alone is
    // undecided, never "not engaged".
    void unreadableIsItsOwnRung()
    {
        QTemporaryDir dir;
        const QString run = dir.filePath(u"run_2026_07_20_10_15_30_123456-pid_1/torchinductor/"_s);
        QVERIFY(copyTo(u"output_code/dvm_mlir_fusion.py"_s, run + u"model__0_forward_1.0/output_code.py"_s));
        QVERIFY(writeFile(run + u"model__1_forward_2.0/output_code.py"_s, QByteArray("\0\0\0ELF", 6)));
        QVERIFY(writeFile(run + u"model__2_forward_3.0/output_code.py"_s,
            QByteArray("\x7f"
                       "ELF\0",
                5)));
        const Index index = indexOf(dir.path());
        const Graph* binary = findGraph(index, "model__1_forward_2.0");
        QVERIFY(binary);
        QCOMPARE(graphVerdict(*binary), Verdict::Unreadable);
        QVERIFY(isUnreadable(*binary));
        QCOMPARE(notEngagedReasons(*binary), std::vector<std::string> { "output_code.py is binary" });
        const Summary summary = summarize(index);
        QCOMPARE(summary.verdicts.unreadable, 2);
        QCOMPARE(summary.verdicts.withCode, 1);
        QCOMPARE(summary.verdicts.engaged, 1);
        QCOMPARE(summary.verdict, Verdict::Engaged);
        QCOMPARE(verdictCountNote(summary.verdicts), std::string("2 unreadable"));
        QCOMPARE(unreadableGraphsText(summary.verdicts), std::string("2 graphs unreadable"));

        // A graph the parser said it could not read (permission denied, encrypted entry).
        Graph denied = graphWith(true, false);
        denied.outputCode->path = "/t/g/output_code.py";
        denied.diagnostics.push_back(Diagnostic { "/t/g/output_code.py", std::nullopt, Severity::Error,
            "unreadable", "The output_code.py file could not be read: Permission denied." });
        QCOMPARE(graphVerdict(denied), Verdict::Unreadable);
        VerdictCounts alone;
        alone.add(graphVerdict(denied));
        QCOMPARE(alone.withCode, 0);
        QCOMPARE(ladderVerdict(alone), Verdict::Unreadable);
        QCOMPARE(ladderText(alone), std::string("unreadable 0/0"));
        QCOMPARE(unreadableGraphsText(alone), std::string("1 graph unreadable"));
        // The same problem on another file of the graph is not this file's.
        denied.diagnostics.front().path = "/t/g/fx_graph_runnable.py";
        QCOMPARE(graphVerdict(denied), Verdict::NotEngaged);
        // An empty output_code.py was read: a failed compile, still "not engaged".
        Graph empty = graphWith(true, false);
        empty.outputCode->path = "/t/g/output_code.py";
        empty.diagnostics.push_back(
            Diagnostic { "/t/g/output_code.py", std::nullopt, Severity::Warning, "empty-file", "empty" });
        QCOMPARE(graphVerdict(empty), Verdict::NotEngaged);
    }

    void fileThatIsNoWrapperHasNoVerdict()
    {
        QTemporaryDir dir;
        const QString readable = dir.filePath(u"fx_graph_readable.py"_s);
        QVERIFY(writeFile(readable,
            "class GraphModule(torch.nn.Module):\n    def forward(self, x):\n        return (x + 1,)\n"));
        const Index index = indexOf(readable);
        const Graph* lone = loneNonWrapper(index);
        QVERIFY(lone);
        QCOMPARE(graphVerdict(*lone), Verdict::NotWrapper);
        QVERIFY(lone->looseFile);
        QCOMPARE(summarize(index).verdict, Verdict::NotWrapper);
        QVERIFY(!summarize(index).dvmEngaged);
        // An empty file opened on its own holds no wrapper either.
        const QString empty = dir.filePath(u"empty.py"_s);
        QVERIFY(writeFile(empty, ""));
        QVERIFY(loneNonWrapper(indexOf(empty)));
    }

    void renamedWrapperIsJudged()
    {
        // depyf names wrappers __compiled_fn_3.kernel_0.py: the content decides, not the name.
        QTemporaryDir dir;
        const QString depyf = dir.filePath(u"__compiled_fn_3.kernel_0.py"_s);
        QVERIFY(copyTo(u"output_code/dvm_mlir_fusion.py"_s, depyf));
        const Index engaged = indexOf(depyf);
        QVERIFY(!loneNonWrapper(engaged));
        QCOMPARE(graphVerdict(engaged.runs.at(0).graphs.at(0)), Verdict::Engaged);
        const QString triton = dir.filePath(u"kernel.py"_s);
        QVERIFY(copyTo(u"output_code/zero_kernels.py"_s, triton));
        const Index zero = indexOf(triton);
        QVERIFY(!loneNonWrapper(zero));
        QCOMPARE(graphVerdict(zero.runs.at(0).graphs.at(0)), Verdict::NotEngaged);
    }

    void anyLayoutFindsWrappers()
    {
        // A CI artifact folder: files copied two levels down, a depyf dump, no torch_compile_debug.
        QTemporaryDir dir;
        QVERIFY(copyTo(u"output_code/dvm_mlir_fusion.py"_s, dir.filePath(u"logs/rank3/g0/output_code.py"_s)));
        QVERIFY(copyTo(u"output_code/zero_kernels.py"_s, dir.filePath(u"logs/rank5/g1/output_code.py"_s)));
        QVERIFY(copyTo(
            u"output_code/dvm_graph_fusion.py"_s, dir.filePath(u"depyf/__compiled_fn_3.kernel_0.py"_s)));
        QVERIFY(writeFile(dir.filePath(u"depyf/full_code.py"_s), "def f(x):\n    return x\n"));
        QVERIFY(writeFile(dir.filePath(u"notes/readme.py"_s), "print('hello')\n"));
        const Index index = indexOf(dir.path());
        std::vector<std::string> names = graphNames(index);
        std::sort(names.begin(), names.end());
        QCOMPARE(names, (std::vector<std::string> { "__compiled_fn_3.kernel_0.py", "g0", "g1" }));
        const Graph* g0 = findGraph(index, "g0");
        QCOMPARE(g0->path, dir.filePath(u"logs/rank3/g0"_s).toStdString());
        QCOMPARE(graphVerdict(*g0), Verdict::Engaged);
        QCOMPARE(graphVerdict(*findGraph(index, "g1")), Verdict::NotEngaged);
        const Graph* depyf = findGraph(index, "__compiled_fn_3.kernel_0.py");
        QVERIFY(depyf->looseFile);
        QCOMPARE(graphVerdict(*depyf), Verdict::Engaged);
        QCOMPARE(summarize(index).verdict, Verdict::Partly);
    }

    void outputCodeBesideRunsIsOneMoreGraph()
    {
        // An output_code.py copied into the debug root does not hide the runs beside it.
        QTemporaryDir dir;
        const QString run =
            dir.filePath(u"run_2026_07_20_10_15_30_123456-pid_7/torchinductor/model__0_forward_1.0"_s);
        QVERIFY(copyTo(u"output_code/dvm_mlir_fusion.py"_s, run + u"/output_code.py"_s));
        QVERIFY(copyTo(u"output_code/zero_kernels.py"_s, dir.filePath(u"output_code.py"_s)));
        const Index index = indexOf(dir.path());
        std::vector<std::string> names = graphNames(index);
        std::sort(names.begin(), names.end());
        QCOMPARE(names, (std::vector<std::string> { "model__0_forward_1.0", "output_code.py" }));
        QCOMPARE(graphVerdict(*findGraph(index, "model__0_forward_1.0")), Verdict::Engaged);
    }

    void loneFileStatesItsAotId()
    {
        QTemporaryDir dir;
        QFile fixture(testutil::fixture(u"output_code/dvm_mlir_fusion.py"_s));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QByteArray bytes = fixture.readAll();
        bytes.replace("# AOT ID: ['0_forward']", "# AOT ID: ['14_backward']");
        const QString lone = dir.filePath(u"saved.py"_s);
        QVERIFY(writeFile(lone, bytes));
        const Index loneIndex = indexOf(lone);
        const Graph& graph = loneIndex.runs.at(0).graphs.at(0);
        QCOMPARE(graph.aotId, std::optional<int>(14));
        QCOMPARE(graph.kind, std::optional<std::string>("backward"));

        // In a tree, the folder name wins, and a file that says otherwise is worth a warning.
        const QString folder =
            dir.filePath(u"run_2026_07_20_10_15_30_123456-pid_7/torchinductor/model__0_forward_1.0"_s);
        QVERIFY(writeFile(folder + u"/output_code.py"_s, bytes));
        const Index tree = indexOf(dir.filePath(u"run_2026_07_20_10_15_30_123456-pid_7"_s));
        const Graph* inTree = findGraph(tree, "model__0_forward_1.0");
        QVERIFY(inTree);
        QCOMPARE(inTree->aotId, std::optional<int>(0));
        QCOMPARE(inTree->kind, std::optional<std::string>("forward"));
        QCOMPARE(inTree->diagnostics.size(), std::size_t(1));
        QCOMPARE(inTree->diagnostics[0].code, std::string("aot-id-mismatch"));
        QCOMPARE(inTree->diagnostics[0].severity, Severity::Warning);
    }
};

QTEST_GUILESS_MAIN(TestLadder)
#include "tst_ladder.moc"
