// SPDX-License-Identifier: MIT
#include "gui/compile/compiletimelinemodel.h"

#include "core/compile/compiletext.h"
#include "gui/common/ruletext.h"

#include <QStringList>

CompileTimelineModel::CompileTimelineModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CompileTimelineModel::setFacts(std::shared_ptr<const CompileFacts> facts)
{
    beginResetModel();
    m_facts = std::move(facts);
    endResetModel();
}

const dvmlens::TimelineRow* CompileTimelineModel::timelineRow(int row) const
{
    if (!m_facts || row < 0 || std::size_t(row) >= m_facts->timeline.rows.size())
        return nullptr;
    return &m_facts->timeline.rows[std::size_t(row)];
}

QString CompileTimelineModel::barText(int row, std::size_t bar) const
{
    const dvmlens::TimelineRow* at = timelineRow(row);
    if (!at || bar >= at->bars.size())
        return {};
    return localizedRuleText(dvmlens::timelineBarText(*at, at->bars[bar]));
}

int CompileTimelineModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_facts ? 0 : int(m_facts->timeline.rows.size());
}

int CompileTimelineModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompileTimelineModel::data(const QModelIndex& index, int role) const
{
    const dvmlens::TimelineRow* row = index.isValid() ? timelineRow(index.row()) : nullptr;
    if (!row)
        return {};
    const QString note = localizedRuleText(dvmlens::timelineRowNote(*row));
    switch (index.column()) {
    case RankColumn:
        if (role == Qt::DisplayRole)
            return QString::fromStdString(row->name);
        if (role == Qt::AccessibleTextRole)
            return note.isEmpty() ? QString::fromStdString(row->name)
                                  : tr("%1, %2").arg(QString::fromStdString(row->name), note);
        if (role == Qt::ToolTipRole)
            return note.isEmpty() ? QString::fromStdString(row->log)
                                  : QString::fromStdString(row->log) + QLatin1Char('\n') + note;
        break;
    case CompilesColumn:
        if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole)
            return localizedRuleText(dvmlens::compilesText(int(row->bars.size())));
        break;
    case TimelineColumn:
        if (role == Qt::AccessibleTextRole || role == Qt::ToolTipRole) {
            QStringList bars;
            if (!note.isEmpty())
                bars << note;
            for (std::size_t bar = 0; bar < row->bars.size(); ++bar)
                bars << barText(index.row(), bar);
            return bars.join(role == Qt::ToolTipRole ? QStringLiteral("\n") : QStringLiteral("; "));
        }
        break;
    }
    return {};
}

QVariant CompileTimelineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn:
        return tr("Rank or log");
    case CompilesColumn:
        return tr("Compiles");
    case TimelineColumn:
        return tr("Timeline");
    }
    return {};
}
