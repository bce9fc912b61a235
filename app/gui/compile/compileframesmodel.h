// SPDX-License-Identifier: MIT
// The Compile dock's Frames tab: a row per frame of the compile side (core's compileFrames: one user
// function per rank, a resume function's frame after its break), its compiles and recompiles, and the
// DVM-engaged share of the graphs its compiles made, all in core's words. The frame's story (compiles,
// recompile reasons, breaks, failures) is each row's tooltip and its text for a screen reader.
#pragma once

#include "core/compile/compileframes.h"
#include "gui/document/compilefacts.h"

#include <QAbstractTableModel>

#include <memory>

class CompileFramesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        FrameColumn,
        RankColumn,
        CompilesColumn,
        ShareColumn,
        ColumnCount
    };

    explicit CompileFramesModel(QObject* parent = nullptr);

    void setFacts(std::shared_ptr<const CompileFacts> facts); // null: nothing
    const dvmlens::CompileFrame* frame(int row) const; // null out of range
    QString storyText(int row, const QString& separator) const; // the frame in words, window's language

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const CompileFacts> m_facts;
};
