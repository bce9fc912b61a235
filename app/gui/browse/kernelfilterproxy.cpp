// SPDX-License-Identifier: MIT
#include "gui/browse/kernelfilterproxy.h"

#include "gui/browse/kerneltablemodel.h"

KernelFilterProxy::KernelFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(KernelTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setSortLocaleAware(true);
}

void KernelFilterProxy::setFilterText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    invalidateFilter();
}

QString KernelFilterProxy::filterText() const
{
    return m_text;
}

void KernelFilterProxy::setBackendVisible(dvmlens::Backend backend, bool visible)
{
    if (visible == isBackendVisible(backend))
        return;
    if (visible)
        m_hiddenBackends.remove(int(backend));
    else
        m_hiddenBackends.insert(int(backend));
    invalidateFilter();
}

bool KernelFilterProxy::isBackendVisible(dvmlens::Backend backend) const
{
    return !m_hiddenBackends.contains(int(backend));
}

bool KernelFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_hiddenBackends.contains(index.data(KernelTableModel::BackendRole).toInt()))
        return false;
    if (m_words.isEmpty())
        return true;
    const QString haystack = index.data(KernelTableModel::FilterTextRole).toString();
    for (const QString& word : m_words) {
        if (!haystack.contains(word, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

bool KernelFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a.typeId() == QMetaType::Int && b.typeId() == QMetaType::Int)
        return a.toInt() < b.toInt();
    return QSortFilterProxyModel::lessThan(left, right);
}
