// SPDX-License-Identifier: MIT
// The kernels of one graph (or of every graph of a run): one row per kernel definition.
#pragma once

#include "core/model/model.h"
#include "core/profile/profilejoin.h"
#include "gui/common/itemroles.h"
#include "gui/document/treewhy.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

class KernelBodies;

class KernelTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The columns (their numbers name them in a saved header state). The model's sections are the
    // columns there are in kDefaultOrder, the order KernelPanel shows (Graph after the name, Device
    // time before the wide columns), so a screen reader reads a row in the order shown; the
    // optional ones exist only when they have something to say, as a screen reader lists the
    // hidden columns of a view. sectionOf and columnAt map between the two.
    enum Column
    {
        NameColumn,
        BackendColumn,
        KtypeColumn,
        DynShapeColumn,
        OpsColumn,
        LaunchesColumn,
        LineColumn,
        InputsColumn, // the wide columns last, so the short facts stay in view
        OutputsColumn,
        DeviceTimeColumn, // total device time, while a profile is joined
        GraphColumn, // while the rows come from several graphs
        WhyColumn, // "Why not DVM": the reason's title, once the reasons are decided
        ColumnCount
    };
    static constexpr Column kDefaultOrder[ColumnCount] = { NameColumn, GraphColumn, BackendColumn, WhyColumn,
        KtypeColumn, DynShapeColumn, OpsColumn, LaunchesColumn, LineColumn, DeviceTimeColumn, InputsColumn,
        OutputsColumn };
    enum Role
    {
        SortRole = ItemRoles::SortRole, // numbers for numeric columns
        BackendRole = ItemRoles::FirstModelRole, // int(dvmlens::Backend)
        FilterTextRole, // name, ops and dtypes, for the text filter
        FilePathRole, // the output_code.py the kernel is in
    };

    explicit KernelTableModel(QObject* parent = nullptr);

    // `index` keeps the graphs alive; they must belong to it. Drops the bodies read for others.
    void setGraphs(
        std::shared_ptr<const dvmlens::Index> index, const std::vector<const dvmlens::Graph*>& graphs);
    void clear();
    // The ops, inputs and outputs of kernels whose graph the index holds without them (read again
    // by KernelBodiesJob); until they come, those columns are blank. Bodies of another index are
    // ignored.
    void setKernelBodies(std::shared_ptr<const KernelBodies> bodies);
    // Device time per kernel; `join` belongs to the index of the graphs shown (null: no profile).
    void setProfile(std::shared_ptr<const dvmlens::ProfileJoin> join);
    bool hasProfile() const;
    // Why each non-DVM kernel is not DVM (document/treewhy.h; null: not decided yet). The Why not
    // DVM column is there while it is set; kernels of another index have no reason in it.
    void setWhy(std::shared_ptr<const TreeWhy> why);
    const dvmlens::WhyReason* reasonAt(int row) const; // null: a DVM kernel, or none decided

    // The section of `column`, -1 while it is not there; the column of a section.
    int sectionOf(Column column) const;
    Column columnAt(int section) const;
    static bool isOptional(Column column)
    {
        return column == DeviceTimeColumn || column == GraphColumn || column == WhyColumn;
    }

    const dvmlens::Kernel* kernelAt(int row) const;
    const dvmlens::Graph* graphAt(int row) const;
    int rowOf(const QString& kernelName) const; // -1 when absent
    bool spansSeveralGraphs() const;
    // Of the graphs last given, those whose output_code.py could not be read (core's Unreadable
    // rung): the empty table then says so, not "a graph without output_code.py has none".
    int unreadableGraphs() const
    {
        return m_unreadableGraphs;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        const dvmlens::Kernel* kernel;
        const dvmlens::Graph* graph;
        std::optional<dvmlens::KernelRef> ref; // its place in the index, for the profile
        int graphOrder = 0; // the graph's place among the rows' graphs: Line sorts within a file
    };
    const dvmlens::KernelTime* timeAt(int row) const;
    bool hasBody(const Row& row) const; // its ops, inputs and outputs are known
    void setGraphColumn(bool present);
    bool isPresent(Column column) const;
    int placeOf(Column column) const; // its section, were it there
    std::shared_ptr<const dvmlens::ProfileJoin> m_join;
    std::shared_ptr<const TreeWhy> m_why;
    std::shared_ptr<const KernelBodies> m_bodies;
    std::shared_ptr<const dvmlens::Index> m_index;
    std::vector<Row> m_rows;
    bool m_severalGraphs = false; // and so the Graph column is there
    int m_unreadableGraphs = 0;
};
