// SPDX-License-Identifier: MIT
// The Runs dock's content: the run tree "By run" (runs ▸ graphs ▸ files), "By graph" (graph
// keys ▸ ranks, GraphTreeModel) or, for TORCH_TRACE logs, "By frame" (frames ▸ the graphs their
// compiles made, FrameTreeModel), switched by the buttons above it or the View menu. The run tree
// stays the one selection the rest of the window follows: picking a graph in another tree selects
// that graph in the (hidden) run tree, so it opens exactly as there.
#pragma once

#include "core/model/model.h"
#include "core/ranks/rankconsistency.h"
#include "gui/document/compilefacts.h"
#include "gui/document/indexsummaries.h"

#include <QWidget>

#include <memory>

class FrameTreeModel;
class GraphTreeModel;
class QAction;
class QStackedWidget;
class QToolButton;
class QTreeView;
class RunTreeModel;

class RunTreePane : public QWidget
{
    Q_OBJECT
public:
    // `runTree` shows `runModel`; the pane adopts the view.
    RunTreePane(QTreeView* runTree, RunTreeModel* runModel, QWidget* parent = nullptr);

    // The index the run model now shows: the by-graph tree is empty until its ranks come.
    void setIndex(std::shared_ptr<const IndexSummaries> summaries);
    // The rank consistency of that index (TreeDocument::rankConsistency): the by-graph tree shows
    // it, filled when that mode is shown.
    void setRankConsistency(std::shared_ptr<const dvmlens::RankConsistency> ranks);

    // The compile side of the index: its frames make the by-frame tree, whose button shows only
    // when there are frames (a by-frame tree without them goes back to the run tree).
    void setCompileFacts(std::shared_ptr<const CompileFacts> facts);

    bool byGraph() const;
    void setByGraph(bool byGraph);
    QAction* byGraphAction() const; // checkable, Ctrl+Shift+G; for the View menu
    QTreeView* graphTree() const;
    GraphTreeModel* graphModel() const;
    bool byFrame() const;
    void setByFrame(bool byFrame);
    QAction* byFrameAction() const; // checkable; for the View menu, enabled when there are frames
    QToolButton* byFrameButton() const;
    QTreeView* frameTree() const;
    FrameTreeModel* frameModel() const;
    QTreeView* currentView() const; // the tree shown now

Q_SIGNALS:
    void byGraphChanged(bool byGraph);

private:
    enum class Mode
    {
        Run,
        Graph,
        Frame
    };
    Mode mode() const;
    void setMode(Mode mode);
    void updateFrameModel(); // the run model's index and the facts; the button follows
    void refreshGraphModel(); // when shown and stale
    void onGraphCurrentChanged(const QModelIndex& current);
    void onFrameCurrentChanged(const QModelIndex& current);
    void selectInRunTree(int run, int graph); // the run tree's current row: that graph
    void followRunTree(const QModelIndex& current); // the tree shown follows the run tree's graph

    QTreeView* m_runTree;
    RunTreeModel* m_runModel;
    GraphTreeModel* m_graphModel;
    QTreeView* m_graphTree;
    FrameTreeModel* m_frameModel;
    QTreeView* m_frameTree;
    QStackedWidget* m_stack;
    QToolButton* m_byRunButton;
    QToolButton* m_byGraphButton;
    QToolButton* m_byFrameButton;
    QAction* m_byGraphAction;
    QAction* m_byFrameAction;
    std::shared_ptr<const IndexSummaries> m_summaries;
    std::shared_ptr<const dvmlens::RankConsistency> m_ranks;
    std::shared_ptr<const CompileFacts> m_facts;
    bool m_graphModelStale = true;
    bool m_following = false; // one tree is moving the other's current row
};
