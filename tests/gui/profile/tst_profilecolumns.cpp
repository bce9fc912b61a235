// SPDX-License-Identifier: MIT
// Device time in the browse views, with the sample run's profile (sampleprofile.h): the kernel
// table's Device time column and the run tree's Device time and Time by backend columns (exact
// cells, sorting, tooltips, the shares the delegate draws, all under QAbstractItemModelTester),
// the bar the delegate paints, the columns hidden until a profile is joined, and the compare
// fusion table's Device time A → B.
#include "gui/browse/browsepage.h"
#include "gui/browse/kernelfilterproxy.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/compare/comparesummarymodel.h"
#include "gui/compare/fusiontablemodel.h"
#include "gui/headertitles.h"
#include "gui/profile/sampleprofile.h"
#include "gui/profile/timesharechart.h"
#include "gui/profile/timesharedelegate.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QModelIndex graphNamed(const RunTreeModel& model, const QString& name, int column)
{
    const QModelIndex run = model.index(0, 0);
    for (int row = 0; row < model.rowCount(run); ++row) {
        if (model.index(row, RunTreeModel::NameColumn, run).data().toString() == name)
            return model.index(row, column, run);
    }
    return {};
}

QStringList graphOrder(const RunTreeModel& model)
{
    QStringList names;
    const QModelIndex run = model.index(0, 0);
    for (int row = 0; row < model.rowCount(run); ++row)
        names << model.index(row, RunTreeModel::NameColumn, run).data().toString();
    return names;
}

} // namespace

class TestProfileColumns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kernelTableDeviceTime()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        KernelTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const dvmlens::Graph* forward = &loaded.index->runs.at(0).graphs.at(0);
        QCOMPARE(QString::fromStdString(forward->name), QString(u"model__0_forward_1.0"_s));
        model.setGraphs(loaded.index, { forward });
        QVERIFY(!model.hasProfile());
        const int addMul = model.rowOf(u"dvm_fused_add_mul_1"_s);
        const int silu = model.rowOf(u"dvm_fused_silu_view_2"_s);
        QVERIFY(addMul >= 0 && silu >= 0);
        const auto cell = [&model](int row, int role = Qt::DisplayRole) {
            return model.index(row, model.sectionOf(KernelTableModel::DeviceTimeColumn)).data(role);
        };
        QCOMPARE(cell(addMul).toString(), QString());
        model.setProfile(loaded.join);
        QVERIFY(model.hasProfile());
        QCOMPARE(cell(addMul).toString(), QString(u"12.0 µs"_s));
        QCOMPARE(cell(addMul, KernelTableModel::SortRole).toDouble(), 12.0);
        QCOMPARE(cell(silu).toString(), QString(u"30.0 µs"_s));
        QVERIFY2(cell(addMul, Qt::ToolTipRole).toString().contains(u"2"_s),
            qPrintable(cell(addMul, Qt::ToolTipRole).toString()));
        // A forward kernel no row timed has no time.
        for (int row = 0; row < model.rowCount(); ++row) {
            if (row != addMul && row != silu)
                QCOMPARE(cell(row).toString(), QString());
        }
        model.setProfile(nullptr);
        QCOMPARE(cell(addMul).toString(), QString());
    }

    // The kernel table's Graph and Device time columns exist only while there is something to show
    // in them (a screen reader lists a view's hidden columns): inserted and removed, never hidden.
    void kernelTableOptionalColumns()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        const dvmlens::Graph* forward = &loaded.index->runs.at(0).graphs.at(0);
        std::vector<const dvmlens::Graph*> all;
        for (const dvmlens::Graph& graph : loaded.index->runs.at(0).graphs)
            all.push_back(&graph);
        KernelTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QStringList always = { u"Kernel"_s, u"Backend"_s, u"ktype"_s, u"dyn_shape"_s, u"Ops"_s,
            u"Launch sites"_s, u"Line"_s, u"Inputs"_s, u"Outputs"_s };
        model.setGraphs(loaded.index, { forward });
        QCOMPARE(headerTitles(model), always);
        QCOMPARE(model.sectionOf(KernelTableModel::DeviceTimeColumn), -1);
        QCOMPARE(model.sectionOf(KernelTableModel::GraphColumn), -1);
        QSignalSpy inserted(&model, &QAbstractItemModel::columnsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::columnsRemoved);
        model.setProfile(loaded.join);
        // Each at its place in the order shown (kDefaultOrder), so a screen reader reads a row as
        // it is shown: Device time before the wide Inputs and Outputs, Graph after the name.
        QStringList withTime = always;
        withTime.insert(7, u"Device time"_s);
        QCOMPARE(headerTitles(model), withTime);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted[0][1].toInt(), 7);
        QCOMPARE(model.sectionOf(KernelTableModel::DeviceTimeColumn), 7);
        QCOMPARE(model.sectionOf(KernelTableModel::InputsColumn), 8);
        model.setGraphs(loaded.index, all); // the run's kernels
        QStringList withBoth = withTime;
        withBoth.insert(1, u"Graph"_s);
        QCOMPARE(headerTitles(model), withBoth);
        QCOMPARE(inserted.size(), 2);
        QCOMPARE(inserted[1][1].toInt(), 1);
        QCOMPARE(model.sectionOf(KernelTableModel::GraphColumn), 1);
        QCOMPARE(model.index(0, 1).data().toString(), QString(u"model__0_forward_1.0"_s));
        QCOMPARE(model.columnAt(8), KernelTableModel::DeviceTimeColumn);
        QCOMPARE(model.columnAt(2), KernelTableModel::BackendColumn);
        QCOMPARE(model.columnAt(11), KernelTableModel::ColumnCount);
        for (int section = 0; section < model.columnCount(); ++section)
            QCOMPARE(model.sectionOf(model.columnAt(section)), section);
        model.setProfile(nullptr);
        QStringList withGraph = always;
        withGraph.insert(1, u"Graph"_s);
        QCOMPARE(headerTitles(model), withGraph);
        QCOMPARE(removed[0][1].toInt(), 8);
        QCOMPARE(model.sectionOf(KernelTableModel::GraphColumn), 1);
        QCOMPARE(model.columnAt(1), KernelTableModel::GraphColumn);
        QCOMPARE(model.sectionOf(KernelTableModel::LineColumn), 7);
        model.setGraphs(loaded.index, { forward });
        QCOMPARE(headerTitles(model), always);
        QCOMPARE(inserted.size(), 2);
        QCOMPARE(removed.size(), 2);
        QCOMPARE(removed[1][1].toInt(), 1);
        model.clear();
        QCOMPARE(model.columnCount(), int(KernelTableModel::DeviceTimeColumn));
    }

    // The panel shows an inserted column at its place, and a header state keeps by column: saved
    // with both optional columns, it applies without them and they come back at their place.
    void kernelPanelHeaderStateWithoutTheOptionalColumns()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        const dvmlens::Graph* forward = &loaded.index->runs.at(0).graphs.at(0);
        std::vector<const dvmlens::Graph*> all;
        for (const dvmlens::Graph& graph : loaded.index->runs.at(0).graphs)
            all.push_back(&graph);
        KernelTableModel model;
        KernelPanel panel(&model);
        model.setGraphs(loaded.index, all);
        model.setProfile(loaded.join);
        const QStringList shown = { u"Kernel"_s, u"Graph"_s, u"Backend"_s, u"ktype"_s, u"dyn_shape"_s,
            u"Ops"_s, u"Launch sites"_s, u"Line"_s, u"Device time"_s, u"Inputs"_s, u"Outputs"_s };
        QCOMPARE(shownTitles(*panel.view()), shown);
        // The model's order is the order shown (what AT-SPI lists), and no section was moved.
        QCOMPARE(headerTitles(model), shown);
        QHeaderView* header = panel.view()->header();
        for (int section = 0; section < header->count(); ++section)
            QCOMPARE(header->visualIndex(section), section);
        const int deviceTime = model.sectionOf(KernelTableModel::DeviceTimeColumn);
        header->resizeSection(model.sectionOf(KernelTableModel::OpsColumn), 71);
        header->setSectionHidden(model.sectionOf(KernelTableModel::KtypeColumn), true);
        header->moveSection(header->visualIndex(model.sectionOf(KernelTableModel::LineColumn)), 0);
        header->setSortIndicator(deviceTime, Qt::DescendingOrder);
        const QByteArray state = panel.headerState();

        KernelTableModel otherModel;
        KernelPanel restored(&otherModel);
        otherModel.setGraphs(loaded.index, { forward });
        QVERIFY(restored.restoreHeaderState(state));
        QHeaderView* restoredHeader = restored.view()->header();
        QCOMPARE(restoredHeader->count(), int(KernelTableModel::DeviceTimeColumn));
        QCOMPARE(shownTitles(*restored.view()),
            QStringList({ u"Line"_s, u"Kernel"_s, u"Backend"_s, u"dyn_shape"_s, u"Ops"_s, u"Launch sites"_s,
                u"Inputs"_s, u"Outputs"_s }));
        QCOMPARE(restoredHeader->sectionSize(otherModel.sectionOf(KernelTableModel::OpsColumn)), 71);
        QCOMPARE(restoredHeader->sortIndicatorSection(),
            otherModel.sectionOf(KernelTableModel::LineColumn)); // no time
        otherModel.setProfile(loaded.join);
        QCOMPARE(shownTitles(*restored.view()),
            QStringList({ u"Line"_s, u"Kernel"_s, u"Backend"_s, u"dyn_shape"_s, u"Ops"_s, u"Launch sites"_s,
                u"Device time"_s, u"Inputs"_s, u"Outputs"_s }));
        // Restored while the column is there: the saved sort applies.
        QVERIFY(restored.restoreHeaderState(state));
        QCOMPARE(
            restoredHeader->sortIndicatorSection(), otherModel.sectionOf(KernelTableModel::DeviceTimeColumn));
        QCOMPARE(restored.proxy()->sortOrder(), Qt::DescendingOrder);

        // A state of the former layout (Graph second, Device time before Inputs, both hidden).
        QStandardItemModel formerColumns(0, 11);
        QHeaderView former(Qt::Horizontal);
        former.setModel(&formerColumns);
        former.resizeSection(5, 66); // Ops
        former.setSectionHidden(3, true); // ktype
        former.setSectionHidden(1, true);
        former.setSectionHidden(8, true);
        KernelPanel fromFormer(&otherModel);
        QVERIFY(fromFormer.restoreHeaderState(former.saveState()));
        QCOMPARE(
            fromFormer.view()->header()->sectionSize(otherModel.sectionOf(KernelTableModel::OpsColumn)), 66);
        QCOMPARE(shownTitles(*fromFormer.view()),
            QStringList({ u"Kernel"_s, u"Backend"_s, u"dyn_shape"_s, u"Ops"_s, u"Launch sites"_s, u"Line"_s,
                u"Device time"_s, u"Inputs"_s, u"Outputs"_s }));
    }

    // A profile loaded while a graph and a kernel are selected: the new time cells are part of the
    // selected rows (a column inserted at the edge of a selection range is outside it), not white.
    void selectedRowsTakeTheTimeColumns()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        BrowsePage page;
        page.setIndex(loaded.index);
        const QString graph = QString::fromStdString(loaded.index->runs.at(0).graphs.at(0).name);
        QCOMPARE(page.selectBySpec(QString::fromStdString(*loaded.index->runs.at(0).name) + u'/' + graph),
            QString());
        QVERIFY(page.kernelPanel()->selectKernel(u"dvm_fused_add_mul_1"_s));
        page.setProfile(loaded.join);
        const auto wholeRowSelected = [](QTreeView* view) {
            const QModelIndex current = view->selectionModel()->currentIndex();
            if (!current.isValid())
                return false;
            for (int column = 0; column < view->model()->columnCount(current.parent()); ++column) {
                if (!view->selectionModel()->isSelected(current.siblingAtColumn(column)))
                    return false;
            }
            return true;
        };
        QTreeView* runTree = page.runTree();
        QCOMPARE(runTree->model()->columnCount(), int(RunTreeModel::ColumnCount));
        QCOMPARE(runTree->selectionModel()->currentIndex().siblingAtColumn(0).data().toString(), graph);
        QVERIFY(wholeRowSelected(runTree));
        QTreeView* kernels = page.kernelPanel()->view();
        QVERIFY(page.kernelPanel()->model()->hasProfile());
        QCOMPARE(kernels->selectionModel()->currentIndex().siblingAtColumn(0).data().toString(),
            QString(u"dvm_fused_add_mul_1"_s));
        QVERIFY(wholeRowSelected(kernels));
    }

    void runTreeTimeColumns()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(loaded.index);
        // Without a profile the time columns do not exist (the tester checks the insertion).
        QCOMPARE(model.columnCount(), int(RunTreeModel::DeviceTimeColumn));
        QVERIFY(!model.index(0, RunTreeModel::DeviceTimeColumn).isValid());
        QSignalSpy inserted(&model, &QAbstractItemModel::columnsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::columnsRemoved);
        model.setProfile(loaded.join);
        QCOMPARE(model.columnCount(), int(RunTreeModel::ColumnCount));
        QCOMPARE(model.columnCount(model.index(0, 0)), int(RunTreeModel::ColumnCount));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted[0][1].toInt(), int(RunTreeModel::DeviceTimeColumn));
        QCOMPARE(inserted[0][2].toInt(), int(RunTreeModel::TimeShareColumn));
        model.setProfile(loaded.join); // the same columns: nothing inserted again
        QCOMPARE(inserted.size(), 1);
        model.setProfile(nullptr);
        QCOMPARE(model.columnCount(), int(RunTreeModel::DeviceTimeColumn));
        QCOMPARE(removed.size(), 1);
        model.setProfile(loaded.join);
        QCOMPARE(inserted.size(), 2);
        model.setProfile(nullptr);
        QCOMPARE(model.headerData(RunTreeModel::DeviceTimeColumn, Qt::Horizontal).toString(),
            QString(u"Device time"_s));
        QCOMPARE(model.headerData(RunTreeModel::TimeShareColumn, Qt::Horizontal).toString(),
            QString(u"Time by backend"_s));
        QVERIFY(!model.index(0, RunTreeModel::TimeShareColumn).isValid());

        model.setProfile(loaded.join);
        QVERIFY(model.hasProfile());
        const QModelIndex runTime = model.index(0, RunTreeModel::DeviceTimeColumn);
        // The run: every row, outside compiled kernels too (12 + 30 + 5 + 53).
        QCOMPARE(runTime.data().toString(), QString(u"100.0 µs"_s));
        QVERIFY(model.index(0, RunTreeModel::TimeShareColumn).data(TimeShareDelegate::OutsideRole).toBool());
        const QString runTip = runTime.data(Qt::ToolTipRole).toString();
        QVERIFY2(runTip.contains(u"dvm: 47.0 µs (47.0%)"_s), qPrintable(runTip));
        QVERIFY2(runTip.contains(u"outside compiled kernels: 53.0 µs"_s), qPrintable(runTip));
        QVERIFY2(runTip.contains(u"DVM share of compiled time: 100.0%"_s), qPrintable(runTip));
        // Graphs: their compiled kernels only.
        QCOMPARE(
            graphNamed(model, u"model__0_forward_1.0"_s, RunTreeModel::DeviceTimeColumn).data().toString(),
            QString(u"42.0 µs"_s));
        QCOMPARE(
            graphNamed(model, u"model__0_backward_2.1"_s, RunTreeModel::DeviceTimeColumn).data().toString(),
            QString(u"5.0 µs"_s));
        const QModelIndex inference =
            graphNamed(model, u"model__1_inference_3.2"_s, RunTreeModel::DeviceTimeColumn);
        QVERIFY(inference.isValid());
        QCOMPARE(inference.data().toString(), QString());
        const QModelIndex forwardShare =
            graphNamed(model, u"model__0_forward_1.0"_s, RunTreeModel::TimeShareColumn);
        QVERIFY(!forwardShare.data(TimeShareDelegate::OutsideRole).toBool());
        const auto shares = forwardShare.data(TimeShareDelegate::SharesRole).value<dvmlens::TimeShares>();
        QCOMPARE(shares.byBackend[std::size_t(dvmlens::Backend::Dvm)], 42.0);
        QCOMPARE(shares.compiled(), 42.0);
        QVERIFY(!inference.siblingAtColumn(RunTreeModel::TimeShareColumn)
                     .data(TimeShareDelegate::SharesRole)
                     .isValid());

        // Sortable: most time first, a graph without time last; back to scan order.
        model.sort(RunTreeModel::DeviceTimeColumn, Qt::DescendingOrder);
        QCOMPARE(graphOrder(model),
            QStringList(
                { u"model__0_forward_1.0"_s, u"model__0_backward_2.1"_s, u"model__1_inference_3.2"_s }));
        model.sort(RunTreeModel::DeviceTimeColumn, Qt::AscendingOrder);
        QCOMPARE(graphOrder(model).first(), QString(u"model__1_inference_3.2"_s));
        QCOMPARE(graphOrder(model).last(), QString(u"model__0_forward_1.0"_s));
        model.sort(-1);
        QStringList scanOrder;
        for (const dvmlens::Graph& graph : loaded.index->runs[0].graphs)
            scanOrder << QString::fromStdString(graph.name);
        QCOMPARE(graphOrder(model), scanOrder);

        // A new index drops the profile; a join of another shape is refused.
        model.setIndex(loaded.index);
        QVERIFY(!model.hasProfile());
        auto misfit = std::make_shared<dvmlens::ProfileJoin>(*loaded.join);
        misfit->graphs[0].pop_back();
        model.setProfile(misfit);
        QVERIFY(!model.hasProfile());
    }

    void delegatePaintsTheShares()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        RunTreeModel model;
        model.setIndex(loaded.index);
        model.setProfile(loaded.join);
        TimeShareDelegate delegate;
        QImage image(200, 24, QImage::Format_RGB32);
        image.fill(Qt::white);
        QStyleOptionViewItem option;
        option.rect = image.rect();
        option.palette = QApplication::palette();
        option.fontMetrics = QFontMetrics(QApplication::font());
        {
            QPainter painter(&image);
            delegate.paint(&painter, option, model.index(0, RunTreeModel::TimeShareColumn));
        }
        // The run: 47 % DVM, then 53 % outside compiled kernels.
        QCOMPARE(image.pixelColor(40, 12), timeShareColor(dvmlens::Backend::Dvm));
        QCOMPARE(image.pixelColor(160, 12), QColor(0x55, 0x55, 0x55));
    }

    void browsePageShowsTimeColumnsWithAProfile()
    {
        const testprofile::Loaded loaded = testprofile::loadSampleProfile();
        QVERIFY(loaded.join);
        BrowsePage page;
        page.setIndex(loaded.index);
        QTreeView* tree = page.runTree();
        QHeaderView* header = tree->header();
        // No profile: the header has no time sections at all (a screen reader lists hidden ones).
        QCOMPARE(header->count(), int(RunTreeModel::DeviceTimeColumn));
        const int withoutTime = page.runTreeWidthForAllColumns();
        page.setProfile(loaded.join);
        QCOMPARE(header->count(), int(RunTreeModel::ColumnCount));
        QVERIFY(!tree->isColumnHidden(RunTreeModel::DeviceTimeColumn));
        QVERIFY(!tree->isColumnHidden(RunTreeModel::TimeShareColumn));
        QCOMPARE(header->sectionResizeMode(RunTreeModel::DeviceTimeColumn), QHeaderView::ResizeToContents);
        QCOMPARE(header->sectionResizeMode(RunTreeModel::TimeShareColumn), QHeaderView::Interactive);
        // The bar is as wide as its delegate asks (12 average characters) or its title, and the
        // width the window widens the dock to counts both time columns.
        const int barWidth = std::max(12 * tree->fontMetrics().averageCharWidth(),
            header->sectionSizeHint(RunTreeModel::TimeShareColumn));
        QCOMPARE(header->sectionSize(RunTreeModel::TimeShareColumn), barWidth);
        QVERIFY2(page.runTreeWidthForAllColumns() >= withoutTime + barWidth
                    + static_cast<QAbstractItemView*>(tree)->sizeHintForColumn(
                        RunTreeModel::DeviceTimeColumn),
            qPrintable(QString::number(page.runTreeWidthForAllColumns())));
        QVERIFY(qobject_cast<TimeShareDelegate*>(tree->itemDelegateForColumn(RunTreeModel::TimeShareColumn)));
        // A header state saved with the time columns, restored while there are none, then a profile.
        const QByteArray withColumns = page.runTreeHeaderState();
        page.setIndex(loaded.index); // a new index: the profile is gone until joined again
        QCOMPARE(header->count(), int(RunTreeModel::DeviceTimeColumn));
        page.restoreRunTreeHeaderState(withColumns);
        QCOMPARE(header->count(), int(RunTreeModel::DeviceTimeColumn));
        page.setProfile(loaded.join);
        QCOMPARE(header->count(), int(RunTreeModel::ColumnCount));
        QVERIFY(!tree->isColumnHidden(RunTreeModel::TimeShareColumn));
        QCOMPARE(header->sectionSize(RunTreeModel::TimeShareColumn), barWidth);
        // View ▸ Reset Layout's header (saved before any profile) keeps the time columns shown.
        page.resetRunTreeHeader();
        QCOMPARE(header->count(), int(RunTreeModel::ColumnCount));
        QVERIFY(!tree->isColumnHidden(RunTreeModel::DeviceTimeColumn));
        QVERIFY(!tree->isColumnHidden(RunTreeModel::TimeShareColumn));
    }

    void fusionTableTimeAToB()
    {
        dvmlens::GraphDiff graph;
        graph.key = "model__0_forward_1";
        dvmlens::FusionDiff addMul;
        addMul.key = "fused_add_mul";
        addMul.a = dvmlens::FusionSide { 0, "dvm_fused_add_mul_1", dvmlens::Backend::Dvm, 10 };
        addMul.b = dvmlens::FusionSide { 0, "triton_unk_fused_add_mul_1", dvmlens::Backend::Triton, 12 };
        dvmlens::FusionDiff silu;
        silu.key = "fused_silu";
        silu.a = dvmlens::FusionSide { 1, "dvm_fused_silu_2", dvmlens::Backend::Dvm, 20 };
        silu.b = dvmlens::FusionSide { 1, "dvm_fused_silu_2", dvmlens::Backend::Dvm, 20 };
        dvmlens::FusionDiff untimed;
        untimed.key = "fused_mul";
        untimed.a = dvmlens::FusionSide { 2, "dvm_fused_mul_3", dvmlens::Backend::Dvm, 30 };
        graph.fusions = { addMul, silu, untimed };
        dvmlens::ProfileComparison times;
        times.fusions.push_back(
            { 3, 0, "fused_add_mul", dvmlens::Backend::Dvm, dvmlens::Backend::Triton, 12.0, 19.8 });
        times.fusions.push_back(
            { 3, 1, "fused_silu", dvmlens::Backend::Dvm, dvmlens::Backend::Dvm, 10.0, 4.0 });
        times.fusions.push_back(
            { 0, 2, "elsewhere", dvmlens::Backend::Dvm, std::nullopt, 99.0, std::nullopt });

        FusionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphDiff(&graph);
        QVERIFY(!model.hasTimes());
        QCOMPARE(model.index(0, FusionTableModel::TimeColumn).data().toString(), QString());
        model.setGraphDiff(&graph, &times, 3);
        QVERIFY(model.hasTimes());
        QCOMPARE(model.headerData(FusionTableModel::TimeColumn, Qt::Horizontal).toString(),
            QString(u"Device time A → B"_s));
        QCOMPARE(model.index(0, FusionTableModel::TimeColumn).data().toString(),
            QString(u"12.0 µs → 19.8 µs (+7.8 µs)"_s));
        QCOMPARE(model.index(0, FusionTableModel::TimeColumn).data(Qt::ForegroundRole).value<QColor>(),
            compareWorseColor(QApplication::palette()));
        QCOMPARE(model.index(1, FusionTableModel::TimeColumn).data().toString(),
            QString(u"10.0 µs → 4.0 µs (-6.0 µs)"_s));
        QCOMPARE(model.index(1, FusionTableModel::TimeColumn).data(Qt::ForegroundRole).value<QColor>(),
            compareBetterColor(QApplication::palette()));
        // Another graph's time (graph 0, fusion 2) is not this row's.
        QCOMPARE(model.index(2, FusionTableModel::TimeColumn).data().toString(), QString());
        QCOMPARE(
            model.index(0, FusionTableModel::BackendColumn).data().toString(), QString(u"dvm → triton"_s));
    }
};

QTEST_MAIN(TestProfileColumns)
#include "tst_profilecolumns.moc"
