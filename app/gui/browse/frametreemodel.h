// SPDX-License-Identifier: MIT
// The Runs dock's "By frame" tree (issue #27): each frame of the compile side (core's compileFrames:
// one user function per rank, a resume function after its graph break, anew after a reset) with the
// DVM-engaged share of its graphs, and under it the graphs its compiles made with their verdicts.
// The frame's compiles, recompile reasons and breaks are its tooltip and its words for a screen reader.
// Shares, verdicts and groupings are core's; this model only lays them out.
#pragma once

#include "core/model/model.h"
#include "gui/common/itemroles.h"
#include "gui/document/compilefacts.h"
#include "gui/document/indexsummaries.h"

#include <QAbstractItemModel>
#include <QIcon>

#include <array>
#include <memory>
#include <utility>

class FrameTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn, // a frame: "forward (model.py:12) · rank 0"; a graph: its name
        VerdictColumn, // a frame: "DVM 2 of 3 graphs"; a graph: its verdict
        DvmColumn,
        OtherColumn,
        ColumnCount
    };
    enum Role
    {
        RunPositionRole = ItemRoles::FirstModelRole, // int, on graph rows: the run's position in the index
        GraphPositionRole, // int, on graph rows: the graph's position in its run
    };

    explicit FrameTreeModel(QObject* parent = nullptr);

    // The index shown and its counts; facts of another index are not shown.
    void setIndex(
        std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const IndexSummaries> summaries);
    const std::shared_ptr<const dvmlens::Index>& treeIndex() const;
    void setCompileFacts(std::shared_ptr<const CompileFacts> facts);
    bool hasFrames() const; // the facts belong to the index and hold at least one frame

    // The graph row of (run, graph) under the first frame that made it; invalid when none did.
    QModelIndex indexForGraph(int run, int graph) const;
    // (run, graph) of a graph row; (-1, -1) for a frame row.
    std::pair<int, int> graphPositionAt(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const dvmlens::CompileFrame* frameAt(int row) const;
    QString frameName(const dvmlens::CompileFrame& frame) const;
    QString frameStory(const dvmlens::CompileFrame& frame, const QString& separator) const;
    QVariant frameData(const dvmlens::CompileFrame& frame, int column, int role) const;
    QVariant graphData(std::size_t run, std::size_t graph, int column, int role) const;
    QIcon cachedVerdictIcon(dvmlens::Verdict verdict) const;

    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const IndexSummaries> m_summaries;
    std::shared_ptr<const CompileFacts> m_facts;
    mutable std::array<QIcon, 8> m_verdictIcons;
    mutable qint64 m_iconPaletteKey = 0;
};
