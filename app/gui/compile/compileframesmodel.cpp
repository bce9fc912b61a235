// SPDX-License-Identifier: MIT
#include "gui/compile/compileframesmodel.h"

#include "core/compile/compiletext.h"
#include "core/trace/compileresets.h"
#include "gui/common/ruletext.h"

#include <QStringList>

CompileFramesModel::CompileFramesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CompileFramesModel::setFacts(std::shared_ptr<const CompileFacts> facts)
{
    beginResetModel();
    m_facts = std::move(facts);
    endResetModel();
}

const dvmlens::CompileFrame* CompileFramesModel::frame(int row) const
{
    if (!m_facts || row < 0 || std::size_t(row) >= m_facts->frames.size())
        return nullptr;
    return &m_facts->frames[std::size_t(row)];
}

QString CompileFramesModel::storyText(int row, const QString& separator) const
{
    const dvmlens::CompileFrame* at = frame(row);
    if (!at)
        return {};
    QStringList lines;
    for (const dvmlens::LocalizedText& line : dvmlens::frameStory(*at))
        lines << localizedRuleText(line);
    return lines.join(separator);
}

int CompileFramesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_facts ? 0 : int(m_facts->frames.size());
}

int CompileFramesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompileFramesModel::data(const QModelIndex& index, int role) const
{
    const dvmlens::CompileFrame* at = index.isValid() ? frame(index.row()) : nullptr;
    if (!at)
        return {};
    if (role == Qt::ToolTipRole)
        return storyText(index.row(), QStringLiteral("\n"));
    if (role == Qt::AccessibleTextRole && index.column() == FrameColumn)
        return storyText(index.row(), QStringLiteral("; "));
    if (role != Qt::DisplayRole && role != Qt::AccessibleTextRole)
        return {};
    switch (index.column()) {
    case FrameColumn:
        return QString::fromStdString(dvmlens::frameTitle(*at));
    case RankColumn:
        return QString::fromStdString(dvmlens::rankText(at->rank) + dvmlens::resetSuffix(at->resetRepeat));
    case CompilesColumn:
        return localizedRuleText(dvmlens::compilesText(int(at->compiles.size())));
    case ShareColumn:
        return localizedRuleText(dvmlens::frameShareShort(*at));
    }
    return {};
}

QVariant CompileFramesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FrameColumn:
        return tr("Frame");
    case RankColumn:
        return tr("Rank");
    case CompilesColumn:
        return tr("Compiles");
    case ShareColumn:
        return tr("DVM share");
    }
    return {};
}
