// SPDX-License-Identifier: MIT
// The "unreadable" rung in the window (issues 29.6 and 30.14): a graph whose output_code.py could
// not be read shows "unreadable" with an error icon (not the plain "no DVM"), its words reach
// screen readers, its tooltip says the file could not be read (not "Not DVM: …"), the run's count
// leaves it out and names it, and the Kernels pane's empty text says the file could not be read.
#include "core/index/indexer.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/common/themes.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString kRun = u"run_2026_07_20_10_15_30_123456-pid_4242"_s;

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QImage pixels(const QIcon& icon)
{
    return icon.pixmap(QSize(32, 32)).toImage();
}

} // namespace

class TestUnreadableRung : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const dvmlens::Index> m_index;

private Q_SLOTS:
    void initTestCase()
    {
        const QString graphs = m_dir.filePath(kRun + u"/torchinductor/"_s);
        QVERIFY(QDir().mkpath(graphs + u"model__0_forward_1.0"_s));
        QVERIFY(QFile::copy(testutil::fixture(u"output_code/dvm_mlir_fusion.py"_s),
            graphs + u"model__0_forward_1.0/output_code.py"_s));
        QVERIFY(writeFile(graphs + u"model__1_forward_2.0/output_code.py"_s,
            QByteArray("\x7f"
                       "ELF\0\0",
                6)));
        std::string error;
        std::optional<dvmlens::Index> index = dvmlens::buildIndex(m_dir.path().toStdString(), {}, error);
        QVERIFY2(index, error.c_str());
        m_index = std::make_shared<const dvmlens::Index>(std::move(*index));
    }

    void runTreeShowsTheRung()
    {
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(m_index);
        const QModelIndex run = model.index(0, RunTreeModel::NameColumn);
        QCOMPARE(run.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(),
            u"engaged 1/1 (1 unreadable)"_s);
        QVERIFY2(run.data(Qt::ToolTipRole)
                     .toString()
                     .contains(u"DVM engaged in all 1 graphs with code; 1 unreadable"_s),
            qPrintable(run.data(Qt::ToolTipRole).toString()));
        QModelIndex unreadable;
        for (int row = 0; row < model.rowCount(run); ++row) {
            const QModelIndex graph = model.index(row, RunTreeModel::NameColumn, run);
            if (graph.data().toString() == u"model__1_forward_2.0"_s)
                unreadable = graph;
        }
        QVERIFY(unreadable.isValid());
        QCOMPARE(unreadable.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(), u"unreadable"_s);
        QCOMPARE(unreadable.data(Qt::AccessibleTextRole).toString(), u"model__1_forward_2.0, unreadable"_s);
        const QString tip = unreadable.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"output_code.py could not be read: whether DVM engaged is unknown"_s),
            qPrintable(tip));
        QVERIFY2(!tip.contains(u"Not DVM"_s), qPrintable(tip));
        // Its own icon: an error mark, not the "no DVM" cross nor the "no code" outline.
        const QIcon icon = unreadable.data(Qt::DecorationRole).value<QIcon>();
        QVERIFY(!icon.isNull());
        const QPalette palette = QApplication::palette();
        QCOMPARE(pixels(icon), pixels(verdictIcon(dvmlens::Verdict::Unreadable, palette)));
        QVERIFY(pixels(icon) != pixels(verdictIcon(dvmlens::Verdict::NotEngaged, palette)));
        QVERIFY(pixels(icon) != pixels(verdictIcon(dvmlens::Verdict::NoCode, palette)));
        // No counts where nothing was read.
        QVERIFY(!unreadable.siblingAtColumn(RunTreeModel::DvmColumn).data().isValid());
    }

    void kernelsPaneSaysTheFileCouldNotBeRead()
    {
        KernelTableModel model;
        KernelPanel panel(&model);
        const dvmlens::Run& run = m_index->runs.front();
        const dvmlens::Graph* binary = nullptr;
        const dvmlens::Graph* engaged = nullptr;
        for (const dvmlens::Graph& graph : run.graphs)
            (graph.name == "model__1_forward_2.0" ? binary : engaged) = &graph;
        QVERIFY(binary && engaged);
        model.setGraphs(m_index, { binary });
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.unreadableGraphs(), 1);
        QCOMPARE(panel.emptyText(),
            u"No kernels to show: output_code.py could not be read (Diagnostics says why)."_s);
        model.setGraphs(m_index, { engaged });
        QVERIFY(model.rowCount() > 0);
        QCOMPARE(model.unreadableGraphs(), 0);
        QCOMPARE(panel.emptyText(), QString());
        model.clear();
        QVERIFY(panel.emptyText().startsWith(u"No kernels to show. Select a run or a graph in Runs"_s));
    }
};

QTEST_MAIN(TestUnreadableRung)
#include "tst_unreadablerung.moc"
