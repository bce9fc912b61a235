// SPDX-License-Identifier: MIT
#include "gui/sources/sourcelocationsmodel.h"

#include "core/text/sourcestext.h"
#include "gui/common/ruletext.h"

#include <QBrush>
#include <QFileInfo>

#include <limits>

namespace {

QString backendDetail(const dvmlens::LocationCounts& counts)
{
    QStringList parts;
    for (dvmlens::Backend backend : dvmlens::kAllBackends) {
        const int n = counts.kernels[static_cast<std::size_t>(backend)];
        if (backend != dvmlens::Backend::Dvm && n > 0)
            parts << QStringLiteral("%1 %2")
                         .arg(QString::fromUtf8(dvmlens::backendName(backend).data()))
                         .arg(n);
    }
    return parts.join(QStringLiteral(", "));
}

QString kindDetail(const dvmlens::LocationCounts& counts)
{
    QStringList parts;
    for (dvmlens::FallbackKind kind : dvmlens::kAllFallbackKinds) {
        const int n = counts.fallbacks[static_cast<std::size_t>(kind)];
        if (n > 0)
            parts << QStringLiteral("%1 %2")
                         .arg(QString::fromUtf8(dvmlens::fallbackKindName(kind).data()))
                         .arg(n);
    }
    return parts.join(QStringLiteral(", "));
}

QString withDetail(int n, const QString& detail)
{
    return detail.isEmpty() ? QString::number(n) : QStringLiteral("%1 (%2)").arg(n).arg(detail);
}

} // namespace

SourceLocationsModel::SourceLocationsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SourceLocationsModel::setSources(std::shared_ptr<const ModelSources> sources)
{
    beginResetModel();
    m_sources = std::move(sources);
    joinWhy();
    endResetModel();
}

void SourceLocationsModel::setWhy(std::shared_ptr<const TreeWhy> why)
{
    if (why == m_why)
        return;
    m_why = std::move(why);
    joinWhy();
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, WhyColumn), index(rowCount() - 1, WhyColumn));
}

const std::shared_ptr<const TreeWhy>& SourceLocationsModel::why() const
{
    return m_why;
}

void SourceLocationsModel::joinWhy()
{
    m_lineWhy.clear();
    // Only reasons of the very index the sources describe.
    if (m_sources && m_why && m_why->index && m_why->index.get() == m_sources->index)
        m_lineWhy = dvmlens::whyBySourceLine(*m_why->index, m_why->why, m_sources->summary);
}

const std::vector<dvmlens::LineWhy>& SourceLocationsModel::whyAt(int row) const
{
    static const std::vector<dvmlens::LineWhy> kNone;
    return row >= 0 && static_cast<std::size_t>(row) < m_lineWhy.size() ? m_lineWhy[std::size_t(row)] : kNone;
}

QString SourceLocationsModel::whyText(int row) const
{
    QStringList parts;
    for (const dvmlens::LineWhy& reason : whyAt(row))
        parts << tr("%1 — %2").arg(
            QString::fromStdString(dvmlens::lineWhyOpsText(reason)), localizedRuleText(reason.title));
    return parts.join(QStringLiteral("; "));
}

QString SourceLocationsModel::whyWords(int row) const
{
    QStringList parts;
    for (const dvmlens::LineWhy& reason : whyAt(row)) {
        QStringList ops;
        for (const auto& [op, count] : reason.ops)
            ops << (count == 1 ? tr("%1 once").arg(QString::fromStdString(op))
                               : tr("%1 %2 times").arg(QString::fromStdString(op)).arg(count));
        parts << tr("%1: %2").arg(localizedRuleText(reason.title), ops.join(QStringLiteral(", ")));
    }
    if (parts.isEmpty()) {
        const dvmlens::SourceLocationSummary* location = locationAt(row);
        if (location && location->counts.notDvm() == 0)
            return tr("every kernel DVM, nothing fell back");
        return tr("no reason why not DVM");
    }
    return tr("Not DVM because %1").arg(parts.join(QStringLiteral("; ")));
}

QString SourceLocationsModel::whyTip(int row) const
{
    QStringList parts;
    for (const dvmlens::LineWhy& reason : whyAt(row)) {
        parts << QStringLiteral("%1 [%2]: %3\n%4")
                     .arg(localizedRuleText(reason.title), QString::fromStdString(reason.code),
                         QString::fromStdString(dvmlens::lineWhyOpsText(reason)),
                         tr("Fix: %1").arg(localizedRuleText(reason.fix)));
    }
    return parts.join(QStringLiteral("\n\n"));
}

const std::shared_ptr<const ModelSources>& SourceLocationsModel::sources() const
{
    return m_sources;
}

const dvmlens::SourceLocationSummary* SourceLocationsModel::locationAt(int row) const
{
    if (!m_sources || row < 0 || row >= rowCount())
        return nullptr;
    return &m_sources->summary.locations[static_cast<std::size_t>(row)];
}

int SourceLocationsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_sources ? 0 : static_cast<int>(m_sources->summary.locations.size());
}

int SourceLocationsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SourceLocationsModel::data(const QModelIndex& index, int role) const
{
    const dvmlens::SourceLocationSummary* location = index.isValid() ? locationAt(index.row()) : nullptr;
    if (!location)
        return {};
    const dvmlens::LocationCounts& counts = location->counts;
    const std::optional<double> share = counts.dvmShare();
    const QString file = QString::fromStdString(location->frame.file);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LocationColumn: {
            QString text = QStringLiteral("%1:%2").arg(QFileInfo(file).fileName()).arg(location->frame.line);
            if (location->frame.library)
                text += QLatin1Char(' ') + tr("(library)");
            return text;
        }
        case ShareColumn:
            return share ? QStringLiteral("%1%").arg(qRound(*share * 100)) : tr("n/a");
        case DvmColumn:
            return counts.dvmKernels();
        case OtherColumn:
            return withDetail(counts.otherKernels(), backendDetail(counts));
        case FallbacksColumn:
            return withDetail(counts.fallbackTotal(), kindDetail(counts));
        case WhyColumn:
            return whyText(index.row());
        case GraphsColumn:
            return location->graphs;
        case RanksColumn:
            return location->runs;
        case CodeColumn:
            return QString::fromStdString(location->frame.code);
        }
        break;
    case Qt::AccessibleTextRole:
        if (index.column() == ShareColumn)
            return share ? tr("DVM share %1 percent").arg(qRound(*share * 100)) : tr("no DVM share");
        if (index.column() == WhyColumn)
            return whyWords(index.row());
        return data(index, Qt::DisplayRole);
    case Qt::ToolTipRole:
        if (index.column() == LocationColumn || index.column() == CodeColumn) {
            QString tip = QStringLiteral("%1:%2").arg(file).arg(location->frame.line);
            if (!location->frame.function.empty())
                tip += tr(" in %1").arg(QString::fromStdString(location->frame.function));
            if (location->frame.library)
                tip += QLatin1Char('\n') + tr("Library code (torch or torch_npu)");
            if (!location->frame.code.empty())
                tip += QLatin1Char('\n') + QString::fromStdString(location->frame.code);
            return tip;
        }
        if (index.column() == WhyColumn)
            return whyTip(index.row());
        return QString::fromStdString(dvmlens::locationCountsText(counts));
    case ShareRole:
        if (index.column() == ShareColumn && share)
            return *share;
        return {};
    case SortRole:
        switch (index.column()) {
        case LocationColumn:
        case CodeColumn:
            return index.row(); // core's worst-first order
        case ShareColumn:
            return share ? *share : -1.0;
        case DvmColumn:
            return counts.dvmKernels();
        case OtherColumn:
            return counts.otherKernels();
        case FallbacksColumn:
            return counts.fallbackTotal();
        case WhyColumn: {
            // By the worst reason (most general first), then more items first; lines without last.
            const std::vector<dvmlens::LineWhy>& reasons = whyAt(index.row());
            if (reasons.empty())
                return std::numeric_limits<double>::max();
            return double(reasons.front().rank) * 1e9 - double(reasons.front().count);
        }
        case GraphsColumn:
            return location->graphs;
        case RanksColumn:
            return location->runs;
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() >= DvmColumn && index.column() <= RanksColumn && index.column() != WhyColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant SourceLocationsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LocationColumn:
        return tr("Location");
    case ShareColumn:
        return tr("DVM share");
    case DvmColumn:
        return tr("DVM");
    case OtherColumn:
        return tr("Other kernels");
    case FallbacksColumn:
        return tr("Fallbacks");
    case WhyColumn:
        return tr("Why not DVM");
    case GraphsColumn:
        return tr("Graphs");
    case RanksColumn:
        return tr("Ranks");
    case CodeColumn:
        return tr("Code");
    }
    return {};
}
