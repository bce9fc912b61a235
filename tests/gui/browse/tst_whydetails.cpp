// SPDX-License-Identifier: MIT
// Kernel Details says why a kernel is not DVM, on the why fixture whose reasons core's tests know:
// the reason's title and sentence, its evidence with the line as a link that moves the code view,
// the torch_npu releases it holds for and the fix; nothing for a DVM kernel; for a graph, its
// reasons counted by core, most general first. In BrowsePage, the document's reasons reach the
// table and the details.
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelpanel.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/codeview/codemarks.h"
#include "gui/codeview/codeview.h"
#include "gui/document/treedocument.h"
#include "gui/whyfixture.h"
#include "testutil.h"

#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTreeView>
#include <QUrl>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The 1-based number of the first line of `path` that contains `needle`; 0 when none does.
int lineOf(const QString& path, const QString& needle)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].contains(needle))
            return i + 1;
    }
    return 0;
}

} // namespace

class TestWhyDetails : public QObject
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

    void kernelReasonEvidenceAndFix()
    {
        KernelDetails details;
        const std::vector<dvmlens::Kernel>& kernels = m_fixture->graph->outputCode->kernels;
        details.showKernel(m_fixture->index, &kernels[1], m_fixture->graph); // import_fx: a float64 input
        QVERIFY(!details.toPlainText().contains(u"Why not DVM"_s)); // not decided yet
        details.setWhy(m_fixture->why);
        const QString text = details.toPlainText();
        const QString path = QString::fromStdString(m_fixture->graph->outputCode->path);
        const int line = lineOf(path, u"arg1_1: \"f64[8, 16]\""_s);
        QVERIFY(line > 0);
        const QString why = text.mid(text.indexOf(u"Why not DVM"_s));
        const dvmlens::WhyReason* reason = m_fixture->why->kernelReason(*m_fixture->graph, kernels[1]);
        QVERIFY(reason);
        QCOMPARE(why.left(why.indexOf(u"\nFix:"_s)),
            u"Why not DVM\nFused group refused: input dtype group-placeholder-dtype\n"
            "DVM skipped this fused group: input `arg1_1` is float64 (DVM loads only bfloat16, float16, "
            "float32, int32, bool, int64).\n"
            "Line\n%1\nInput\narg1_1\ndtype\nfloat64\nAllowed dtypes\n%2\ntorch_npu releases\n26.2b-pt2.7\n"_s
                .arg(line)
                .arg(QString::fromStdString(reason->evidence.allowed)));
        QVERIFY2(why.contains(u"\nFix: "_s + QString::fromStdString(reason->fix.en)), qPrintable(why));
        QVERIFY(details.toHtml().contains(u"href=\"line:%1\""_s.arg(line)));

        // The evidence's line link moves the code view there, as the launch-site links do.
        QSignalSpy activated(&details, &KernelDetails::lineActivated);
        details.anchorClicked(QUrl(u"line:%1"_s.arg(line)));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), path);
        QCOMPARE(activated.at(0).at(1).toInt(), line);

        // The node and op of a group refused for one of its nodes.
        details.showKernel(m_fixture->index, &kernels[3], m_fixture->graph);
        const QString node = details.toPlainText();
        QVERIFY2(node.contains(u"Fused group refused: node dtype group-node-dtype\n"_s), qPrintable(node));
        QVERIFY(node.contains(u"\nOp\naten.mul.Tensor\nFX node\nmul\ndtype\nint64\n"_s));

        // A DVM kernel has no reason.
        details.showKernel(m_fixture->index, &kernels[0], m_fixture->graph);
        QVERIFY(!details.toPlainText().contains(u"Why not DVM"_s));
        // Reasons of another index say nothing here.
        auto other = std::make_shared<TreeWhy>(*m_fixture->why);
        other->index = std::make_shared<const dvmlens::Index>(*m_fixture->index);
        details.setWhy(other);
        details.showKernel(m_fixture->index, &kernels[1], m_fixture->graph);
        QVERIFY(!details.toPlainText().contains(u"Why not DVM"_s));
    }

    void graphReasonCounts()
    {
        KernelDetails details;
        details.setWhy(m_fixture->why);
        details.showGraph(m_fixture->index, m_fixture->graph);
        const QString text = details.toPlainText();
        const qsizetype at = text.indexOf(u"Why not DVM"_s);
        QVERIFY2(at >= 0, qPrintable(text));
        // Core's counts (addWhyCounts) in the rule table's order: the most general reason first.
        QCOMPARE(text.mid(at, text.indexOf(u"Select a kernel"_s) - at),
            u"Why not DVM: kernels and calls by reason\n"
            "Kept whole by torch_npu's decompositions\n1\n"
            "Op not in DVM's lowering list\n1\n"
            "Dtype refused for the op\n1\n"
            "Special form always runs as ATen\n1\n"
            "DVM matmul fusion off\n1\n"
            "No Inductor lowering (NPU custom op)\n1\n"
            "Fused group refused: input dtype\n1\n"
            "Fused group refused: op without a DVM emitter\n1\n"
            "Fused group refused: node dtype\n1\n"
            "Fused group forced to eager\n1\n"
            "No known rule explains it\n2\n\n"_s);
    }

    void browsePageFollowsTheDocument()
    {
        TreeDocument document;
        BrowsePage page;
        page.follow(document);
        QSignalSpy changed(&document, &TreeDocument::whyChanged);
        document.setIndex(m_fixture->tree, m_fixture->index);
        QVERIFY(
            page.selectBySpec(u"run_2026_12_01_10_00_00_000000-pid_7/model__0_forward_0.0/dvm_fused_add_1"_s)
                .isEmpty());
        const KernelTableModel* model = page.kernelPanel()->model();
        QCOMPARE(model->sectionOf(KernelTableModel::WhyColumn), -1);
        const int f64 = m_fixture->graph->outputCode->kernels[1].line;
        const auto reasonMarked = [&page, f64] {
            for (const CodeMark& mark : page.codeView()->marks()) {
                if (mark.firstLine == f64)
                    return mark.why.contains(u"Fused group refused: input dtype"_s);
            }
            return false;
        };
        QTRY_VERIFY(!page.codeView()->isLoading());
        if (changed.count() == 0) // the reasons may come while the (small) file loads
            QVERIFY(!reasonMarked());
        QTRY_COMPARE(changed.count(), 1);
        QVERIFY(reasonMarked()); // the code view's margin, without loading the file again
        QVERIFY(!page.codeView()->isLoading());
        const int why = model->sectionOf(KernelTableModel::WhyColumn);
        QVERIFY(why >= 0);
        QCOMPARE(model->index(model->rowOf(u"dvm_fused_add_1"_s), why).data().toString(),
            u"Fused group refused: input dtype"_s);
        QVERIFY(page.details()->toPlainText().contains(
            u"Fused group refused: input dtype group-placeholder-dtype"_s));
        // A click on the evidence's line moves the code view to it.
        const int line =
            lineOf(QString::fromStdString(m_fixture->graph->outputCode->path), u"arg1_1: \"f64[8, 16]\""_s);
        page.details()->anchorClicked(QUrl(u"line:%1"_s.arg(line)));
        QTRY_COMPARE(page.codeView()->editor()->textCursor().blockNumber() + 1, line);
        // A new index: the old reasons are gone with it.
        document.setIndex(m_fixture->tree, std::make_shared<const dvmlens::Index>(*m_fixture->index));
        QCOMPARE(model->sectionOf(KernelTableModel::WhyColumn), -1);
    }
};

QTEST_MAIN(TestWhyDetails)
#include "tst_whydetails.moc"
