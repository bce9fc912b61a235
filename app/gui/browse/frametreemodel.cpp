// SPDX-License-Identifier: MIT
#include "gui/browse/frametreemodel.h"

#include "core/compile/compiletext.h"
#include "core/trace/compileresets.h"
#include "gui/browse/verdicttext.h"
#include "gui/common/ruletext.h"
#include "gui/common/themes.h"

#include <QApplication>
#include <QFileInfo>
#include <QStringList>

namespace {

// Graph rows carry their frame's row + 1 as internal id; frame rows carry 0.
constexpr quintptr kFrameRowId = 0;

QString fromUtf8(const std::string& text)
{
    return QString::fromStdString(text);
}

} // namespace

FrameTreeModel::FrameTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void FrameTreeModel::setIndex(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const IndexSummaries> summaries)
{
    beginResetModel();
    m_index = std::move(index);
    m_summaries = summaries || !m_index ? std::move(summaries) : IndexSummaries::of(*m_index);
    endResetModel();
}

const std::shared_ptr<const dvmlens::Index>& FrameTreeModel::treeIndex() const
{
    return m_index;
}

void FrameTreeModel::setCompileFacts(std::shared_ptr<const CompileFacts> facts)
{
    beginResetModel();
    m_facts = std::move(facts);
    endResetModel();
}

bool FrameTreeModel::hasFrames() const
{
    return m_index && m_facts && m_facts->index == m_index.get() && !m_facts->frames.empty();
}

const dvmlens::CompileFrame* FrameTreeModel::frameAt(int row) const
{
    if (!hasFrames() || row < 0 || std::size_t(row) >= m_facts->frames.size())
        return nullptr;
    return &m_facts->frames[std::size_t(row)];
}

QModelIndex FrameTreeModel::indexForGraph(int run, int graph) const
{
    if (!hasFrames())
        return {};
    const std::pair<std::size_t, std::size_t> wanted { std::size_t(run), std::size_t(graph) };
    for (std::size_t f = 0; f < m_facts->frames.size(); ++f) {
        const auto& graphs = m_facts->frames[f].graphs;
        for (std::size_t g = 0; g < graphs.size(); ++g)
            if (graphs[g] == wanted)
                return createIndex(int(g), NameColumn, quintptr(f + 1));
    }
    return {};
}

std::pair<int, int> FrameTreeModel::graphPositionAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.internalId() == kFrameRowId)
        return { -1, -1 };
    const dvmlens::CompileFrame* frame = frameAt(int(index.internalId() - 1));
    if (!frame || std::size_t(index.row()) >= frame->graphs.size())
        return { -1, -1 };
    const auto& [run, graph] = frame->graphs[std::size_t(index.row())];
    return { int(run), int(graph) };
}

QModelIndex FrameTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kFrameRowId);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex FrameTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kFrameRowId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kFrameRowId);
}

int FrameTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!hasFrames())
        return 0;
    if (!parent.isValid())
        return int(m_facts->frames.size());
    if (parent.internalId() != kFrameRowId || parent.column() != 0)
        return 0;
    const dvmlens::CompileFrame* frame = frameAt(parent.row());
    return frame ? int(frame->graphs.size()) : 0;
}

int FrameTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QString FrameTreeModel::frameName(const dvmlens::CompileFrame& frame) const
{
    // A log without a rank is named by its file, so frames of two such logs can be told apart.
    QString where = frame.rank || frame.log >= m_facts->logs.size()
        ? fromUtf8(dvmlens::rankText(frame.rank))
        : QFileInfo(fromUtf8(m_facts->logs[frame.log].path)).fileName();
    where += fromUtf8(dvmlens::resetSuffix(frame.resetRepeat));
    return tr("%1 · %2").arg(fromUtf8(dvmlens::frameTitle(frame)), where);
}

QString FrameTreeModel::frameStory(const dvmlens::CompileFrame& frame, const QString& separator) const
{
    QStringList lines;
    for (const dvmlens::LocalizedText& line : dvmlens::frameStory(frame))
        lines << localizedRuleText(line);
    return lines.join(separator);
}

QVariant FrameTreeModel::frameData(const dvmlens::CompileFrame& frame, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return frameName(frame);
        if (column == VerdictColumn)
            return localizedRuleText(dvmlens::frameShareShort(frame));
        return {};
    case Qt::ToolTipRole:
        return frameStory(frame, QStringLiteral("\n"));
    case Qt::AccessibleTextRole:
        if (column == NameColumn)
            return QStringList { frameName(frame), localizedRuleText(dvmlens::frameShareText(frame)),
                frameStory(frame, QStringLiteral("; ")) }
                .join(QStringLiteral(", "));
        return {};
    case Qt::ForegroundRole:
        if (column == VerdictColumn && frame.verdicts.withCode > 0)
            return verdictColor(dvmlens::ladderVerdict(frame.verdicts), QApplication::palette());
        return {};
    }
    return {};
}

QVariant FrameTreeModel::graphData(std::size_t run, std::size_t graphAt, int column, int role) const
{
    if (run >= m_index->runs.size() || graphAt >= m_index->runs[run].graphs.size())
        return {};
    const dvmlens::Graph& graph = m_index->runs[run].graphs[graphAt];
    const dvmlens::Verdict verdict = dvmlens::graphVerdict(graph);
    const bool counted = verdict == dvmlens::Verdict::Engaged || verdict == dvmlens::Verdict::NotEngaged;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return fromUtf8(graph.name);
        case VerdictColumn:
            return VerdictText::graphCell(verdict);
        case DvmColumn:
        case OtherColumn: {
            if (!counted || !m_summaries)
                return {};
            const dvmlens::Summary& summary = m_summaries->of(run, graphAt);
            const int dvm = summary.kernelCount(dvmlens::Backend::Dvm);
            return column == DvmColumn ? dvm : summary.kernels - dvm;
        }
        }
        return {};
    case Qt::AccessibleTextRole:
        if (column == NameColumn)
            return tr("%1, %2").arg(fromUtf8(graph.name), VerdictText::graphCell(verdict));
        return {};
    case Qt::DecorationRole:
        return column == NameColumn ? QVariant(cachedVerdictIcon(verdict)) : QVariant();
    case Qt::ForegroundRole:
        return column == VerdictColumn ? QVariant(verdictColor(verdict, QApplication::palette()))
                                       : QVariant();
    case Qt::TextAlignmentRole:
        return column == DvmColumn || column == OtherColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                                            : QVariant();
    case RunPositionRole:
        return int(run);
    case GraphPositionRole:
        return int(graphAt);
    }
    return {};
}

QVariant FrameTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !hasFrames())
        return {};
    if (index.internalId() == kFrameRowId) {
        const dvmlens::CompileFrame* frame = frameAt(index.row());
        return frame ? frameData(*frame, index.column(), role) : QVariant();
    }
    const auto [run, graph] = graphPositionAt(index);
    return run < 0 ? QVariant() : graphData(std::size_t(run), std::size_t(graph), index.column(), role);
}

QVariant FrameTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Frame ▸ graphs");
    case VerdictColumn:
        return tr("Verdict");
    case DvmColumn:
        return tr("DVM");
    case OtherColumn:
        return tr("Other");
    }
    return {};
}

QIcon FrameTreeModel::cachedVerdictIcon(dvmlens::Verdict verdict) const
{
    const QPalette palette = QApplication::palette();
    if (palette.cacheKey() != m_iconPaletteKey) {
        m_iconPaletteKey = palette.cacheKey();
        for (const dvmlens::Verdict each : dvmlens::kAllVerdicts)
            m_verdictIcons[std::size_t(each)] = verdictIcon(each, palette);
    }
    return m_verdictIcons[std::size_t(verdict)];
}
