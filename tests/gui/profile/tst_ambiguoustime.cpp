// SPDX-License-Identifier: MIT
// Device time when kernel names repeat across graphs (Inductor numbers kernels per graph, so identical
// blocks give every graph the same names and dvmlens-genprofile's default profile joins nothing to one
// graph): Hot Kernels lists the name with its time, "one of 3 graphs" and its candidates, sortable;
// the run tree's graph cells say "ambiguous" instead of staying blank; the empty chart says why.
#include "core/profile/profilejoin.h"
#include "gui/browse/runtreemodel.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/hotkernelsmodel.h"
#include "gui/profile/timesharechart.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

dvmlens::Kernel dvmKernel(const std::string& name)
{
    dvmlens::Kernel kernel;
    kernel.name = name;
    kernel.backend = dvmlens::Backend::Dvm;
    dvmlens::DvmInput input;
    input.name = "arg";
    input.op = "load";
    input.shape = std::vector<std::int64_t> { 8, 1024 };
    input.dtype = "float16";
    kernel.inputs = { input };
    return kernel;
}

// Three identical blocks: dvm_fused_add_0 in each graph; g2 also has a name of its own.
std::shared_ptr<const dvmlens::Index> blocksIndex()
{
    auto index = std::make_shared<dvmlens::Index>();
    index->root = "/t";
    dvmlens::Run run;
    run.name = "run_a-pid_1";
    run.path = "/t/run_a-pid_1";
    for (int g = 0; g < 3; ++g) {
        dvmlens::Graph graph;
        graph.name = "g" + std::to_string(g);
        graph.path = run.path + "/" + graph.name;
        dvmlens::OutputCode code;
        code.path = graph.path + "/output_code.py";
        code.dvmImport = true;
        code.dvmEngaged = true;
        code.kernels = { dvmKernel("dvm_fused_add_0") };
        if (g == 2)
            code.kernels.push_back(dvmKernel("dvm_fused_mul_1"));
        graph.outputCode = std::move(code);
        run.graphs.push_back(std::move(graph));
    }
    index->runs.push_back(std::move(run));
    return index;
}

dvmlens::LaunchGroup group(const std::string& name, double totalUs, std::int64_t launches)
{
    dvmlens::LaunchGroup g;
    g.name = name;
    g.type = std::string(dvmlens::withoutNumericSuffix(name));
    g.core = "AI_CORE";
    g.totalUs = totalUs;
    g.launches = launches;
    g.inputShapes = "8,1024";
    g.inputDtypes = "FLOAT16";
    return g;
}

std::shared_ptr<const dvmlens::ProfileJoin> joined(
    const dvmlens::Index& index, std::vector<dvmlens::LaunchGroup> groups)
{
    dvmlens::Profile profile;
    profile.path = "/p/host_1_ascend_pt";
    profile.kernelDetailsPath = profile.path + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv";
    for (const auto& g : groups)
        profile.rows += g.launches;
    profile.groups = std::move(groups);
    return std::make_shared<const dvmlens::ProfileJoin>(dvmlens::joinProfiles(index, { profile }, {}));
}

} // namespace

class TestAmbiguousTime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hotKernelsListAmbiguousNames()
    {
        const auto index = blocksIndex();
        const auto join = joined(*index, { group("dvm_fused_add_0", 50, 5), group("dvm_fused_mul_1", 7, 1) });
        QCOMPARE(join->matched, std::int64_t(1));
        QCOMPARE(join->ambiguous, std::int64_t(5));
        HotKernelsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProfile(index, join);
        QCOMPARE(model.rowCount(), 2);
        const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
            return model.index(row, column).data(role);
        };
        QCOMPARE(cell(0, HotKernelsModel::NameColumn).toString(), u"dvm_fused_add_0"_s);
        QCOMPARE(cell(0, HotKernelsModel::TimeColumn).toString(), u"50.0 µs"_s);
        QCOMPARE(cell(0, HotKernelsModel::LaunchesColumn).toLongLong(), 5);
        QCOMPARE(cell(0, HotKernelsModel::BackendColumn).toString(), u"dvm"_s);
        QCOMPARE(cell(0, HotKernelsModel::GraphColumn).toString(), u"one of 3 graphs"_s);
        QVERIFY(cell(0, 0, HotKernelsModel::AmbiguousRole).toBool());
        const QString tip = cell(0, HotKernelsModel::GraphColumn, Qt::ToolTipRole).toString();
        for (const char* candidate : { "run_a-pid_1/g0/dvm_fused_add_0", "run_a-pid_1/g1/dvm_fused_add_0",
                 "run_a-pid_1/g2/dvm_fused_add_0" })
            QVERIFY2(tip.contains(QLatin1String(candidate)), qPrintable(tip));
        QCOMPARE(cell(1, HotKernelsModel::GraphColumn).toString(), u"g2"_s);
        QVERIFY(!cell(1, 0, HotKernelsModel::AmbiguousRole).toBool());

        // Sortable: by graph, the known graph first; by time, the ambiguous name first.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(HotKernelsModel::SortRole);
        proxy.sort(HotKernelsModel::GraphColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, HotKernelsModel::NameColumn).data().toString(), u"dvm_fused_mul_1"_s);
        proxy.sort(HotKernelsModel::TimeColumn, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, HotKernelsModel::NameColumn).data().toString(), u"dvm_fused_add_0"_s);
    }

    void dockActivatesTheFirstCandidateAndChartSaysWhy()
    {
        const auto index = blocksIndex();
        const auto join = joined(*index, { group("dvm_fused_add_0", 50, 5) });
        HotKernelsDock dock;
        dock.setProfile(index, join, u"prof"_s);
        QCOMPARE(dock.table()->model()->rowCount(), 1);
        QSignalSpy activated(&dock, &HotKernelsDock::kernelActivated);
        Q_EMIT dock.table()->activated(dock.table()->model()->index(0, 0));
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), u"g0/dvm_fused_add_0"_s);
        QVERIFY(dock.chart()->bars().empty());
        QVERIFY2(dock.chart()->emptyText().contains(u"repeat across graphs"_s),
            qPrintable(dock.chart()->emptyText()));
        QVERIFY2(dock.summary()->text().contains(u"kernel names repeat across graphs"_s),
            qPrintable(dock.summary()->text()));
    }

    void runTreeGraphCellsSayAmbiguous()
    {
        const auto index = blocksIndex();
        const auto join = joined(*index, { group("dvm_fused_add_0", 50, 5), group("dvm_fused_mul_1", 7, 1) });
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index);
        model.setProfile(join);
        const QModelIndex run = model.index(0, 0);
        QCOMPARE(model.rowCount(run), 3);
        const auto time = [&](int graph, int role = Qt::DisplayRole) {
            return model.index(graph, RunTreeModel::DeviceTimeColumn, run).data(role).toString();
        };
        QCOMPARE(time(0), u"ambiguous"_s);
        QCOMPARE(time(1), u"ambiguous"_s);
        QVERIFY2(time(0, Qt::ToolTipRole).contains(u"1 kernel name of this graph is also in other graphs"_s),
            qPrintable(time(0, Qt::ToolTipRole)));
        QCOMPARE(time(2), u"7.0 µs"_s); // its own kernel's time, and the shared name in the tooltip
        QVERIFY(time(2, Qt::ToolTipRole).contains(u"also in other graphs"_s));
        QCOMPARE(model.index(0, RunTreeModel::DeviceTimeColumn).data().toString(), u"57.0 µs"_s);

        // Without shared names a graph with no time stays blank.
        const auto matchedOnly = joined(*index, { group("dvm_fused_mul_1", 7, 1) });
        model.setProfile(matchedOnly);
        QCOMPARE(time(0), QString());
    }
};

QTEST_MAIN(TestAmbiguousTime)
#include "tst_ambiguoustime.moc"
