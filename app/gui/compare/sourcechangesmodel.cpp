// SPDX-License-Identifier: MIT
#include "gui/compare/sourcechangesmodel.h"

#include "core/text/displaytext.h"

#include <QDir>

namespace {

const dvmlens::LocationCounts& countsOr(const std::optional<dvmlens::LocationCounts>& counts)
{
    static const dvmlens::LocationCounts kNone;
    return counts ? *counts : kNone;
}

QString arrow(int a, int b)
{
    return QStringLiteral("%1 → %2").arg(a).arg(b);
}

} // namespace

SourceChangesModel::SourceChangesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SourceChangesModel::setChanges(std::shared_ptr<const std::vector<dvmlens::SourceLocationChange>> changes)
{
    beginResetModel();
    m_changes = std::move(changes);
    endResetModel();
}

int SourceChangesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_changes ? 0 : int(m_changes->size());
}

int SourceChangesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SourceChangesModel::changeWords(const dvmlens::SourceLocationChange& change) const
{
    switch (change.change) {
    case dvmlens::SourceChange::LeftDvm:
        return change.b ? tr("left DVM in B") : tr("is gone from B (it had DVM kernels in A)");
    case dvmlens::SourceChange::FewerDvm:
        return tr("has fewer DVM kernels in B");
    case dvmlens::SourceChange::JoinedDvm:
        return change.a ? tr("went to DVM in B") : tr("is new in B, with DVM kernels");
    case dvmlens::SourceChange::MoreDvm:
        return tr("has more DVM kernels in B");
    }
    return {};
}

QVariant SourceChangesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const dvmlens::SourceLocationChange& change = (*m_changes)[std::size_t(index.row())];
    const dvmlens::LocationCounts& a = countsOr(change.a);
    const dvmlens::LocationCounts& b = countsOr(change.b);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LocationColumn:
            return QString::fromStdString(dvmlens::displayName(dvmlens::shortLocation(change.frame)));
        case ChangeColumn:
            return changeWords(change);
        case DvmColumn:
            return arrow(a.dvmKernels(), b.dvmKernels());
        case OtherColumn:
            return arrow(a.otherKernels(), b.otherKernels());
        case FallbacksColumn:
            return arrow(a.fallbackTotal(), b.fallbackTotal());
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip =
            QDir::toNativeSeparators(QString::fromStdString(dvmlens::displayName(change.frame.file)))
            + QLatin1Char(':') + QString::number(change.frame.line);
        if (!change.frame.code.empty())
            tip += QLatin1Char('\n') + QString::fromStdString(dvmlens::displayName(change.frame.code));
        return tip;
    }
    case Qt::AccessibleTextRole:
        return rowSentence(index.row());
    default:
        return {};
    }
}

QString SourceChangesModel::rowSentence(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const auto cell = [&](int column) { return data(index(row, column)).toString(); };
    return tr("%1 %2: DVM %3, other kernels %4, fallbacks %5")
        .arg(cell(LocationColumn), cell(ChangeColumn), cell(DvmColumn), cell(OtherColumn),
            cell(FallbacksColumn));
}

QVariant SourceChangesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LocationColumn:
        return tr("Model source line");
    case ChangeColumn:
        return tr("Change A → B");
    case DvmColumn:
        return tr("DVM kernels");
    case OtherColumn:
        return tr("Other kernels");
    case FallbacksColumn:
        return tr("Fallbacks");
    }
    return {};
}
