// SPDX-License-Identifier: MIT
// The kernel table's "Why not DVM" column on the why fixture, whose reasons core's tests know:
// there once the reasons are, at its place after Backend; each non-DVM kernel's reason title (in
// the interface language), empty for the DVM kernel; sorted most general reason first; matched by
// the text filter; the reason and fix as tooltip and accessible description. Checked by
// QAbstractItemModelTester throughout.
#include "gui/browse/kernelfilterproxy.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/headertitles.h"
#include "gui/whyfixture.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QHeaderView>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using whyfixture::ChineseRuleTexts;
using whyfixture::column;

using namespace Qt::StringLiterals;

namespace {

const QStringList kNames = { u"dvm_fused_mul_0"_s, u"dvm_fused_add_1"_s, u"dvm_fused_cat_2"_s,
    u"dvm_fused_add_mul_3"_s, u"dvm_fused_exp_sum_4"_s };

} // namespace

class TestWhyColumn : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<whyfixture::Explained> m_fixture;

private Q_SLOTS:
    void initTestCase()
    {
        m_fixture = whyfixture::explained();
        QVERIFY2(m_fixture->index, m_fixture->error.c_str());
        QVERIFY(m_fixture->why);
    }

    void cellsSayTheReason()
    {
        KernelTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphs(m_fixture->index, { m_fixture->graph });
        QCOMPARE(column(model, 0), kNames);
        QCOMPARE(model.sectionOf(KernelTableModel::WhyColumn), -1); // not decided yet: no column
        QSignalSpy inserted(&model, &QAbstractItemModel::columnsInserted);
        model.setWhy(m_fixture->why);
        QCOMPARE(inserted.size(), 1);
        const int why = model.sectionOf(KernelTableModel::WhyColumn);
        QCOMPARE(why, 2); // after Kernel and Backend, as shown
        QCOMPARE(inserted[0][1].toInt(), why);
        QCOMPARE(model.columnAt(why), KernelTableModel::WhyColumn);
        QCOMPARE(model.headerData(why, Qt::Horizontal).toString(), u"Why not DVM"_s);
        QCOMPARE(column(model, why),
            QStringList({ QString(), u"Fused group refused: input dtype"_s,
                u"Fused group refused: op without a DVM emitter"_s, u"Fused group refused: node dtype"_s,
                u"Fused group forced to eager"_s }));
        QCOMPARE(model.index(1, model.sectionOf(KernelTableModel::BackendColumn)).data().toString(),
            u"import_fx"_s);

        // Tooltip and accessible description: core's sentence, then the fix.
        const dvmlens::WhyReason* f64 = model.reasonAt(1);
        QVERIFY(f64);
        const QString explanation =
            u"DVM skipped this fused group: input `arg1_1` is float64 (DVM loads only bfloat16, float16, "
            "float32, int32, bool, int64).\nFix: "_s
            + QString::fromStdString(f64->fix.en);
        QCOMPARE(model.index(1, why).data(Qt::ToolTipRole).toString(), explanation);
        QCOMPARE(model.index(1, why).data(Qt::AccessibleDescriptionRole).toString(), explanation);
        QCOMPARE(model.index(1, why).data(Qt::AccessibleTextRole).toString(),
            u"Fused group refused: input dtype"_s);
        QCOMPARE(model.index(0, why).data(Qt::ToolTipRole).toString(), QString());
        QCOMPARE(model.index(0, why).data(Qt::AccessibleTextRole).toString(), u"DVM, no reason"_s);
        QVERIFY(!model.reasonAt(0));

        // Reasons of another index say nothing about these kernels.
        auto other = std::make_shared<TreeWhy>(*m_fixture->why);
        other->index = std::make_shared<const dvmlens::Index>(*m_fixture->index);
        model.setWhy(other);
        QCOMPARE(column(model, why), QStringList(5, QString()));
        // A non-DVM kernel without a reason is not read as DVM.
        QCOMPARE(model.index(1, why).data(Qt::AccessibleTextRole), QVariant());
        QCOMPARE(model.index(0, why).data(Qt::AccessibleTextRole).toString(), u"DVM, no reason"_s);

        QSignalSpy removed(&model, &QAbstractItemModel::columnsRemoved);
        model.setWhy(nullptr);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(model.sectionOf(KernelTableModel::WhyColumn), -1);
        QCOMPARE(model.columnCount(), int(KernelTableModel::DeviceTimeColumn));
    }

    void titlesInChinese()
    {
        ChineseRuleTexts chinese;
        QVERIFY(QCoreApplication::installTranslator(&chinese));
        KernelTableModel model;
        model.setGraphs(m_fixture->index, { m_fixture->graph });
        model.setWhy(m_fixture->why);
        const int why = model.sectionOf(KernelTableModel::WhyColumn);
        QCOMPARE(model.index(1, why).data().toString(), u"融合组被拒绝：输入数据类型"_s);
        QVERIFY(model.index(1, why)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QString::fromStdString(model.reasonAt(1)->fix.zh)));
        QCoreApplication::removeTranslator(&chinese);
        QCOMPARE(model.index(1, why).data().toString(), u"Fused group refused: input dtype"_s);
    }

    void sortedMostGeneralFirst()
    {
        KernelTableModel model;
        KernelFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphs(m_fixture->index, { m_fixture->graph });
        model.setWhy(m_fixture->why);
        proxy.sort(model.sectionOf(KernelTableModel::WhyColumn), Qt::AscendingOrder);
        // Core's ranks: the placeholder check, then emitters, node dtypes, forced; DVM last.
        QCOMPARE(column(proxy, 0),
            QStringList({ u"dvm_fused_add_1"_s, u"dvm_fused_cat_2"_s, u"dvm_fused_add_mul_3"_s,
                u"dvm_fused_exp_sum_4"_s, u"dvm_fused_mul_0"_s }));
        proxy.sort(model.sectionOf(KernelTableModel::WhyColumn), Qt::DescendingOrder);
        QCOMPARE(column(proxy, 0).first(), u"dvm_fused_mul_0"_s);
        QCOMPARE(column(proxy, 0).last(), u"dvm_fused_add_1"_s);
    }

    void filterMatchesTheReason()
    {
        KernelTableModel model;
        KernelFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGraphs(m_fixture->index, { m_fixture->graph });
        proxy.setFilterText(u"emitter"_s);
        QCOMPARE(proxy.rowCount(), 0); // no reasons yet
        model.setWhy(m_fixture->why);
        QCOMPARE(column(proxy, 0), QStringList({ u"dvm_fused_cat_2"_s }));
        proxy.setFilterText(u"group-forced"_s); // the reason's code too
        QCOMPARE(column(proxy, 0), QStringList({ u"dvm_fused_exp_sum_4"_s }));
        proxy.setFilterText(u"fused group refused"_s);
        QCOMPARE(column(proxy, 0),
            QStringList({ u"dvm_fused_add_1"_s, u"dvm_fused_cat_2"_s, u"dvm_fused_add_mul_3"_s }));
    }

    void panelShowsTheColumnAfterBackend()
    {
        KernelTableModel model;
        KernelPanel panel(&model);
        model.setGraphs(m_fixture->index, { m_fixture->graph });
        const QStringList before = shownTitles(*panel.view());
        QCOMPARE(before.mid(0, 3), QStringList({ u"Kernel"_s, u"Backend"_s, u"ktype"_s }));
        // A state saved before the column existed (its sections one fewer) still applies.
        QStandardItemModel formerColumns(0, KernelTableModel::WhyColumn);
        QHeaderView former(Qt::Horizontal);
        former.setModel(&formerColumns);
        former.resizeSection(KernelTableModel::OpsColumn, 66);
        QVERIFY(
            panel.restoreHeaderState(QByteArrayLiteral("DVMLENS-KERNEL-COLUMNS-1:") + former.saveState()));
        QCOMPARE(panel.view()->header()->sectionSize(model.sectionOf(KernelTableModel::OpsColumn)), 66);
        model.setWhy(m_fixture->why);
        QStringList after = before;
        after.insert(2, u"Why not DVM"_s);
        QCOMPARE(shownTitles(*panel.view()), after);
        // Saved with the column and restored without it, then with it: it comes back at its place.
        const QByteArray state = panel.headerState();
        KernelTableModel otherModel;
        KernelPanel restored(&otherModel);
        otherModel.setGraphs(m_fixture->index, { m_fixture->graph });
        QVERIFY(restored.restoreHeaderState(state));
        QCOMPARE(shownTitles(*restored.view()), before);
        otherModel.setWhy(m_fixture->why);
        QCOMPARE(shownTitles(*restored.view()), after);
    }
};

QTEST_MAIN(TestWhyColumn)
#include "tst_whycolumn.moc"
