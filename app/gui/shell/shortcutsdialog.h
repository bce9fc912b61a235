// SPDX-License-Identifier: MIT
// Help ▸ Keyboard Shortcuts: every action of the window that has a shortcut, read from the actions
// themselves (menus, the code view, the kernel filter, compare), so the list cannot go stale.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QTreeWidget;

struct ShortcutEntry
{
    QString action; // the action's text without "&"
    QString shortcut; // native text, alternatives joined with ", "
    bool operator==(const ShortcutEntry&) const = default;
};

// The window's actions with shortcuts, one entry per text and shortcut, sorted by action text.
QList<ShortcutEntry> windowShortcuts(const QWidget* window);

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QWidget* window, QWidget* parent = nullptr);

    QTreeWidget* list() const;

private:
    QTreeWidget* m_list;
};
