// SPDX-License-Identifier: MIT
#include "gui/shell/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

QList<ShortcutEntry> windowShortcuts(const QWidget* window)
{
    QList<ShortcutEntry> entries;
    for (const QAction* action : window->findChildren<QAction*>()) {
        const QList<QKeySequence> shortcuts = action->shortcuts();
        if (shortcuts.isEmpty() || action->text().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& shortcut : shortcuts)
            keys << shortcut.toString(QKeySequence::NativeText);
        QString text = action->text();
        text.remove(QLatin1Char('&'));
        const ShortcutEntry entry { text, keys.join(QStringLiteral(", ")) };
        if (!entries.contains(entry)) // the browse and compare code views have the same actions
            entries << entry;
    }
    std::sort(entries.begin(), entries.end(), [](const ShortcutEntry& a, const ShortcutEntry& b) {
        return QString::localeAwareCompare(a.action, b.action) < 0;
    });
    return entries;
}

ShortcutsDialog::ShortcutsDialog(const QWidget* window, QWidget* parent)
    : QDialog(parent)
    , m_list(new QTreeWidget)
{
    setObjectName(QStringLiteral("ShortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_list->setAccessibleName(windowTitle()); // the table a screen reader lists
    m_list->setColumnCount(2);
    m_list->setHeaderLabels({ tr("Action"), tr("Shortcut") });
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    for (const ShortcutEntry& entry : windowShortcuts(window))
        m_list->addTopLevelItem(new QTreeWidgetItem({ entry.action, entry.shortcut }));
    m_list->resizeColumnToContents(0);
    m_list->header()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    resize(fontMetrics().averageCharWidth() * 60, fontMetrics().height() * 30);
}

QTreeWidget* ShortcutsDialog::list() const
{
    return m_list;
}
