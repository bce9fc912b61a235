// SPDX-License-Identifier: MIT
// The compare mode's page: the summary line, the table of graph pairs (with "only regressions"
// and text filters), the fusions of the selected pair and its two output_code.py files side by side.
#pragma once

#include "gui/document/comparejob.h"

#include <QWidget>

#include <memory>

class CompareSummaryModel;
class CompareSummaryProxy;
class FusionTableModel;
class QCheckBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;
class SideBySideView;
class SourceChangesModel;
class TreeDocument;

class ComparePage : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePage(QWidget* parent = nullptr);

    // Shows each comparison `document` finishes from now on.
    void follow(const TreeDocument& document);
    // Shows a finished comparison (outcome->result must be set) and selects its first row
    // (the first regression, as the table lists them first).
    void setOutcome(std::shared_ptr<const CompareOutcome> outcome);
    void clear();
    const std::shared_ptr<const CompareOutcome>& outcome() const;

    // Selects the pair whose key is `key`; false when no visible row has it.
    bool selectGraph(const QString& key);
    void selectFirstPair();
    const dvmlens::GraphDiff* currentGraph() const;
    // Shows the fusion at `row` of the fusion table: both sides jump to its kernels.
    void selectFusion(int row);

    // The selected pair's files are loaded and diffed (true as well when nothing is selected).
    bool isReady() const;

    CompareSummaryModel* summaryModel() const;
    CompareSummaryProxy* summaryProxy() const;
    FusionTableModel* fusionModel() const;
    QTableView* summaryView() const;
    QTableView* fusionView() const;
    // Model source lines whose DVM kernels changed A → B; the view is hidden when none did.
    SourceChangesModel* sourcesModel() const;
    QTableView* sourcesView() const;
    SideBySideView* sideBySide() const;
    QLabel* summaryLabel() const;
    // Under the tables: what the selected pair's block in `dvmlens-cli compare` says of its compile side
    // and reasons (core's pairExplanationLines), after "Same code" when both sides are one wrapper
    // module (GraphDiff::sameCodeHash); hidden when it says nothing.
    QLabel* pairNotesLabel() const;
    // Above those notes: the compile-side changes said under no changed pair (a frame only B compiled
    // that made no code, a failure in B only), as `dvmlens-cli compare` ends with them; hidden when none.
    QLabel* compileElsewhereLabel() const;
    QCheckBox* onlyRegressionsBox() const;
    QLineEdit* filterEdit() const;

Q_SIGNALS:
    void currentGraphChanged();
    void ready(); // after every selection, once isReady()

private:
    void onCurrentRowChanged();
    void showFusion(const QModelIndex& index);
    // Gives the pairs table the width of all its columns (up to three quarters), the fusions the rest.
    void fitTablesSplit();
    // Gives the tables no more height than their rows need (one pair left a band of empty rows above
    // the code), at most the third they get by default.
    void fitTablesHeight();
    void fitSummaryColumns(); // to their contents, the fallback ops capped
    void fitFusionColumns(); // to their contents, long names capped so Changes stays in view
    const dvmlens::OutputCode* outputCodeOf(const std::optional<dvmlens::GraphSide>& side, bool sideA) const;
    // What a side shows instead of code: it is missing or has no output_code.py; empty when it has.
    static QString placeholderFor(const std::optional<dvmlens::GraphSide>& side, bool sideA);
    void showPairNotes(const dvmlens::GraphDiff* diff);
    void showCompileElsewhere();

    std::shared_ptr<const CompareOutcome> m_outcome;
    CompareSummaryModel* m_summaryModel;
    CompareSummaryProxy* m_summaryProxy;
    FusionTableModel* m_fusionModel;
    SourceChangesModel* m_sourcesModel;
    QLabel* m_summaryLabel;
    QLabel* m_pairNotes;
    QLabel* m_compileElsewhere;
    QCheckBox* m_onlyRegressions;
    QLineEdit* m_filter;
    QTableView* m_summaryView;
    QTableView* m_fusionView;
    QTableView* m_sourcesView; // shown when some model source line changed
    QSplitter* m_tablesSplit;
    QSplitter* m_pageSplit; // the tables above the code
    SideBySideView* m_sideBySide;
    int m_currentGraph = -1; // index into CompareResult::graphs
};
