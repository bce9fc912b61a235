// SPDX-License-Identifier: MIT
// The Compile dock: the compile side of the open tree's TORCH_TRACE logs (TreeDocument::compile, read
// off the GUI thread): distinct graph breaks, recompiled frames, both caches, failed compiles and
// compile time per rank, one fact a row. Activating a row (double-click, Enter) goes to the graph its
// compile made in the run tree. With no trace log at the open path, the table says so.
#pragma once

#include "gui/document/compilefacts.h"

#include <QDockWidget>

#include <memory>

class CompileFramesModel;
class CompileModel;
class CompileTimelineModel;
class EmptyViewHint;
class QLabel;
class QTabWidget;
class QTableView;
class TreeDocument;

class CompileDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit CompileDock(QWidget* parent = nullptr);

    // Shows the compile side of `document`'s open tree from now on: "reading…" while it is read,
    // then it.
    void follow(const TreeDocument& document);
    // Shows compile facts already read (null: none), of `index` (whose graphs rows lead to).
    void setFacts(std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const CompileFacts> facts);

    bool isReading() const; // the followed document is reading the compile side of its index
    CompileModel* model() const;
    QTableView* table() const;
    QLabel* summary() const;
    CompileTimelineModel* timelineModel() const;
    QTableView* timelineTable() const;
    CompileFramesModel* framesModel() const;
    QTableView* framesTable() const;
    QTabWidget* tabs() const; // Facts, Timeline, Frames
    QString emptyText() const; // what the table says while it has no rows
    // Goes to the graph of the compile `row` leads to: graphActivated, or statusMessage when that
    // compile made no graph in the open tree (or the row leads to none).
    void activateRow(int row);
    // Goes to the first graph frame `row` made, likewise.
    void activateFrame(int row);
    // Goes to the graph of the compile bar `bar` of timeline row `row` stands for, likewise.
    void activateBar(int row, int bar);
    void retranslate();

Q_SIGNALS:
    void factsShown();
    // The run tree should select this graph (positions in the index).
    void graphActivated(int run, int graph);
    void statusMessage(const QString& message);

private:
    void updateSummary();
    void activateCompiles(const std::vector<dvmlens::CompileRef>& compiles);

    CompileModel* m_model;
    QTableView* m_table;
    CompileTimelineModel* m_timelineModel;
    QTableView* m_timelineTable;
    CompileFramesModel* m_framesModel;
    QTableView* m_framesTable;
    QTabWidget* m_tabs;
    QLabel* m_summary;
    EmptyViewHint* m_hint;
    std::shared_ptr<const dvmlens::Index> m_index;
    bool m_reading = false;
};
