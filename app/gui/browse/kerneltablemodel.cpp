// SPDX-License-Identifier: MIT
#include "browse/kerneltablemodel.h"

#include "browse/kernelformat.h"
#include "common/themes.h"
#include "shell/languagechange.h"

#include <QApplication>
#include <QFontDatabase>
#include <QStringList>

KernelTableModel::KernelTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    // Headers and cells say tr() texts: the views fetch them again in the new language.
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void KernelTableModel::setGraphs(
    std::shared_ptr<const dvmlens::Index> index, const std::vector<const dvmlens::Graph*>& graphs)
{
    beginResetModel();
    m_index = std::move(index);
    m_rows.clear();
    int graphsWithKernels = 0;
    for (const dvmlens::Graph* graph : graphs) {
        if (!graph->outputCode || graph->outputCode->kernels.empty())
            continue;
        ++graphsWithKernels;
        for (const dvmlens::Kernel& kernel : graph->outputCode->kernels)
            m_rows.push_back({ &kernel, graph });
    }
    m_severalGraphs = graphsWithKernels > 1;
    endResetModel();
}

void KernelTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_index.reset();
    m_severalGraphs = false;
    endResetModel();
}

const dvmlens::Kernel* KernelTableModel::kernelAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].kernel : nullptr;
}

const dvmlens::Graph* KernelTableModel::graphAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].graph : nullptr;
}

int KernelTableModel::rowOf(const QString& kernelName) const
{
    const std::string name = kernelName.toStdString();
    for (size_t row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].kernel->name == name)
            return int(row);
    }
    return -1;
}

bool KernelTableModel::spansSeveralGraphs() const
{
    return m_severalGraphs;
}

int KernelTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KernelTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Kernel");
        case BackendColumn:
            return tr("Backend");
        case KtypeColumn:
            return tr("ktype");
        case DynShapeColumn:
            return tr("dyn_shape");
        case OpsColumn:
            return tr("Ops");
        case InputsColumn:
            return tr("Inputs");
        case OutputsColumn:
            return tr("Outputs");
        case LaunchesColumn:
            return tr("Launches");
        case LineColumn:
            return tr("Line");
        case GraphColumn:
            return tr("Graph");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case OpsColumn:
            return tr("Number of DVM ops in the builder (store excluded)");
        case InputsColumn:
            return tr("Inputs in argument order: dtype[shape], -1 for a dynamic dimension");
        case LaunchesColumn:
            return tr("Calls of the kernel in the entry code");
        }
    }
    if (role == Qt::TextAlignmentRole
        && (section == OpsColumn || section == LaunchesColumn || section == LineColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant KernelTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const dvmlens::Kernel& kernel = *m_rows[size_t(index.row())].kernel;
    const dvmlens::Graph& graph = *m_rows[size_t(index.row())].graph;
    const bool dvm = kernel.backend == dvmlens::Backend::Dvm;
    const int column = index.column();

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return QString::fromStdString(kernel.name);
        case BackendColumn:
            return backendLabel(kernel.backend);
        case KtypeColumn:
            return kernel.ktype ? QString::fromStdString(*kernel.ktype) : QString();
        case DynShapeColumn:
            return yesNo(kernel.dynShape);
        case OpsColumn:
            return dvm ? QVariant(int(kernel.ops.size())) : QVariant();
        case InputsColumn:
            return compactInputs(kernel);
        case OutputsColumn:
            return compactOutputs(kernel);
        case LaunchesColumn:
            return kernel.launches;
        case LineColumn:
            return kernel.line;
        case GraphColumn:
            return QString::fromStdString(graph.name);
        }
        return {};
    case SortRole:
        switch (column) {
        case OpsColumn:
            return int(kernel.ops.size());
        case InputsColumn:
            return int(kernel.inputs.size());
        case OutputsColumn:
            return int(kernel.outputs.size());
        case LaunchesColumn:
            return kernel.launches;
        case LineColumn:
            return kernel.line;
        case BackendColumn:
            return int(kernel.backend);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (column == OpsColumn && !kernel.ops.empty()) {
            QStringList ops;
            for (const std::string& op : kernel.ops)
                ops << QString::fromStdString(op);
            return ops.join(QStringLiteral(" → "));
        }
        if (column == NameColumn && kernel.backend == dvmlens::Backend::ImportFx)
            return tr("import_fx: an FX fallback, not DVM code, even when named dvm_fused_*");
        if (column == InputsColumn || column == OutputsColumn)
            return data(index, Qt::DisplayRole);
        if (column == GraphColumn)
            return QString::fromStdString(graph.path);
        return {};
    case Qt::ForegroundRole:
        if (column == BackendColumn)
            return backendColor(kernel.backend, QApplication::palette());
        return {};
    case Qt::FontRole:
        if (column == InputsColumn || column == OutputsColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::TextAlignmentRole:
        if (column == OpsColumn || column == LaunchesColumn || column == LineColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case BackendRole:
        return int(kernel.backend);
    case FilePathRole:
        return graph.outputCode ? QString::fromStdString(graph.outputCode->path) : QString();
    case FilterTextRole: {
        QStringList parts { QString::fromStdString(kernel.name) };
        for (const std::string& op : kernel.ops)
            parts << QString::fromStdString(op);
        for (const dvmlens::DvmInput& input : kernel.inputs) {
            parts << compactInput(input);
            if (input.dtype)
                parts << QString::fromStdString(*input.dtype);
        }
        for (const dvmlens::DvmOutput& output : kernel.outputs) {
            if (output.dtype)
                parts << shortDtype(output.dtype) << QString::fromStdString(*output.dtype);
        }
        return parts.join(QLatin1Char(' '));
    }
    default:
        return {};
    }
}
