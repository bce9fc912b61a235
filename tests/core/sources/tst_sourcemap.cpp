// SPDX-License-Identifier: MIT
// Model sources: each source of a kernel's or fallback's FX nodes on a fixture tree of two ranks
// (DVM docstrings with `# File:` lines, Triton comment blocks, debug handles, both provenance JSONs,
// node names), library frames, the sum by location worst first, and the real 2.7.1 debug tree.
#include "core/index/indexer.h"
#include "core/json/sourcesjson.h"
#include "core/sources/fxgraphtext.h"
#include "core/sources/inductorcomments.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "testutil.h"

#include <QTest>

using namespace dvmlens;

namespace {

Index indexOf(const std::string& path)
{
    std::string error;
    std::optional<Index> index = buildIndex(path, IndexOptions {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    return std::move(*index);
}

QString shown(const SourceMap& map, std::size_t run, bool fallback, std::size_t item)
{
    QStringList list;
    for (const SourceFrame* frame : itemFrames(map, SourceItemRef { run, 0, fallback, item }))
        list << QString::fromStdString(shortLocation(*frame));
    return list.join(QLatin1Char(','));
}

QString evidence(const SourceMap& map, std::size_t run, bool fallback, std::size_t item)
{
    const GraphSources& graph = map.graphs[run][0];
    const ItemSources& sources = fallback ? graph.fallbacks[item] : graph.kernels[item];
    return QString::fromLatin1(sourceEvidenceName(sources.evidence).data());
}

const SourceLocationSummary* find(const SourceSummary& summary, const char* location)
{
    for (const SourceLocationSummary& row : summary.locations) {
        if (shortLocation(row.frame) == location)
            return &row;
    }
    return nullptr;
}

} // namespace

class TestSourceMap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fileComment()
    {
        const auto frame = parseFileComment(
            "         # File: /w/a:b/layers.py:113 in forward, code: x = f(y, z)  # in place, code: no");
        QVERIFY(frame);
        QCOMPARE(frame->file, std::string("/w/a:b/layers.py"));
        QCOMPARE(frame->line, 113);
        QCOMPARE(frame->function, std::string("forward"));
        QCOMPARE(frame->code, std::string("x = f(y, z)  # in place, code: no"));
        QVERIFY(!frame->library);
        QVERIFY(parseFileComment("# File: /x/site-packages/torch/nn/functional.py:2929 in rms_norm, code: r")
                    ->library);
        QVERIFY(parseFileComment("# File: /x/torch_npu/ops.py:1 in f, code: r")->library);
        QVERIFY(!parseFileComment("# File: /x/torchtitan/torch.py:1 in f, code: r")->library);
        QVERIFY(!parseFileComment("# File: nowhere in f, code: r"));
        QVERIFY(!parseFileComment("# Files: /x.py:1 in f"));
    }

    void comments()
    {
        const InductorComments parsed = parseInductorComments({ "# kernel path: /tmp/x.py",
            "# Topologically Sorted Source Nodes: [x_norm, x_mod], Original ATen: [aten.mul]",
            "# Source node to ATen node mapping:", "#   x_norm => add, mean", "#    => mm_default",
            "# Graph fragment:", "#   %arg0 : Tensor \"f32[4]\" = PlaceHolder[target=arg0]",
            "#   %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%a,), kwargs "
            "= {})",
            "#   return %mul", "            # [Provenance debug handles] extern_kernels.bmm:1" });
        QCOMPARE(parsed.sourceNodes, (std::vector<std::string> { "x_norm", "x_mod" }));
        QCOMPARE(parsed.atenNodes, (std::vector<std::string> { "add", "mean", "mm_default", "mul" }));
        QCOMPARE(parsed.debugHandles, (std::vector<std::string> { "extern_kernels.bmm:1" }));
    }

    void commentsAboveSkipStreamLookupAndBlankLines()
    {
        const TextLines lines(
            "# Source Nodes: [a]\n\nk = async_compile.triton(...)\n    x = 1\n"
            "    # Topologically Sorted Source Nodes: [b]\n    stream0 = get_raw_stream(0)\n"
            "    k.run(x, stream=stream0)\n    # c\n    y = 2\n    z = f(y)\n");
        QCOMPARE(lines.count(), 10);
        QCOMPARE(lines.commentsAbove(3), (std::vector<std::string_view> { "# Source Nodes: [a]" }));
        QCOMPARE(lines.commentsAbove(7),
            (std::vector<std::string_view> { "# Topologically Sorted Source Nodes: [b]" }));
        QVERIFY(lines.commentsAbove(10).empty()); // a code line between ends it
        QVERIFY(lines.commentsAbove(1).empty());
    }

    void eachSourceOnTheFixtureTree()
    {
        const Index index = indexOf(testutil::fixturePath(QStringLiteral("sources/torch_compile_debug")));
        QCOMPARE(index.runs.size(), std::size_t(2));
        const SourceMap map = buildSourceMap(index, 2);
        QVERIFY(map.diagnostics.empty());
        const OutputCode& code = *index.runs[0].graphs[0].outputCode;
        QCOMPARE(code.kernels.size(), std::size_t(6));
        QCOMPARE(code.fallbacks.size(), std::size_t(4));
        // DVM builder: both docstring frames, the model one shown.
        QCOMPARE(evidence(map, 0, false, 0), QStringLiteral("docstring"));
        QCOMPARE(map.graphs[0][0].kernels[0].frames.size(), std::size_t(2));
        QCOMPARE(shown(map, 0, false, 0), QStringLiteral("layers.py:113"));
        // Only a library frame: shown, marked.
        QCOMPARE(shown(map, 0, false, 1), QStringLiteral("functional.py:2929"));
        QVERIFY(itemFrames(map, { 0, 0, false, 1 }).front()->library);
        // import_fx docstring without `# File:` lines: its nodes in the FX graph files.
        QCOMPARE(evidence(map, 0, false, 2), QStringLiteral("fx-graph-readable"));
        QCOMPARE(shown(map, 0, false, 2), QStringLiteral("layers.py:118"));
        QCOMPARE(map.graphs[0][0].kernels[2].nodes, (std::vector<std::string> { "view_1", "silu" }));
        // Triton comment block above the definition.
        QCOMPARE(evidence(map, 0, false, 3), QStringLiteral("triton-comment"));
        QCOMPARE(shown(map, 0, false, 3), QStringLiteral("layers.py:120"));
        // Triton kernel JSON: its node has no stack trace; its pre-grad node's sibling has.
        QCOMPARE(evidence(map, 0, false, 4), QStringLiteral("provenance-json"));
        QCOMPARE(shown(map, 0, false, 4), QStringLiteral("layers.py:118"));
        // Nothing names it.
        QCOMPARE(evidence(map, 0, false, 5), QStringLiteral("none"));
        QCOMPARE(shown(map, 0, false, 5), QString());
        // Fallbacks: debug handle in the node mappings; source node through preToPost; node name.
        QCOMPARE(evidence(map, 0, true, 0), QStringLiteral("debug-handle"));
        QCOMPARE(shown(map, 0, true, 0), QStringLiteral("layers.py:118"));
        QCOMPARE(evidence(map, 0, true, 1), QStringLiteral("triton-comment"));
        QCOMPARE(shown(map, 0, true, 1), QStringLiteral("layers.py:120"));
        QCOMPARE(evidence(map, 0, true, 2), QStringLiteral("node-name"));
        QCOMPARE(shown(map, 0, true, 2), QStringLiteral("layers.py:121"));
        QCOMPARE(evidence(map, 0, true, 3), QStringLiteral("none"));
        // Rank 1: the graph fragment's ATen nodes; a fallback whose comment names no known node.
        QCOMPARE(evidence(map, 1, false, 0), QStringLiteral("triton-comment"));
        QCOMPARE(shown(map, 1, false, 0), QStringLiteral("layers.py:113"));
        QCOMPARE(map.graphs[1][0].kernels[0].nodes, (std::vector<std::string> { "add_2", "mul_2" }));
        QCOMPARE(evidence(map, 1, true, 0), QStringLiteral("node-name"));
        QCOMPARE(shown(map, 1, true, 0), QStringLiteral("layers.py:118"));
    }

    void summedByLocationWorstFirst()
    {
        const Index index = indexOf(testutil::fixturePath(QStringLiteral("sources/torch_compile_debug")));
        const SourceMap map = buildSourceMap(index);
        const SourceSummary summary = summarizeSources(index, map);
        QStringList order;
        for (const SourceLocationSummary& row : summary.locations)
            order << QString::fromStdString(shortLocation(row.frame));
        QCOMPARE(order,
            QStringList({ QStringLiteral("layers.py:118"), QStringLiteral("layers.py:120"),
                QStringLiteral("layers.py:121"), QStringLiteral("layers.py:113"),
                QStringLiteral("functional.py:2929") }));
        const SourceLocationSummary* line118 = find(summary, "layers.py:118");
        QCOMPARE(line118->counts.kernels[std::size_t(Backend::ImportFx)], 1);
        QCOMPARE(line118->counts.kernels[std::size_t(Backend::Triton)], 1);
        QCOMPARE(line118->counts.fallbacks[std::size_t(FallbackKind::Aten)], 2);
        QCOMPARE(line118->graphs, 2);
        QCOMPARE(line118->runs, 2);
        QCOMPARE(line118->items.size(), std::size_t(4));
        const SourceLocationSummary* line113 = find(summary, "layers.py:113");
        QCOMPARE(line113->counts.dvmKernels(), 1);
        QCOMPARE(line113->counts.kernels[std::size_t(Backend::Triton)], 1);
        QCOMPARE(line113->counts.dvmShare().value(), 0.5);
        QCOMPARE(line113->frame.code, std::string("x_mod = (1 + scale) * x_norm + shift"));
        const SourceLocationSummary* library = find(summary, "functional.py:2929");
        QVERIFY(library->frame.library);
        QCOMPARE(library->counts.dvmKernels(), 1);
        QCOMPARE(summary.unattributed.kernels[std::size_t(Backend::Triton)], 1);
        QCOMPARE(summary.unattributed.fallbacks[std::size_t(FallbackKind::Npu)], 1);
        QCOMPARE(summary.kernelsByEvidence[std::size_t(SourceEvidence::Docstring)], 2);
        QCOMPARE(summary.fallbacksByEvidence[std::size_t(SourceEvidence::NodeName)], 2);
        // --all: library frames of items that also have model frames count too.
        const SourceSummary all = summarizeSources(index, map, true);
        QCOMPARE(find(all, "functional.py:2929")->counts.dvmKernels(), 2);
        QCOMPARE(find(all, "layers.py:113")->counts.dvmKernels(), 1);
    }

    void json()
    {
        const Index index = indexOf(testutil::fixturePath(QStringLiteral("sources/torch_compile_debug")));
        const SourceMap map = buildSourceMap(index);
        const nlohmann::ordered_json json = sourcesJson(index, summarizeSources(index, map));
        QCOMPARE(json["schema"].get<std::string>(), std::string("dvmlens.sources/1"));
        QStringList keys;
        for (auto it = json.begin(); it != json.end(); ++it)
            keys << QString::fromStdString(it.key());
        QCOMPARE(keys.join(QLatin1Char(',')), QStringLiteral("schema,root,sources,unattributed,evidence"));
        const auto& first = json["sources"][0];
        keys.clear();
        for (auto it = first.begin(); it != first.end(); ++it)
            keys << QString::fromStdString(it.key());
        QCOMPARE(keys.join(QLatin1Char(',')),
            QStringLiteral("file,line,function,code,library,kernels,fallbacks,graphs,runs,items"));
        QCOMPARE(first["file"].get<std::string>(), std::string("/workspace/model/layers.py"));
        QCOMPARE(first["line"].get<int>(), 118);
        QCOMPARE(first["kernels"]["import_fx"].get<int>(), 1);
        QCOMPARE(first["fallbacks"]["aten"].get<int>(), 2);
        const auto& item = first["items"][0];
        QCOMPARE(item.dump(),
            std::string(
                R"({"run":"run_2026_11_01_10_00_00_000000-pid_100","graph":"model__0_forward_1.0",)"
                R"("kind":"kernel","name":"dvm_fused_silu_view_2","backend":"import_fx","line":56})"));
        QCOMPARE(json["unattributed"]["kernels"]["triton"].get<int>(), 1);
        QCOMPARE(itemSourcesJson(map, { 0, 0, true, 2 }).dump(),
            std::string(R"([{"file":"/workspace/model/layers.py","line":121}])"));
        QCOMPARE(itemSourcesJson(map, { 0, 0, true, 3 }).dump(), std::string("[]"));
    }

    void realProvenanceTree()
    {
        const QString tree = testutil::realSample(QStringLiteral("mlp-cuda-templates-v2.7.1/debug-tree"));
        if (!QFileInfo::exists(tree))
            QSKIP("../shared/real-samples is absent");
        const Index index = indexOf(tree.toStdString());
        const SourceMap map = buildSourceMap(index);
        QVERIFY(map.diagnostics.empty());
        const OutputCode& code = *index.runs[0].graphs[0].outputCode;
        QCOMPARE(code.kernels.size(), std::size_t(3));
        for (std::size_t k = 0; k < 3; ++k)
            QCOMPARE(evidence(map, 0, false, k), QStringLiteral("provenance-json"));
        // mm_default has no stack trace: its pre-grad node x also made permute, at main.py:18.
        QCOMPARE(shown(map, 0, false, 0), QStringLiteral("main.py:18"));
        QCOMPARE(shown(map, 0, false, 1), QStringLiteral("main.py:19,main.py:18"));
        QCOMPARE(map.graphs[0][0].kernels[1].frames.size(), std::size_t(3)); // rms_norm in torch/ too
        QCOMPARE(shown(map, 0, false, 2), QStringLiteral("main.py:21,main.py:19,main.py:18"));
        const SourceSummary summary = summarizeSources(index, map);
        QCOMPARE(find(summary, "main.py:18")->counts.kernels[std::size_t(Backend::Triton)], 3);
        QVERIFY(!find(summary, "functional.py:2929"));
        QVERIFY(find(summarizeSources(index, map, true), "functional.py:2929"));
    }

    void realNpuFilesWithoutFxGraphs()
    {
        const QString file = testutil::realSample(QStringLiteral("npu-triton-68312512260/output_code.py"));
        if (!QFileInfo::exists(file))
            QSKIP("../shared/real-samples is absent");
        const Index index = indexOf(file.toStdString());
        const SourceMap map = buildSourceMap(index);
        // Nodes named by the comments, but no FX graph file beside them gives their lines.
        QCOMPARE(evidence(map, 0, true, 0), QStringLiteral("triton-comment"));
        QCOMPARE(map.graphs[0][0].fallbacks[0].nodes, (std::vector<std::string> { "convolution_backward" }));
        QCOMPARE(shown(map, 0, true, 0), QString());
        QCOMPARE(evidence(map, 0, false, 0), QStringLiteral("triton-comment"));
    }

    void realNpuCommentsAfterABlankLineAndAtTheLaunch()
    {
        const QString file = testutil::realSample(QStringLiteral("npu-triton-60869962735/output_code.py"));
        if (!QFileInfo::exists(file))
            QSKIP("../shared/real-samples is absent");
        const Index index = indexOf(file.toStdString());
        const SourceMap map = buildSourceMap(index);
        const GraphSources& graph = map.graphs[0][0];
        QCOMPARE(graph.kernels.size(), std::size_t(2));
        QCOMPARE(evidence(map, 0, false, 0), QStringLiteral("triton-comment"));
        QCOMPARE(graph.kernels[0].nodes, (std::vector<std::string> { "convert_element_type", "float_1" }));
        QCOMPARE(evidence(map, 0, true, 0), QStringLiteral("triton-comment"));
        QCOMPARE(graph.fallbacks[0].nodes, (std::vector<std::string> { "term2" }));
    }
};

QTEST_GUILESS_MAIN(TestSourceMap)
#include "tst_sourcemap.moc"
