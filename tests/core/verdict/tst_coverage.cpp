// SPDX-License-Identifier: MIT
// DVM coverage of a graph and of a run: DVM launches over every kernel launch and fallback call,
// summed over the run's output_code.py files (not an average of their shares).
#include "core/verdict/verdict.h"

#include <QTest>

using namespace dvmlens;

namespace {

Kernel kernel(Backend backend, int launches)
{
    Kernel result;
    result.backend = backend;
    result.launches = launches;
    return result;
}

Graph graphWith(std::vector<Kernel> kernels, int fallbacks)
{
    Graph graph;
    OutputCode code;
    code.kernels = std::move(kernels);
    code.fallbacks.resize(std::size_t(fallbacks));
    graph.outputCode = std::move(code);
    return graph;
}

} // namespace

class TestCoverage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void graphCoverage()
    {
        const Graph graph = graphWith({ kernel(Backend::Dvm, 3), kernel(Backend::Triton, 1) }, 0);
        QCOMPARE(dvmCoverage(*graph.outputCode), std::optional<double>(0.75));
        QCOMPARE(dvmCoverage(*graphWith({}, 0).outputCode), std::optional<double>());
    }

    void runCoverageSumsLaunches()
    {
        Run run;
        run.graphs.push_back(graphWith({ kernel(Backend::Dvm, 1) }, 0)); // 100% alone
        run.graphs.push_back(graphWith({ kernel(Backend::Dvm, 1), kernel(Backend::ImportFx, 4) }, 3)); // 1/8
        run.graphs.push_back(Graph {}); // no output_code.py: not counted
        QCOMPARE(dvmCoverage(run), std::optional<double>(2.0 / 9.0));
        QCOMPARE(dvmCoverage(Run {}), std::optional<double>());
    }
};

QTEST_APPLESS_MAIN(TestCoverage)
#include "tst_coverage.moc"
