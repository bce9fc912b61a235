// SPDX-License-Identifier: MIT
#include "gui/browse/kerneltablemodel.h"

#include "core/profile/profilecompare.h"
#include "core/verdict/verdict.h"
#include "gui/browse/kernelbodiesjob.h"
#include "gui/common/kernelformat.h"
#include "gui/common/languagechange.h"
#include "gui/common/themes.h"
#include "gui/common/whyreasontext.h"

#include <QApplication>
#include <QFontDatabase>
#include <QStringList>

#include <limits>

KernelTableModel::KernelTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    // Headers and cells say tr() texts: the views fetch them again in the new language.
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void KernelTableModel::setGraphs(
    std::shared_ptr<const dvmlens::Index> index, const std::vector<const dvmlens::Graph*>& graphs)
{
    std::vector<Row> rows;
    int graphsWithKernels = 0;
    int unreadable = 0;
    for (const dvmlens::Graph* graph : graphs) {
        unreadable += dvmlens::graphVerdict(*graph) == dvmlens::Verdict::Unreadable ? 1 : 0;
        if (!graph->outputCode || graph->outputCode->kernels.empty())
            continue;
        ++graphsWithKernels;
        // Where the graph sits in the index (pointer arithmetic: the graphs belong to it).
        std::optional<std::pair<std::size_t, std::size_t>> place;
        for (std::size_t r = 0; index && r < index->runs.size() && !place; ++r) {
            const auto& runGraphs = index->runs[r].graphs;
            if (!runGraphs.empty() && graph >= runGraphs.data()
                && graph < runGraphs.data() + runGraphs.size())
                place = std::pair { r, static_cast<std::size_t>(graph - runGraphs.data()) };
        }
        const auto& kernels = graph->outputCode->kernels;
        for (std::size_t k = 0; k < kernels.size(); ++k) {
            std::optional<dvmlens::KernelRef> ref;
            if (place)
                ref = dvmlens::KernelRef { place->first, place->second, k };
            rows.push_back({ &kernels[k], graph, ref, graphsWithKernels - 1 });
        }
    }
    const bool severalGraphs = graphsWithKernels > 1;
    if (!severalGraphs)
        setGraphColumn(false); // before the new rows, so the views keep their other sections
    beginResetModel();
    m_index = std::move(index);
    m_rows = std::move(rows);
    m_unreadableGraphs = unreadable;
    m_bodies.reset();
    endResetModel();
    setGraphColumn(severalGraphs);
}

void KernelTableModel::clear()
{
    setGraphColumn(false);
    beginResetModel();
    m_rows.clear();
    m_unreadableGraphs = 0;
    m_index.reset();
    m_bodies.reset();
    endResetModel();
}

void KernelTableModel::setGraphColumn(bool present)
{
    if (present == m_severalGraphs)
        return;
    // Inserted or removed, not reset: the header keeps the other sections' widths and order.
    const int section = placeOf(GraphColumn);
    if (present)
        beginInsertColumns({}, section, section);
    else
        beginRemoveColumns({}, section, section);
    m_severalGraphs = present;
    if (present)
        endInsertColumns();
    else
        endRemoveColumns();
}

bool KernelTableModel::isPresent(Column column) const
{
    return column == DeviceTimeColumn ? m_join != nullptr
        : column == GraphColumn       ? m_severalGraphs
        : column == WhyColumn         ? m_why != nullptr
                                      : column != ColumnCount;
}

int KernelTableModel::placeOf(Column column) const
{
    // The sections follow kDefaultOrder (the order shown), so a screen reader reads the cells of a
    // row in the order a sighted user does.
    int section = 0;
    for (const Column other : kDefaultOrder) {
        if (other == column)
            return section;
        if (isPresent(other))
            ++section;
    }
    return -1;
}

int KernelTableModel::sectionOf(Column column) const
{
    return isPresent(column) ? placeOf(column) : -1;
}

KernelTableModel::Column KernelTableModel::columnAt(int section) const
{
    if (section < 0)
        return ColumnCount;
    for (const Column column : kDefaultOrder) {
        if (isPresent(column) && section-- == 0)
            return column;
    }
    return ColumnCount;
}

void KernelTableModel::setKernelBodies(std::shared_ptr<const KernelBodies> bodies)
{
    if (bodies && bodies->index() != m_index.get())
        return;
    m_bodies = std::move(bodies);
    if (!m_rows.empty()) // the kernels keep their rows: a filter or sort by ops follows the new values
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

bool KernelTableModel::hasBody(const Row& row) const
{
    return !lacksKernelBodies(*row.graph) || (m_bodies && m_bodies->covers(*row.graph));
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

void KernelTableModel::setProfile(std::shared_ptr<const dvmlens::ProfileJoin> join)
{
    // The Device time column exists only with a profile (a screen reader lists hidden columns).
    const int section = placeOf(DeviceTimeColumn);
    if (!m_join && join) {
        beginInsertColumns({}, section, section);
        m_join = std::move(join);
        endInsertColumns();
    } else if (m_join && !join) {
        beginRemoveColumns({}, section, section);
        m_join.reset();
        endRemoveColumns();
    } else {
        m_join = std::move(join);
        if (m_join && !m_rows.empty())
            Q_EMIT dataChanged(index(0, section), index(rowCount() - 1, section));
    }
}

bool KernelTableModel::hasProfile() const
{
    return m_join != nullptr;
}

void KernelTableModel::setWhy(std::shared_ptr<const TreeWhy> why)
{
    // The column exists only with reasons (a screen reader lists hidden columns).
    const int section = placeOf(WhyColumn);
    if (!m_why && why) {
        beginInsertColumns({}, section, section);
        m_why = std::move(why);
        endInsertColumns();
    } else if (m_why && !why) {
        beginRemoveColumns({}, section, section);
        m_why.reset();
        endRemoveColumns();
    } else {
        m_why = std::move(why);
    }
    // The filter text has the reasons too: a filter or sort by them follows the new values.
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const dvmlens::WhyReason* KernelTableModel::reasonAt(int row) const
{
    if (!m_why || row < 0 || row >= int(m_rows.size()))
        return nullptr;
    const Row& at = m_rows[size_t(row)];
    return m_why->kernelReason(*at.graph, *at.kernel);
}

const dvmlens::KernelTime* KernelTableModel::timeAt(int row) const
{
    const auto& ref = m_rows[size_t(row)].ref;
    return m_join && ref ? m_join->timeOf(*ref) : nullptr;
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
    return parent.isValid()
        ? 0
        : int(DeviceTimeColumn) + (m_join ? 1 : 0) + (m_severalGraphs ? 1 : 0) + (m_why ? 1 : 0);
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    section = columnAt(section);
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
            return tr("Launch sites");
        case LineColumn:
            return tr("Line");
        case DeviceTimeColumn:
            return tr("Device time");
        case GraphColumn:
            return tr("Graph");
        case WhyColumn:
            return tr("Why not DVM");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case WhyColumn:
            return tr("Why the kernel is not DVM, by torch_npu's fallback rules (empty for DVM kernels)");
        case OpsColumn:
            return tr("Number of DVM ops in the builder (store excluded)");
        case InputsColumn:
            return tr("Inputs in argument order: dtype[shape], -1 for a dynamic dimension");
        case LaunchesColumn:
            return tr("Launch sites: calls of the kernel in the entry code (not device launches, which Hot "
                      "Kernels counts from a profile)");
        case DeviceTimeColumn:
            return tr("Total device time of the kernel's launches in the profile");
        }
    }
    if (role == Qt::TextAlignmentRole
        && (section == OpsColumn || section == LaunchesColumn || section == LineColumn
            || section == DeviceTimeColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant KernelTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row& row = m_rows[size_t(index.row())];
    const dvmlens::Graph& graph = *row.graph;
    const dvmlens::Kernel& kernel = m_bodies ? m_bodies->of(graph, *row.kernel) : *row.kernel;
    const bool dvm = kernel.backend == dvmlens::Backend::Dvm;
    const int column = columnAt(index.column());

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
            return dvm && hasBody(row) ? QVariant(int(kernel.ops.size())) : QVariant();
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
        case DeviceTimeColumn:
            if (const dvmlens::KernelTime* time = timeAt(index.row()))
                return QString::fromStdString(dvmlens::durationText(time->totalUs));
            return QString();
        case WhyColumn:
            return whyTitle(reasonAt(index.row()));
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
            // Lines of different files do not compare: by graph (in tree order), then by line.
            return (qlonglong(row.graphOrder) << 32) + kernel.line;
        case BackendColumn:
            return int(kernel.backend);
        case DeviceTimeColumn: {
            const dvmlens::KernelTime* time = timeAt(index.row());
            return time ? time->totalUs : -1.0;
        }
        case WhyColumn: {
            // Most general reason first (core's rank), DVM kernels last.
            const dvmlens::WhyReason* reason = reasonAt(index.row());
            return reason ? reason->rank : std::numeric_limits<int>::max();
        }
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
        if (column == WhyColumn)
            return whyExplanation(reasonAt(index.row()));
        if (column == DeviceTimeColumn) {
            if (const dvmlens::KernelTime* time = timeAt(index.row())) {
                QStringList cores;
                for (const std::string& core : time->cores)
                    cores << QString::fromStdString(core);
                return tr("%n launch(es), mean %1, %2", nullptr, int(time->launches))
                    .arg(QString::fromStdString(dvmlens::durationText(time->meanUs())),
                        cores.join(QLatin1Char('/')));
            }
        }
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
        if (column == OpsColumn || column == LaunchesColumn || column == LineColumn
            || column == DeviceTimeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::AccessibleTextRole:
        if (column == WhyColumn) { // a DVM kernel's empty cell read in words
            const dvmlens::WhyReason* reason = reasonAt(index.row());
            return reason ? whyTitle(reason) : dvm ? tr("DVM, no reason") : QVariant();
        }
        return {};
    case Qt::AccessibleDescriptionRole:
        if (column == WhyColumn)
            return whyExplanation(reasonAt(index.row()));
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
        if (const dvmlens::WhyReason* reason = reasonAt(index.row()))
            parts << whyTitle(reason) << QString::fromStdString(reason->code);
        return parts.join(QLatin1Char(' '));
    }
    default:
        return {};
    }
}
