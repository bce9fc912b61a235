// SPDX-License-Identifier: MIT
// Provenance mode in core: the lines each kernel and fallback covers in the FX graph, post-grad
// graph and output_code.py panes, and the way back from a line to its items, on the sources
// fixture (every kind of evidence), a graph with only DVM docstrings as its post-grad graph, a
// graph without fx_graph_readable.py, and the real 2.7.1 tree's provenance JSONs.
#include "core/index/indexer.h"
#include "core/io/container.h"
#include "core/sources/provenancelinks.h"
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

using Lines = std::vector<int>;

Lines range(int first, int last)
{
    Lines lines;
    for (int line = first; line <= last; ++line)
        lines.push_back(line);
    return lines;
}

Lines operator+(Lines a, const Lines& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

const Lines& fx(const ProvenanceLink& link)
{
    return link.lines[static_cast<std::size_t>(ProvenancePane::FxGraph)];
}
const Lines& post(const ProvenanceLink& link)
{
    return link.lines[static_cast<std::size_t>(ProvenancePane::PostGrad)];
}
const Lines& code(const ProvenanceLink& link)
{
    return link.lines[static_cast<std::size_t>(ProvenancePane::Code)];
}
QString evidence(const ProvenanceLink& link)
{
    return QString::fromLatin1(sourceEvidenceName(link.evidence).data());
}
using Names = std::vector<std::string>;
using Found = std::vector<std::size_t>;

} // namespace

class TestProvenanceLinks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyEvidenceOnBothFxPanes()
    {
        const Index index = indexOf(testutil::fixturePath(QStringLiteral("sources/torch_compile_debug")));
        const Graph& graph = index.runs.at(0).graphs.at(0);
        std::vector<Diagnostic> problems;
        const GraphProvenance provenance = graphProvenance(filesOr(index.files), graph, index.root, problems);
        QVERIFY(problems.empty());
        QCOMPARE(provenance.paths[0], graph.path + "/fx_graph_readable.py");
        QCOMPARE(provenance.paths[1], graph.path + "/fx_graph_transformed.py");
        QCOMPARE(provenance.paths[2], graph.outputCode->path);
        QVERIFY(!provenance.postGradFromDocstrings);
        QCOMPARE(provenance.links.size(), std::size_t(10)); // 6 kernels, then 4 fallbacks

        const ProvenanceLink& addMul = provenance.links[0];
        QCOMPARE(addMul.name, std::string("dvm_fused_add_mul_0"));
        QCOMPARE(evidence(addMul), QStringLiteral("docstring"));
        QCOMPARE(addMul.nodes, (Names { "mul_2", "add_2" }));
        QCOMPARE(fx(addMul), (Lines { 4, 5 }));
        QCOMPARE(post(addMul), (Lines { 4, 5 }));
        QCOMPARE(code(addMul), range(13, 30) + Lines { 97 }); // docstring, builder, alias; launch
        QVERIFY(!addMul.fxGraphByModelLine);

        const ProvenanceLink& pow = provenance.links[1]; // its node is in neither FX graph file
        QCOMPARE(pow.nodes, (Names { "pow_1" }));
        QVERIFY(fx(pow).empty());
        QVERIFY(post(pow).empty());

        const ProvenanceLink& siluView = provenance.links[2];
        QCOMPARE(evidence(siluView), QStringLiteral("fx-graph-readable"));
        QCOMPARE(fx(siluView), (Lines { 9, 10 }));
        QCOMPARE(post(siluView), (Lines { 9, 10 }));
        QCOMPARE(evidence(provenance.links[3]), QStringLiteral("triton-comment"));
        QCOMPARE(post(provenance.links[3]), (Lines { 18 }));
        const ProvenanceLink& gelu = provenance.links[4];
        QCOMPARE(gelu.name, std::string("triton_poi_fused_gelu_4"));
        QCOMPARE(evidence(gelu), QStringLiteral("provenance-json"));
        QCOMPARE(fx(gelu), (Lines { 14 }));
        QCOMPARE(post(gelu), (Lines { 14 }));
        QCOMPARE(code(gelu), range(71, 76) + Lines { 106 });
        QCOMPARE(evidence(provenance.links[5]), QStringLiteral("none"));
        QVERIFY(post(provenance.links[5]).empty());

        const ProvenanceLink& mm = provenance.links[6];
        QVERIFY(mm.fallback);
        QCOMPARE(mm.name, std::string("aten.mm.default"));
        QCOMPARE(evidence(mm), QStringLiteral("debug-handle"));
        QCOMPARE(post(mm), (Lines { 8 }));
        QCOMPARE(code(mm), (Lines { 102 }));
        const ProvenanceLink& addmm = provenance.links[7]; // a pre-grad name, through preToPost
        QCOMPARE(evidence(addmm), QStringLiteral("triton-comment"));
        QCOMPARE(addmm.nodes, (Names { "addmm" }));
        QCOMPARE(fx(addmm), (Lines { 17 }));
        QCOMPARE(evidence(provenance.links[8]), QStringLiteral("node-name"));
        QCOMPARE(fx(provenance.links[8]), (Lines { 21 }));
        QCOMPARE(code(provenance.links[8]), (Lines { 115 }));
        QCOMPARE(evidence(provenance.links[9]), QStringLiteral("none"));

        // Back from a line to its items.
        QCOMPARE(provenance.linksAt(ProvenancePane::Code, 106), (Found { 4 }));
        QCOMPARE(provenance.linksAt(ProvenancePane::Code, 25), (Found { 0 }));
        QCOMPARE(provenance.linksAt(ProvenancePane::Code, 90), Found {});
        QCOMPARE(provenance.linksAt(ProvenancePane::PostGrad, 14), (Found { 4 }));
        QCOMPARE(provenance.linksAt(ProvenancePane::FxGraph, 8), (Found { 6 }));
        QCOMPARE(provenance.linksAt(ProvenancePane::FxGraph, 3), Found {}); // a `# File:` line
        QCOMPARE(provenance.nodeAt(ProvenancePane::PostGrad, 14), std::string("gelu"));
        QCOMPARE(provenance.nodeAt(ProvenancePane::PostGrad, 13), std::string());
        QCOMPARE(provenance.nodeAt(ProvenancePane::Code, 106), std::string());
        QCOMPARE(provenance.nodeLines(ProvenancePane::FxGraph, "bmm"), (Lines { 21 }));
        QCOMPARE(provenance.nodeLines(ProvenancePane::FxGraph, "nothing"), Lines {});
    }

    void docstringsStandInForThePostGradGraph()
    {
        const Index index = indexOf(testutil::fixturePath(QStringLiteral("provenance/model__0_forward_1.0")));
        const Graph& graph = index.runs.at(0).graphs.at(0);
        std::vector<Diagnostic> problems;
        const GraphProvenance provenance = graphProvenance(filesOr(index.files), graph, index.root, problems);
        QVERIFY(problems.empty());
        QVERIFY(provenance.postGradFromDocstrings);
        QCOMPARE(provenance.paths[1], graph.outputCode->path);
        QCOMPARE(provenance.links.size(), std::size_t(10));
        QCOMPARE(post(provenance.links[0]), (Lines { 17, 19 })); // the docstring's node lines
        QCOMPARE(fx(provenance.links[0]), (Lines { 4, 5 }));
        QCOMPARE(post(provenance.links[1]), (Lines { 37 }));
        QVERIFY(fx(provenance.links[1]).empty());
        QCOMPARE(post(provenance.links[2]), (Lines { 52, 53 }));
        QCOMPARE(fx(provenance.links[2]), (Lines { 9, 10 }));
        // Without the JSONs the gelu kernel and the mm call's handle say nothing; the mm call is
        // still the only mm node of the FX graph.
        QCOMPARE(evidence(provenance.links[4]), QStringLiteral("none"));
        QCOMPARE(evidence(provenance.links[6]), QStringLiteral("node-name"));
        QCOMPARE(fx(provenance.links[6]), (Lines { 8 }));
        QCOMPARE(provenance.linksAt(ProvenancePane::PostGrad, 37), (Found { 1 }));
        QCOMPARE(provenance.nodeAt(ProvenancePane::PostGrad, 52), std::string("view_1"));
        QCOMPARE(provenance.linksAt(ProvenancePane::PostGrad, 97), Found {}); // code, not a node
    }

    void missingFxGraphFile()
    {
        const Index index = indexOf(testutil::fixturePath(QStringLiteral("sources/torch_compile_debug")));
        const Graph& graph = index.runs.at(1).graphs.at(0);
        std::vector<Diagnostic> problems;
        const GraphProvenance provenance = graphProvenance(filesOr(index.files), graph, index.root, problems);
        QVERIFY(provenance.paths[0].empty()); // no fx_graph_readable.py: the view says so
        QCOMPARE(provenance.paths[1], graph.path + "/fx_graph_transformed.py");
        for (const ProvenanceLink& link : provenance.links)
            QVERIFY(fx(link).empty());
    }

    void realProvenanceJsons()
    {
        const QString tree = testutil::realSample(QStringLiteral("mlp-cuda-templates-v2.7.1/debug-tree"));
        if (!QFileInfo::exists(tree))
            QSKIP("the shared real samples are not here");
        const Index index = indexOf(tree.toStdString());
        const Graph& graph = index.runs.at(0).graphs.at(0);
        std::vector<Diagnostic> problems;
        const GraphProvenance provenance = graphProvenance(filesOr(index.files), graph, index.root, problems);
        QVERIFY(problems.empty());
        QCOMPARE(provenance.links.size(), std::size_t(3));
        const ProvenanceLink& mm = provenance.links[0];
        QCOMPARE(mm.name, std::string("triton_tem_fused_addmm_0"));
        QCOMPARE(evidence(mm), QStringLiteral("provenance-json"));
        QCOMPARE(post(mm), (Lines { 7 })); // mm_default
        // mm_default is no node of fx_graph_readable.py: the readable nodes of its model line
        // (main.py:18, through its sibling permute of the same pre-grad node x).
        QCOMPARE(fx(mm), (Lines { 4, 5 }));
        QVERIFY(mm.fxGraphByModelLine);
        QCOMPARE(post(provenance.links[1]), (Lines { 8, 11, 14, 15, 16, 17, 18, 19 }));
        QCOMPARE(fx(provenance.links[1]), (Lines { 4, 5, 8, 11, 12, 13, 14, 15, 16 }));
        QCOMPARE(post(provenance.links[2]), (Lines { 8, 11, 14, 15, 16, 17, 18, 19, 23 }));
        QCOMPARE(fx(provenance.links[2]), (Lines { 4, 5, 8, 11, 12, 13, 14, 15, 16, 20 }));
        QCOMPARE(provenance.linksAt(ProvenancePane::Code, 329), (Found { 0 }));
        QCOMPARE(provenance.linksAt(ProvenancePane::PostGrad, 19), (Found { 1, 2 })); // mul_1
        QCOMPARE(provenance.linksAt(ProvenancePane::FxGraph, 20), (Found { 2 })); // addmm_1
        QCOMPARE(provenance.nodeAt(ProvenancePane::FxGraph, 5), std::string("addmm"));
    }
};

QTEST_GUILESS_MAIN(TestProvenanceLinks)
#include "tst_provenancelinks.moc"
