// SPDX-License-Identifier: MIT
#include "gui/provenance/provenanceview.h"

#include "core/io/pathtext.h"
#include "gui/codeview/codeview.h"
#include "gui/common/languagechange.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using dvmlens::ProvenanceLink;
using dvmlens::ProvenancePane;

namespace {

constexpr std::array<ProvenancePane, dvmlens::kProvenancePaneCount> kPanes = { ProvenancePane::FxGraph,
    ProvenancePane::PostGrad, ProvenancePane::Code };

std::size_t slot(ProvenancePane pane)
{
    return static_cast<std::size_t>(pane);
}

// What the view shows while links are computed, and for no graph.
const std::shared_ptr<const dvmlens::GraphProvenance>& emptyProvenance()
{
    static const auto empty = std::make_shared<const dvmlens::GraphProvenance>();
    return empty;
}

QVector<int> toVector(const std::vector<int>& lines)
{
    return QVector<int>(lines.begin(), lines.end());
}

} // namespace

ProvenanceView::ProvenanceView(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_link(new QLabel(this))
    , m_back(new QToolButton(this))
{
    m_provenance = emptyProvenance();
    setObjectName(QStringLiteral("ProvenanceView"));
    m_title->setTextFormat(Qt::PlainText);
    m_link->setTextFormat(Qt::PlainText);
    m_link->setWordWrap(true);
    m_link->setObjectName(QStringLiteral("ProvenanceLink"));
    m_back->setToolButtonStyle(Qt::ToolButtonTextOnly);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(6, 4, 6, 0);
    top->addWidget(m_title, 1);
    top->addWidget(m_back);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    for (ProvenancePane pane : kPanes) {
        const std::size_t i = slot(pane);
        auto* column = new QWidget(splitter);
        auto* layout = new QVBoxLayout(column);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(2);
        m_titles[i] = new QLabel(column);
        m_titles[i]->setTextFormat(Qt::PlainText);
        m_titles[i]->setContentsMargins(4, 0, 4, 0);
        // One line each, so the three panes start at the same height; the whole title is its tooltip.
        m_titles[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        m_stacks[i] = new QStackedWidget(column);
        m_panes[i] = new CodeView(m_stacks[i]);
        m_notes[i] = new QLabel(m_stacks[i]);
        m_notes[i]->setTextFormat(Qt::PlainText);
        m_notes[i]->setWordWrap(true);
        m_notes[i]->setAlignment(Qt::AlignCenter);
        m_notes[i]->setMargin(16);
        m_stacks[i]->addWidget(m_panes[i]);
        m_stacks[i]->addWidget(m_notes[i]);
        layout->addWidget(m_titles[i]);
        layout->addWidget(m_stacks[i], 1);
        splitter->addWidget(column);
        connect(m_panes[i], &CodeView::cursorLineChanged, this, [this, pane](int line) {
            if (m_panes[slot(pane)]->editor()->hasFocus())
                selectLine(pane, line);
        });
    }
    splitter->setSizes({ 1, 1, 1 });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    auto* linkRow = new QHBoxLayout;
    linkRow->setContentsMargins(6, 0, 6, 0);
    linkRow->addWidget(m_link);
    layout->addLayout(linkRow);
    layout->addWidget(splitter, 1);

    translateNowAndOnChange(this, [this] { retranslate(); });
}

void ProvenanceView::follow(ProvenanceStore& store)
{
    m_store = &store;
    connect(&store, &ProvenanceStore::linksReady, this,
        [this](const dvmlens::Graph* graph, const ProvenanceCache::Links& links) {
            if (m_computing && graph == m_graph)
                linksComputed(links.provenance, links.problems);
        });
}

void ProvenanceView::setGraph(std::shared_ptr<const dvmlens::Index> index, const dvmlens::Graph* graph)
{
    if (graph == m_graph && index == m_index)
        return;
    m_index = std::move(index);
    m_graph = m_index ? graph : nullptr;
    m_provenance = emptyProvenance();
    m_problems = 0;
    m_selectedLine = 0;
    m_pendingKernel.clear();
    m_computing = m_graph != nullptr && m_store;
    if (!m_computing) {
        if (m_store)
            m_store->discard();
        showPanes();
        retranslate();
        return;
    }
    // A graph shown a moment ago has its links kept: no files read again.
    if (ProvenanceCache::Links kept = m_store->request(m_index, m_graph); kept.provenance) {
        linksComputed(std::move(kept.provenance), kept.problems);
        return;
    }
    for (ProvenancePane pane : kPanes) {
        m_panes[slot(pane)]->clear();
        m_stacks[slot(pane)]->setCurrentWidget(m_notes[slot(pane)]);
    }
    retranslate();
}

void ProvenanceView::linksComputed(std::shared_ptr<const dvmlens::GraphProvenance> provenance, int problems)
{
    m_provenance = std::move(provenance);
    m_problems = problems;
    m_computing = false;
    showPanes();
    retranslate();
    if (!m_pendingKernel.isEmpty())
        selectKernel(std::exchange(m_pendingKernel, QString()));
    Q_EMIT linksReady();
}

bool ProvenanceView::isComputingLinks() const
{
    return m_computing;
}

const dvmlens::Graph* ProvenanceView::graph() const
{
    return m_graph;
}

const dvmlens::GraphProvenance& ProvenanceView::provenance() const
{
    return *m_provenance;
}

CodeView* ProvenanceView::pane(ProvenancePane pane) const
{
    return m_panes[slot(pane)];
}

QString ProvenanceView::paneNote(ProvenancePane pane) const
{
    const std::size_t i = slot(pane);
    return m_stacks[i]->currentWidget() == m_notes[i] ? m_notes[i]->text() : QString();
}

QString ProvenanceView::paneTitle(ProvenancePane pane) const
{
    return m_titles[slot(pane)]->text();
}

QString ProvenanceView::linkText() const
{
    return m_link->text();
}

QToolButton* ProvenanceView::backButton() const
{
    return m_back;
}

void ProvenanceView::showPanes()
{
    for (ProvenancePane pane : kPanes) {
        const std::size_t i = slot(pane);
        const std::string& path = m_provenance->paths[i];
        if (path.empty()) {
            m_panes[i]->clear();
            m_stacks[i]->setCurrentWidget(m_notes[i]);
            continue;
        }
        // The code pane has the kernel bands and their legend; the docstrings pane shows only nodes.
        const bool isCode = pane == ProvenancePane::Code && m_graph && m_graph->outputCode;
        m_panes[i]->clear();
        m_panes[i]->showFile(dvmlens::pathText(path), m_index ? m_index->files : nullptr,
            isCode ? &*m_graph->outputCode : nullptr);
        m_stacks[i]->setCurrentWidget(m_panes[i]);
    }
}

void ProvenanceView::retranslate()
{
    m_back->setText(tr("Back to Code"));
    m_back->setToolTip(tr("Leave the Provenance mode (View ▸ Provenance, Ctrl+Shift+P)"));
    m_title->setText(
        m_graph ? tr("Provenance of %1").arg(QString::fromStdString(m_graph->name)) : tr("Provenance"));
    const auto fileName = [this](ProvenancePane pane) {
        return QFileInfo(dvmlens::pathText(m_provenance->paths[slot(pane)])).fileName();
    };
    const bool hasCode = m_graph && m_graph->outputCode;
    if (m_computing) {
        // Which files the panes show is part of what is being computed.
        m_titles[slot(ProvenancePane::FxGraph)]->setText(tr("FX graph"));
        m_titles[slot(ProvenancePane::PostGrad)]->setText(tr("Post-grad graph"));
        m_titles[slot(ProvenancePane::Code)]->setText(tr("Generated code"));
        for (QLabel* title : m_titles)
            title->setToolTip(title->text());
        for (QLabel* note : m_notes)
            note->setText(tr("Computing links…"));
        m_link->setText(tr("Computing links between the FX graphs and the code of %1…")
                            .arg(QString::fromStdString(m_graph->name)));
        return;
    }
    m_titles[slot(ProvenancePane::FxGraph)]->setText(tr("FX graph") + QStringLiteral(" · ")
        + (m_provenance->paths[0].empty() ? tr("missing") : fileName(ProvenancePane::FxGraph)));
    m_titles[slot(ProvenancePane::PostGrad)]->setText(m_provenance->postGradFromDocstrings
            ? tr("Post-grad graph · DVM docstrings in output_code.py (no fx_graph_transformed.py)")
            : tr("Post-grad graph") + QStringLiteral(" · ")
                + (m_provenance->paths[1].empty() ? tr("missing") : fileName(ProvenancePane::PostGrad)));
    m_titles[slot(ProvenancePane::Code)]->setText(tr("Generated code") + QStringLiteral(" · ")
        + (hasCode ? fileName(ProvenancePane::Code) : tr("missing")));

    for (QLabel* title : m_titles)
        title->setToolTip(title->text());
    if (!m_graph) {
        for (QLabel* note : m_notes)
            note->setText(tr("Select a graph in the run tree to see its FX graph, post-grad graph and "
                             "generated code side by side."));
    } else {
        m_notes[slot(ProvenancePane::FxGraph)]->setText(
            tr("This graph folder has no fx_graph_readable.py, so there is no FX graph to show. "
               "TORCH_COMPILE_DEBUG=1 writes it beside output_code.py."));
        m_notes[slot(ProvenancePane::PostGrad)]->setText(
            tr("This graph folder has no fx_graph_transformed.py and its output_code.py has no DVM "
               "docstrings, so there is no post-grad graph to show."));
        m_notes[slot(ProvenancePane::Code)]->setText(
            tr("This graph folder has no output_code.py (an FX cache hit, a crash or an AOTInductor "
               "build), so there are no kernels to link."));
    }
    if (m_selectedLine > 0)
        showLinks(m_selectedPane, m_selectedLine);
    else
        clearLinks();
}

void ProvenanceView::clearLinks()
{
    for (CodeView* view : m_panes)
        view->setLinkedLines({}, false);
    QString text = m_graph && m_graph->outputCode
        ? tr("Click a kernel or fallback call in the code to see its FX nodes, or a node in an FX graph "
             "to see its kernels.")
        : QString();
    if (m_problems > 0)
        text += QLatin1Char(' ')
            + tr("%n file(s) of this graph could not be read (see Diagnostics).", "", m_problems);
    m_link->setText(text);
}

void ProvenanceView::selectLine(ProvenancePane pane, int line)
{
    m_selectedPane = pane;
    m_selectedLine = line;
    showLinks(pane, line);
}

bool ProvenanceView::selectKernel(const QString& name)
{
    if (m_computing) {
        const std::vector<dvmlens::Kernel>* kernels =
            m_graph->outputCode ? &m_graph->outputCode->kernels : nullptr;
        const bool known =
            kernels && std::any_of(kernels->begin(), kernels->end(), [&name](const dvmlens::Kernel& kernel) {
                return QString::fromStdString(kernel.name) == name;
            });
        m_pendingKernel = known ? name : QString();
        return known;
    }
    for (const ProvenanceLink& link : m_provenance->links) {
        if (link.fallback || QString::fromStdString(link.name) != name)
            continue;
        const dvmlens::Kernel& kernel = m_graph->outputCode->kernels[link.item];
        CodeView* code = pane(ProvenancePane::Code);
        code->goToLine(kernel.line);
        selectLine(ProvenancePane::Code, kernel.line);
        return true;
    }
    return false;
}

void ProvenanceView::showLinks(ProvenancePane from, int line)
{
    const std::vector<std::size_t> links = m_provenance->linksAt(from, line);
    const std::string node = m_provenance->nodeAt(from, line);
    if (links.empty() && node.empty()) {
        clearLinks();
        return;
    }
    std::array<std::vector<int>, dvmlens::kProvenancePaneCount> lines;
    for (std::size_t i : links) {
        for (std::size_t p = 0; p < lines.size(); ++p)
            lines[p].insert(lines[p].end(), m_provenance->links[i].lines[p].begin(),
                m_provenance->links[i].lines[p].end());
    }
    if (from != ProvenancePane::Code) {
        // A node: itself in both FX panes (by name), its kernels in the code.
        for (ProvenancePane fx : { ProvenancePane::FxGraph, ProvenancePane::PostGrad })
            lines[slot(fx)] = m_provenance->nodeLines(fx, node);
        if (lines[slot(from)].empty())
            lines[slot(from)] = { line };
    }
    for (ProvenancePane pane : kPanes)
        m_panes[slot(pane)]->setLinkedLines(toVector(lines[slot(pane)]), pane != from);

    if (from == ProvenancePane::Code) {
        QStringList texts;
        for (std::size_t i : links)
            texts << describeLink(m_provenance->links[i]);
        m_link->setText(texts.join(QLatin1Char('\n')));
        return;
    }
    const QString name = QString::fromStdString(node);
    if (links.empty()) {
        m_link->setText(tr("Node %1: no kernel or fallback call of this graph was traced to it.").arg(name));
        return;
    }
    QStringList items;
    const ProvenanceLink* firstKernel = nullptr;
    for (std::size_t i : links) {
        const ProvenanceLink& link = m_provenance->links[i];
        items << QString::fromStdString(link.name);
        const auto& codeLines = link.lines[slot(ProvenancePane::Code)];
        if (!link.fallback && !codeLines.empty()
            && (!firstKernel || codeLines.front() < firstKernel->lines[slot(ProvenancePane::Code)].front()))
            firstKernel = &link;
    }
    m_link->setText(tr("Node %1 went into %n kernel(s) or fallback call(s): %2.", "", int(links.size()))
                        .arg(name, items.join(QStringLiteral(", "))));
    if (firstKernel)
        Q_EMIT kernelLinked(QString::fromStdString(firstKernel->name));
}

QString ProvenanceView::describeLink(const ProvenanceLink& link) const
{
    const QString name = QString::fromStdString(link.name);
    QString how;
    switch (link.evidence) {
    case dvmlens::SourceEvidence::None:
        return tr("%1: no FX node was traced to it (no docstring, provenance JSON, Inductor comment or "
                  "matching node).")
            .arg(name);
    case dvmlens::SourceEvidence::Docstring:
        how = tr("the FX graph docstring above its DVM builder");
        break;
    case dvmlens::SourceEvidence::ProvenanceJson:
        how = tr("the provenance JSONs of the graph folder");
        break;
    case dvmlens::SourceEvidence::DebugHandle:
        how = tr("its provenance debug handle, looked up in the provenance JSONs");
        break;
    case dvmlens::SourceEvidence::TritonComment:
        how = tr("Inductor's comments above it (source nodes, ATen mapping, graph fragment)");
        break;
    case dvmlens::SourceEvidence::FxGraphReadable:
        how = tr("its docstring's node names, found in the FX graph files");
        break;
    case dvmlens::SourceEvidence::NodeName:
        how = tr("the FX node calling the same operator (the k-th call is the k-th node)");
        break;
    }
    QString text =
        (link.fallback ? tr("Fallback call %1: %n FX node(s), traced through %2.", "", int(link.nodes.size()))
                       : tr("Kernel %1: %n FX node(s), traced through %2.", "", int(link.nodes.size())))
            .arg(name, how);
    if (link.fxGraphByModelLine)
        text += QLatin1Char(' ')
            + tr("Nodes the post-grad passes made are shown in the FX graph by their model source line.");
    return text;
}
