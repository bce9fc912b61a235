// SPDX-License-Identifier: MIT
// The Compile dock's table: the compile side of the open tree's TORCH_TRACE logs as core summed it up
// (CompileSummary), one row per fact in sections: distinct graph breaks, recompiled frames, the FX-graph
// and AOTAutograd caches, failed compiles, compile time per rank (and logs that could not be read). The
// cells are core's words (compiletext.h), as `dvmlens-cli compile` prints them.
#pragma once

#include "core/compile/compilesummary.h"
#include "gui/document/compilefacts.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

class CompileModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        KindColumn,
        WhatColumn,
        WhereColumn,
        CountColumn,
        RanksColumn,
        DetailsColumn,
        ColumnCount
    };
    enum class Kind
    {
        Break,
        Recompiles,
        Cache,
        Failure,
        Time,
        UnreadableLog,
    };

    explicit CompileModel(QObject* parent = nullptr);

    void setFacts(std::shared_ptr<const CompileFacts> facts); // null: nothing
    const std::shared_ptr<const CompileFacts>& facts() const;

    Kind kindAt(int row) const;
    // The compiles a row leads to, the one to show first first: a break's first compile that hit it, a
    // frame's newest recompile, a failed compile; none for the caches, times and logs.
    std::vector<dvmlens::CompileRef> compilesAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        Kind kind;
        std::size_t item; // in its section's vector (the cache: 0 FX graph, 1 AOTAutograd)
    };
    QString cellText(const Row& row, int column) const;
    QString rowSentence(const Row& row) const; // every cell in words, for screen readers
    QString toolTip(const Row& row) const;

    std::shared_ptr<const CompileFacts> m_facts;
    std::vector<Row> m_rows;
};
