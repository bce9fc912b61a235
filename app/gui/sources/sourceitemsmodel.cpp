// SPDX-License-Identifier: MIT
#include "gui/sources/sourceitemsmodel.h"

#include "gui/common/runlabel.h"

SourceItemsModel::SourceItemsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SourceItemsModel::setLocation(std::shared_ptr<const dvmlens::Index> index,
    std::shared_ptr<const ModelSources> sources, const dvmlens::SourceLocationSummary* location)
{
    beginResetModel();
    m_index = std::move(index);
    m_sources = m_index ? std::move(sources) : nullptr;
    m_location = m_sources ? location : nullptr;
    endResetModel();
}

std::optional<dvmlens::SourceItemRef> SourceItemsModel::itemAt(int row) const
{
    if (!m_location || row < 0 || row >= rowCount())
        return std::nullopt;
    return m_location->items[static_cast<std::size_t>(row)];
}

int SourceItemsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_location ? 0 : static_cast<int>(m_location->items.size());
}

int SourceItemsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SourceItemsModel::data(const QModelIndex& index, int role) const
{
    const std::optional<dvmlens::SourceItemRef> ref = index.isValid() ? itemAt(index.row()) : std::nullopt;
    if (!ref || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const dvmlens::Run& run = m_index->runs[ref->run];
    const dvmlens::Graph& graph = run.graphs[ref->graph];
    const dvmlens::OutputCode& code = *graph.outputCode;
    switch (index.column()) {
    case RunColumn:
        // As the run tree names it; the folder itself in the tooltip.
        if (role == Qt::ToolTipRole)
            return QString::fromStdString(run.name ? *run.name : run.path);
        return runLabel(run);
    case GraphColumn:
        return QString::fromStdString(graph.name);
    case KindColumn:
        return ref->fallback ? tr("fallback") : tr("kernel");
    case NameColumn:
        return QString::fromStdString(
            ref->fallback ? code.fallbacks[ref->item].target : code.kernels[ref->item].name);
    case BackendColumn:
        return QString::fromUtf8(ref->fallback
                ? dvmlens::fallbackKindName(code.fallbacks[ref->item].kind).data()
                : dvmlens::backendName(code.kernels[ref->item].backend).data());
    case LineColumn:
        return ref->fallback ? code.fallbacks[ref->item].line : code.kernels[ref->item].line;
    }
    return {};
}

QVariant SourceItemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RunColumn:
        return tr("Run");
    case GraphColumn:
        return tr("Graph");
    case KindColumn:
        return tr("Kind");
    case NameColumn:
        return tr("Name");
    case BackendColumn:
        return tr("Backend");
    case LineColumn:
        return tr("Line");
    }
    return {};
}
