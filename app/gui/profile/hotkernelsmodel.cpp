// SPDX-License-Identifier: MIT
#include "gui/profile/hotkernelsmodel.h"

#include "core/text/profiletext.h"

namespace {

// Candidates named in a tooltip before the rest are only counted.
constexpr std::size_t kCandidatesListed = 12;

} // namespace

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
    m_rows = m_join ? dvmlens::hotKernels(*m_index, *m_join, kMaxRows) : std::vector<dvmlens::HotKernel>();
    endResetModel();
}

dvmlens::KernelRef HotKernelsModel::refAt(int row) const
{
    return m_rows.at(static_cast<std::size_t>(row)).kernels.front();
}

int HotKernelsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int HotKernelsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString HotKernelsModel::whereText(const dvmlens::HotKernel& hot) const
{
    if (hot.graphs == 1)
        return QString::fromStdString(dvmlens::hotKernelWhereText(*m_index, hot, m_index->runs.size() > 1));
    if (hot.runs > 1)
        return tr("one of %1 graphs in %2 runs").arg(hot.graphs).arg(hot.runs);
    return tr("one of %1 graphs").arg(hot.graphs);
}

QString HotKernelsModel::candidatesText(const dvmlens::HotKernel& hot) const
{
    QStringList lines;
    lines << tr("Ambiguous: the kernel name is in %1 graphs and the profile's input shapes and dtypes do "
                "not tell them apart. The time is any of:")
                 .arg(hot.graphs);
    for (std::size_t i = 0; i < hot.kernels.size() && i < kCandidatesListed; ++i)
        lines << QString::fromStdString(dvmlens::kernelPathText(*m_index, hot.kernels[i]));
    if (hot.kernels.size() > kCandidatesListed)
        lines << tr("… and %1 more").arg(hot.kernels.size() - kCandidatesListed);
    return lines.join(QLatin1Char('\n'));
}

QVariant HotKernelsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const dvmlens::HotKernel& hot = m_rows[static_cast<std::size_t>(index.row())];
    const double all = m_join->total.total();
    const double share = all > 0 ? hot.totalUs / all : 0.0;
    if (role == BackendRole)
        return hot.backend ? static_cast<int>(*hot.backend) : -1;
    if (role == AmbiguousRole)
        return hot.ambiguous();
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == TimeColumn || index.column() == ShareColumn
            || index.column() == LaunchesColumn || index.column() == MeanColumn;
        return number ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    }
    if (role == SortRole) {
        switch (index.column()) {
        case TimeColumn:
        case ShareColumn:
            return hot.totalUs;
        case LaunchesColumn:
            return static_cast<qlonglong>(hot.launches);
        case MeanColumn:
            return hot.meanUs();
        case GraphColumn:
            // Known graphs by name, then ambiguous names by how many graphs they may be in.
            return hot.ambiguous() ? QStringLiteral("\uffff%1").arg(hot.graphs, 8, 10, QLatin1Char('0'))
                                   : whereText(hot);
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role == Qt::ToolTipRole && (index.column() == NameColumn || index.column() == GraphColumn))
        return hot.ambiguous()
            ? candidatesText(hot)
            : QString::fromStdString(dvmlens::kernelPathText(*m_index, hot.kernels.front()));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return QString::fromStdString(hot.name);
    case BackendColumn:
        return hot.backend ? QString::fromUtf8(dvmlens::backendName(*hot.backend).data()) : tr("mixed");
    case TimeColumn:
        return QString::fromStdString(dvmlens::durationText(hot.totalUs));
    case ShareColumn:
        return QString(QString::number(share * 100.0, 'f', 1) + QLatin1Char('%'));
    case LaunchesColumn:
        return static_cast<qlonglong>(hot.launches);
    case MeanColumn:
        return QString::fromStdString(dvmlens::durationText(hot.meanUs()));
    case CoreColumn: {
        QStringList cores;
        for (const std::string& core : hot.cores)
            cores << QString::fromStdString(core);
        return cores.join(QLatin1Char('/'));
    }
    case GraphColumn:
        return whereText(hot);
    default:
        return {};
    }
}

QVariant HotKernelsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == LaunchesColumn)
        return tr("Launches on the device: rows of kernel_details.csv (the kernel table's Launch sites are "
                  "calls in the entry code)");
    if (role == Qt::ToolTipRole && section == GraphColumn)
        return tr("The graph of the kernel, or how many graphs a name shared by several could be in");
    if (role != Qt::DisplayRole)
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
        return tr("Device launches");
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
