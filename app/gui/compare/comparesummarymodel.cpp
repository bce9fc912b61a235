// SPDX-License-Identifier: MIT
#include "gui/compare/comparesummarymodel.h"

#include "core/compare/comparenames.h"
#include "core/compare/regressionranks.h"
#include "core/text/comparetext.h"
#include "gui/common/kernelformat.h"
#include "gui/common/languagechange.h"
#include "gui/common/themes.h"

#include <QApplication>
#include <QFont>
#include <QRegularExpression>

#include <algorithm>

namespace {

constexpr QChar kMinus(0x2212);

QString signedNumber(int value)
{
    if (value > 0)
        return QLatin1Char('+') + QString::number(value);
    if (value < 0)
        return kMinus + QString::number(-value);
    return QStringLiteral("±0");
}

int countOf(const std::optional<dvmlens::BackendCounts>& counts, dvmlens::Backend backend)
{
    return counts ? (*counts)[static_cast<std::size_t>(backend)] : 0;
}

QString countText(const std::optional<dvmlens::BackendCounts>& counts, dvmlens::Backend backend)
{
    return counts ? QString::number(countOf(counts, backend)) : QStringLiteral("—");
}

} // namespace

QColor compareWorseColor(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x1c, 0x28);
}

QColor compareBetterColor(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0x6c, 0xcf, 0x8a) : QColor(0x1e, 0x7e, 0x3e);
}

CompareSummaryModel::CompareSummaryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    // Headers and cells say tr() texts: the views fetch them again in the new language.
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void CompareSummaryModel::setResult(std::shared_ptr<const dvmlens::CompareResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    m_backends.clear();
    for (dvmlens::Backend backend : dvmlens::kAllBackends) {
        bool used = backend == dvmlens::Backend::Dvm;
        if (m_result) {
            for (const dvmlens::GraphDiff& graph : m_result->graphs)
                used = used || countOf(graph.countsA, backend) > 0 || countOf(graph.countsB, backend) > 0;
        }
        if (used)
            m_backends.push_back(backend);
    }
    endResetModel();
}

const std::shared_ptr<const dvmlens::CompareResult>& CompareSummaryModel::result() const
{
    return m_result;
}

const dvmlens::GraphDiff* CompareSummaryModel::graphAt(int row) const
{
    if (!m_result || row < 0 || row >= int(m_result->graphs.size()))
        return nullptr;
    return &m_result->graphs[std::size_t(row)];
}

const std::vector<dvmlens::Backend>& CompareSummaryModel::backendColumns() const
{
    return m_backends;
}

int CompareSummaryModel::fallbacksColumn() const
{
    return FirstBackendColumn + int(m_backends.size());
}

int CompareSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->graphs.size());
}

int CompareSummaryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : fallbacksColumn() + 1;
}

QString CompareSummaryModel::summaryText(const dvmlens::CompareSummary& summary)
{
    // Explicit singular and plural strings, as the rest of the window (no English numerus file).
    QStringList parts { summary.graphs == 1 ? tr("1 graph") : tr("%1 graphs").arg(summary.graphs),
        tr("%1 matched").arg(summary.matched) };
    if (summary.onlyA > 0)
        parts << tr("%1 only in A").arg(summary.onlyA);
    if (summary.onlyB > 0)
        parts << tr("%1 only in B").arg(summary.onlyB);
    parts << (summary.regressions == 1 ? tr("1 regression") : tr("%1 regressions").arg(summary.regressions));
    parts << tr("DVM engaged A %1 → B %2").arg(summary.dvmEngagedA).arg(summary.dvmEngagedB);
    if (summary.engagedOnlyA > 0)
        parts << tr("%1 DVM-engaged only in A (not a regression)").arg(summary.engagedOnlyA);
    return parts.join(QStringLiteral(" · "));
}

QString CompareSummaryModel::regressionRanksText(const dvmlens::CompareResult& result)
{
    constexpr std::size_t kKeysNamed = 3;
    if (result.runs.size() < 2)
        return {};
    const std::vector<dvmlens::KeyRegression> keys = dvmlens::regressionsByKey(result);
    QStringList parts;
    for (std::size_t i = 0; i < keys.size() && i < kKeysNamed; ++i)
        parts << tr("%1 regressed on %2/%3 ranks")
                     .arg(QString::fromStdString(keys[i].key))
                     .arg(keys[i].regressed)
                     .arg(keys[i].pairs);
    if (keys.size() > kKeysNamed)
        parts << tr("%1 more graphs").arg(keys.size() - kKeysNamed);
    return parts.join(QStringLiteral("; "));
}

QString CompareSummaryModel::pairName(const dvmlens::GraphDiff& graph) const
{
    if (!m_result)
        return QString::fromStdString(graph.key);
    const dvmlens::GraphPairName name = dvmlens::graphPairName(*m_result, graph);
    const QString key = QString::fromStdString(name.graph);
    return name.rank ? tr("rank %1 · %2").arg(*name.rank).arg(key) : key;
}

QString CompareSummaryModel::verdictText(const std::optional<bool>& engaged, bool sidePresent)
{
    if (!sidePresent)
        return tr("— absent");
    if (!engaged)
        return tr("— no output_code.py");
    return *engaged ? tr("✔ engaged") : tr("✖ not engaged");
}

QVariant CompareSummaryModel::verdictData(const dvmlens::GraphDiff& graph, int role) const
{
    const bool lost = graph.dvmEngagedA.value_or(false) && !graph.dvmEngagedB.value_or(false);
    const bool gained = !graph.dvmEngagedA.value_or(false) && graph.dvmEngagedB.value_or(false);
    switch (role) {
    case Qt::DisplayRole:
        return tr("%1 → %2").arg(verdictText(graph.dvmEngagedA, graph.a.has_value()),
            verdictText(graph.dvmEngagedB, graph.b.has_value()));
    case Qt::ForegroundRole:
        if (graph.regression)
            return compareWorseColor(QApplication::palette());
        if (gained)
            return compareBetterColor(QApplication::palette());
        return {};
    case SortRole:
        // Worst first when ascending: regressions, then DVM lost without judgement, unchanged, gained.
        return graph.regression ? 0 : lost ? 1 : gained ? 3 : 2;
    default:
        return {};
    }
}

QVariant CompareSummaryModel::countData(
    const dvmlens::GraphDiff& graph, dvmlens::Backend backend, int role) const
{
    const int a = countOf(graph.countsA, backend);
    const int b = countOf(graph.countsB, backend);
    const bool both = graph.countsA && graph.countsB;
    switch (role) {
    case Qt::DisplayRole:
        if (both && a == b)
            return QString::number(a);
        if (both)
            return tr("%1 → %2 (%3)").arg(a).arg(b).arg(signedNumber(b - a));
        return tr("%1 → %2").arg(countText(graph.countsA, backend), countText(graph.countsB, backend));
    case Qt::ForegroundRole: {
        if (!both || a == b)
            return {};
        // More DVM kernels is better; more kernels of any other backend means more fell back.
        const bool better = (backend == dvmlens::Backend::Dvm) == (b > a);
        return better ? compareBetterColor(QApplication::palette())
                      : compareWorseColor(QApplication::palette());
    }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case SortRole:
        return both ? b - a : 0;
    default:
        return {};
    }
}

QVariant CompareSummaryModel::fallbacksData(const dvmlens::GraphDiff& graph, int role) const
{
    const int added = int(graph.fallbacksAdded.size());
    const int removed = int(graph.fallbacksRemoved.size());
    switch (role) {
    case Qt::DisplayRole:
        // The ops by name, as the CLI prints them ("+aten.mm.default ×2, -extern_kernels.addmm").
        return QString::fromStdString(dvmlens::fallbackChangesText(graph));
    case Qt::ToolTipRole: {
        QStringList lines;
        for (const std::string& target : graph.fallbacksAdded)
            lines << QLatin1Char('+') + QString::fromStdString(target);
        for (const std::string& target : graph.fallbacksRemoved)
            lines << kMinus + QString::fromStdString(target);
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    case Qt::ForegroundRole:
        if (added == removed)
            return {};
        return added > removed ? compareWorseColor(QApplication::palette())
                               : compareBetterColor(QApplication::palette());
    case SortRole:
        return added - removed;
    default:
        return {};
    }
}

QVariant CompareSummaryModel::data(const QModelIndex& index, int role) const
{
    const dvmlens::GraphDiff* graph = index.isValid() ? graphAt(index.row()) : nullptr;
    if (!graph)
        return {};
    if (role == RegressionRole)
        return graph->regression;
    if (role == GraphRole)
        return index.row();
    if (role == Qt::FontRole && graph->regression) {
        QFont font;
        font.setBold(true);
        return font;
    }
    const int column = index.column();
    if (column >= FirstBackendColumn && column < fallbacksColumn())
        return countData(*graph, m_backends[std::size_t(column - FirstBackendColumn)], role);
    if (column == fallbacksColumn())
        return fallbacksData(*graph, role);
    switch (column) {
    case RegressionColumn:
        if (role == Qt::DisplayRole)
            return graph->regression ? tr("regression") : QString();
        if (role == Qt::ForegroundRole && graph->regression)
            return compareWorseColor(QApplication::palette());
        if (role == Qt::ToolTipRole && graph->regression)
            return tr("DVM was engaged in A but not in B, or B defines fewer DVM kernels.");
        if (role == SortRole)
            return graph->regression ? 0 : 1;
        return {};
    case GraphColumn:
        if (role == Qt::DisplayRole)
            return pairName(*graph);
        if (role == SortRole || role == KeyRole)
            return QString::fromStdString(graph->key);
        if (role == Qt::ToolTipRole) {
            QStringList paths { QString::fromStdString(graph->key) };
            if (graph->a)
                paths << tr("A: %1").arg(QString::fromStdString(graph->a->path));
            if (graph->b)
                paths << tr("B: %1").arg(QString::fromStdString(graph->b->path));
            return paths.join(QLatin1Char('\n'));
        }
        return {};
    case StatusColumn:
        if (role == Qt::DisplayRole) {
            switch (graph->status) {
            case dvmlens::PairStatus::Matched:
                return tr("matched");
            case dvmlens::PairStatus::OnlyA:
                return tr("only in A");
            case dvmlens::PairStatus::OnlyB:
                return tr("only in B");
            }
        }
        if (role == SortRole)
            return static_cast<int>(graph->status);
        return {};
    case VerdictColumn:
        return verdictData(*graph, role);
    default:
        return {};
    }
}

QVariant CompareSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::ToolTipRole && section >= FirstBackendColumn && section < fallbacksColumn())
        return tr("Kernel definitions in A → B (B − A)");
    if (role == Qt::ToolTipRole && section == fallbacksColumn())
        return tr("Fallback calls added (+) and removed (-) in B, by op");
    if (role != Qt::DisplayRole)
        return {};
    if (section >= FirstBackendColumn && section < fallbacksColumn()) {
        const dvmlens::Backend backend = m_backends[std::size_t(section - FirstBackendColumn)];
        return backend == dvmlens::Backend::Dvm ? tr("DVM") : backendLabel(backend);
    }
    if (section == fallbacksColumn())
        return tr("Fallbacks");
    switch (section) {
    case RegressionColumn:
        return tr("Regression");
    case GraphColumn:
        return tr("Graph");
    case StatusColumn:
        return tr("Status");
    case VerdictColumn:
        return tr("DVM A → B");
    default:
        return {};
    }
}

CompareSummaryProxy::CompareSummaryProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CompareSummaryModel::SortRole);
    setDynamicSortFilter(true);
}

void CompareSummaryProxy::setOnlyRegressions(bool only)
{
    if (only == m_onlyRegressions)
        return;
    m_onlyRegressions = only;
    invalidateRowsFilter();
}

bool CompareSummaryProxy::onlyRegressions() const
{
    return m_onlyRegressions;
}

void CompareSummaryProxy::setFilterText(const QString& text)
{
    static const QRegularExpression blanks(QStringLiteral("\\s+"));
    QStringList words = text.split(blanks, Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = std::move(words);
    invalidateRowsFilter();
}

bool CompareSummaryProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, CompareSummaryModel::GraphColumn, sourceParent);
    if (m_onlyRegressions && !index.data(CompareSummaryModel::RegressionRole).toBool())
        return false;
    const QString key = index.data(CompareSummaryModel::KeyRole).toString();
    const QString name = index.data().toString();
    return std::all_of(m_words.cbegin(), m_words.cend(), [&](const QString& word) {
        return key.contains(word, Qt::CaseInsensitive) || name.contains(word, Qt::CaseInsensitive);
    });
}

bool CompareSummaryProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a != b) {
        if (a.typeId() == QMetaType::QString)
            return QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive) < 0;
        return a.toInt() < b.toInt();
    }
    // Ties keep the comparison's own order (runs, then A's graph order).
    return left.row() < right.row();
}
