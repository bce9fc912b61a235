// SPDX-License-Identifier: MIT
#include "gui/compile/compilemodel.h"

#include "core/compile/compiletext.h"
#include "core/compile/compilewording.h"
#include "core/trace/compileresets.h"
#include "core/trace/reasonline.h"
#include "gui/common/ruletext.h"

#include <QStringList>

namespace {

QString text(const std::string& words)
{
    return QString::fromStdString(words);
}

QString fileName(const std::string& path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return text(slash == std::string::npos ? path : path.substr(slash + 1));
}

} // namespace

CompileModel::CompileModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CompileModel::setFacts(std::shared_ptr<const CompileFacts> facts)
{
    beginResetModel();
    m_facts = std::move(facts);
    m_rows.clear();
    if (m_facts && m_facts->hasLogs()) {
        const dvmlens::CompileSummary& summary = m_facts->summary;
        const auto add = [this](Kind kind, std::size_t count) {
            for (std::size_t i = 0; i < count; ++i)
                m_rows.push_back({ kind, i });
        };
        add(Kind::Break, summary.breaks.size());
        add(Kind::Recompiles, summary.frames.size());
        add(Kind::Cache, 2);
        add(Kind::Failure, summary.failures.size());
        add(Kind::Time, summary.ranks.size());
        for (std::size_t i = 0; i < m_facts->logs.size(); ++i)
            if (!m_facts->logs[i].opened)
                m_rows.push_back({ Kind::UnreadableLog, i });
    }
    endResetModel();
}

const std::shared_ptr<const CompileFacts>& CompileModel::facts() const
{
    return m_facts;
}

CompileModel::Kind CompileModel::kindAt(int row) const
{
    return m_rows.at(std::size_t(row)).kind;
}

std::vector<dvmlens::CompileRef> CompileModel::compilesAt(int row) const
{
    if (row < 0 || std::size_t(row) >= m_rows.size())
        return {};
    const Row& at = m_rows[std::size_t(row)];
    const dvmlens::CompileSummary& summary = m_facts->summary;
    switch (at.kind) {
    case Kind::Break:
        return summary.breaks[at.item].compileRefs;
    case Kind::Recompiles: {
        const std::vector<dvmlens::CompileRef>& refs = summary.frames[at.item].compileRefs;
        return { refs.rbegin(), refs.rend() };
    }
    case Kind::Failure: {
        const dvmlens::FailedCompile& failed = summary.failures[at.item];
        return { { failed.log, failed.id } };
    }
    case Kind::Cache:
    case Kind::Time:
    case Kind::UnreadableLog:
        break;
    }
    return {};
}

int CompileModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompileModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompileModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_rows.size())
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return cellText(row, index.column());
    case Qt::AccessibleTextRole:
        return index.column() == KindColumn ? rowSentence(row) : cellText(row, index.column());
    case Qt::ToolTipRole: {
        const QString tip = toolTip(row);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    default:
        return {};
    }
}

QString CompileModel::cellText(const Row& row, int column) const
{
    const dvmlens::CompileSummary& summary = m_facts->summary;
    switch (row.kind) {
    case Kind::Break: {
        const dvmlens::DistinctBreak& distinct = summary.breaks[row.item];
        switch (column) {
        case KindColumn:
            return tr("Graph break");
        case WhatColumn:
            return text(distinct.type);
        case WhereColumn: {
            const std::string where = dvmlens::shortLocation(distinct.file, distinct.line);
            return where.empty() ? tr("(no user frame)") : text(where);
        }
        case CountColumn:
            return localizedRuleText(dvmlens::framesText(distinct.frames));
        case RanksColumn:
            return text(dvmlens::ranksText(distinct.ranks));
        case DetailsColumn: {
            QStringList details;
            for (const std::string& resume : distinct.resumeFunctions)
                details << tr("resumes in %1").arg(text(resume));
            if (distinct.fromRestart)
                details << localizedRuleText({ dvmlens::kFromRestartNote, dvmlens::kFromRestartNoteZh });
            return details.join(QLatin1String("; "));
        }
        }
        break;
    }
    case Kind::Recompiles: {
        const dvmlens::FrameRecompiles& frame = summary.frames[row.item];
        switch (column) {
        case KindColumn:
            return tr("Recompiles");
        case WhatColumn:
            return tr("%1 (frame %2)")
                .arg(text(frame.function),
                    text(std::to_string(frame.frameId) + dvmlens::resetSuffix(frame.resetRepeat)));
        case WhereColumn:
            return text(dvmlens::shortLocation(frame.file, 0));
        case CountColumn:
            return localizedRuleText(dvmlens::recompilesText(frame.recompiles));
        case RanksColumn:
            return text(dvmlens::rankText(frame.rank));
        case DetailsColumn: {
            QStringList details;
            if (frame.limitHit)
                details << localizedRuleText({ dvmlens::kLimitHitNote, dvmlens::kLimitHitNoteZh });
            for (const dvmlens::GuardFailure& reason : frame.lastReasons)
                details << text(dvmlens::guardFailureText(reason));
            return details.join(QLatin1String("; "));
        }
        }
        break;
    }
    case Kind::Cache: {
        const dvmlens::CacheCounts& counts = row.item == 0 ? summary.fxCache : summary.aotCache;
        switch (column) {
        case KindColumn:
            return tr("Cache");
        case WhatColumn:
            return row.item == 0 ? tr("FX graph cache") : tr("AOTAutograd cache");
        case CountColumn:
            return text(dvmlens::cacheCountsText(counts));
        case DetailsColumn: {
            QStringList details;
            if (counts.timeSavedUs)
                details << tr("%1 saved").arg(text(dvmlens::durationText(counts.timeSavedUs)));
            for (const std::string& reason : counts.bypassReasons)
                details << tr("bypass: %1").arg(text(dvmlens::firstLine(reason)));
            return details.join(QLatin1String("; "));
        }
        }
        break;
    }
    case Kind::Failure: {
        const dvmlens::FailedCompile& failed = summary.failures[row.item];
        switch (column) {
        case KindColumn:
            return tr("Failure");
        case WhatColumn:
            return text(failed.failure.type + ": " + dvmlens::reasonLine(failed.failure.reason));
        case WhereColumn:
            return text(dvmlens::shortLocation(failed.failure.file, failed.failure.line));
        case CountColumn:
            return failed.function.empty()
                ? QStringLiteral("[%1]").arg(text(failed.id))
                : QStringLiteral("[%1] %2").arg(text(failed.id), text(failed.function));
        case RanksColumn:
            return text(dvmlens::rankText(failed.rank));
        case DetailsColumn:
            return failed.failure.knownFailure.empty()
                ? QString()
                : tr("known failure %1").arg(text(failed.failure.knownFailure));
        }
        break;
    }
    case Kind::Time: {
        const dvmlens::RankCompileTime& rank = summary.ranks[row.item];
        switch (column) {
        case KindColumn:
            return tr("Compile time");
        case WhatColumn: {
            const std::string times = dvmlens::compileTimesText(rank.times);
            return times.empty() ? tr("no times logged") : text(times);
        }
        case CountColumn:
            return localizedRuleText(dvmlens::compilesText(rank.graphs));
        case RanksColumn:
            return text(dvmlens::rankText(rank.rank));
        }
        break;
    }
    case Kind::UnreadableLog: {
        const dvmlens::CompileLog& log = m_facts->logs[row.item];
        switch (column) {
        case KindColumn:
            return tr("Unreadable log");
        case WhatColumn:
            return text(log.error);
        case WhereColumn:
            return fileName(log.path);
        }
        break;
    }
    }
    return {};
}

QString CompileModel::rowSentence(const Row& row) const
{
    QStringList parts;
    for (int column = WhatColumn; column < ColumnCount; ++column) {
        const QString cell = cellText(row, column);
        if (!cell.isEmpty())
            parts << cell;
    }
    return tr("%1: %2").arg(cellText(row, KindColumn), parts.join(QLatin1String(", ")));
}

QString CompileModel::toolTip(const Row& row) const
{
    const dvmlens::CompileSummary& summary = m_facts->summary;
    switch (row.kind) {
    case Kind::Break:
        return text(summary.breaks[row.item].reason);
    case Kind::Failure: {
        const dvmlens::CompileFailure& failure = summary.failures[row.item].failure;
        return text(failure.traceback.empty() ? failure.reason : failure.traceback);
    }
    case Kind::UnreadableLog:
        return text(m_facts->logs[row.item].path);
    case Kind::Recompiles: // the failed guards, one a line: the cell cuts them off
        return cellText(row, DetailsColumn).replace(QLatin1String("; "), QLatin1String("\n"));
    case Kind::Cache:
    case Kind::Time:
        break;
    }
    return {};
}

QVariant CompileModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Kind");
    case WhatColumn:
        return tr("What");
    case WhereColumn:
        return tr("Where");
    case CountColumn:
        return tr("Count");
    case RanksColumn:
        return tr("Ranks");
    case DetailsColumn:
        return tr("Details");
    }
    return {};
}
