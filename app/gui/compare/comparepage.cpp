// SPDX-License-Identifier: MIT
#include "gui/compare/comparepage.h"

#include "core/compare/comparenames.h"
#include "core/text/comparetext.h"
#include "gui/common/languagechange.h"
#include "gui/common/ruletext.h"
#include "gui/common/runlabel.h"
#include "gui/compare/comparesummarymodel.h"
#include "gui/compare/fusiontablemodel.h"
#include "gui/compare/sidebysideview.h"
#include "gui/compare/sourcechangesmodel.h"
#include "gui/document/treedocument.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

namespace {

QTableView* makeTable(QAbstractItemModel* model)
{
    auto* view = new QTableView;
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    return view;
}

// The counts, and with several ranks on which ranks each regressed graph regressed.
QString summaryLabelText(const dvmlens::CompareResult& result)
{
    const QString ranks = CompareSummaryModel::regressionRanksText(result);
    const QString counts = CompareSummaryModel::summaryText(result.summary);
    return ranks.isEmpty() ? counts : counts + QLatin1Char('\n') + ranks;
}

} // namespace

ComparePage::ComparePage(QWidget* parent)
    : QWidget(parent)
    , m_summaryModel(new CompareSummaryModel(this))
    , m_summaryProxy(new CompareSummaryProxy(this))
    , m_fusionModel(new FusionTableModel(this))
    , m_sourcesModel(new SourceChangesModel(this))
    , m_summaryLabel(new QLabel)
    , m_pairNotes(new QLabel)
    , m_compileElsewhere(new QLabel)
    , m_onlyRegressions(new QCheckBox)
    , m_filter(new QLineEdit)
    , m_sideBySide(new SideBySideView)
{
    setObjectName(QStringLiteral("ComparePage"));
    m_summaryProxy->setSourceModel(m_summaryModel);
    m_summaryView = makeTable(m_summaryProxy);
    m_summaryView->setObjectName(QStringLiteral("CompareSummaryView"));
    m_summaryView->setSortingEnabled(true);
    m_summaryView->sortByColumn(CompareSummaryModel::RegressionColumn, Qt::AscendingOrder);
    m_summaryView->horizontalHeader()->setStretchLastSection(true); // Fallbacks names the ops
    m_fusionView = makeTable(m_fusionModel);
    m_sourcesView = makeTable(m_sourcesModel);
    m_sourcesView->setObjectName(QStringLiteral("CompareSourcesView"));
    m_sourcesView->horizontalHeader()->setStretchLastSection(true);
    m_sourcesView->hide();
    m_fusionView->setObjectName(QStringLiteral("FusionView"));
    m_fusionView->horizontalHeader()->setStretchLastSection(true);
    m_fusionView->setTextElideMode(Qt::ElideMiddle); // long names keep both ends; tooltips hold them whole
    // What changed beside the fusion, before the long kernel names (it was pushed out of view).
    m_fusionView->horizontalHeader()->moveSection(
        FusionTableModel::ChangesColumn, FusionTableModel::BackendColumn + 1);

    m_summaryLabel->setObjectName(QStringLiteral("CompareSummaryLabel"));
    m_summaryLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_summaryLabel->font();
    bold.setBold(true);
    m_summaryLabel->setFont(bold);
    m_filter->setClearButtonEnabled(true);
    m_pairNotes->setObjectName(QStringLiteral("ComparePairNotes"));
    m_pairNotes->setTextFormat(Qt::PlainText);
    m_pairNotes->setWordWrap(true);
    m_pairNotes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pairNotes->setFocusPolicy(Qt::TabFocus); // screen readers reach it
    m_pairNotes->hide();
    m_compileElsewhere->setObjectName(QStringLiteral("CompareCompileElsewhere"));
    m_compileElsewhere->setTextFormat(Qt::PlainText);
    m_compileElsewhere->setWordWrap(true);
    m_compileElsewhere->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_compileElsewhere->setFocusPolicy(Qt::TabFocus); // screen readers reach it
    m_compileElsewhere->hide();
    translateNowAndOnChange(this, [this] {
        m_onlyRegressions->setText(tr("Only &regressions"));
        m_filter->setPlaceholderText(tr("Filter graphs…"));
        // Screen readers name the two tables (AT-SPI lists them as unnamed tables otherwise).
        m_summaryView->setAccessibleName(tr("Graph pairs"));
        m_fusionView->setAccessibleName(tr("Fusions of the selected pair"));
        m_sourcesView->setAccessibleName(tr("Model source lines whose DVM kernels changed (A → B)"));
        // The cells' texts change length with the language (the models refresh them on the same
        // event): fitted once they have.
        QTimer::singleShot(0, this, [this] {
            fitSummaryColumns();
            fitFusionColumns();
        });
        if (m_outcome && m_outcome->result)
            m_summaryLabel->setText(summaryLabelText(*m_outcome->result));
        showPairNotes(currentGraph());
        showCompileElsewhere();
        if (const dvmlens::GraphDiff* diff = currentGraph()) {
            for (const auto& [side, shown, sideA] : { std::tuple(SideBySideView::SideA, &diff->a, true),
                     std::tuple(SideBySideView::SideB, &diff->b, false) }) {
                if (m_sideBySide->isPlaceholderShown(side) && !placeholderFor(*shown, sideA).isEmpty())
                    m_sideBySide->setPlaceholderText(side, placeholderFor(*shown, sideA));
            }
        }
    });

    auto* filters = new QHBoxLayout;
    filters->addWidget(m_summaryLabel, 1);
    filters->addWidget(m_onlyRegressions);
    filters->addWidget(m_filter);

    m_tablesSplit = new QSplitter(Qt::Horizontal);
    auto* top = m_tablesSplit;
    top->setObjectName(QStringLiteral("CompareTablesSplit"));
    top->setChildrenCollapsible(false);
    // The pairs above the model source lines that changed (as `dvmlens-cli compare` lists them).
    auto* pairsAndLines = new QSplitter(Qt::Vertical);
    pairsAndLines->setChildrenCollapsible(false);
    pairsAndLines->addWidget(m_summaryView);
    pairsAndLines->addWidget(m_sourcesView);
    pairsAndLines->setStretchFactor(0, 3);
    pairsAndLines->setStretchFactor(1, 1);
    top->addWidget(pairsAndLines);
    top->addWidget(m_fusionView);
    top->setStretchFactor(0, 2); // the pairs table has more columns
    top->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Vertical);
    m_pageSplit = split;
    split->setChildrenCollapsible(false);
    split->addWidget(top);
    auto* notesAndCode = new QWidget;
    auto* notesLayout = new QVBoxLayout(notesAndCode);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->addWidget(m_compileElsewhere);
    notesLayout->addWidget(m_pairNotes);
    notesLayout->addWidget(m_sideBySide, 1);
    split->addWidget(notesAndCode);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addLayout(filters);
    layout->addWidget(split, 1);

    // F7 / Shift+F7 work from the tables too, not only inside the two editors.
    addAction(m_sideBySide->nextDifferenceAction());
    addAction(m_sideBySide->previousDifferenceAction());

    connect(m_onlyRegressions, &QCheckBox::toggled, m_summaryProxy, &CompareSummaryProxy::setOnlyRegressions);
    connect(m_filter, &QLineEdit::textChanged, m_summaryProxy, &CompareSummaryProxy::setFilterText);
    connect(m_summaryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &ComparePage::onCurrentRowChanged);
    // Filtering can drop the current row without a current-row change for the old index.
    connect(m_summaryProxy, &QAbstractItemModel::layoutChanged, this, &ComparePage::onCurrentRowChanged);
    connect(m_summaryProxy, &QAbstractItemModel::rowsRemoved, this, &ComparePage::onCurrentRowChanged);
    connect(m_fusionView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &ComparePage::showFusion);
    connect(m_sideBySide, &SideBySideView::ready, this, [this] {
        // Open on the first difference, so the change is what one sees first.
        if (m_sideBySide->differenceCount() > 0 && !m_fusionView->currentIndex().isValid())
            m_sideBySide->goToDifference(0);
        Q_EMIT ready();
    });
    clear();
}

void ComparePage::follow(const TreeDocument& document)
{
    connect(&document, &TreeDocument::compareFinished, this, [this, &document](const QString& error) {
        if (error.isEmpty())
            setOutcome(document.comparison());
    });
}

void ComparePage::setOutcome(std::shared_ptr<const CompareOutcome> outcome)
{
    m_outcome = std::move(outcome);
    m_currentGraph = -1;
    m_summaryModel->setResult(m_outcome ? m_outcome->result : nullptr);
    m_sourcesModel->setChanges(m_outcome ? m_outcome->sourceChanges : nullptr);
    m_sourcesView->setVisible(m_sourcesModel->rowCount() > 0);
    m_sourcesView->resizeColumnsToContents();
    m_summaryLabel->setText(
        m_outcome && m_outcome->result ? summaryLabelText(*m_outcome->result) : QString());
    showCompileElsewhere();
    fitSummaryColumns();
    // Once the page is laid out at its size (it is often shown right after this).
    QTimer::singleShot(0, this, &ComparePage::fitTablesSplit);
    selectFirstPair();
    if (m_currentGraph < 0)
        onCurrentRowChanged();
}

void ComparePage::fitTablesSplit()
{
    // At 1280 pixels a third for the fusions pushed the pairs table's Fallbacks column out of view;
    // at 1600 two thirds left it empty space the fusions' kernel names lacked.
    const int total = m_tablesSplit->width() - m_tablesSplit->handleWidth();
    if (!m_outcome || total <= 0)
        return;
    const int columns = m_summaryView->horizontalHeader()->length();
    const int wanted =
        columns + m_summaryView->verticalScrollBar()->sizeHint().width() + 2 * m_summaryView->frameWidth();
    const int summary = std::min(wanted, total * 3 / 4);
    m_tablesSplit->setSizes({ summary, total - summary });
    fitTablesHeight();
}

void ComparePage::fitTablesHeight()
{
    const int total = m_pageSplit->height() - m_pageSplit->handleWidth();
    if (!m_outcome || total <= 0 || m_sourcesView->isVisible())
        return;
    const int rows = std::max({ m_summaryProxy->rowCount(), m_fusionModel->rowCount(), 3 });
    const auto tableHeight = [rows](const QTableView* view) {
        return view->horizontalHeader()->sizeHint().height()
            + rows * view->verticalHeader()->defaultSectionSize()
            + view->horizontalScrollBar()->sizeHint().height() + 2 * view->frameWidth();
    };
    const int wanted = std::max(tableHeight(m_summaryView), tableHeight(m_fusionView));
    const int tables = std::min(wanted, total / 3);
    m_pageSplit->setSizes({ tables, total - tables });
}

void ComparePage::fitSummaryColumns()
{
    m_summaryView->resizeColumnsToContents();
    // The fallback ops by name can be long: the tooltip lists them all, and the fusions keep room.
    const int column = m_summaryModel->fallbacksColumn();
    m_summaryView->setColumnWidth(column,
        std::min(m_summaryView->columnWidth(column), 24 * m_summaryView->fontMetrics().averageCharWidth()));
}

void ComparePage::fitFusionColumns()
{
    m_fusionView->resizeColumnsToContents();
    // Long names and change lists stay within reach; their tooltips hold them whole.
    const int longest = 24 * m_fusionView->fontMetrics().averageCharWidth();
    for (const int column : { FusionTableModel::FusionColumn, FusionTableModel::ChangesColumn,
             FusionTableModel::KernelAColumn, FusionTableModel::KernelBColumn })
        m_fusionView->setColumnWidth(column, std::min(m_fusionView->columnWidth(column), longest));
}

void ComparePage::clear()
{
    setOutcome(nullptr);
}

const std::shared_ptr<const CompareOutcome>& ComparePage::outcome() const
{
    return m_outcome;
}

bool ComparePage::selectGraph(const QString& key)
{
    for (int row = 0; row < m_summaryProxy->rowCount(); ++row) {
        const QModelIndex index = m_summaryProxy->index(row, CompareSummaryModel::GraphColumn);
        if (index.data(CompareSummaryModel::KeyRole).toString() == key) {
            m_summaryView->setCurrentIndex(index);
            return true;
        }
    }
    return false;
}

void ComparePage::selectFirstPair()
{
    if (m_summaryProxy->rowCount() > 0)
        m_summaryView->setCurrentIndex(m_summaryProxy->index(0, CompareSummaryModel::GraphColumn));
}

const dvmlens::GraphDiff* ComparePage::currentGraph() const
{
    return m_summaryModel->graphAt(m_currentGraph);
}

const dvmlens::OutputCode* ComparePage::outputCodeOf(
    const std::optional<dvmlens::GraphSide>& side, bool sideA) const
{
    const dvmlens::Index* index = sideA ? m_outcome->indexA.get() : m_outcome->indexB.get();
    if (!side || !index || side->run >= index->runs.size()
        || side->graph >= index->runs[side->run].graphs.size())
        return nullptr;
    const dvmlens::BoxedOptional<dvmlens::OutputCode>& code =
        index->runs[side->run].graphs[side->graph].outputCode;
    return code ? &*code : nullptr;
}

QString ComparePage::placeholderFor(const std::optional<dvmlens::GraphSide>& side, bool sideA)
{
    if (!side)
        return sideA ? tr("This graph is only in B.") : tr("This graph is only in A.");
    if (!side->outputCodePath)
        return tr("No output_code.py in this graph folder (FX cache hit?)\n\n%1")
            .arg(QString::fromStdString(side->path));
    return {};
}

void ComparePage::onCurrentRowChanged()
{
    const QModelIndex current = m_summaryView->currentIndex();
    const int graph = current.isValid() ? current.data(CompareSummaryModel::GraphRole).toInt() : -1;
    if (graph == m_currentGraph && graph >= 0)
        return;
    m_currentGraph = graph;
    const dvmlens::GraphDiff* diff = currentGraph();
    m_fusionModel->setGraphDiff(
        diff, m_outcome && diff ? m_outcome->times.get() : nullptr, std::size_t(std::max(graph, 0)));
    m_fusionView->setColumnHidden(FusionTableModel::TimeColumn, !m_fusionModel->hasTimes());
    fitFusionColumns();
    showPairNotes(diff);
    if (!diff) {
        m_sideBySide->clear();
    } else {
        const std::optional<int> rank = dvmlens::graphPairName(*m_outcome->result, *diff).rank;
        const auto origin = [&](const std::optional<dvmlens::GraphSide>& side, bool sideA) {
            const auto& index = sideA ? m_outcome->indexA : m_outcome->indexB;
            if (!side || !index || side->run >= index->runs.size())
                return QString();
            const QString run = runLabel(index->runs[side->run]);
            return rank
                ? QCoreApplication::translate("CompareSummaryModel", "rank %1 · %2").arg(*rank).arg(run)
                : run;
        };
        m_sideBySide->setOrigins(origin(diff->a, true), origin(diff->b, false));
        const auto content = [&](const std::optional<dvmlens::GraphSide>& side, bool sideA) {
            SideBySideView::Content result;
            result.placeholder = placeholderFor(side, sideA);
            if (result.placeholder.isEmpty()) {
                result.path = QString::fromStdString(*side->outputCodePath);
                const auto& index = sideA ? m_outcome->indexA : m_outcome->indexB;
                result.files = index ? index->files : nullptr;
                result.code = outputCodeOf(side, sideA);
            }
            return result;
        };
        m_sideBySide->showContents(content(diff->a, true), content(diff->b, false));
    }
    Q_EMIT currentGraphChanged();
}

void ComparePage::showPairNotes(const dvmlens::GraphDiff* diff)
{
    QStringList lines;
    QStringList words; // the why lines said without arrows and signs, for screen readers
    if (diff) {
        if (!diff->sameCodeHash.empty()) {
            const QString same = tr("Same code: one wrapper module on both sides (Inductor code hash %1…)")
                                     .arg(QString::fromStdString(diff->sameCodeHash.substr(0, 9)));
            lines.append(same);
            words.append(same);
        }
        for (const std::string& line : dvmlens::pairExplanationLines(*diff))
            lines.append(QString::fromStdString(line));
        for (const dvmlens::WhyChange& change : diff->whyChanges) {
            const auto side = [&](bool sideB) {
                const std::optional<std::string>& code = sideB ? change.codeB : change.codeA;
                const dvmlens::LocalizedText& title = sideB ? change.titleB : change.titleA;
                if (!code)
                    return change.kernel ? tr("DVM") : tr("not called");
                return title.en.empty() ? QString::fromStdString(*code) : localizedRuleText(title);
            };
            words.append(tr("%1, %n item(s): in A %2, in B %3", nullptr, change.count)
                             .arg(QString::fromStdString(change.op), side(false), side(true)));
        }
    }
    m_pairNotes->setText(lines.join(QLatin1Char('\n')));
    m_pairNotes->setAccessibleName(diff && !diff->sameCodeHash.empty()
            ? tr("About this graph pair: the same code, what changed on the compile side and why not DVM")
            : tr("What changed on the compile side and why not DVM"));
    m_pairNotes->setAccessibleDescription(words.join(QLatin1String("; ")));
    m_pairNotes->setVisible(!lines.isEmpty());
}

void ComparePage::showCompileElsewhere()
{
    QStringList sentences;
    if (m_outcome && m_outcome->result)
        for (const auto& [kind, sentence] : m_outcome->result->compileChangesElsewhere)
            sentences.append(QString::fromStdString(sentence));
    const QString heading = tr("Compile side, under no changed graph pair:");
    m_compileElsewhere->setText(heading + QLatin1Char('\n') + sentences.join(QLatin1Char('\n')));
    m_compileElsewhere->setAccessibleName(tr("Compile-side changes under no changed graph pair"));
    m_compileElsewhere->setAccessibleDescription(sentences.join(QLatin1String("; ")));
    m_compileElsewhere->setVisible(!sentences.isEmpty());
}

void ComparePage::selectFusion(int row)
{
    m_fusionView->setCurrentIndex(m_fusionModel->index(row, FusionTableModel::FusionColumn));
}

void ComparePage::showFusion(const QModelIndex& index)
{
    const dvmlens::FusionDiff* fusion = m_fusionModel->fusionAt(index.row());
    if (fusion)
        m_sideBySide->goToLines(fusion->a ? fusion->a->line : 0, fusion->b ? fusion->b->line : 0);
}

bool ComparePage::isReady() const
{
    return m_sideBySide->isReady();
}

CompareSummaryModel* ComparePage::summaryModel() const
{
    return m_summaryModel;
}

CompareSummaryProxy* ComparePage::summaryProxy() const
{
    return m_summaryProxy;
}

FusionTableModel* ComparePage::fusionModel() const
{
    return m_fusionModel;
}

SourceChangesModel* ComparePage::sourcesModel() const
{
    return m_sourcesModel;
}

QTableView* ComparePage::sourcesView() const
{
    return m_sourcesView;
}

QTableView* ComparePage::summaryView() const
{
    return m_summaryView;
}

QTableView* ComparePage::fusionView() const
{
    return m_fusionView;
}

SideBySideView* ComparePage::sideBySide() const
{
    return m_sideBySide;
}

QLabel* ComparePage::summaryLabel() const
{
    return m_summaryLabel;
}

QLabel* ComparePage::pairNotesLabel() const
{
    return m_pairNotes;
}

QLabel* ComparePage::compileElsewhereLabel() const
{
    return m_compileElsewhere;
}

QCheckBox* ComparePage::onlyRegressionsBox() const
{
    return m_onlyRegressions;
}

QLineEdit* ComparePage::filterEdit() const
{
    return m_filter;
}
