// SPDX-License-Identifier: MIT
// `--select [RUN/]GRAPH[/KERNEL]`: a debug tree's graph folder names, and a trace graph's name that holds
// '/' itself ("[0/1] 0_forward"), with and without its run and a kernel.
#include "core/model/graphspec.h"

#include <QTest>

using namespace dvmlens;

namespace {

Index indexOfNames()
{
    Index index;
    Run& tree = index.runs.emplace_back();
    tree.name = "run_1";
    tree.graphs.emplace_back().name = "model__0_forward_1.0";
    Run& trace = index.runs.emplace_back();
    trace.name = "dedicated_log_torch_trace_rank_0.log";
    trace.graphs.emplace_back().name = "[0/0] 0_forward";
    trace.graphs.emplace_back().name = "[0/1] 1_forward";
    trace.graphs.emplace_back().name = "[!0/2/0] 2_backward";
    trace.graphs.emplace_back().name = "[0/0 after reset 1] 0_forward";
    return index;
}

bool matches(
    const std::optional<GraphSpecMatch>& match, std::size_t run, std::size_t graph, const char* kernel)
{
    return match && match->run == run && match->graph == graph && match->kernel == kernel;
}

} // namespace

class TestGraphSpec : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void debugTreeNames()
    {
        const Index index = indexOfNames();
        QVERIFY(matches(matchGraphSpec(index, "model__0_forward_1.0"), 0, 0, ""));
        QVERIFY(matches(matchGraphSpec(index, "run_1/model__0_forward_1.0"), 0, 0, ""));
        QVERIFY(matches(matchGraphSpec(index, "model__0_forward_1.0/dvm_add_0"), 0, 0, "dvm_add_0"));
        QVERIFY(matches(matchGraphSpec(index, "run_1/model__0_forward_1.0/dvm_add_0"), 0, 0, "dvm_add_0"));
        QVERIFY(!matchGraphSpec(index, "run_2/model__0_forward_1.0"));
        QVERIFY(!matchGraphSpec(index, ""));
        QVERIFY(!matchGraphSpec(index, "/"));
    }

    void traceGraphNamesHoldASlash()
    {
        const Index index = indexOfNames();
        QVERIFY(matches(matchGraphSpec(index, "[0/1] 1_forward"), 1, 1, ""));
        QVERIFY(matches(matchGraphSpec(index, "[0/1] 1_forward/triton_poi_0"), 1, 1, "triton_poi_0"));
        QVERIFY(
            matches(matchGraphSpec(index, "dedicated_log_torch_trace_rank_0.log/[0/0] 0_forward"), 1, 0, ""));
        QVERIFY(matches(
            matchGraphSpec(index, "dedicated_log_torch_trace_rank_0.log/[!0/2/0] 2_backward/k"), 1, 2, "k"));
        QVERIFY(matches(matchGraphSpec(index, "[0/0 after reset 1] 0_forward"), 1, 3, ""));
        QVERIFY(!matchGraphSpec(index, "[0/2] 2_forward"));
        QVERIFY(!matchGraphSpec(index, "run_1/[0/0] 0_forward"));
    }
};

QTEST_APPLESS_MAIN(TestGraphSpec)
#include "tst_graphspec.moc"
