// SPDX-License-Identifier: MIT
// The Model sources dock's "Why not DVM" column on the why fixture tree with model lines
// (tests/whytree.h): empty until the reasons come, then core's reasons per line with ops and counts
// on the exact lines (titles in the interface language), the fixes as tooltip, the reasons in words
// for screen readers, sorted worst reason first; late reasons keep the rows and the selection.
// Checked by QAbstractItemModelTester throughout.
#include "gui/document/modelsources.h"
#include "gui/document/treedocument.h"
#include "gui/sources/sourceitemsmodel.h"
#include "gui/sources/sourcelocationsmodel.h"
#include "gui/sources/sourcesdock.h"
#include "gui/whyfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

using whyfixture::ChineseRuleTexts;
using whyfixture::column;

using namespace Qt::StringLiterals;

class TestSourcesWhy : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<whyfixture::Explained> m_fixture;

private Q_SLOTS:
    void initTestCase()
    {
        m_fixture = whyfixture::explained(true);
        QVERIFY2(m_fixture->index, m_fixture->error.c_str());
        QVERIFY(m_fixture->why);
    }

    void reasonsOnTheirLines()
    {
        SourceLocationsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSources(computeModelSources(*m_fixture->index));
        QCOMPARE(column(model, SourceLocationsModel::LocationColumn),
            QStringList({ u"layers.py:124"_s, u"layers.py:118"_s, u"layers.py:120"_s }));
        QCOMPARE(
            model.headerData(SourceLocationsModel::WhyColumn, Qt::Horizontal).toString(), u"Why not DVM"_s);
        QCOMPARE(
            column(model, SourceLocationsModel::WhyColumn), QStringList(3, QString())); // not decided yet

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setWhy(m_fixture->why);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed[0][0].toModelIndex(), model.index(0, SourceLocationsModel::WhyColumn));
        QCOMPARE(changed[0][1].toModelIndex(), model.index(2, SourceLocationsModel::WhyColumn));
        QCOMPARE(column(model, SourceLocationsModel::WhyColumn),
            QStringList({ u"import_fx kernel ×1 — Fused group forced to eager; aten.add.Tensor ×1, "
                          "aten.sum.dim_IntList ×1 — No known rule explains it"_s,
                u"aten.permute.default ×1 — Op not in DVM's lowering list; aten.mm.default ×1 — DVM matmul "
                "fusion off"_s,
                u"aten.div.Tensor_mode ×1 — Special form always runs as ATen"_s }));
        QCOMPARE(model.index(2, SourceLocationsModel::WhyColumn).data(Qt::AccessibleTextRole).toString(),
            u"Not DVM because Special form always runs as ATen: aten.div.Tensor_mode once"_s);
        const dvmlens::LineWhy& div = model.whyAt(2).at(0);
        QCOMPARE(model.index(2, SourceLocationsModel::WhyColumn).data(Qt::ToolTipRole).toString(),
            u"Special form always runs as ATen [special-form]: aten.div.Tensor_mode ×1\nFix: "_s
                + QString::fromStdString(div.fix.en));
        // The filter matches a reason.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setFilterKeyColumn(-1);
        proxy.setFilterFixedString(u"matmul fusion"_s);
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, SourceLocationsModel::LocationColumn).data().toString(), u"layers.py:118"_s);

        // Reasons of another index say nothing about these lines.
        auto other = std::make_shared<TreeWhy>(*m_fixture->why);
        other->index = std::make_shared<const dvmlens::Index>(*m_fixture->index);
        model.setWhy(other);
        QCOMPARE(column(model, SourceLocationsModel::WhyColumn), QStringList(3, QString()));
        QCOMPARE(model.index(0, SourceLocationsModel::WhyColumn).data(Qt::AccessibleTextRole).toString(),
            u"no reason why not DVM"_s);
    }

    // A line whose every kernel is DVM has nothing to explain, and says so (it read "no reason why
    // not DVM", as a line with unexplained non-DVM kernels does).
    void aLineAllDvmSaysSo()
    {
        auto sources = std::make_shared<ModelSources>();
        dvmlens::SourceLocationSummary allDvm;
        allDvm.frame.file = "/work/model/layers.py";
        allDvm.frame.line = 109;
        allDvm.counts.kernels[static_cast<std::size_t>(dvmlens::Backend::Dvm)] = 4;
        dvmlens::SourceLocationSummary unexplained = allDvm;
        unexplained.frame.line = 110;
        unexplained.counts.kernels[static_cast<std::size_t>(dvmlens::Backend::Triton)] = 1;
        sources->summary.locations = { allDvm, unexplained };
        SourceLocationsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSources(sources);
        QCOMPARE(column(model, SourceLocationsModel::WhyColumn, Qt::AccessibleTextRole),
            QStringList({ u"every kernel DVM, nothing fell back"_s, u"no reason why not DVM"_s }));
    }

    void titlesInChinese()
    {
        ChineseRuleTexts chinese;
        QCoreApplication::installTranslator(&chinese);
        SourceLocationsModel model;
        model.setSources(computeModelSources(*m_fixture->index));
        model.setWhy(m_fixture->why);
        const QString cell = model.index(2, SourceLocationsModel::WhyColumn).data().toString();
        QCoreApplication::removeTranslator(&chinese);
        QCOMPARE(cell, u"aten.div.Tensor_mode ×1 — 特殊形式总是以 ATen 执行"_s);
    }

    void sortedWorstReasonFirst()
    {
        SourceLocationsModel model;
        model.setSources(computeModelSources(*m_fixture->index));
        model.setWhy(m_fixture->why);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(SourceLocationsModel::SortRole);
        proxy.sort(SourceLocationsModel::WhyColumn, Qt::AscendingOrder);
        // not-in-lowering-list (rank 7), special-form (9), group-forced (16).
        QCOMPARE(column(proxy, SourceLocationsModel::LocationColumn),
            QStringList({ u"layers.py:118"_s, u"layers.py:120"_s, u"layers.py:124"_s }));
    }

    void lateReasonsKeepTheSelection()
    {
        SourcesDock dock;
        QAbstractItemModelTester tester(
            dock.locationsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setSources(m_fixture->index, computeModelSources(*m_fixture->index));
        dock.locationsTable()->setCurrentIndex(dock.locationsProxy()->index(1, 0));
        QCOMPARE(dock.locationsTable()->currentIndex().data().toString(), u"layers.py:118"_s);
        const int items = dock.itemsModel()->rowCount();
        QCOMPARE(items, 2);
        dock.locationsModel()->setWhy(m_fixture->why);
        QCOMPARE(dock.locationsTable()->currentIndex().data().toString(), u"layers.py:118"_s);
        QCOMPARE(dock.itemsModel()->rowCount(), items);
        QCOMPARE(dock.locationsProxy()->index(1, SourceLocationsModel::WhyColumn).data().toString(),
            u"aten.permute.default ×1 — Op not in DVM's lowering list; aten.mm.default ×1 — DVM matmul "
            "fusion off"_s);
    }

    void followsTheDocument()
    {
        // Whichever of the sources and the reasons the document has first, the column fills.
        TreeDocument document;
        SourcesDock dock;
        dock.follow(document);
        QSignalSpy ready(&dock, &SourcesDock::sourcesReady);
        document.setIndex(m_fixture->tree, m_fixture->index);
        QVERIFY(ready.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(document.why(), 30000);
        QCOMPARE(dock.locationsModel()->why(), document.why());
        QCOMPARE(dock.locationsModel()->index(2, SourceLocationsModel::WhyColumn).data().toString(),
            u"aten.div.Tensor_mode ×1 — Special form always runs as ATen"_s);
    }
};

QTEST_MAIN(TestSourcesWhy)
#include "tst_sourceswhy.moc"
