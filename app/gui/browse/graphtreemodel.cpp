// SPDX-License-Identifier: MIT
#include "gui/browse/graphtreemodel.h"

#include "gui/browse/verdicttext.h"
#include "gui/common/languagechange.h"
#include "gui/common/themes.h"

#include <QApplication>
#include <QDir>
#include <QFont>
#include <QStyle>

namespace {

// internalId of a node: 0 for key rows, key + 1 for the rank rows under a key.
QString fromUtf8(const std::string& text)
{
    return QString::fromStdString(text);
}

int otherCount(const std::array<int, std::size(dvmlens::kAllBackends)>& counts)
{
    int other = 0;
    for (const dvmlens::Backend backend : dvmlens::kAllBackends) {
        if (backend != dvmlens::Backend::Dvm)
            other += counts[std::size_t(backend)];
    }
    return other;
}

bool isCountColumn(int column)
{
    return column == GraphTreeModel::DvmColumn || column == GraphTreeModel::OtherColumn;
}

} // namespace

GraphTreeModel::GraphTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void GraphTreeModel::setIndex(std::shared_ptr<const dvmlens::Index> index,
    std::shared_ptr<const dvmlens::RankConsistency> ranks, std::shared_ptr<const IndexSummaries> summaries)
{
    beginResetModel();
    m_index = std::move(index);
    m_summaries = summaries || !m_index ? std::move(summaries) : IndexSummaries::of(*m_index);
    m_ranks = m_index ? std::move(ranks) : nullptr;
    m_rows.assign(this->ranks().graphs.size(), {});
    m_rowOfGraph.clear();
    m_keyOfGraph.clear();
    if (m_index) {
        for (const dvmlens::Run& run : m_index->runs) {
            m_rowOfGraph.emplace_back(run.graphs.size(), -1);
            m_keyOfGraph.emplace_back(run.graphs.size(), -1);
        }
    }
    for (std::size_t key = 0; key < this->ranks().graphs.size(); ++key) {
        const dvmlens::RankGraph& graph = this->ranks().graphs[key];
        // Members and missing runs are each in run order: merge them into rank order.
        std::size_t missing = 0;
        std::vector<RankRow>& rows = m_rows[key];
        for (const dvmlens::RankMember& member : graph.members) {
            while (missing < graph.missingIn.size() && graph.missingIn[missing] < member.run)
                rows.push_back(RankRow { graph.missingIn[missing++], -1, 0 });
            m_rowOfGraph[member.run][member.graph] = int(rows.size());
            m_keyOfGraph[member.run][member.graph] = int(key);
            rows.push_back(RankRow { member.run, int(member.graph), member.variant });
        }
        while (missing < graph.missingIn.size())
            rows.push_back(RankRow { graph.missingIn[missing++], -1, 0 });
    }
    endResetModel();
}

const std::shared_ptr<const dvmlens::Index>& GraphTreeModel::treeIndex() const
{
    return m_index;
}

const dvmlens::RankConsistency& GraphTreeModel::ranks() const
{
    static const dvmlens::RankConsistency none;
    return m_ranks ? *m_ranks : none;
}

QModelIndex GraphTreeModel::indexForGraph(int run, int graph) const
{
    if (run < 0 || std::size_t(run) >= m_rowOfGraph.size() || graph < 0
        || std::size_t(graph) >= m_rowOfGraph[std::size_t(run)].size())
        return {};
    const int row = m_rowOfGraph[std::size_t(run)][std::size_t(graph)];
    const int key = m_keyOfGraph[std::size_t(run)][std::size_t(graph)];
    return row < 0 ? QModelIndex() : createIndex(row, 0, quintptr(key) + 1);
}

std::pair<int, int> GraphTreeModel::graphPositionAt(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return { -1, -1 };
    if (index.internalId() != 0) {
        const RankRow& row = m_rows[std::size_t(index.internalId() - 1)][std::size_t(index.row())];
        return row.graph < 0 ? std::pair { -1, -1 } : std::pair { int(row.run), row.graph };
    }
    const dvmlens::RankGraph& graph = ranks().graphs[std::size_t(index.row())];
    const std::size_t majority = graph.majorityVariant();
    for (const dvmlens::RankMember& member : graph.members) {
        if (member.variant == majority)
            return { int(member.run), int(member.graph) };
    }
    return { -1, -1 };
}

QModelIndex GraphTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex GraphTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int GraphTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(ranks().graphs.size());
    if (parent.column() != 0 || parent.internalId() != 0)
        return 0;
    return int(m_rows[std::size_t(parent.row())].size());
}

int GraphTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant GraphTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Graph");
        case RanksColumn:
            return tr("Ranks");
        case VerdictColumn:
            return tr("Verdict");
        case DvmColumn:
            return tr("DVM");
        case OtherColumn:
            return tr("Other");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("Graphs of different ranks are the same graph when their folder names pair, as "
                      "Compare pairs them");
        case RanksColumn:
            return tr("Whether every rank holds the same output_code.py (comments, strings, paths and "
                      "pids aside)");
        case VerdictColumn:
            return tr("Whether DVM engaged: the dvm import and at least one real @dvm.kernel");
        case DvmColumn:
            return tr("DVM kernels: real @dvm.kernel builders");
        case OtherColumn:
            return tr("Other kernel definitions: import_fx (FX fallbacks), Triton, C++, MLIR…");
        }
    }
    if (role == Qt::TextAlignmentRole && isCountColumn(section))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QString GraphTreeModel::rankList(const std::vector<std::size_t>& runs) const
{
    const QString ranges = fromUtf8(ranks().rankRangesText(runs));
    return runs.size() == 1 ? tr("rank %1").arg(ranges) : tr("ranks %1").arg(ranges);
}

bool GraphTreeModel::onlyOneRank(const dvmlens::RankGraph& graph) const
{
    return ranks().runs > 1 && graph.runsWithGraph() == 1;
}

QString GraphTreeModel::ranksText(const dvmlens::RankGraph& graph) const
{
    const std::size_t majority = graph.majorityVariant();
    QStringList parts;
    if (graph.variants.size() <= 1 && onlyOneRank(graph)) {
        // "1/8 ranks identical; missing in ranks 1–7" said identical about a graph with nothing to agree
        // with.
        return tr("only on %1").arg(rankList(graph.variants.front().runs));
    } else if (graph.variants.size() <= 1) {
        parts << tr("%1/%2 ranks identical").arg(graph.runsWithGraph()).arg(ranks().runs);
    } else {
        parts << tr("%1/%2 ranks agree").arg(graph.variants[majority].runs.size()).arg(ranks().runs);
        const std::vector<std::size_t> differing = graph.runsOutsideMajority();
        const QString ranges = fromUtf8(ranks().rankRangesText(differing));
        parts << (differing.size() == 1 ? tr("rank %1 differs").arg(ranges)
                                        : tr("ranks %1 differ").arg(ranges));
        if (graph.verdictsDiffer())
            parts << tr("verdicts differ");
    }
    if (!graph.missingIn.empty()) {
        const QString ranges = fromUtf8(ranks().rankRangesText(graph.missingIn));
        parts << (graph.missingIn.size() == 1 ? tr("missing in rank %1").arg(ranges)
                                              : tr("missing in ranks %1").arg(ranges));
    }
    return parts.join(QStringLiteral("; "));
}

QString GraphTreeModel::rankRowRanksText(const dvmlens::RankGraph& graph, const RankRow& row) const
{
    if (row.graph < 0)
        return tr("missing");
    if (graph.variants.size() <= 1)
        return onlyOneRank(graph) ? tr("only this rank") : tr("identical");
    if (row.variant == graph.majorityVariant())
        return tr("as the majority (variant %1 of %2)").arg(row.variant + 1).arg(graph.variants.size());
    return tr("differs (variant %1 of %2)").arg(row.variant + 1).arg(graph.variants.size());
}

QIcon GraphTreeModel::cachedVerdictIcon(dvmlens::Verdict verdict) const
{
    const QPalette palette = QApplication::palette();
    if (palette.cacheKey() != m_iconPaletteKey) {
        m_iconPaletteKey = palette.cacheKey();
        for (const dvmlens::Verdict each : dvmlens::kAllVerdicts)
            m_verdictIcons[int(each)] = verdictIcon(each, palette);
    }
    return m_verdictIcons[int(verdict)];
}

QVariant GraphTreeModel::data(const QModelIndex& index, int role) const
{
    if (!m_index || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (role == Qt::TextAlignmentRole && isCountColumn(index.column()))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (index.internalId() == 0)
        return keyData(std::size_t(index.row()), index.column(), role);
    const std::size_t key = std::size_t(index.internalId() - 1);
    return rankData(key, m_rows[key][std::size_t(index.row())], index.column(), role);
}

QVariant GraphTreeModel::keyData(std::size_t key, int column, int role) const
{
    const dvmlens::RankGraph& graph = ranks().graphs[key];
    const dvmlens::RankVariant& majority = graph.variants[graph.majorityVariant()];
    const bool divergent = !graph.identical();
    const bool verdictsDiffer = graph.verdictsDiffer();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return fromUtf8(graph.key);
        case RanksColumn:
            return ranksText(graph);
        case VerdictColumn:
            return verdictsDiffer ? tr("differs") : VerdictText::graphCell(majority.verdict);
        case DvmColumn:
        case OtherColumn:
            // A key without code has no kernels to count: blank, as By run leaves its cells.
            if (majority.verdict != dvmlens::Verdict::Engaged
                && majority.verdict != dvmlens::Verdict::NotEngaged)
                return {};
            return column == DvmColumn ? majority.counts[std::size_t(dvmlens::Backend::Dvm)]
                                       : otherCount(majority.counts);
        }
        return {};
    case Qt::AccessibleTextRole:
        if (column == NameColumn)
            return QString(fromUtf8(graph.key) + QStringLiteral(", ") + ranksText(graph));
        return {};
    case Qt::DecorationRole:
        if (column == NameColumn) {
            return divergent ? QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning)
                             : cachedVerdictIcon(majority.verdict);
        }
        return {};
    case Qt::ForegroundRole:
        if (column == VerdictColumn && !verdictsDiffer)
            return verdictColor(majority.verdict, QApplication::palette());
        return {};
    case Qt::FontRole:
        if (column == RanksColumn && divergent) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole: {
        QStringList lines { ranksText(graph) };
        for (std::size_t v = 0; graph.variants.size() > 1 && v < graph.variants.size(); ++v) {
            const dvmlens::RankVariant& variant = graph.variants[v];
            lines << tr("Variant %1: %2, %3 (DVM %4, other %5)")
                         .arg(v + 1)
                         .arg(rankList(variant.runs), VerdictText::graphCell(variant.verdict))
                         .arg(variant.counts[std::size_t(dvmlens::Backend::Dvm)])
                         .arg(otherCount(variant.counts));
        }
        return lines.join(QLatin1Char('\n'));
    }
    case DivergentRole:
        return divergent;
    default:
        return {};
    }
}

QVariant GraphTreeModel::rankData(std::size_t key, const RankRow& row, int column, int role) const
{
    const dvmlens::RankGraph& graph = ranks().graphs[key];
    const dvmlens::Run& run = m_index->runs[row.run];
    const int rank = ranks().rankOf(row.run);
    const dvmlens::Graph* folder = row.graph >= 0 ? &run.graphs[std::size_t(row.graph)] : nullptr;
    const dvmlens::Verdict verdict = folder ? dvmlens::graphVerdict(*folder) : dvmlens::Verdict::NoCode;
    const bool hasCode = verdict == dvmlens::Verdict::Engaged || verdict == dvmlens::Verdict::NotEngaged;
    // A rank with two folders of the key (a recompile) names them apart.
    bool twoFolders = false;
    for (const RankRow& other : m_rows[key])
        twoFolders = twoFolders || (&other != &row && other.run == row.run);
    const QString name = twoFolders && folder ? tr("rank %1 · %2").arg(rank).arg(fromUtf8(folder->name))
                                              : tr("rank %1").arg(rank);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return name;
        case RanksColumn:
            return rankRowRanksText(graph, row);
        case VerdictColumn:
            return folder ? VerdictText::graphCell(verdict) : QVariant();
        case DvmColumn:
        case OtherColumn: {
            if (!folder || !hasCode)
                return {};
            const dvmlens::Summary& summary = m_summaries->of(row.run, std::size_t(row.graph));
            const int dvm = summary.kernelCount(dvmlens::Backend::Dvm);
            return column == DvmColumn ? dvm : summary.kernels - dvm;
        }
        }
        return {};
    case Qt::AccessibleTextRole:
        if (column == NameColumn)
            return QString(name + QStringLiteral(", ") + rankRowRanksText(graph, row));
        return {};
    case Qt::DecorationRole:
        if (column == NameColumn && folder)
            return cachedVerdictIcon(verdict);
        return {};
    case Qt::ForegroundRole:
        if (column == VerdictColumn && folder)
            return verdictColor(verdict, QApplication::palette());
        if (!folder)
            return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::FontRole:
        if (column == RanksColumn && folder && graph.variants.size() > 1
            && row.variant != graph.majorityVariant()) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        return QDir::toNativeSeparators(fromUtf8(folder ? folder->path : run.path));
    case RunPositionRole:
        return folder ? QVariant(int(row.run)) : QVariant();
    case GraphPositionRole:
        return folder ? QVariant(row.graph) : QVariant();
    case DivergentRole:
        return !graph.identical();
    default:
        return {};
    }
}
