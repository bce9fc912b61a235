// SPDX-License-Identifier: MIT
// The Provenance mode keeps the links of a few graphs, within bounds: never more graphs or estimated bytes
// than its limits after visiting many graphs (oldest dropped first, a graph over the budget not kept, a
// closed index's graphs forgotten), and a graph visited again shows the same links at once, without a
// background job.
#include "core/index/indexer.h"
#include "core/io/container.h"
#include "gui/document/provenancecache.h"
#include "gui/document/provenancestore.h"
#include "gui/provenance/provenanceview.h"
#include "testutil.h"

#include <QSignalSpy>
#include <QtTest>

using namespace Qt::StringLiterals;
using dvmlens::ProvenancePane;

namespace {

std::shared_ptr<const dvmlens::Index> indexOf(const std::string& path)
{
    std::string error;
    auto index = dvmlens::buildIndex(path, {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    return std::make_shared<const dvmlens::Index>(std::move(*index));
}

// Links of `count` kernels, each with `nodes` node names of ~40 bytes: size grows with both.
ProvenanceCache::Links syntheticLinks(int count, int nodes)
{
    auto provenance = std::make_shared<dvmlens::GraphProvenance>();
    for (int i = 0; i < count; ++i) {
        dvmlens::ProvenanceLink link;
        link.item = std::size_t(i);
        link.name = "dvm_fused_kernel_with_a_long_name_" + std::to_string(i);
        for (int n = 0; n < nodes; ++n) {
            link.nodes.push_back("a_post_grad_node_name_long_enough_" + std::to_string(n));
            link.lines[0].push_back(n + 1);
        }
        provenance->links.push_back(std::move(link));
    }
    return { std::move(provenance), 0 };
}

// An index of one run with `graphs` empty graphs: only their addresses matter to the cache.
std::shared_ptr<const dvmlens::Index> emptyGraphs(int graphs)
{
    auto index = std::make_shared<dvmlens::Index>();
    index->runs.emplace_back();
    index->runs.back().graphs.resize(std::size_t(graphs));
    return index;
}

// What a link says, for comparing two computations of one graph's links.
QStringList describe(const dvmlens::GraphProvenance& provenance)
{
    QStringList lines;
    for (const dvmlens::ProvenanceLink& link : provenance.links) {
        QString text = QString::fromStdString(link.name) + u':';
        for (const std::vector<int>& paneLines : link.lines) {
            for (int line : paneLines)
                text += u' ' + QString::number(line);
            text += u" |"_s;
        }
        lines << text;
    }
    return lines;
}

} // namespace

class TestProvenanceCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void staysWithinItsBounds()
    {
        const std::size_t oneGraph = ProvenanceCache::estimatedBytes(*syntheticLinks(200, 8).provenance);
        QVERIFY(oneGraph > 200 * 8 * 40); // the node names are counted
        QVERIFY(ProvenanceCache::estimatedBytes(*syntheticLinks(400, 8).provenance) > oneGraph * 3 / 2);
        // Room for three such graphs by bytes, five by count.
        ProvenanceCache cache(oneGraph * 3 + oneGraph / 2, 5);
        const auto index = emptyGraphs(60);
        const auto& graphs = index->runs.front().graphs;
        for (std::size_t g = 0; g < graphs.size(); ++g) {
            cache.insert(index, &graphs[g], syntheticLinks(200, 8));
            QVERIFY(cache.bytes() <= cache.budgetBytes());
            QVERIFY(cache.graphCount() <= 3);
        }
        QCOMPARE(cache.graphCount(), 3);
        QCOMPARE(cache.bytes(), oneGraph * 3);
        // The three most recent are kept; a found one becomes the most recent and survives the next insert.
        QVERIFY(!cache.find(index, &graphs[56]).provenance);
        for (std::size_t g : { 57, 58, 59 })
            QVERIFY(cache.find(index, &graphs[g]).provenance);
        QVERIFY(cache.find(index, &graphs[57]).provenance);
        cache.insert(index, &graphs[0], syntheticLinks(200, 8));
        QVERIFY(cache.find(index, &graphs[57]).provenance);
        QVERIFY(!cache.find(index, &graphs[58]).provenance);

        // Small graphs: the count bounds them.
        ProvenanceCache counted(std::size_t(1) << 30, 5);
        for (const dvmlens::Graph& graph : graphs) {
            counted.insert(index, &graph, syntheticLinks(2, 1));
            QVERIFY(counted.graphCount() <= 5);
        }
        QCOMPARE(counted.graphCount(), 5);

        // A graph over the whole budget is not kept, and pushes nothing out.
        cache.insert(index, &graphs[1], syntheticLinks(2000, 8));
        QVERIFY(!cache.find(index, &graphs[1]).provenance);
        QCOMPARE(cache.graphCount(), 3);
        QVERIFY(cache.bytes() <= cache.budgetBytes());

        // A closed index's graphs are forgotten and their bytes given back.
        std::shared_ptr<const dvmlens::Index> other = emptyGraphs(1);
        cache.insert(other, &other->runs.front().graphs.front(), syntheticLinks(10, 1));
        const dvmlens::Graph* gone = &other->runs.front().graphs.front();
        other.reset();
        QVERIFY(!cache.find(other, gone).provenance);
        QCOMPARE(cache.bytes(), cache.graphCount() * oneGraph);
    }

    void revisitedGraphShowsItsLinksAtOnce()
    {
        const auto sample = indexOf(testutil::sampleTree().toStdString());
        const auto sources = indexOf(testutil::fixturePath(u"sources/torch_compile_debug"_s));
        std::vector<std::pair<std::shared_ptr<const dvmlens::Index>, const dvmlens::Graph*>> graphs;
        for (const auto& index : { sample, sources }) {
            for (const dvmlens::Run& run : index->runs) {
                for (const dvmlens::Graph& graph : run.graphs) {
                    if (graph.outputCode)
                        graphs.emplace_back(index, &graph);
                }
            }
        }
        QVERIFY(graphs.size() >= 6);

        ProvenanceView view;

        ProvenanceStore store;

        view.follow(store);
        view.resize(1200, 300);
        view.show();
        QSignalSpy ready(&view, &ProvenanceView::linksReady);
        // Three rounds over every graph: more graphs than the cache keeps.
        for (int round = 0; round < 3; ++round) {
            for (const auto& [index, graph] : graphs) {
                view.setGraph(index, graph);
                QTRY_VERIFY_WITH_TIMEOUT(!view.isComputingLinks(), 10000);
                QVERIFY(store.cache().graphCount() <= store.cache().maxGraphs());
                QVERIFY(store.cache().bytes() <= store.cache().budgetBytes());
            }
        }
        QVERIFY(store.cache().graphCount() >= 2);

        // Back to the graph before: no job, the links are there right after setGraph, equal to new ones.
        const auto& [index, graph] = graphs[graphs.size() - 2];
        const int readyBefore = int(ready.count());
        view.setGraph(index, graph);
        QVERIFY(!view.isComputingLinks());
        QCOMPARE(int(ready.count()), readyBefore + 1);
        std::vector<dvmlens::Diagnostic> problems;
        const dvmlens::GraphProvenance fresh =
            dvmlens::graphProvenance(dvmlens::filesOr(index->files), *graph, index->root, problems);
        QVERIFY(!fresh.links.empty());
        QCOMPARE(describe(view.provenance()), describe(fresh));
        QVERIFY(view.provenance().paths == fresh.paths);
        QCOMPARE(view.paneNote(ProvenancePane::Code), QString());
    }
};

QTEST_MAIN(TestProvenanceCache)
#include "tst_provenancecache.moc"
