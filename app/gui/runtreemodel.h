// SPDX-License-Identifier: MIT
// Runs ▸ graphs ▸ artifacts of one Index, with each node's DVM verdict and kernel counts.
#pragma once

#include "model.h"
#include "themes.h"

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
        PathRole = Qt::UserRole + 1, // absolute path of the run, graph folder or file
        NodeKindRole,
    };

    explicit RunTreeModel(QObject* parent = nullptr);

    void setIndex(std::shared_ptr<const dvmlens::Index> index);
    const std::shared_ptr<const dvmlens::Index>& index() const;

    // The run a node belongs to; the graph of a graph or file node (null for run nodes).
    const dvmlens::Run* runAt(const QModelIndex& index) const;
    const dvmlens::Graph* graphAt(const QModelIndex& index) const;
    NodeKind kindAt(const QModelIndex& index) const;
    QString pathAt(const QModelIndex& index) const;
    QModelIndex indexForPath(const QString& path) const; // column 0, invalid when absent
    QModelIndex indexForGraph(int runRow, int graphRow) const;

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
    QVariant runData(const dvmlens::Run& run, int column, int role) const;
    QVariant graphData(const dvmlens::Graph& graph, int column, int role) const;
    QVariant fileData(const dvmlens::Graph& graph, int file, int column, int role) const;
    QIcon cachedVerdictIcon(dvmlens::GraphVerdict verdict) const;

    std::shared_ptr<const dvmlens::Index> m_index;
    mutable qint64 m_iconPaletteKey = -1;
    mutable QIcon m_verdictIcons[3];
};
