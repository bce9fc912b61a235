// SPDX-License-Identifier: MIT
// The compare page says under the selected pair what `dvmlens-cli compare` says under its block: the split
// (a B graph a new graph break made, paired with the A graph it came from, not listed as only in B), the
// compile-side sentences and the why-not-DVM reason changes (core's pairExplanationLines), with the reasons
// in words for screen readers. Fed by the real CompareJob on trace logs (the new break of
// tst_cli_comparecompile) and on trees of the why fixture (tst_cli_comparewhy).
#include "core/trace/codehash.h"
#include "gui/compare/comparepage.h"
#include "gui/compare/comparesummarymodel.h"
#include "gui/document/comparejob.h"
#include "testutil.h"
#include "whytree.h"

#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

std::shared_ptr<const CompareOutcome> runJob(const QString& a, const QString& b)
{
    CompareJob job;
    QSignalSpy finished(&job, &CompareJob::finished);
    job.start({ a, b, {}, {} });
    if (!finished.wait(60000))
        return nullptr;
    return finished.at(0).at(0).value<std::shared_ptr<const CompareOutcome>>();
}

std::string sampleCode(const QString& run, const QString& graph)
{
    return testutil::readText(
        testutil::sampleTree(run) + u"/torchinductor/"_s + graph + u"/output_code.py"_s);
}

std::string codeRecord(const std::string& ids, const std::string& code)
{
    return testutil::traceRecord(R"("inductor_output_code": {"filename": "/tmp/i/xx/cxx.py"}, )" + ids, code);
}

// forward [0/0] compiled once with DVM (as tst_cli_comparecompile's staticLog).
std::string staticLog()
{
    using namespace testutil;
    return dynamoStart(compileId(0, 0))
        + codeRecord(compileId(0, 0), sampleCode(kSampleEngagedRun, u"model__0_forward_1.0"_s))
        + metrics(compileId(0, 0), "forward");
}

// forward [0/0] breaks at layers.py:210 and loses DVM; the rest runs as [1/0], with DVM (brokenLog there).
std::string brokenLog()
{
    using namespace testutil;
    const std::string resume = "torch_dynamo_resume_in_forward_at_210";
    return dynamoStart(compileId(0, 0)) + breakArtifact(compileId(0, 0))
        + codeRecord(compileId(0, 0, 1), sampleCode(kSampleLostRun, u"model__0_forward_1.0"_s))
        + metrics(compileId(0, 0, 1), "forward", R"(, "restart_reasons": ["Unsupported Tensor.item() call"])")
        + dynamoStart(compileId(1, 0), resume)
        + codeRecord(compileId(1, 0), sampleCode(kSampleEngagedRun, u"model__1_inference_3.2"_s))
        + metrics(compileId(1, 0), resume);
}

// The why fixture with its float64 add still a DVM kernel in A.
QByteArray addStillDvm(QByteArray text)
{
    return text.replace(
        "dvm_fused_add_1 = async_compile.import_fx('dvm_fused_add_1', kernel_meta={'device_str': 'npu'})",
        "@dvm.kernel(ktype='vector', dyn_shape=False)\ndef dvm_fused_add_1_build(k):\n"
        "    arg0_1 = k.load([8, 16], dvm.float32)\n    arg1_1 = k.load([8, 16], dvm.float32)\n"
        "    add = k.add(arg0_1, arg1_1)\n    k.store(add, dvm.float32)\n    k.set_kernel_info(\n"
        "        'dvm_fused_add',  # kernel_name\n        'dvm_fused_add_1',  # kernel_fullname\n    )\n\n"
        "dvm_fused_add_1 = dvm_fused_add_1_build");
}

const QString kNewBreak =
    u"compile: B has a new graph break at layers.py:210 (Unsupported Tensor.item() call with "
    "capture_scalar_outputs=False); the rest runs as torch_dynamo_resume_in_forward_at_210"_s;

} // namespace

class TestCompareNotes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // B's resume graph is paired with A's forward; both pairs say the new break, the split one its split.
    void newBreakAndSplitPair()
    {
        QTemporaryDir dir;
        QVERIFY(testutil::writeBytes(dir.filePath(u"static.log"_s), staticLog()));
        QVERIFY(testutil::writeBytes(dir.filePath(u"broken.log"_s), brokenLog()));
        const auto outcome = runJob(dir.filePath(u"static.log"_s), dir.filePath(u"broken.log"_s));
        QVERIFY(outcome && outcome->result);
        QCOMPARE(outcome->result->summary.split, 1);
        QCOMPARE(outcome->result->summary.onlyB, 0);

        ComparePage page;
        page.resize(1280, 800);
        page.show();
        page.setOutcome(outcome);
        QCOMPARE(page.summaryModel()->rowCount(), 2);
        QVERIFY(page.selectGraph(u"[0/0] 0_forward"_s));
        QVERIFY(page.pairNotesLabel()->isVisible());
        QVERIFY2(page.pairNotesLabel()->text().startsWith(
                     kNewBreak + u"\nwhy: fused_add_mul ×1: DVM → backend-not-dvm\n"_s),
            qPrintable(page.pairNotesLabel()->text()));
        QVERIFY(page.selectGraph(u"[1/0] 1_inference"_s));
        QCOMPARE(page.pairNotesLabel()->text(),
            u"split: B's part after the graph break at layers.py:210, paired with A's [0/0] 0_forward\n"_s
                + kNewBreak
                + u"\nwhy: aten.mm.default ×1: unknown → none\nwhy: extern_kernels.addmm ×1: unknown → none"_s);
        QCOMPARE(page.currentGraph()->status, dvmlens::PairStatus::Matched);
        QVERIFY(page.compileElsewhereLabel()->isHidden()); // every sentence is under a pair
    }

    // A cache module beside the trace that logged it: the pair's notes say it is the same code, and
    // screen readers hear it too.
    void theSameCodeSaysSo()
    {
        QTemporaryDir dir;
        QVERIFY(testutil::writeBytes(dir.filePath(u"static.log"_s), staticLog()));
        const std::string code = sampleCode(testutil::kSampleEngagedRun, u"model__0_forward_1.0"_s);
        const QString hash = QString::fromStdString(dvmlens::inductorCodeHash(code));
        QVERIFY(QDir(dir.path()).mkpath(u"cache/"_s + hash.mid(1, 2)));
        QVERIFY(
            testutil::writeBytes(dir.filePath(u"cache/"_s + hash.mid(1, 2) + u'/' + hash + u".py"_s), code));
        const auto outcome = runJob(dir.filePath(u"cache"_s), dir.filePath(u"static.log"_s));
        QVERIFY(outcome && outcome->result);
        QCOMPARE(outcome->result->summary.matched, 1);

        ComparePage page;
        page.resize(1280, 800);
        page.show();
        page.setOutcome(outcome);
        QVERIFY(page.selectGraph(u"0_forward "_s + hash.left(9)));
        const QString same =
            u"Same code: one wrapper module on both sides (Inductor code hash %1…)"_s.arg(hash.left(9));
        QVERIFY(page.pairNotesLabel()->isVisible());
        QCOMPARE(page.pairNotesLabel()->text(), same);
        QCOMPARE(page.pairNotesLabel()->accessibleDescription(), same);
        QCOMPARE(page.pairNotesLabel()->accessibleName(),
            u"About this graph pair: the same code, what changed on the compile side and why not DVM"_s);
    }

    // A frame only B compiled, whose compile failed and made no code: its sentence belongs to no pair, and
    // the page says it above the pair's notes as `dvmlens-cli compare` ends with it.
    void compileChangesUnderNoPair()
    {
        using namespace testutil;
        QTemporaryDir dir;
        QVERIFY(writeBytes(dir.filePath(u"static.log"_s), staticLog()));
        QVERIFY(writeBytes(dir.filePath(u"failed.log"_s),
            staticLog() + dynamoStart(compileId(1, 0), "g")
                + metrics(compileId(1, 0), "g",
                    R"(, "fail_type": "torch._dynamo.exc.BackendCompilerFailed", "fail_reason": "backend='inductor' raised:\nRuntimeError: boom")")));
        const auto outcome = runJob(dir.filePath(u"static.log"_s), dir.filePath(u"failed.log"_s));
        QVERIFY(outcome && outcome->result);

        ComparePage page;
        page.resize(1280, 800);
        page.show();
        page.setOutcome(outcome);
        const QString sentence =
            u"B's compile [1/0] (g) failed: BackendCompilerFailed: backend='inductor' raised: RuntimeError: boom"_s;
        QCOMPARE(page.compileElsewhereLabel()->text(),
            u"Compile side, under no changed graph pair:\n"_s + sentence);
        QVERIFY(page.compileElsewhereLabel()->isVisible());
        QCOMPARE(page.compileElsewhereLabel()->accessibleName(),
            u"Compile-side changes under no changed graph pair"_s);
        QCOMPARE(page.compileElsewhereLabel()->accessibleDescription(), sentence);
        QVERIFY(page.pairNotesLabel()->isHidden()); // the one pair did not change

        page.clear();
        QVERIFY(page.compileElsewhereLabel()->isHidden());
    }

    // The add fell out of DVM and B calls aten.permute: said in the label, and in words to screen readers.
    void reasonChanges()
    {
        QTemporaryDir dirA, dirB;
        const QString treeA = whytree::makeTree(dirA);
        testutil::writeTestFile(treeA + u"/"_s + whytree::kGraphFolder + u"/output_code.py"_s,
            addStillDvm(whytree::fixtureText()));
        const QString treeB = whytree::makeTree(dirB);
        const auto outcome = runJob(treeA, treeB);
        QVERIFY(outcome && outcome->result);

        ComparePage page;
        page.resize(1280, 800);
        page.show();
        page.setOutcome(outcome);
        QVERIFY(page.currentGraph());
        QVERIFY(page.pairNotesLabel()->isVisible());
        QCOMPARE(page.pairNotesLabel()->text(), u"why: fused_add ×1: DVM → group-placeholder-dtype"_s);
        // In words: no arrows or signs, the reason's title.
        QCOMPARE(page.pairNotesLabel()->accessibleDescription(),
            u"fused_add, 1 item(s): in A DVM, in B Fused group refused: input dtype"_s);

        // One pair of five fusions: the tables take the rows they need, not a third of the page
        // (#29 item 24: empty space above the code).
        QTest::qWait(0);
        const int rowHeight = page.summaryView()->verticalHeader()->defaultSectionSize();
        QVERIFY2(page.summaryView()->viewport()->height() < 7 * rowHeight,
            qPrintable(QString::number(page.summaryView()->viewport()->height())));
        QVERIFY(page.fusionView()->viewport()->height() >= 5 * rowHeight);

        // The same tree on both sides: nothing to say, no label.
        page.setOutcome(runJob(treeB, treeB));
        QVERIFY(page.currentGraph());
        QCOMPARE(page.pairNotesLabel()->text(), QString());
        QVERIFY(page.pairNotesLabel()->isHidden());
    }
};

QTEST_MAIN(TestCompareNotes)
#include "tst_comparenotes.moc"
