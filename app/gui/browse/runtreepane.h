// SPDX-License-Identifier: MIT
// The Runs dock's content: the run tree "By run" (runs ▸ graphs ▸ files) or "By graph" (graph
// keys ▸ ranks, GraphTreeModel), switched by two buttons above it or View ▸ By Graph. The run
// tree stays the one selection the rest of the window follows: picking a rank's graph in the
// by-graph tree selects that graph in the (hidden) run tree, so it opens exactly as there.
#pragma once

#include "core/model/model.h"
#include "core/ranks/rankconsistency.h"
#include "gui/document/indexsummaries.h"

#include <QWidget>

#include <memory>

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

    bool byGraph() const;
    void setByGraph(bool byGraph);
    QAction* byGraphAction() const; // checkable, Ctrl+Shift+G; for the View menu
    QTreeView* graphTree() const;
    GraphTreeModel* graphModel() const;
    QTreeView* currentView() const; // the tree shown now

Q_SIGNALS:
    void byGraphChanged(bool byGraph);

private:
    void refreshGraphModel(); // when shown and stale
    void onGraphCurrentChanged(const QModelIndex& current);
    void followRunTree(const QModelIndex& current); // the by-graph tree shows the run tree's graph

    QTreeView* m_runTree;
    RunTreeModel* m_runModel;
    GraphTreeModel* m_graphModel;
    QTreeView* m_graphTree;
    QStackedWidget* m_stack;
    QToolButton* m_byRunButton;
    QToolButton* m_byGraphButton;
    QAction* m_byGraphAction;
    std::shared_ptr<const IndexSummaries> m_summaries;
    std::shared_ptr<const dvmlens::RankConsistency> m_ranks;
    bool m_graphModelStale = true;
    bool m_following = false; // one tree is moving the other's current row
};
