// SPDX-License-Identifier: MIT
// The details pane for one kernel: what it is, its ops, inputs and outputs, where it is launched,
// and the FX graph it fused (the """…""" dump Inductor writes right above the definition).
#pragma once

#include "core/model/model.h"
#include "gui/document/compilefacts.h"
#include "gui/document/modelsources.h"
#include "gui/document/treewhy.h"

#include <QStringList>
#include <QTextBrowser>

#include <memory>

class KernelBodies;

class KernelDetails : public QTextBrowser
{
    Q_OBJECT
public:
    explicit KernelDetails(QWidget* parent = nullptr);

    // `index` keeps `kernel` and `graph` alive while they are shown.
    void showKernel(std::shared_ptr<const dvmlens::Index> index, const dvmlens::Kernel* kernel,
        const dvmlens::Graph* graph);
    // Until a kernel is picked: the graph's verdict, why DVM did not engage, counts and diagnostics.
    void showGraph(std::shared_ptr<const dvmlens::Index> index, const dvmlens::Graph* graph);
    void clearKernel();
    // The model source lines of the shown index's kernels (null: not found yet); sources of another
    // index are ignored.
    void setModelSources(std::shared_ptr<const ModelSources> sources);
    // The compile side of the shown index (null: not read yet): a graph's details say how its compile
    // came to be (core's compileStory); facts of another index are ignored.
    void setCompileFacts(std::shared_ptr<const CompileFacts> facts);
    // The ops, inputs and outputs of kernels whose graph the index holds without them (read again
    // by KernelBodiesJob; null: none read yet). The shown kernel is drawn again with them.
    void setKernelBodies(std::shared_ptr<const KernelBodies> bodies);
    // Why not DVM (null: not decided yet): a non-DVM kernel's reason, evidence and fix, a graph's
    // reason counts. Reasons of another index say nothing about the shown one.
    void setWhy(std::shared_ptr<const TreeWhy> why);

Q_SIGNALS:
    // A launch-site, definition or evidence link was clicked.
    void lineActivated(const QString& path, int line);

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();
    void renderGraph();
    QString sourceLinesHtml() const;
    QString kernelWhyHtml() const; // the shown kernel's reason; empty for none
    QString graphWhyHtml() const; // the shown graph's reason counts; empty for none
    QString compileHtml() const; // the shown graph's compile story, "" when none
    const dvmlens::Run* runOf(const dvmlens::Graph& graph) const; // in m_index, or null

    std::shared_ptr<const dvmlens::Index> m_index;
    const dvmlens::Kernel* m_kernel = nullptr;
    const dvmlens::Graph* m_graph = nullptr;
    std::shared_ptr<const ModelSources> m_sources;
    std::shared_ptr<const CompileFacts> m_compile;
    std::shared_ptr<const KernelBodies> m_bodies;
    std::shared_ptr<const TreeWhy> m_why;
};

// The text of a string statement given as its physical lines (core's Kernel::fxGraphLine to
// fxGraphEndLine): the lines without the quotes and without blank lines at either end.
QString stringStatementText(QStringList lines);
