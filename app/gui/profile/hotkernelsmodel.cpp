// SPDX-License-Identifier: MIT
#include "gui/profile/hotkernelsmodel.h"

#include "core/profile/profilecompare.h"
#include "core/text/profiletext.h"

HotKernelsModel::HotKernelsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void HotKernelsModel::setProfile(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const dvmlens::ProfileJoin> join)
{
    beginResetModel();
    m_index = std::move(index);
    m_join = m_index ? std::move(join) : nullptr;
    m_rows = m_join ? dvmlens::topKernels(*m_join, kMaxRows) : std::vector<dvmlens::KernelRef>();
    endResetModel();
}

dvmlens::KernelRef HotKernelsModel::refAt(int row) const
{
    return m_rows.at(static_cast<std::size_t>(row));
}

int HotKernelsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int HotKernelsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HotKernelsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const dvmlens::KernelRef& ref = m_rows[static_cast<std::size_t>(index.row())];
    const dvmlens::Run& run = m_index->runs[ref.run];
    const dvmlens::Graph& graph = run.graphs[ref.graph];
    const dvmlens::Kernel& kernel = graph.outputCode->kernels[ref.kernel];
    const dvmlens::KernelTime& time = *m_join->timeOf(ref);
    const double all = m_join->total.total();
    const double share = all > 0 ? time.totalUs / all : 0.0;
    if (role == BackendRole)
        return static_cast<int>(kernel.backend);
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == TimeColumn || index.column() == ShareColumn
            || index.column() == LaunchesColumn || index.column() == MeanColumn;
        return number ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    }
    if (role == SortRole) {
        switch (index.column()) {
        case TimeColumn:
        case ShareColumn:
            return time.totalUs;
        case LaunchesColumn:
            return static_cast<qlonglong>(time.launches);
        case MeanColumn:
            return time.meanUs();
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role == Qt::ToolTipRole && index.column() == NameColumn)
        return QString::fromStdString(dvmlens::kernelPathText(*m_index, ref));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return QString::fromStdString(kernel.name);
    case BackendColumn:
        return QString::fromUtf8(dvmlens::backendName(kernel.backend).data());
    case TimeColumn:
        return QString::fromStdString(dvmlens::durationText(time.totalUs));
    case ShareColumn:
        return QString(QString::number(share * 100.0, 'f', 1) + QLatin1Char('%'));
    case LaunchesColumn:
        return static_cast<qlonglong>(time.launches);
    case MeanColumn:
        return QString::fromStdString(dvmlens::durationText(time.meanUs()));
    case CoreColumn: {
        QStringList cores;
        for (const std::string& core : time.cores)
            cores << QString::fromStdString(core);
        return cores.join(QLatin1Char('/'));
    }
    case GraphColumn: {
        QString label = QString::fromStdString(graph.name);
        if (m_index->runs.size() > 1 && run.name)
            label.prepend(QString::fromStdString(*run.name) + QLatin1Char('/'));
        return label;
    }
    default:
        return {};
    }
}

QVariant HotKernelsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Kernel");
    case BackendColumn:
        return tr("Backend");
    case TimeColumn:
        return tr("Device time");
    case ShareColumn:
        return tr("Share");
    case LaunchesColumn:
        return tr("Launches");
    case MeanColumn:
        return tr("Mean");
    case CoreColumn:
        return tr("Core");
    case GraphColumn:
        return tr("Graph");
    default:
        return {};
    }
}
