// SPDX-License-Identifier: MIT
// Kernel bodies read on demand: with a body budget of one byte the index keeps the ops, inputs and
// outputs of the first file only; selecting any other graph (or a run) in the browse page must show
// the same kernel table cells, filter results and kernel details as a full index does, once the
// bodies were read again off the GUI thread. A small tree opened by IndexJob keeps every body.
#include "core/index/indexer.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/kernelbodiesjob.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelfilterproxy.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/document/indexjob.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

std::shared_ptr<const dvmlens::Index> sampleIndex(std::size_t bodyBudget)
{
    dvmlens::IndexOptions options;
    options.jobs = 1; // files parsed in scan order: the budget runs out after the first
    options.kernelBodyBudget = bodyBudget;
    std::string error;
    auto built = dvmlens::buildIndex(testutil::sampleTree().toStdString(), options, error);
    if (!built)
        qFatal("cannot index the sample tree: %s", error.c_str());
    return std::make_shared<const dvmlens::Index>(std::move(*built));
}

// Every cell of every column, row by row, as the view shows it.
QStringList cellsOf(const QAbstractItemModel& model)
{
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row) {
        QStringList line;
        for (int column = 0; column < model.columnCount(); ++column)
            line << model.index(row, column).data().toString();
        cells << line.join(u" | "_s);
    }
    return cells;
}

QStringList cellsOf(
    const std::shared_ptr<const dvmlens::Index>& index, const std::vector<const dvmlens::Graph*>& graphs)
{
    KernelTableModel model;
    model.setGraphs(index, graphs);
    return cellsOf(model);
}

QString detailsText(const std::shared_ptr<const dvmlens::Index>& index, const dvmlens::Graph& graph,
    const std::string& kernel)
{
    KernelDetails details;
    for (const dvmlens::Kernel& each : graph.outputCode->kernels) {
        if (each.name == kernel)
            details.showKernel(index, &each, &graph);
    }
    return details.toPlainText();
}

int dvmKernels(const dvmlens::Graph& graph)
{
    int count = 0;
    for (const dvmlens::Kernel& kernel : graph.outputCode->kernels)
        count += kernel.backend == dvmlens::Backend::Dvm;
    return count;
}

} // namespace

class TestKernelBodies : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const dvmlens::Index> m_tiny; // body budget of one byte
    std::shared_ptr<const dvmlens::Index> m_full;

private Q_SLOTS:
    void initTestCase()
    {
        m_tiny = sampleIndex(1);
        m_full = sampleIndex(0);
        QCOMPARE(m_tiny->runs.size(), m_full->runs.size());
        int without = 0;
        for (const dvmlens::Run& run : m_tiny->runs) {
            for (const dvmlens::Graph& graph : run.graphs)
                without += lacksKernelBodies(graph);
        }
        QCOMPARE(without, 4); // 5 output_code.py: the first parsed keeps its bodies
    }

    void selectedGraphShowsItsBodies()
    {
        BrowsePage page;
        page.setIndex(m_tiny);
        KernelTableModel* model = page.kernelPanel()->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy read(&page, &BrowsePage::kernelBodiesRead);
        int checked = 0;
        for (std::size_t r = 0; r < m_tiny->runs.size(); ++r) {
            const dvmlens::Run& run = m_tiny->runs[r];
            for (std::size_t g = 0; g < run.graphs.size(); ++g) {
                const dvmlens::Graph& graph = run.graphs[g];
                if (!lacksKernelBodies(graph) || dvmKernels(graph) == 0)
                    continue;
                const dvmlens::Graph& full = m_full->runs[r].graphs[g];
                QVERIFY(!lacksKernelBodies(full));
                QCOMPARE(page.selectBySpec(QString::fromStdString(*run.name + '/' + graph.name)), QString());
                // At once: the kernels, with their ops blank (not "0") until the bodies come.
                QVERIFY(page.isReadingKernelBodies());
                QCOMPARE(model->rowCount(), int(full.outputCode->kernels.size()));
                const int firstDvm = int(
                    std::find_if(graph.outputCode->kernels.begin(), graph.outputCode->kernels.end(),
                        [](const dvmlens::Kernel& kernel) { return kernel.backend == dvmlens::Backend::Dvm; })
                    - graph.outputCode->kernels.begin());
                QCOMPARE(model->index(firstDvm, KernelTableModel::OpsColumn).data(), QVariant());
                read.clear();
                QVERIFY(read.wait(10000));
                QVERIFY(!page.isReadingKernelBodies());
                QCOMPARE(cellsOf(*model), cellsOf(m_full, { &full }));
                QVERIFY(!model->index(firstDvm, KernelTableModel::OpsColumn).data().toString().isEmpty());

                // The details of a DVM kernel: ops, inputs and outputs as from the full index.
                const std::string name = graph.outputCode->kernels[size_t(firstDvm)].name;
                QVERIFY(page.kernelPanel()->selectKernel(QString::fromStdString(name)));
                const QString shown = page.details()->toPlainText();
                QCOMPARE(shown, detailsText(m_full, full, name));
                QVERIFY(shown.contains(u"Ops ("_s));
                QVERIFY(shown.contains(u"Inputs"_s));
                ++checked;
            }
        }
        QCOMPARE(checked, 2); // pid 4101's graphs after the first
    }

    void filterFindsOpsAndDtypesReadAgain()
    {
        BrowsePage page;
        page.setIndex(m_tiny);
        QSignalSpy read(&page, &BrowsePage::kernelBodiesRead);
        // The whole run: every kernel of its graphs in one table.
        const QModelIndex run = page.runModel()->indexForGraph(0, 0).parent();
        QCOMPARE(page.runModel()->kindAt(run), RunTreeModel::RunNode);
        page.runTree()->selectionModel()->setCurrentIndex(
            run, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(page.isReadingKernelBodies());
        QVERIFY(read.wait(10000));
        std::vector<const dvmlens::Graph*> graphs;
        for (const dvmlens::Graph& graph : m_full->runs.at(0).graphs)
            graphs.push_back(&graph);
        QCOMPARE(cellsOf(*page.kernelPanel()->model()), cellsOf(m_full, graphs));

        KernelFilterProxy* proxy = page.kernelPanel()->proxy();
        KernelTableModel full;
        full.setGraphs(m_full, graphs);
        KernelFilterProxy fullProxy;
        fullProxy.setSourceModel(&full);
        for (const QString& filter : { u"bf16"_s, u"cast"_s, u"bfloat16 exp"_s }) {
            proxy->setFilterText(filter);
            fullProxy.setFilterText(filter);
            QVERIFY2(proxy->rowCount() > 0, qPrintable(filter));
            QStringList shown = cellsOf(*proxy); // the panel sorts its view by line
            QStringList expected = cellsOf(fullProxy);
            shown.sort();
            expected.sort();
            QCOMPARE(shown, expected);
        }
    }

    void smallTreeKeepsEveryBody()
    {
        IndexJob job;
        QSignalSpy finished(&job, &IndexJob::finished);
        job.start(testutil::sampleTree());
        QVERIFY(finished.wait(30000));
        const auto index = finished.at(0).at(2).value<std::shared_ptr<const dvmlens::Index>>();
        QVERIFY(index);
        int graphs = 0;
        for (const dvmlens::Run& run : index->runs) {
            for (const dvmlens::Graph& graph : run.graphs) {
                QVERIFY(!lacksKernelBodies(graph));
                graphs += graph.outputCode.has_value();
            }
        }
        QCOMPARE(graphs, 5);

        BrowsePage page;
        page.setIndex(index);
        QCOMPARE(page.selectBySpec(u"model__0_forward_1.0"_s), QString());
        QVERIFY(!page.isReadingKernelBodies()); // nothing to read
    }
};

QTEST_MAIN(TestKernelBodies)
#include "tst_kernelbodies.moc"
