// SPDX-License-Identifier: MIT
// Runs ▸ graphs ▸ artifacts of one Index, with each node's DVM verdict and kernel counts, and a mark
// on the runs and graphs where known failures were found. The model sorts itself (runs among runs,
// graphs within their run, files always in folder order) so every index a caller holds, and every
// by-scan-position lookup, stays valid without a proxy to map through.
#pragma once

#include "core/model/model.h"
#include "core/profile/profilejoin.h"
#include "gui/common/itemroles.h"
#include "gui/common/themes.h"
#include "gui/document/compilefacts.h"
#include "gui/document/indexsummaries.h"
#include "gui/document/knownfailures.h"

#include <QAbstractItemModel>
#include <QIcon>

#include <memory>

class RunTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        VerdictColumn,
        DvmColumn,
        OtherColumn,
        FallbacksColumn,
        DeviceTimeColumn, // with a profile: a graph's compiled (+ ambiguous) time, a run's all of it
        TimeShareColumn, // with a profile: that time by backend (TimeShareDelegate draws it)
        ColumnCount
    };
    enum NodeKind
    {
        RunNode,
        GraphNode,
        FileNode
    };
    enum Role
    {
        PathRole = ItemRoles::FirstModelRole, // absolute path of the run, graph folder or file
        NodeKindRole,
        // QStringList: titles (in the UI language) of the known failures on this node, each once.
        KnownFailuresRole,
        // int(dvmlens::Severity) of the node's mark: its worst finding or, for a run, the worst in it
        // or any of its graphs; invalid without one. The mark is that severity's icon by the verdict.
        KnownFailureSeverityRole,
    };

    explicit RunTreeModel(QObject* parent = nullptr);

    // Drops the known failures. `summaries` are the index's counts (TreeDocument computes them
    // once per index); null: the model computes them. The index shown already (one that grew while
    // indexing, now complete) keeps its rows: no reset, the selection and expansion stay.
    void setIndex(std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const IndexSummaries> summaries = nullptr);
    const std::shared_ptr<const dvmlens::Index>& treeIndex() const;
    // While the index grows (TreeDocument::growingIndex): the graphs at `positions` (run, graph)
    // were parsed and `summaries` are its counts now. Their rows and their runs' rows change in
    // place (dataChanged, and a re-sort keeping selection and expansion when sorted), never a reset.
    void updateGraphs(const std::vector<std::pair<std::size_t, std::size_t>>& positions,
        std::shared_ptr<const IndexSummaries> summaries);
    // True while the index is still being parsed: an unparsed graph, and a run with one, reads
    // "indexing…" instead of "not indexed" (what a cancel leaves).
    void setIndexing(bool indexing);
    bool isIndexing() const;
    // The known failures of the current index (ignored when it searched another one).
    void setKnownFailures(std::shared_ptr<const KnownFailures> knownFailures);
    // The compile side of the current index: a graph's tooltip says how its compile came to be
    // (core's compileStory); facts of another index are ignored.
    void setCompileFacts(std::shared_ptr<const CompileFacts> facts);
    // The findings on a node, in findKnownFailures order: a graph's own; a run's run-level and
    // tree-wide ones (not its graphs'). None for artifacts.
    std::vector<const dvmlens::Finding*> findingsAt(const QModelIndex& index) const;

    // The profile joined to the current index (null: none). The time columns exist only with one:
    // setProfile inserts or removes them (columnCount is DeviceTimeColumn without). Dropped by
    // setIndex; a join whose shape is not the index's is refused.
    void setProfile(std::shared_ptr<const dvmlens::ProfileJoin> join);
    bool hasProfile() const;

    // The run a node belongs to; the graph of a graph or file node (null for run nodes).
    const dvmlens::Run* runAt(const QModelIndex& index) const;
    const dvmlens::Graph* graphAt(const QModelIndex& index) const;
    NodeKind kindAt(const QModelIndex& index) const;
    QString pathAt(const QModelIndex& index) const;
    QModelIndex indexForPath(const QString& path) const; // column 0, invalid when absent
    // The graph at positions (run, graph) of the Index, i.e. in scan order, wherever sorting shows it.
    QModelIndex indexForGraph(int runRow, int graphRow) const;

    // Column -1 is the scan order (what a clearable header's cleared indicator asks for). Verdict
    // ascending puts the worst first, counts and names sort numerically. Kept across setIndex.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Location
    {
        NodeKind kind = RunNode;
        int run = -1;
        int graph = -1;
        int file = -1;
    };
    Location locate(const QModelIndex& index) const;
    QModelIndex indexAt(const Location& location, int column) const;
    void applySortOrder(); // fills the row orders below from m_sortColumn/m_sortOrder
    // applySortOrder inside a layout change that keeps every persistent index on its node.
    void relayout(QAbstractItemModel::LayoutChangeHint hint = QAbstractItemModel::NoLayoutChangeHint);
    QVariant runData(const dvmlens::Run& run, const dvmlens::Summary& summary, int column, int role) const;
    QVariant graphData(
        const dvmlens::Graph& graph, const dvmlens::Summary& summary, int column, int role) const;
    QVariant fileData(const dvmlens::Graph& graph, int file, int column, int role) const;
    // Device time of a run (graph -1) or graph; null without a profile paired with the run.
    const dvmlens::TimeShares* sharesOf(int run, int graph) const;
    std::optional<double> timeValue(int run, int graph, int column) const; // for sorting
    QVariant timeData(const Location& location, int column, int role) const;
    void followPalette() const; // draws the icons again after a theme change
    QIcon cachedVerdictIcon(dvmlens::Verdict verdict) const;
    QIcon cachedKnownFailureIcon(dvmlens::Severity severity) const;
    QColor cachedMutedText() const;
    QVariant knownFailureData(const Location& location, int column, int role) const;
    void emitKnownFailuresChanged();
    void emitAllDataChanged();
    // The Verdict cells: core's words, or "indexing…" for what the running indexing has not parsed.
    QString graphCell(dvmlens::Verdict verdict) const;
    QString verdictCell(const dvmlens::VerdictCounts& counts) const;

    // The findings of one run, by the node they mark.
    struct RunFindings
    {
        std::vector<const dvmlens::Finding*> own; // run-level and tree-wide
        std::vector<std::vector<const dvmlens::Finding*>> graphs; // by graph row
        int graphsWithFindings = 0;
        std::optional<dvmlens::Severity> worst; // of own and the graphs'
    };

    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const IndexSummaries> m_summaries; // of m_index, never recomputed in data()
    std::shared_ptr<const KnownFailures> m_knownFailures;
    std::shared_ptr<const CompileFacts> m_compile;
    std::shared_ptr<const dvmlens::ProfileJoin> m_join;
    std::vector<RunFindings> m_findings; // by run row; empty without known failures
    bool m_anyMarks = false; // some node has a mark
    bool m_indexing = false;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    // Shown row -> position in the Index and back: runs, and the graphs of each run (by run position).
    std::vector<int> m_runOrder;
    std::vector<int> m_runRowOf;
    std::vector<std::vector<int>> m_graphOrder;
    std::vector<std::vector<int>> m_graphRowOf;
    mutable qint64 m_iconPaletteKey = -1;
    mutable QIcon m_verdictIcons[std::size(dvmlens::kAllVerdicts)];
    mutable QIcon m_knownFailureIcons[3]; // by severity
    mutable QIcon m_blankIcon; // holds the mark's room on unmarked verdicts
    mutable QColor m_mutedText; // mutedTextColor of the palette the icons follow
};
