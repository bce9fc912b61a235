// SPDX-License-Identifier: MIT
// compare.h on hand-built indexes: run, graph and fusion pairing, change strings and the regression rule.
// Over 600 lines: the cases of one stage, each short; split by feature when it grows further.
#include "core/compare/compare.h"
#include "core/compare/regressionranks.h"
#include "core/index/indexer.h"
#include "core/json/comparejson.h"
#include "core/text/comparetext.h"
#include "testutil.h"

#include <QFileInfo>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

DvmInput load(std::vector<std::int64_t> shape, std::string dtype = "float32")
{
    DvmInput input;
    input.name = "arg";
    input.op = "load";
    input.shape = std::move(shape);
    input.dtype = std::move(dtype);
    return input;
}

Kernel dvmKernel(std::string name, int line, std::string ktype = "vector", bool dynShape = false,
    std::vector<std::string> ops = { "mul", "add", "maximum" })
{
    Kernel kernel;
    kernel.name = std::move(name);
    kernel.backend = Backend::Dvm;
    kernel.line = line;
    kernel.ktype = std::move(ktype);
    kernel.dynShape = dynShape;
    kernel.ops = std::move(ops);
    kernel.inputs = { load({ 128, 128 }), load({ 128, 128 }) };
    kernel.outputs = { DvmOutput { "relu", "float32" } };
    return kernel;
}

Kernel kernel(std::string name, int line, Backend backend)
{
    Kernel result;
    result.name = std::move(name);
    result.backend = backend;
    result.line = line;
    return result;
}

Fallback fallback(std::string target)
{
    return Fallback { std::move(target), FallbackKind::Aten, 1 };
}

OutputCode code(std::vector<Kernel> kernels, std::vector<Fallback> fallbacks = {})
{
    OutputCode result;
    result.path = "output_code.py";
    result.kernels = std::move(kernels);
    result.fallbacks = std::move(fallbacks);
    result.dvmImport = true;
    result.dvmEngaged = std::any_of(result.kernels.begin(), result.kernels.end(),
        [](const Kernel& k) { return k.backend == Backend::Dvm; });
    return result;
}

// name is <model>__<aot>_<kind>_<nth>.<seq>; the parts are filled in as the scanner would.
Graph graph(std::string name, std::optional<OutputCode> outputCode)
{
    Graph result;
    result.path = "/runs/" + name;
    const std::size_t aot = name.find("__") + 2;
    result.aotId = std::stoi(name.substr(aot));
    const std::size_t kindStart = name.find('_', aot) + 1;
    result.kind = name.substr(kindStart, name.find('_', kindStart) - kindStart);
    result.name = std::move(name);
    if (outputCode) {
        outputCode->path = result.path + "/output_code.py";
        result.outputCode = std::move(outputCode);
    }
    return result;
}

Run run(std::string name, std::int64_t pid, std::vector<Graph> graphs)
{
    Run result;
    result.name = std::move(name);
    result.pid = pid;
    result.path = "/tree/" + *result.name;
    result.graphs = std::move(graphs);
    return result;
}

Index makeIndex(std::string root, std::vector<Run> runs)
{
    return Index { std::move(root), std::move(runs), {}, nullptr };
}

Index singleGraph(std::string root, Graph graph)
{
    return makeIndex(
        std::move(root), { run("run_2026_07_20_10_15_30_123456-pid_4242", 4242, { std::move(graph) }) });
}

int count(const std::optional<BackendCounts>& counts, Backend backend)
{
    return (*counts)[static_cast<std::size_t>(backend)];
}

QStringList keysOf(const nlohmann::ordered_json& object)
{
    QStringList keys;
    for (const auto& item : object.items())
        keys << QString::fromStdString(item.key());
    return keys;
}

QStringList qt(const std::vector<std::string>& strings)
{
    QStringList list;
    for (const std::string& s : strings)
        list << QString::fromStdString(s);
    return list;
}

const Index kEngaged = singleGraph("/a",
    graph("model__0_forward_1.0",
        code({ dvmKernel("dvm_fused_add_mul_relu_0", 40),
            kernel("triton_poi_fused_sum_1", 80, Backend::Triton) })));
const Index kTritonOnly = singleGraph("/b",
    graph("model__0_forward_1.3",
        code({ kernel("triton_unk_fused_add_mul_relu_0", 30, Backend::Triton),
            kernel("triton_unk_fused_sum_1", 60, Backend::Triton) })));

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void engagedToNotIsARegression()
    {
        const CompareResult result = compareIndexes(kEngaged, kTritonOnly, {});
        QCOMPARE(result.rootA, std::string("/a"));
        QCOMPARE(result.rootB, std::string("/b"));
        QCOMPARE(result.runs.size(), std::size_t(1));
        QCOMPARE(result.graphs.size(), std::size_t(1));
        const GraphDiff& diff = result.graphs[0];
        QCOMPARE(diff.key, std::string("model__0_forward_1"));
        QCOMPARE(diff.status, PairStatus::Matched);
        QCOMPARE(diff.a->name, std::string("model__0_forward_1.0"));
        QCOMPARE(diff.b->name, std::string("model__0_forward_1.3"));
        QCOMPARE(*diff.b->outputCodePath, std::string("/runs/model__0_forward_1.3/output_code.py"));
        QCOMPARE(diff.dvmEngagedA, std::optional<bool>(true));
        QCOMPARE(diff.dvmEngagedB, std::optional<bool>(false));
        QCOMPARE(count(diff.countsA, Backend::Dvm), 1);
        QCOMPARE(count(diff.countsA, Backend::Triton), 1);
        QCOMPARE(count(diff.countsB, Backend::Dvm), 0);
        QCOMPARE(count(diff.countsB, Backend::Triton), 2);
        QCOMPARE(qt(diff.dvmOnlyA), QStringList { u"dvm_fused_add_mul_relu_0"_s });
        QVERIFY(diff.dvmOnlyB.empty());
        QVERIFY(diff.regression);

        QCOMPARE(diff.fusions.size(), std::size_t(2));
        const FusionDiff& moved = diff.fusions[0];
        QCOMPARE(moved.key, std::string("fused_add_mul_relu"));
        QCOMPARE(moved.a->backend, Backend::Dvm);
        QCOMPARE(moved.a->line, 40);
        QCOMPARE(moved.a->kernel, std::size_t(0));
        QCOMPARE(moved.b->backend, Backend::Triton);
        QCOMPARE(moved.b->name, std::string("triton_unk_fused_add_mul_relu_0"));
        QCOMPARE(moved.b->line, 30);
        QVERIFY(moved.changes.empty());
        QCOMPARE(diff.fusions[1].key, std::string("fused_sum"));
        QCOMPARE(diff.fusions[1].b->kernel, std::size_t(1));

        QCOMPARE(result.summary.graphs, 1);
        QCOMPARE(result.summary.matched, 1);
        QCOMPARE(result.summary.regressions, 1);
        QCOMPARE(result.summary.dvmEngagedA, 1);
        QCOMPARE(result.summary.dvmEngagedB, 0);
    }

    void notToEngagedIsNoRegression()
    {
        const CompareResult result = compareIndexes(kTritonOnly, kEngaged, {});
        const GraphDiff& diff = result.graphs[0];
        QCOMPARE(diff.key, std::string("model__0_forward_1"));
        QVERIFY(!diff.regression);
        QCOMPARE(qt(diff.dvmOnlyB), QStringList { u"dvm_fused_add_mul_relu_0"_s });
        QVERIFY(diff.dvmOnlyA.empty());
        QCOMPARE(diff.fusions[0].a->backend, Backend::Triton);
        QCOMPARE(diff.fusions[0].b->backend, Backend::Dvm);
        QCOMPARE(result.summary.regressions, 0);
        QCOMPARE(result.summary.dvmEngagedB, 1);
    }

    void graphsOnlyOnOneSide()
    {
        const Index a = makeIndex("/a",
            { run("run_a", 1,
                { graph("model__0_forward_1.0", code({ dvmKernel("dvm_fused_add_mul_relu_0", 10) })),
                    graph("model__0_backward_2.1", code({ dvmKernel("dvm_fused_mul_0", 10) })),
                    graph(
                        "model__1_inference_3.2", code({ kernel("cpp_fused_add_0", 5, Backend::Cpp) })) }) });
        const Index b = makeIndex("/b",
            { run("run_b", 2,
                { graph("model__0_forward_1.0", code({ dvmKernel("dvm_fused_add_mul_relu_0", 10) })),
                    graph("model__2_inference_4.1",
                        code({ kernel("triton_poi_fused_add_0", 5, Backend::Triton) })) }) });
        const CompareResult result = compareIndexes(a, b, {});
        QCOMPARE(result.graphs.size(), std::size_t(4));
        QCOMPARE(result.graphs[0].status, PairStatus::Matched);
        QCOMPARE(result.graphs[1].key, std::string("model__0_backward_2"));
        QCOMPARE(result.graphs[1].status, PairStatus::OnlyA);
        QVERIFY(!result.graphs[1].b);
        QCOMPARE(result.graphs[1].dvmEngagedB, std::optional<bool>());
        QVERIFY(!result.graphs[1].countsB);
        QCOMPARE(qt(result.graphs[1].dvmOnlyA), QStringList { u"dvm_fused_mul_0"_s });
        // A graph that vanished is listed, not counted as a regression.
        QVERIFY(!result.graphs[1].regression);
        QCOMPARE(result.graphs[2].key, std::string("model__1_inference_3"));
        QCOMPARE(result.graphs[2].status, PairStatus::OnlyA);
        QCOMPARE(result.graphs[3].key, std::string("model__2_inference_4"));
        QCOMPARE(result.graphs[3].status, PairStatus::OnlyB);
        QVERIFY(!result.graphs[3].a);
        QCOMPARE(result.graphs[3].b->graph, std::size_t(1));
        QCOMPARE(result.graphs[3].fusions[0].b->name, std::string("triton_poi_fused_add_0"));

        const CompareSummary& summary = result.summary;
        QCOMPARE(summary.graphs, 4);
        QCOMPARE(summary.matched, 1);
        QCOMPARE(summary.onlyA, 2);
        QCOMPARE(summary.onlyB, 1);
        QCOMPARE(summary.regressions, 0);
        QCOMPARE(summary.dvmEngagedA, 2);
        QCOMPARE(summary.dvmEngagedB, 1);
        QCOMPARE(summary.engagedOnlyA, 1);
    }

    void leftoverGraphsPairByAotIdAndKind()
    {
        const Index a = makeIndex("/a",
            { run("run_a", 1,
                { graph("model__0_forward_1.0", code({})), graph("model__0_backward_2.1", code({})) }) });
        const Index b = makeIndex("/b",
            { run("run_b", 2,
                { graph("model__0_forward_1.0", code({})), graph("model__0_backward_7.4", code({})),
                    graph("model__3_backward_8.5", code({})) }) });
        const CompareResult result = compareIndexes(a, b, {});
        QCOMPARE(result.graphs.size(), std::size_t(3));
        QCOMPARE(result.graphs[1].key, std::string("model__0_backward_2"));
        QCOMPARE(result.graphs[1].status, PairStatus::Matched);
        QCOMPARE(result.graphs[1].b->name, std::string("model__0_backward_7.4"));
        QCOMPARE(result.graphs[1].b->graph, std::size_t(1));
        QCOMPARE(result.graphs[2].status, PairStatus::OnlyB);
        QCOMPARE(result.graphs[2].key, std::string("model__3_backward_8"));
    }

    void loneGraphsPairWhateverTheirNames()
    {
        const Index a =
            singleGraph("/a", graph("model__0_inference_0.0", code({ dvmKernel("dvm_fused_add_0", 1) })));
        const Index b = singleGraph("/b", graph("model__5_forward_9.1", code({})));
        const CompareResult result = compareIndexes(a, b, {});
        QCOMPARE(result.graphs.size(), std::size_t(1));
        QCOMPARE(result.graphs[0].status, PairStatus::Matched);
        QCOMPARE(result.graphs[0].key, std::string("model__0_inference_0"));
        QVERIFY(result.graphs[0].regression);
    }

    // A cache module and the trace record that logged it have different names but one code hash:
    // they pair before graphs that only share an AOT ID, and the pair says it is the same code.
    void sameCodeHashPairsBeforeTheAotId()
    {
        const auto withOrigin = [](std::string name, std::string kind, std::string hash, int dvmKernels) {
            std::vector<Kernel> kernels;
            for (int k = 0; k < dvmKernels; ++k)
                kernels.push_back(dvmKernel("dvm_fused_add_" + std::to_string(k), k + 1));
            Graph result;
            result.name = std::move(name);
            result.path = "/x/" + result.name;
            result.outputCode = code(std::move(kernels));
            result.outputCode->aotId = "0_forward";
            GraphOrigin origin;
            origin.kind = std::move(kind);
            origin.codeHash = std::move(hash);
            result.origin = std::move(origin);
            return result;
        };
        const std::string one(52, 'a'), two(52, 'b');
        Run cache;
        cache.name = "Inductor cache";
        cache.graphs = { withOrigin("0_forward caaaaaaaa", "cache", "c" + one.substr(1), 1),
            withOrigin("0_forward cbbbbbbbb", "cache", "c" + two.substr(1), 2) };
        Run trace;
        trace.name = "dedicated_log_torch_trace_rank_0_x.log";
        trace.graphs = { withOrigin("[0/0] 0_forward", "trace", "c" + two.substr(1), 2),
            withOrigin("[1/0] 0_forward", "trace", "c" + one.substr(1), 1),
            withOrigin("[2/0] 0_forward", "trace", "c" + std::string(51, 'z'), 0) };
        const CompareResult result =
            compareIndexes(makeIndex("/a", { cache }), makeIndex("/b", { trace }), {});
        QCOMPARE(result.graphs.size(), std::size_t(3));
        QCOMPARE(result.graphs[0].b->name, std::string("[1/0] 0_forward"));
        QCOMPARE(result.graphs[0].sameCodeHash, "c" + one.substr(1));
        QCOMPARE(result.graphs[1].b->name, std::string("[0/0] 0_forward"));
        QCOMPARE(result.graphs[1].sameCodeHash, "c" + two.substr(1));
        QVERIFY(!result.graphs[0].regression && !result.graphs[1].regression);
        QCOMPARE(result.graphs[2].status, PairStatus::OnlyB);
        QCOMPARE(result.graphs[2].sameCodeHash, std::string());
        const std::string text = compareToText(result);
        QVERIFY2(text.find("    same code: one wrapper module, Inductor code hash caaaaaaaa… on both sides\n")
                != std::string::npos,
            text.c_str());

        // A pair of different code (by AOT ID) has no code hash in common.
        trace.graphs.erase(trace.graphs.begin(), trace.graphs.begin() + 2);
        const CompareResult other =
            compareIndexes(makeIndex("/a", { cache }), makeIndex("/b", { trace }), {});
        QCOMPARE(other.graphs[0].status, PairStatus::Matched);
        QCOMPARE(other.graphs[0].sameCodeHash, std::string());
    }

    void leftoversPairByTheAotIdHeader()
    {
        // Folders whose names say nothing (lone output_code.py files copied around) pair by `# AOT ID:`.
        const auto renamed = [](std::string name, std::string aotId) {
            Graph result;
            result.name = name;
            result.path = "/somewhere/" + name;
            result.outputCode = code({});
            result.outputCode->aotId = std::move(aotId);
            return result;
        };
        const Index a = makeIndex("/a",
            { run("run_a", 1,
                { renamed("old-forward", "0_forward"), renamed("old-backward", "0_backward") }) });
        const Index b = makeIndex("/b",
            { run("run_b", 2,
                { graph("model__0_backward_4.1", code({})), renamed("new-forward", "0_forward"),
                    renamed("new-extra", "3_inference") }) });
        const CompareResult result = compareIndexes(a, b, {});
        QCOMPARE(result.graphs.size(), std::size_t(3));
        QCOMPARE(result.graphs[0].key, std::string("old-forward"));
        QCOMPARE(result.graphs[0].b->name, std::string("new-forward"));
        QCOMPARE(result.graphs[1].key, std::string("old-backward"));
        QCOMPARE(result.graphs[1].b->name, std::string("model__0_backward_4.1"));
        QCOMPARE(result.graphs[2].status, PairStatus::OnlyB);
        QCOMPARE(result.graphs[2].b->name, std::string("new-extra"));
    }

    void realSampleAgainstItself_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<int>("triton");
        QTest::addColumn<int>("fallbacks");
        QTest::newRow("v2.7.1 debug tree") << "mlp-cuda-templates-v2.7.1/debug-tree" << 3 << 0;
        QTest::newRow("v2.6 lone output_code.py") << "lenet-cuda-triton-v2.6/output_code.py" << 8 << 3;
    }

    void realSampleAgainstItself()
    {
        QFETCH(QString, sample);
        QFETCH(int, triton);
        QFETCH(int, fallbacks);
        const QString path = testutil::realSample(sample);
        if (!QFileInfo::exists(path))
            QSKIP("real samples are not beside the repo");
        std::string error;
        const std::optional<Index> index = buildIndex(path.toStdString(), {}, error);
        QVERIFY2(index, error.c_str());
        const CompareResult result = compareIndexes(*index, *index, {});
        QCOMPARE(result.graphs.size(), std::size_t(1));
        const GraphDiff& diff = result.graphs[0];
        QCOMPARE(diff.status, PairStatus::Matched);
        QCOMPARE(count(diff.countsA, Backend::Triton), triton);
        QCOMPARE(diff.countsA, diff.countsB);
        QCOMPARE(diff.fusions.size(), std::size_t(triton));
        for (const FusionDiff& fusion : diff.fusions) {
            QCOMPARE(fusion.a->name, fusion.b->name);
            QVERIFY(fusion.changes.empty());
        }
        QCOMPARE(int(index->runs[0].graphs[0].outputCode->fallbacks.size()), fallbacks);
        QVERIFY(diff.fallbacksAdded.empty());
        QVERIFY(diff.fallbacksRemoved.empty());
        QVERIFY(!diff.regression);
        QCOMPARE(result.summary.regressions, 0);
    }

    void sameGraphKeyTwicePairsInOrder()
    {
        const Index a = makeIndex("/a",
            { run("run_a", 1,
                { graph("model__0_inference_0.0", code({ dvmKernel("dvm_fused_add_0", 1) })),
                    graph("model__0_inference_0.1", code({})) }) });
        const Index b = makeIndex("/b",
            { run("run_b", 2,
                { graph("model__0_inference_0.4", code({ dvmKernel("dvm_fused_add_0", 1) })),
                    graph("model__0_inference_0.5", code({})) }) });
        const CompareResult result = compareIndexes(a, b, {});
        QCOMPARE(result.graphs.size(), std::size_t(2));
        QCOMPARE(result.graphs[0].b->name, std::string("model__0_inference_0.4"));
        QCOMPARE(result.graphs[1].b->name, std::string("model__0_inference_0.5"));
        QCOMPARE(result.summary.regressions, 0);
    }

    void severalRunsPairByRank()
    {
        const Index a = makeIndex("/a",
            { run("run_2026_07_20_10_00_00_000000-pid_100", 100,
                  { graph("model__0_inference_0.0", code({ dvmKernel("dvm_fused_add_0", 1) })) }),
                run("run_2026_07_20_11_00_00_000000-pid_200", 200,
                    { graph("model__0_inference_0.0", code({})) }),
                run("run_2026_07_20_12_00_00_000000-pid_300", 300,
                    { graph("model__0_inference_0.0", code({})) }) });
        const Index b = makeIndex("/b",
            { run("run_2026_07_21_10_00_00_000000-pid_400", 400,
                  { graph("model__0_inference_0.0", code({})) }),
                run("run_2026_07_21_11_00_00_000000-pid_500", 500,
                    { graph("model__0_inference_0.0", code({ dvmKernel("dvm_fused_add_0", 1) })) }) });
        const CompareResult result = compareIndexes(a, b, {});
        QCOMPARE(result.runs.size(), std::size_t(3));
        QCOMPARE(result.runs[0].a, std::optional<std::size_t>(0));
        QCOMPARE(result.runs[0].b, std::optional<std::size_t>(0));
        QCOMPARE(result.runs[2].a, std::optional<std::size_t>(2));
        QCOMPARE(result.runs[2].b, std::optional<std::size_t>());
        QCOMPARE(result.runs[1].nameA, std::string("run_2026_07_20_11_00_00_000000-pid_200"));
        QCOMPARE(result.runs[1].nameB, std::string("run_2026_07_21_11_00_00_000000-pid_500"));
        QCOMPARE(result.runs[2].nameB, std::string());
        QCOMPARE(result.graphs.size(), std::size_t(3));
        QCOMPARE(result.graphs[0].key,
            std::string("run_2026_07_20_10_00_00_000000-pid_100|run_2026_07_21_10_00_00_000000-pid_400/"
                        "model__0_inference_0"));
        QVERIFY(result.graphs[0].regression);
        QCOMPARE(result.graphs[0].a->run, std::size_t(0));
        QCOMPARE(result.graphs[1].b->run, std::size_t(1));
        QVERIFY(!result.graphs[1].regression);
        QCOMPARE(result.graphs[2].key,
            std::string("run_2026_07_20_12_00_00_000000-pid_300|/model__0_inference_0"));
        QCOMPARE(result.graphs[2].status, PairStatus::OnlyA);
        QCOMPARE(result.graphs[2].a->run, std::size_t(2));
        QCOMPARE(result.summary.regressions, 1);

        // Naming one run per side pairs exactly those, and keys lose the run prefix.
        CompareOptions options;
        options.runA = 0;
        options.runB = 1;
        const CompareResult chosen = compareIndexes(a, b, options);
        QCOMPARE(chosen.runs.size(), std::size_t(1));
        QCOMPARE(chosen.graphs.size(), std::size_t(1));
        QCOMPARE(chosen.graphs[0].key, std::string("model__0_inference_0"));
        QCOMPARE(chosen.graphs[0].b->run, std::size_t(1));
        QCOMPARE(chosen.summary.regressions, 0);

        // An out-of-range selection keeps no run of that side.
        options.runB = 9;
        const CompareResult none = compareIndexes(a, b, options);
        QCOMPARE(none.graphs.size(), std::size_t(1));
        QCOMPARE(none.graphs[0].status, PairStatus::OnlyA);
    }

    // Trace logs know their rank, and two jobs' ranks start in different orders: runs pair by rank,
    // never across two known ranks, except when each side is one run (two ranks' logs compared).
    void rankedRunsPairByRank()
    {
        const auto ranked = [](std::string name, std::int64_t pid, std::int64_t rank) {
            Run result = run(std::move(name), pid, { graph("model__0_inference_0.0", code({})) });
            result.rank = rank;
            return result;
        };
        const Index a = makeIndex("/a",
            { ranked("dedicated_log_torch_trace_rank_1_a.log", 101, 1),
                ranked("dedicated_log_torch_trace_rank_0_a.log", 100, 0),
                ranked("dedicated_log_torch_trace_rank_3_a.log", 103, 3) });
        const Index b = makeIndex("/b",
            { ranked("dedicated_log_torch_trace_rank_0_b.log", 200, 0),
                ranked("dedicated_log_torch_trace_rank_1_b.log", 201, 1),
                ranked("dedicated_log_torch_trace_rank_2_b.log", 202, 2) });
        const CompareResult result = compareIndexes(a, b, {});
        QCOMPARE(result.runs.size(), std::size_t(4));
        QCOMPARE(result.runs[0].a, std::optional<std::size_t>(0));
        QCOMPARE(result.runs[0].b, std::optional<std::size_t>(1));
        QCOMPARE(result.runs[1].a, std::optional<std::size_t>(1));
        QCOMPARE(result.runs[1].b, std::optional<std::size_t>(0));
        QCOMPARE(result.runs[2].a, std::optional<std::size_t>(2));
        QCOMPARE(result.runs[2].b, std::optional<std::size_t>());
        QCOMPARE(result.runs[3].a, std::optional<std::size_t>());
        QCOMPARE(result.runs[3].b, std::optional<std::size_t>(2));
        QCOMPARE(result.runs[3].nameB, std::string("dedicated_log_torch_trace_rank_2_b.log"));
        QCOMPARE(result.summary.onlyA, 1);
        QCOMPARE(result.summary.onlyB, 1);

        // A run without a rank still pairs by position, with a ranked run too.
        Index unranked = b;
        unranked.runs[2].rank.reset();
        const CompareResult mixed = compareIndexes(a, unranked, {});
        QCOMPARE(mixed.runs.size(), std::size_t(3));
        QCOMPARE(mixed.runs[2].a, std::optional<std::size_t>(2));
        QCOMPARE(mixed.runs[2].b, std::optional<std::size_t>(2));

        // Rank 0 against rank 1, one log a side: compared with each other.
        CompareOptions options;
        options.runA = 1;
        options.runB = 1;
        const CompareResult chosen = compareIndexes(a, b, options);
        QCOMPARE(chosen.runs.size(), std::size_t(1));
        QCOMPARE(chosen.runs[0].a, std::optional<std::size_t>(1));
        QCOMPARE(chosen.runs[0].b, std::optional<std::size_t>(1));
        QCOMPARE(chosen.summary.matched, 1);
    }

    // 3 graphs × 8 ranks of regression rows summed by key: "regressed on 8/8 ranks".
    void regressionsSumByKeyOverRanks()
    {
        CompareResult result;
        for (int rank = 0; rank < 8; ++rank) {
            for (const char* key : { "model__0_forward_1", "model__0_backward_2", "model__1_inference_3" }) {
                GraphDiff diff;
                diff.key = key;
                // The backward graph regressed on ranks 0-2 only; the inference one never.
                diff.regression = std::string(key) == "model__0_forward_1"
                    || (std::string(key) == "model__0_backward_2" && rank < 3);
                result.graphs.push_back(diff);
            }
        }
        GraphDiff lone;
        lone.key = "model__2_forward_4";
        lone.regression = true;
        result.graphs.push_back(lone);
        const std::vector<KeyRegression> keys = regressionsByKey(result);
        QCOMPARE(keys.size(), std::size_t(3));
        QCOMPARE(keys[0].key, std::string("model__0_forward_1"));
        QCOMPARE(keys[0].regressed, 8);
        QCOMPARE(keys[0].pairs, 8);
        QCOMPARE(keys[1].key, std::string("model__0_backward_2"));
        QCOMPARE(keys[1].regressed, 3);
        QCOMPARE(keys[1].pairs, 8);
        QCOMPARE(keys[2].regressed, 1);
        QCOMPARE(keys[2].pairs, 1);
        QVERIFY(regressionsByKey(CompareResult {}).empty());
    }

    void findRunByNamePidOrPrefix()
    {
        const Index tree = makeIndex("/tree",
            { run("run_2026_07_20_10_00_00_000000-pid_100", 100, {}),
                run("run_2026_07_20_11_00_00_000000-pid_200", 200, {}),
                run("run_2026_07_21_09_00_00_000000-pid_1000", 1000, {}) });
        std::string error;
        QCOMPARE(
            findRun(tree, "run_2026_07_20_11_00_00_000000-pid_200", error), std::optional<std::size_t>(1));
        QCOMPARE(findRun(tree, "100", error), std::optional<std::size_t>(0));
        QCOMPARE(findRun(tree, "1000", error), std::optional<std::size_t>(2));
        QCOMPARE(findRun(tree, "run_2026_07_21", error), std::optional<std::size_t>(2));
        QVERIFY(error.empty());

        QCOMPARE(findRun(tree, "run_2026_07_20", error), std::optional<std::size_t>());
        QCOMPARE(error, std::string("run 'run_2026_07_20' is ambiguous in /tree (2 runs match this prefix)"));
        QCOMPARE(findRun(tree, "777", error), std::optional<std::size_t>());
        QCOMPARE(error, std::string("no run '777' in /tree"));
        QCOMPARE(findRun(tree, "", error), std::optional<std::size_t>());
        QCOMPARE(error, std::string("no run '' in /tree"));
    }

    void dvmKernelChangeStrings()
    {
        Kernel a = dvmKernel("dvm_fused_add_mul_relu_0_build", 10);
        Kernel b = a;
        QVERIFY(dvmKernelChanges(a, b).empty());

        b.ktype = "spec";
        b.dynShape = true;
        b.ops = { "mul", "add", "sum", "sum" };
        b.inputs[0].op = "view_load";
        b.inputs[1].shape = std::vector<std::int64_t> { -1, 128 };
        b.inputs[1].dtype = "bfloat16";
        b.inputs.push_back(DvmInput { "s0", "scalar", std::nullopt, std::nullopt, "int64" });
        b.outputs[0].dtype = std::nullopt;
        b.outputs.push_back(DvmOutput { "sum_1", "float32" });
        QCOMPARE(qt(dvmKernelChanges(a, b)),
            (QStringList { u"ktype: vector → spec"_s, u"dyn_shape: false → true"_s,
                u"ops: +sum +sum -maximum"_s, u"inputs: 2 → 3"_s, u"input 0 op: load → view_load"_s,
                u"input 1 shape: [128, 128] → [-1, 128]"_s, u"input 1 dtype: float32 → bfloat16"_s,
                u"outputs: 1 → 2"_s, u"output 0 dtype: float32 → none"_s }));

        // Output shapes (from the launch sites) change only when known on both sides.
        Kernel c = a;
        Kernel d = a;
        d.outputs[0].shape = std::vector<std::int64_t> { 2, 1024 };
        QVERIFY(dvmKernelChanges(c, d).empty());
        c.outputs[0].shape = std::vector<std::int64_t> { 2, -1 };
        QCOMPARE(qt(dvmKernelChanges(c, d)), (QStringList { u"output 0 shape: [2, -1] → [2, 1024]"_s }));
    }

    void ktypeAndDynShapeChangesAreNoRegression()
    {
        Kernel changed = dvmKernel("dvm_fused_add_mul_relu_0", 12, "spec", true);
        changed.inputs[0].shape = std::vector<std::int64_t> { -1, 128 };
        const Index b = singleGraph("/b", graph("model__0_forward_1.0", code({ changed })));
        const Index a = singleGraph(
            "/a", graph("model__0_forward_1.0", code({ dvmKernel("dvm_fused_add_mul_relu_0", 12) })));
        const GraphDiff diff = compareIndexes(a, b, {}).graphs[0];
        QVERIFY(!diff.regression);
        QCOMPARE(diff.fusions.size(), std::size_t(1));
        QCOMPARE(qt(diff.fusions[0].changes),
            (QStringList { u"ktype: vector → spec"_s, u"dyn_shape: false → true"_s,
                u"input 0 shape: [128, 128] → [-1, 128]"_s }));
        QVERIFY(diff.dvmOnlyA.empty());
        QVERIFY(diff.dvmOnlyB.empty());
    }

    void fewerDvmKernelsIsARegression()
    {
        const Index a = singleGraph("/a",
            graph("model__0_forward_1.0",
                code({ dvmKernel("dvm_fused_add_mul_relu_0", 10),
                    dvmKernel("dvm_fused_clamp_min_mul_1", 30) })));
        const Index b = singleGraph("/b",
            graph("model__0_forward_1.0",
                code({ dvmKernel("dvm_fused_add_mul_relu_0", 10),
                    kernel("dvm_fused_clamp_min_mul_1", 30, Backend::ImportFx) })));
        const GraphDiff diff = compareIndexes(a, b, {}).graphs[0];
        QCOMPARE(diff.dvmEngagedB, std::optional<bool>(true));
        QVERIFY(diff.regression);
        QCOMPARE(diff.fusions[1].key, std::string("fused_clamp_min_mul"));
        QCOMPARE(diff.fusions[1].b->backend, Backend::ImportFx);
        QCOMPARE(qt(diff.dvmOnlyA), QStringList { u"dvm_fused_clamp_min_mul_1"_s });
        QCOMPARE(count(diff.countsB, Backend::ImportFx), 1);

        // More DVM kernels in B is not a regression.
        QVERIFY(!compareIndexes(b, a, {}).graphs[0].regression);
    }

    void fallbacksAsMultisetDifference()
    {
        const Index a = singleGraph("/a",
            graph("model__0_forward_1.0",
                code({},
                    { fallback("aten.mm.default"), fallback("aten.mm.default"), fallback("aten.mm.default"),
                        fallback("extern_kernels.addmm") })));
        const Index b = singleGraph("/b",
            graph("model__0_forward_1.0",
                code({},
                    { fallback("npu.npu_fusion_attention.default"), fallback("aten.mm.default"),
                        fallback("aten.mm.default"), fallback("aten.mm.default"), fallback("aten.mm.default"),
                        fallback("aten.mm.default") })));
        const GraphDiff diff = compareIndexes(a, b, {}).graphs[0];
        QCOMPARE(qt(diff.fallbacksAdded),
            (QStringList {
                u"aten.mm.default"_s, u"aten.mm.default"_s, u"npu.npu_fusion_attention.default"_s }));
        QCOMPARE(qt(diff.fallbacksRemoved), QStringList { u"extern_kernels.addmm"_s });
        QVERIFY(!diff.regression);
    }

    void sideWithoutOutputCodeIsNotJudged()
    {
        const Index a = singleGraph("/a",
            graph("model__0_forward_1.0",
                code({ dvmKernel("dvm_fused_add_mul_relu_0", 40),
                         kernel("triton_poi_fused_sum_1", 80, Backend::Triton) },
                    { fallback("aten.mm.default") })));
        const Index b = singleGraph("/b", graph("model__0_forward_1.0", std::nullopt));
        const GraphDiff diff = compareIndexes(a, b, {}).graphs[0];
        QCOMPARE(diff.status, PairStatus::Matched);
        QCOMPARE(diff.dvmEngagedB, std::optional<bool>());
        QVERIFY(!diff.countsB);
        QVERIFY(!diff.b->outputCodePath);
        QVERIFY(!diff.regression);
        // Contents unknown on B: nothing is "only in A", but A's kernels stay listed to jump to.
        QVERIFY(diff.dvmOnlyA.empty());
        QVERIFY(diff.fallbacksRemoved.empty());
        QCOMPARE(diff.fusions.size(), std::size_t(2));
        QVERIFY(!diff.fusions[0].b);
        QCOMPARE(diff.fusions[0].a->line, 40);
        QCOMPARE(
            QString::fromStdString(compareToText(compareIndexes(a, b, {}))).section(QLatin1Char('\n'), 8),
            QString::fromUtf8("matched  model__0_forward_1  DVM engaged → no output_code.py\n"
                              "    kernels: dvm 1, triton 1\n"));
    }

    void fusionsPairInOrderAndAcrossTheTritonCut()
    {
        OutputCode a = code({ dvmKernel("dvm_fused_add_0_build", 10, "vector"),
            dvmKernel("dvm_fused_add_1_build", 20, "spec"),
            dvmKernel("dvm_fused__softmax_div_eq_masked_fill_matmul_ones_tril_2_build", 30) });
        OutputCode b = code({ kernel("triton_poi_fused__softmax_div_eq_masked_fill_m_0", 5, Backend::Triton),
            dvmKernel("dvm_fused_add_1_build", 50, "vector"),
            dvmKernel("dvm_fused_add_2_build", 60, "vector"),
            kernel("triton_poi_fused_new_3", 70, Backend::Triton) });
        const std::vector<FusionDiff> fusions = compareFusions(&a, &b);
        QCOMPARE(fusions.size(), std::size_t(4));
        QCOMPARE(fusions[0].b->line, 50);
        QVERIFY(fusions[0].changes.empty());
        QCOMPARE(fusions[1].b->line, 60);
        QCOMPARE(qt(fusions[1].changes), QStringList { u"ktype: spec → vector"_s });
        QCOMPARE(fusions[2].key, std::string("fused__softmax_div_eq_masked_fill_matmul_ones_tril"));
        QCOMPARE(fusions[2].b->name, std::string("triton_poi_fused__softmax_div_eq_masked_fill_m_0"));
        QCOMPARE(fusions[3].key, std::string("fused_new"));
        QVERIFY(!fusions[3].a);
        QCOMPARE(fusions[3].b->kernel, std::size_t(3));

        QVERIFY(compareFusions(nullptr, nullptr).empty());
        QCOMPARE(compareFusions(&a, nullptr).size(), std::size_t(3));
    }

    void jsonKeysInOrderWithNulls()
    {
        const Index a = makeIndex("/a",
            { run("run_a", 1,
                { graph("model__0_forward_1.0",
                      code({ dvmKernel("dvm_fused_add_mul_relu_0", 10), dvmKernel("dvm_fused_mul_1", 20) },
                          { fallback("aten.mm.default") })),
                    graph("model__0_backward_2.1", code({ dvmKernel("dvm_fused_mul_0", 10) })) }) });
        const Index b = makeIndex("/b",
            { run("run_b", 2,
                { graph("model__0_forward_1.0",
                      code({ dvmKernel("dvm_fused_add_mul_relu_0", 10, "spec"),
                               kernel("triton_poi_fused_mul_1", 30, Backend::Triton) },
                          { fallback("aten.mm.default"), fallback("aten.mm.default") })),
                    graph("model__2_inference_4.1", std::nullopt) }) });
        const std::string text = compareToJson(compareIndexes(a, b, {}));
        QVERIFY(text.ends_with("}\n"));
        const auto json = nlohmann::ordered_json::parse(text);
        QCOMPARE(keysOf(json),
            (QStringList { u"schema"_s, u"a"_s, u"b"_s, u"graphs"_s, u"summary"_s, u"compile_changes"_s }));
        QVERIFY(json["compile_changes"].is_null()); // no trace logs: no compile side
        QVERIFY(json["schema"] == "dvmlens.compare/1");
        QVERIFY(json["a"] == "/a");
        QVERIFY(json["b"] == "/b");
        QCOMPARE(json["graphs"].size(), std::size_t(3));
        const QStringList graphKeys { u"key"_s, u"a"_s, u"b"_s, u"status"_s, u"dvm_engaged"_s, u"counts"_s,
            u"fallbacks"_s, u"dvm_only_a"_s, u"dvm_only_b"_s, u"fusions"_s, u"regression"_s, u"split_from"_s,
            u"compile_changes"_s, u"why_changes"_s, u"same_code_hash"_s };
        for (const auto& graph : json["graphs"])
            QCOMPARE(keysOf(graph), graphKeys);

        const auto& matched = json["graphs"][0];
        QVERIFY(matched["key"] == "model__0_forward_1");
        QVERIFY(matched["a"] == "/runs/model__0_forward_1.0");
        QVERIFY(matched["status"] == "matched");
        QCOMPARE(keysOf(matched["dvm_engaged"]), (QStringList { u"a"_s, u"b"_s }));
        QVERIFY(matched["dvm_engaged"]["a"] == true);
        QVERIFY(matched["dvm_engaged"]["b"] == true);
        QCOMPARE(keysOf(matched["counts"]["a"]),
            (QStringList { u"dvm"_s, u"import_fx"_s, u"triton"_s, u"cpp"_s, u"mlir"_s, u"akg"_s, u"mps"_s,
                u"other"_s }));
        QVERIFY(matched["counts"]["a"]["dvm"] == 2);
        QVERIFY(matched["counts"]["b"]["dvm"] == 1);
        QVERIFY(matched["counts"]["b"]["triton"] == 1);
        QCOMPARE(keysOf(matched["fallbacks"]), (QStringList { u"added"_s, u"removed"_s }));
        QVERIFY(matched["fallbacks"]["added"] == nlohmann::ordered_json::array({ "aten.mm.default" }));
        QVERIFY(matched["fallbacks"]["removed"] == nlohmann::ordered_json::array());
        QVERIFY(matched["dvm_only_a"] == nlohmann::ordered_json::array({ "dvm_fused_mul_1" }));
        QVERIFY(matched["dvm_only_b"] == nlohmann::ordered_json::array());
        QCOMPARE(matched["fusions"].size(), std::size_t(2));
        QCOMPARE(keysOf(matched["fusions"][0]), (QStringList { u"key"_s, u"a"_s, u"b"_s, u"changes"_s }));
        QVERIFY(matched["fusions"][0]["key"] == "fused_add_mul_relu");
        QVERIFY(matched["fusions"][0]["a"] == "dvm");
        QVERIFY(
            matched["fusions"][0]["changes"] == nlohmann::ordered_json::array({ "ktype: vector → spec" }));
        QVERIFY(matched["fusions"][1]["b"] == "triton");
        QVERIFY(matched["regression"] == true);

        const auto& onlyA = json["graphs"][1];
        QVERIFY(onlyA["status"] == "only_a");
        QVERIFY(onlyA["b"].is_null());
        QVERIFY(onlyA["dvm_engaged"]["b"].is_null());
        QVERIFY(onlyA["counts"]["b"].is_null());
        QVERIFY(onlyA["fusions"][0]["b"].is_null());
        QVERIFY(onlyA["regression"] == false);

        const auto& onlyB = json["graphs"][2];
        QVERIFY(onlyB["key"] == "model__2_inference_4");
        QVERIFY(onlyB["status"] == "only_b");
        QVERIFY(onlyB["a"].is_null());
        QVERIFY(onlyB["b"] == "/runs/model__2_inference_4.1");
        QVERIFY(onlyB["dvm_engaged"]["b"].is_null());
        QVERIFY(onlyB["counts"]["a"].is_null());
        QVERIFY(onlyB["counts"]["b"].is_null());
        QVERIFY(onlyB["fusions"] == nlohmann::ordered_json::array());

        QCOMPARE(keysOf(json["summary"]),
            (QStringList { u"graphs"_s, u"matched"_s, u"regressions"_s, u"dvm_engaged"_s, u"verdict"_s }));
        QVERIFY(json["summary"]["graphs"] == 3);
        QVERIFY(json["summary"]["matched"] == 1);
        QVERIFY(json["summary"]["regressions"] == 1);
        QVERIFY(json["summary"]["dvm_engaged"]["a"] == 2);
        QVERIFY(json["summary"]["dvm_engaged"]["b"] == 1);
    }

    void jsonOfAnEmptyComparison()
    {
        const std::string text =
            compareToJson(compareIndexes(makeIndex("/a", {}), makeIndex("/b", {}), {}), -1);
        QCOMPARE(text,
            std::string(
                "{\"schema\":\"dvmlens.compare/1\",\"a\":\"/a\",\"b\":\"/b\",\"graphs\":[],\"summary\":"
                "{\"graphs\":0,\"matched\":0,\"regressions\":0,\"dvm_engaged\":{\"a\":0,\"b\":0},"
                "\"verdict\":{\"a\":\"no code\",\"b\":\"no code\"}},\"compile_changes\":null}\n"));
    }

    void textSummaryListsRegressionsFirst()
    {
        const Index a = makeIndex("/a",
            { run("run_a", 1,
                { graph(
                      "model__0_forward_1.0", code({ kernel("triton_poi_fused_add_0", 5, Backend::Triton) })),
                    graph("model__0_backward_2.1",
                        code({ dvmKernel("dvm_fused_add_mul_relu_0", 10), dvmKernel("dvm_fused_mul_1", 20),
                                 dvmKernel("dvm_fused_sum_2", 30) },
                            { fallback("aten.mm.default"), fallback("extern_kernels.addmm") })),
                    graph("model__1_inference_3.2", code({ dvmKernel("dvm_fused_add_0", 10) })) }) });
        const Index b = makeIndex("/b",
            { run("run_b", 2,
                { graph(
                      "model__0_forward_1.0", code({ kernel("triton_poi_fused_add_0", 5, Backend::Triton) })),
                    graph("model__0_backward_5.4",
                        code({ dvmKernel("dvm_fused_add_mul_relu_0", 10, "vector", true),
                                 kernel("triton_poi_fused_mul_1", 20, Backend::Triton),
                                 kernel("triton_poi_fused_exp_2", 20, Backend::Triton) },
                            { fallback("aten.mm.default"), fallback("aten.mm.default"),
                                fallback("aten.mm.default") })),
                    graph("model__2_inference_4.3", std::nullopt) }) });
        const std::string text = compareToText(compareIndexes(a, b, {}));
        QCOMPARE(QString::fromStdString(text),
            QString::fromUtf8(
                "A: /a\n"
                "B: /b\n"
                "runs: run_a ↔ run_b\n"
                "4 graphs: 2 matched, 1 only in A, 1 only in B\n"
                "DVM engaged: 2 graphs in A, 1 in B\n"
                "verdict: A partly 2/3, B partly 1/2\n"
                "regressions: 1 (not counted: 1 graph only in A that used DVM)\n"
                "\n"
                "REGRESSION  model__0_backward_2  DVM engaged → DVM engaged\n"
                "    folders: model__0_backward_2.1 → model__0_backward_5.4\n"
                "    kernels: dvm 3 → 1 (-2), triton 0 → 2 (+2)\n"
                "    changed: fused_add_mul_relu (dvm_fused_add_mul_relu_0): dyn_shape: false → true\n"
                "    moved: fused_mul dvm → triton (dvm_fused_mul_1 → triton_poi_fused_mul_1)\n"
                "    gone: fused_sum (dvm, dvm_fused_sum_2)\n"
                "    new: fused_exp (triton, triton_poi_fused_exp_2)\n"
                "    fallbacks: +aten.mm.default ×2, -extern_kernels.addmm\n"
                "\n"
                "matched  model__0_forward_1  not engaged → not engaged\n"
                "\n"
                "only in A  model__1_inference_3  DVM engaged\n"
                "    kernels: dvm 1\n"
                "\n"
                "only in B  model__2_inference_4  no output_code.py\n"));
    }

    void pairStatusNames()
    {
        QCOMPARE(pairStatusName(PairStatus::Matched), std::string_view("matched"));
        QCOMPARE(pairStatusName(PairStatus::OnlyA), std::string_view("only_a"));
        QCOMPARE(pairStatusName(PairStatus::OnlyB), std::string_view("only_b"));
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
