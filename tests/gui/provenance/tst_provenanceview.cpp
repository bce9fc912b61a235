// SPDX-License-Identifier: MIT
// The Provenance mode, offscreen: a kernel clicked in the code paints its exact node lines in
// both FX panes (and scrolls them there), a node clicked paints its kernels in the code, the
// evidence is said; a graph without fx_graph_readable.py shows a note in that pane, one without
// fx_graph_transformed.py shows the DVM docstrings; the browse page enters and leaves the mode
// (View ▸ Provenance, Ctrl+Shift+P) and follows the run tree; the links are computed off the GUI
// thread, with a "Computing links…" state, a kernel selected meanwhile selected when they arrive,
// and a stale graph's links dropped.
#include "core/index/indexer.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelpanel.h"
#include "gui/codeview/codeview.h"
#include "gui/document/provenancestore.h"
#include "gui/document/treedocument.h"
#include "gui/provenance/provenanceview.h"
#include "testutil.h"

#include <QAction>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;
using dvmlens::ProvenancePane;

namespace {

std::shared_ptr<const dvmlens::Index> indexOf(const QString& relative)
{
    std::string error;
    auto index = dvmlens::buildIndex(testutil::fixturePath(relative), {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    return std::make_shared<const dvmlens::Index>(std::move(*index));
}

bool loaded(const ProvenanceView& view)
{
    if (view.isComputingLinks())
        return false;
    for (ProvenancePane pane : { ProvenancePane::FxGraph, ProvenancePane::PostGrad, ProvenancePane::Code }) {
        if (view.pane(pane)->isLoading())
            return false;
    }
    return true;
}

QVector<int> linked(const ProvenanceView& view, ProvenancePane pane)
{
    return view.pane(pane)->linkedLines();
}

// A mouse click on `line` of a pane, as the user makes it.
void clickLine(ProvenanceView& view, ProvenancePane pane, int line)
{
    QPlainTextEdit* editor = view.pane(pane)->editor();
    const QTextBlock block = editor->document()->findBlockByNumber(line - 1);
    editor->setFocus(Qt::MouseFocusReason);
    QTextCursor cursor(block);
    editor->setTextCursor(cursor);
    editor->ensureCursorVisible();
    const QRect rect = editor->cursorRect(cursor);
    QTest::mouseClick(editor->viewport(), Qt::LeftButton, {}, rect.center() + QPoint(4, 0));
}

int firstVisibleLine(const ProvenanceView& view, ProvenancePane pane)
{
    return view.pane(pane)->editor()->verticalScrollBar()->value() + 1;
}

} // namespace

class TestProvenanceView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kernelToNodesAndBack()
    {
        const auto index = indexOf(u"sources/torch_compile_debug"_s);
        ProvenanceView view;
        ProvenanceStore store;
        view.follow(store);
        view.resize(1500, 300); // short panes, so linking must scroll
        view.show();
        const dvmlens::Graph* graph = &index->runs.at(0).graphs.at(0);
        view.setGraph(index, graph);
        QTRY_VERIFY(loaded(view));
        QVERIFY(view.paneNote(ProvenancePane::FxGraph).isEmpty());
        QVERIFY(view.paneNote(ProvenancePane::PostGrad).isEmpty());
        QVERIFY(view.paneTitle(ProvenancePane::FxGraph).endsWith(u"fx_graph_readable.py"_s));
        QVERIFY(view.paneTitle(ProvenancePane::PostGrad).endsWith(u"fx_graph_transformed.py"_s));
        QVERIFY(linked(view, ProvenancePane::FxGraph).isEmpty());
        QVERIFY(view.linkText().startsWith(u"Click a kernel"_s));

        // The gelu Triton kernel's launch line: its node (gelu, line 14) in both FX panes.
        clickLine(view, ProvenancePane::Code, 106);
        QCOMPARE(linked(view, ProvenancePane::FxGraph), QVector<int>({ 14 }));
        QCOMPARE(linked(view, ProvenancePane::PostGrad), QVector<int>({ 14 }));
        QCOMPARE(linked(view, ProvenancePane::Code).first(), 71);
        QVERIFY(linked(view, ProvenancePane::Code).contains(106));
        QVERIFY(view.linkText().contains(u"triton_poi_fused_gelu_4"_s));
        QVERIFY(view.linkText().contains(u"provenance JSONs"_s));
        const int top = firstVisibleLine(view, ProvenancePane::PostGrad);
        QVERIFY2(top <= 14 && 14 < top + 8, qPrintable(QString::number(top))); // scrolled to it

        // A DVM kernel's builder line: the docstring's two nodes.
        clickLine(view, ProvenancePane::Code, 25);
        QCOMPARE(linked(view, ProvenancePane::FxGraph), QVector<int>({ 4, 5 }));
        QCOMPARE(linked(view, ProvenancePane::PostGrad), QVector<int>({ 4, 5 }));
        QVERIFY(view.linkText().contains(u"docstring"_s));

        // A node of the post-grad graph: the node in both FX panes, its kernel in the code.
        clickLine(view, ProvenancePane::PostGrad, 18);
        QCOMPARE(linked(view, ProvenancePane::PostGrad), QVector<int>({ 18 }));
        QCOMPARE(linked(view, ProvenancePane::FxGraph), QVector<int>({ 18 }));
        QCOMPARE(linked(view, ProvenancePane::Code).first(), 63); // triton_poi_fused_add_3
        QVERIFY(linked(view, ProvenancePane::Code).contains(111));
        QVERIFY(view.linkText().contains(u"add_4"_s));
        QVERIFY(view.linkText().contains(u"triton_poi_fused_add_3"_s));

        // A node of the FX graph that a fallback call came from.
        clickLine(view, ProvenancePane::FxGraph, 21);
        QCOMPARE(linked(view, ProvenancePane::Code), QVector<int>({ 115 })); // extern_kernels.bmm
        QVERIFY(view.linkText().contains(u"extern_kernels.bmm"_s));

        // A line linked to nothing clears every pane.
        clickLine(view, ProvenancePane::Code, 90);
        for (ProvenancePane pane :
            { ProvenancePane::FxGraph, ProvenancePane::PostGrad, ProvenancePane::Code })
            QVERIFY(linked(view, pane).isEmpty());

        // Programmatic selection (the kernel table does this).
        QVERIFY(view.selectKernel(u"dvm_fused_silu_view_2"_s));
        QCOMPARE(linked(view, ProvenancePane::FxGraph), QVector<int>({ 9, 10 }));
        QVERIFY(!view.selectKernel(u"no_such_kernel"_s));
    }

    void computingLinksState()
    {
        const auto index = indexOf(u"sources/torch_compile_debug"_s);
        ProvenanceView view;
        ProvenanceStore store;
        view.follow(store);
        view.resize(1500, 300);
        view.show();
        QSignalSpy ready(&view, &ProvenanceView::linksReady);
        // The job's result comes through the event loop, so right after setGraph() it cannot be there.
        view.setGraph(index, &index->runs.at(1).graphs.at(0));
        QVERIFY(view.isComputingLinks());
        view.setGraph(index, &index->runs.at(0).graphs.at(0)); // the first graph's links are stale
        QVERIFY(view.isComputingLinks());
        QVERIFY(view.provenance().links.empty());
        QVERIFY2(view.linkText().startsWith(u"Computing links"_s), qPrintable(view.linkText()));
        QVERIFY(view.linkText().contains(u"model__0_forward_1.0"_s));
        for (ProvenancePane pane :
            { ProvenancePane::FxGraph, ProvenancePane::PostGrad, ProvenancePane::Code }) {
            QCOMPARE(view.paneNote(pane), u"Computing links…"_s);
            QVERIFY(!view.paneTitle(pane).contains(u"missing"_s));
        }
        QVERIFY(view.selectKernel(u"dvm_fused_silu_view_2"_s)); // known: selected once the links arrive
        QVERIFY(!view.selectKernel(u"no_such_kernel"_s));
        QVERIFY(view.selectKernel(u"dvm_fused_silu_view_2"_s));

        QVERIFY(ready.wait(10000));
        QTRY_VERIFY(loaded(view));
        QCOMPARE(ready.count(), 1); // the stale graph's result was dropped
        QVERIFY(!view.isComputingLinks());
        QVERIFY(view.provenance().paths[2] == index->runs.at(0).graphs.at(0).outputCode->path);
        QVERIFY(view.paneNote(ProvenancePane::FxGraph).isEmpty());
        QCOMPARE(linked(view, ProvenancePane::FxGraph), QVector<int>({ 9, 10 }));
        QVERIFY(view.linkText().contains(u"dvm_fused_silu_view_2"_s));

        // No graph: nothing to compute.
        view.setGraph(nullptr, nullptr);
        QVERIFY(!view.isComputingLinks());
        QVERIFY(view.paneNote(ProvenancePane::Code).startsWith(u"Select a graph"_s));
    }

    void missingPanesSayWhy()
    {
        const auto index = indexOf(u"sources/torch_compile_debug"_s);
        ProvenanceView view;
        ProvenanceStore store;
        view.follow(store);
        view.setGraph(index, &index->runs.at(1).graphs.at(0)); // no fx_graph_readable.py
        QTRY_VERIFY(loaded(view));
        QVERIFY(view.paneNote(ProvenancePane::FxGraph).contains(u"no fx_graph_readable.py"_s));
        QVERIFY(view.paneNote(ProvenancePane::PostGrad).isEmpty());
        QVERIFY(view.pane(ProvenancePane::FxGraph)->currentPath().isEmpty());

        const auto docstrings = indexOf(u"provenance/model__0_forward_1.0"_s);
        view.setGraph(docstrings, &docstrings->runs.at(0).graphs.at(0));
        QTRY_VERIFY(loaded(view));
        QVERIFY(view.paneNote(ProvenancePane::PostGrad).isEmpty());
        QVERIFY(view.paneTitle(ProvenancePane::PostGrad).contains(u"DVM docstrings"_s));
        QVERIFY(view.pane(ProvenancePane::PostGrad)->currentPath().endsWith(u"output_code.py"_s));
        view.selectLine(ProvenancePane::Code, 42); // dvm_fused_pow_1's builder
        QCOMPARE(linked(view, ProvenancePane::PostGrad), QVector<int>({ 37 }));
        QVERIFY(linked(view, ProvenancePane::FxGraph).isEmpty());

        view.setGraph(nullptr, nullptr);
        QVERIFY(view.paneNote(ProvenancePane::Code).startsWith(u"Select a graph"_s));
    }

    void browsePageEntersAndLeaves()
    {
        const auto index = indexOf(u"sources/torch_compile_debug"_s);
        TreeDocument document; // the owner of the links the page's Provenance mode shows
        BrowsePage page;
        page.follow(document);
        page.resize(1400, 600);
        page.show();
        page.setIndex(index);
        QVERIFY(page.selectBySpec(u"model__0_forward_1.0"_s).isEmpty()); // the first run's graph
        QVERIFY(!page.isProvenanceShown());
        QAction* action = page.provenanceAction();
        QCOMPARE(action->shortcut(), QKeySequence(u"Ctrl+Shift+P"_s));
        QVERIFY(page.runTree()->actions().contains(action)); // the run tree's context menu
        action->trigger();
        QVERIFY(page.isProvenanceShown());
        ProvenanceView* view = page.provenanceView();
        QCOMPARE(view->graph(), &index->runs.at(0).graphs.at(0));
        QTRY_VERIFY(loaded(*view));
        QCOMPARE(document.provenanceStore().cache().graphCount(), 1); // kept by the document

        // The kernel table drives it too.
        QVERIFY(page.kernelPanel()->selectKernel(u"triton_poi_fused_gelu_4"_s));
        QCOMPARE(linked(*view, ProvenancePane::PostGrad), QVector<int>({ 14 }));

        // A node clicked: the code goes to its kernel, and the kernel table and Details follow it
        // while the node stays painted in the FX panes.
        QSignalSpy linkedKernel(view, &ProvenanceView::kernelLinked);
        clickLine(*view, ProvenancePane::PostGrad, 18);
        QVERIFY(!linkedKernel.isEmpty()); // the cursor move and the click each link
        QCOMPARE(linkedKernel.last().at(0).toString(), u"triton_poi_fused_add_3"_s);
        QCOMPARE(QString::fromStdString(page.currentKernel()->name), u"triton_poi_fused_add_3"_s);
        QVERIFY(page.details()->toPlainText().contains(u"triton_poi_fused_add_3"_s));
        QCOMPARE(linked(*view, ProvenancePane::PostGrad), QVector<int>({ 18 }));
        QCOMPARE(linked(*view, ProvenancePane::Code).first(), 63);

        // Another graph in the tree: the mode follows.
        QVERIFY(
            page.selectBySpec(u"run_2026_11_01_10_00_05_000000-pid_101/model__0_forward_1.0"_s).isEmpty());
        QCOMPARE(view->graph(), &index->runs.at(1).graphs.at(0));
        QTRY_VERIFY(loaded(*view));
        QVERIFY(!view->paneNote(ProvenancePane::FxGraph).isEmpty());

        view->backButton()->click();
        QVERIFY(!page.isProvenanceShown());
        QVERIFY(!action->isChecked());
        QCOMPARE(view->graph(), nullptr); // the files and the index are let go
    }
};

QTEST_MAIN(TestProvenanceView)
#include "tst_provenanceview.moc"
