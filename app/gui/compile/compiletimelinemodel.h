// SPDX-License-Identifier: MIT
// The Compile dock's Timeline tab: a row per log (core's CompileTimeline) named as core names it ("rank 0",
// "rank 0 · <file>", "<file>"; the log's path in the tooltip), its compiles counted, and the bars
// CompileTimelineDelegate draws. Each row's timeline cell gives a screen reader and its tooltip every
// compile in core's words ("rank 1: [0/1] forward, recompile, 1.20 s at +3.40 s"), after core's note of a
// row with a time axis of its own ("own time axis: logs do not overlap").
#pragma once

#include "core/compile/compiletimeline.h"
#include "gui/document/compilefacts.h"

#include <QAbstractTableModel>

#include <memory>

class CompileTimelineModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RankColumn, // the row's name
        CompilesColumn,
        TimelineColumn,
        ColumnCount
    };

    explicit CompileTimelineModel(QObject* parent = nullptr);

    void setFacts(std::shared_ptr<const CompileFacts> facts); // null: nothing
    const dvmlens::TimelineRow* timelineRow(int row) const; // null out of range
    QString barText(int row, std::size_t bar) const; // the bar in words, in the window's language

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const CompileFacts> m_facts;
};
