// SPDX-License-Identifier: MIT
// The Provenance mode of the code area: a graph's FX graph (fx_graph_readable.py), post-grad graph
// (fx_graph_transformed.py, or the DVM docstrings in output_code.py) and output_code.py side by
// side, as tlparse's provenance highlighter shows them. Clicking a kernel or fallback call in the
// code paints its FX nodes in both FX panes and scrolls them there; clicking a node paints its
// kernels in the code. Which lines are linked is core's answer (sources/provenancelinks.h); the
// view only paints it and says which evidence linked them. The links are the document's product
// (ProvenanceStore: computed off the GUI thread, the last few kept); until they arrive the panes and
// the line above them say "Computing links…".
#pragma once

#include "core/model/model.h"
#include "core/sources/provenancelinks.h"
#include "gui/document/provenancestore.h"

#include <QString>
#include <QWidget>

#include <array>
#include <memory>

class CodeView;
class QLabel;
class QStackedWidget;
class QToolButton;

class ProvenanceView : public QWidget
{
    Q_OBJECT
public:
    explicit ProvenanceView(QWidget* parent = nullptr);

    // Takes the links from `store` from now on (the open document's; it outlives the view).
    void follow(ProvenanceStore& store);

    // Shows the panes of `graph`, which `index` keeps alive (null: none), once its links are
    // computed in the background (the graph's FX graph files and provenance JSONs are read again).
    void setGraph(std::shared_ptr<const dvmlens::Index> index, const dvmlens::Graph* graph);
    const dvmlens::Graph* graph() const;
    const dvmlens::GraphProvenance& provenance() const; // empty while computing
    // True from setGraph() until the graph's links arrive (linksReady()).
    bool isComputingLinks() const;

    CodeView* pane(dvmlens::ProvenancePane pane) const;
    // The note shown in place of a pane whose file the graph lacks, or empty when the pane shows a file.
    QString paneNote(dvmlens::ProvenancePane pane) const;
    QString paneTitle(dvmlens::ProvenancePane pane) const;
    // What the selection is linked to and through which evidence.
    QString linkText() const;

    // As a click on `line` of `pane`: paints what is linked to it in every pane.
    void selectLine(dvmlens::ProvenancePane pane, int line);
    // Puts the code pane's cursor on the kernel `name` (as clicking it); false when the graph has none.
    // While the links are computed, the kernel is selected when they arrive.
    bool selectKernel(const QString& name);
    // The back button (it triggers the action that entered the mode).
    QToolButton* backButton() const;

Q_SIGNALS:
    // The links of the shown graph arrived and the panes show its files.
    void linksReady();
    // A node clicked in an FX pane went into this kernel (the first of its kernels in the code), so
    // the kernel table and Kernel Details can follow the code.
    void kernelLinked(const QString& name);

private:
    void linksComputed(std::shared_ptr<const dvmlens::GraphProvenance> provenance, int problems);
    void retranslate();
    void showPanes();
    void clearLinks();
    void showLinks(dvmlens::ProvenancePane from, int line);
    QString describeLink(const dvmlens::ProvenanceLink& link) const;

    std::shared_ptr<const dvmlens::Index> m_index;
    const dvmlens::Graph* m_graph = nullptr;
    std::shared_ptr<const dvmlens::GraphProvenance> m_provenance; // never null
    ProvenanceStore* m_store = nullptr;
    int m_problems = 0; // files that could not be read

    QLabel* m_title;
    QLabel* m_link;
    QToolButton* m_back;
    bool m_computing = false;
    QString m_pendingKernel; // selectKernel() while computing
    std::array<QLabel*, dvmlens::kProvenancePaneCount> m_titles {};
    std::array<QStackedWidget*, dvmlens::kProvenancePaneCount> m_stacks {};
    std::array<CodeView*, dvmlens::kProvenancePaneCount> m_panes {};
    std::array<QLabel*, dvmlens::kProvenancePaneCount> m_notes {};
    // The last selection, to word it again when the language changes.
    dvmlens::ProvenancePane m_selectedPane = dvmlens::ProvenancePane::Code;
    int m_selectedLine = 0;
};
