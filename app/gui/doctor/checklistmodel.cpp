// SPDX-License-Identifier: MIT
#include "gui/doctor/checklistmodel.h"

#include "gui/common/languagechange.h"
#include "gui/common/ruletext.h"

#include <QApplication>
#include <QStyle>

ChecklistModel::ChecklistModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void ChecklistModel::setItems(std::vector<dvmlens::CheckItem> items)
{
    beginResetModel();
    m_items = std::move(items);
    endResetModel();
}

const std::vector<dvmlens::CheckItem>& ChecklistModel::items() const
{
    return m_items;
}

QString ChecklistModel::statusWord(dvmlens::CheckStatus status)
{
    switch (status) {
    case dvmlens::CheckStatus::Pass:
        return tr("pass");
    case dvmlens::CheckStatus::Fail:
        return tr("fail");
    case dvmlens::CheckStatus::Unknown:
        break;
    }
    return tr("unknown");
}

int ChecklistModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int ChecklistModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ChecklistModel::fixText(const dvmlens::CheckItem& item) const
{
    // A passing item needs no fix (the CLI prints none either).
    if (item.status == dvmlens::CheckStatus::Pass)
        return {};
    QString text = localizedRuleText(item.fix);
    if (!item.fixDiff.empty())
        text += QLatin1Char('\n') + QString::fromStdString(item.fixDiff);
    return text;
}

QVariant ChecklistModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const dvmlens::CheckItem& item = m_items[std::size_t(index.row())];
    if (role == IdRole)
        return QString::fromStdString(item.id);
    if (role == Qt::DecorationRole && index.column() == StatusColumn) {
        const QStyle::StandardPixmap icon = item.status == dvmlens::CheckStatus::Pass
            ? QStyle::SP_DialogApplyButton
            : item.status == dvmlens::CheckStatus::Fail ? QStyle::SP_MessageBoxCritical
                                                        : QStyle::SP_MessageBoxQuestion;
        return QApplication::style()->standardIcon(icon);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case ItemColumn:
        return role == Qt::ToolTipRole ? QVariant(QString::fromStdString(item.id))
                                       : QVariant(index.row() + 1);
    case StatusColumn:
        return statusWord(item.status);
    case TitleColumn:
        return localizedRuleText(item.title);
    case EvidenceColumn:
        return QString::fromStdString(item.evidence);
    case FixColumn:
        return fixText(item);
    default:
        return {};
    }
}

QVariant ChecklistModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ItemColumn:
        return tr("Item");
    case StatusColumn:
        return tr("Status");
    case TitleColumn:
        return tr("Check");
    case EvidenceColumn:
        return tr("Evidence");
    case FixColumn:
        return tr("Fix");
    default:
        return {};
    }
}
