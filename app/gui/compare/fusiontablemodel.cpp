// SPDX-License-Identifier: MIT
#include "gui/compare/fusiontablemodel.h"

#include "gui/common/languagechange.h"
#include "gui/compare/comparesummarymodel.h"

#include <QApplication>

#include <cmath>

namespace {

QString backendText(const std::optional<dvmlens::FusionSide>& side)
{
    return side ? QString::fromLatin1(dvmlens::backendName(side->backend)) : QStringLiteral("—");
}

bool isDvm(const std::optional<dvmlens::FusionSide>& side)
{
    return side && side->backend == dvmlens::Backend::Dvm;
}

} // namespace

FusionTableModel::FusionTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    // Headers and cells say tr() texts: the views fetch them again in the new language.
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void FusionTableModel::setGraphDiff(
    const dvmlens::GraphDiff* graph, const dvmlens::ProfileComparison* times, std::size_t graphIndex)
{
    beginResetModel();
    m_fusions = graph ? graph->fusions : std::vector<dvmlens::FusionDiff>();
    m_times.clear();
    if (graph && times) {
        m_times.resize(m_fusions.size());
        for (const dvmlens::FusionTime& time : times->fusions) {
            if (time.graph == graphIndex && time.fusion < m_times.size())
                m_times[time.fusion] = time;
        }
    }
    endResetModel();
}

bool FusionTableModel::hasTimes() const
{
    return !m_times.empty();
}

const dvmlens::FusionDiff* FusionTableModel::fusionAt(int row) const
{
    return row >= 0 && row < int(m_fusions.size()) ? &m_fusions[std::size_t(row)] : nullptr;
}

int FusionTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_fusions.size());
}

int FusionTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FusionTableModel::data(const QModelIndex& index, int role) const
{
    const dvmlens::FusionDiff* fusion = index.isValid() ? fusionAt(index.row()) : nullptr;
    if (!fusion)
        return {};
    if (role == Qt::ForegroundRole && index.column() == BackendColumn) {
        // Leaving DVM is the loss this tool looks for; reaching DVM the gain.
        if (isDvm(fusion->a) && !isDvm(fusion->b))
            return compareWorseColor(QApplication::palette());
        if (!isDvm(fusion->a) && isDvm(fusion->b))
            return compareBetterColor(QApplication::palette());
        return {};
    }
    const dvmlens::FusionTime* time = index.row() < int(m_times.size()) && m_times[std::size_t(index.row())]
        ? &*m_times[std::size_t(index.row())]
        : nullptr;
    if (role == Qt::ForegroundRole && index.column() == TimeColumn && time && time->timeA && time->timeB) {
        // B slower is the regression, B faster the gain.
        if (time->delta() > 0)
            return compareWorseColor(QApplication::palette());
        if (time->delta() < 0)
            return compareBetterColor(QApplication::palette());
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case FusionColumn:
        return QString::fromStdString(fusion->key);
    case BackendColumn:
        return tr("%1 → %2").arg(backendText(fusion->a), backendText(fusion->b));
    case TimeColumn: {
        if (!time)
            return QString();
        const auto side = [](const std::optional<double>& us) {
            return us ? QString::fromStdString(dvmlens::durationText(*us)) : QStringLiteral("—");
        };
        const double delta = time->delta();
        const QString sign = delta > 0 ? QStringLiteral("+") : delta < 0 ? QStringLiteral("-") : QString();
        return tr("%1 → %2 (%3%4)")
            .arg(side(time->timeA), side(time->timeB), sign,
                QString::fromStdString(dvmlens::durationText(std::abs(delta))));
    }
    case KernelAColumn:
        return fusion->a ? QString::fromStdString(fusion->a->name) : QString();
    case KernelBColumn:
        return fusion->b ? QString::fromStdString(fusion->b->name) : QString();
    case ChangesColumn: {
        if (!fusion->b)
            return tr("only in A");
        if (!fusion->a)
            return tr("only in B");
        QStringList changes;
        for (const std::string& change : fusion->changes)
            changes << QString::fromStdString(change);
        return changes.join(role == Qt::ToolTipRole ? QStringLiteral("\n") : QStringLiteral("; "));
    }
    default:
        return {};
    }
}

QVariant FusionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FusionColumn:
        return tr("Fusion");
    case BackendColumn:
        return tr("Backend A → B");
    case TimeColumn:
        return tr("Device time A → B");
    case KernelAColumn:
        return tr("Kernel in A");
    case KernelBColumn:
        return tr("Kernel in B");
    case ChangesColumn:
        return tr("Changes");
    default:
        return {};
    }
}
