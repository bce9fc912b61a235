// SPDX-License-Identifier: MIT
// The browse mode: the run tree, the kernel table, the details pane and the code view, kept in
// step. The page shows the code view itself; MainWindow puts the other three panels in docks.
#pragma once

#include "core/model/model.h"
#include "core/model/runinput.h"
#include "core/profile/profilejoin.h"
#include "core/ranks/rankconsistency.h"
#include "core/why/whyreason.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class CodeHeader;
class CodeView;
struct IndexSummaries;
class KernelBodiesJob;
class KernelDetails;
class KernelPanel;
class KernelTableModel;
class ProvenanceView;
class QAction;
class QStackedWidget;
class QTreeView;
class RunTreeModel;
class RunTreePane;
class TreeDocument;
struct TreeWhy;

class BrowsePage : public QWidget
{
    Q_OBJECT
public:
    explicit BrowsePage(QWidget* parent = nullptr);
    ~BrowsePage() override; // deletes the panels nobody adopted

    // Shows `document`'s open tree from now on: its index as it grows and when whole, its known
    // failures, profile join, model sources and rank consistency as each is announced.
    void follow(const TreeDocument& document);

    // Swaps in a new index. The selected node (by path) and kernel (by name) survive when they
    // still exist, so a re-index while training runs does not lose the user's place.
    // `summaries`: the index's counts computed once (null: the run tree computes them).
    void setIndex(std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const IndexSummaries> summaries = nullptr);
    const std::shared_ptr<const dvmlens::Index>& treeIndex() const;
    // A folder being opened (TreeDocument::growingIndex): its skeleton at once, every unparsed
    // verdict "indexing…"; updateParsedGraphs gives graphs their verdicts as they are parsed, and
    // setIndex with the same index, complete, ends it without a reset.
    void showGrowingIndex(
        std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const IndexSummaries> summaries);
    void updateParsedGraphs(const std::vector<std::pair<std::size_t, std::size_t>>& positions,
        std::shared_ptr<const IndexSummaries> summaries);
    // Device time in the kernel table; `join` belongs to the current index (null: none).
    void setProfile(std::shared_ptr<const dvmlens::ProfileJoin> join);
    // Why not DVM in the kernel table and details; `why` belongs to the current index (null: not
    // decided yet).
    void setWhy(std::shared_ptr<const TreeWhy> why);
    // The By graph tree's ranks; `ranks` belong to the current index (null: not computed yet).
    void setRankConsistency(std::shared_ptr<const dvmlens::RankConsistency> ranks);

    // Selects the first graph where DVM engaged and its first DVM kernel (by line); false when none.
    bool selectFirstDvmKernel();
    bool selectFirstGraphWithCode(); // false when no graph has an output_code.py
    // Selects the graph at (run, graph) of the shown index; false when there is none.
    bool selectGraph(int run, int graph);
    // Selects "[RUN/]GRAPH[/KERNEL]"; returns an error message, empty on success.
    QString selectBySpec(const QString& spec);
    // Shows `path` at `line` (0 = top): selects its node in the tree when it has one.
    void openLocation(const QString& path, int line);

    QString currentPath() const; // the selected tree node's path
    const dvmlens::Graph* currentGraph() const;
    const dvmlens::Kernel* currentKernel() const;

    // The run tree's column widths, order and sort, for the window's settings. A restored state
    // keeps its Name width instead of fitting it to each new index.
    QByteArray runTreeHeaderState() const;
    bool restoreRunTreeHeaderState(const QByteArray& state);
    // Back to the first look: default column order and widths (Name fitted again), scan order.
    void resetRunTreeHeader();

    QTreeView* runTree() const;
    RunTreePane* runTreePane() const; // the run tree with its By run / By graph switch, for the dock
    // The width the shown tree (By run or By graph) needs for every column it has (frame and scroll bar
    // included).
    int runTreeWidthForAllColumns() const;
    RunTreeModel* runModel() const;
    KernelPanel* kernelPanel() const;
    KernelDetails* details() const;
    CodeView* codeView() const;
    CodeHeader* codeHeader() const; // names the run, graph and file the code view shows
    // View ▸ Provenance (Ctrl+Shift+P, checkable): the code area shows the selected graph's FX graph,
    // post-grad graph and code side by side instead of one file; unchecked, back to the code view.
    QAction* provenanceAction() const;
    ProvenanceView* provenanceView() const;
    bool isProvenanceShown() const;
    // The kernel bodies of the selected graphs are being read again (the index left them out).
    bool isReadingKernelBodies() const;

Q_SIGNALS:
    void currentPathChanged(const QString& path);
    void kernelBodiesRead(); // the kernel table and details show the bodies read again
    void statusMessage(const QString& message); // for the window's status bar

private:
    // setIndex with the run tree's columns fitted to `measuredRows` rows (QHeaderView's precision).
    void showIndex(std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const IndexSummaries> summaries, int measuredRows);
    void showTimeColumns(); // the run tree's time columns, shown with a profile only
    bool applyRunTreeHeaderState(const QByteArray& state); // to the sections the tree has now
    void onTreeCurrentChanged(const QModelIndex& current);
    void onKernelChanged(int sourceRow);
    void showCode(const QString& path, const dvmlens::Graph* graph, int line, int endLine);
    void clearCode(const QString& runName = {}, std::optional<dvmlens::RunInput> emptyRun = std::nullopt);
    const dvmlens::Graph* shownGraph() const; // whose output_code.py the code view shows
    const dvmlens::GraphWhy* graphWhy(const dvmlens::Graph& graph) const; // its reasons; null: none yet
    void onDvmKernelReached(int firstLine, int position, int count, bool wrapped);
    void onNoDvmKernelToReach();
    bool selectTreeIndex(const QModelIndex& index);
    void showProvenance(bool shown);
    // The kernel table's graphs were set: reads their kernel bodies when the index left them out.
    void readKernelBodies(const std::vector<const dvmlens::Graph*>& graphs);

    RunTreeModel* m_runModel;
    KernelTableModel* m_kernelModel;
    // Created without a parent for MainWindow's docks; guarded because the docks may go first.
    QPointer<QTreeView> m_runTree;
    QPointer<RunTreePane> m_runTreePane; // holds m_runTree
    QPointer<KernelPanel> m_kernelPanel;
    QPointer<KernelDetails> m_details;
    CodeView* m_codeView;
    CodeHeader* m_codeHeader;
    ProvenanceView* m_provenance;
    QStackedWidget* m_codeArea; // the code view, or the Provenance mode
    QAction* m_provenanceAction;
    KernelBodiesJob* m_bodiesJob;
    bool m_runTreeHeaderRestored = false;
    QByteArray m_defaultRunTreeHeader; // as built, for resetRunTreeHeader
    std::shared_ptr<const TreeWhy> m_why; // of the open index; null until decided
    bool m_followingProvenance = false; // a kernel picked because a Provenance node linked to it
};
