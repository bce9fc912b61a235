// SPDX-License-Identifier: MIT
// Help ▸ Keyboard Shortcuts lists every shortcut of the window from its actions: menus, the code
// view, compare and the kernel filter, each once, and the dialog shows exactly that list.
#include "gui/shell/mainwindow.h"
#include "gui/shell/shortcutsdialog.h"

#include <QAction>
#include <QMenu>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestShortcutsDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void listsEveryShortcutOnce()
    {
        MainWindow window;
        const QList<ShortcutEntry> entries = windowShortcuts(&window);
        const auto shortcutOf = [&](const QString& action) {
            QStringList found;
            for (const ShortcutEntry& entry : entries)
                if (entry.action == action)
                    found << entry.shortcut;
            return found;
        };
        QCOMPARE(shortcutOf(u"Open Folder…"_s),
            QStringList { QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText) });
        QCOMPARE(shortcutOf(u"Open File or Archive…"_s), QStringList { u"Ctrl+Shift+O"_s });
        QCOMPARE(shortcutOf(u"Compare With…"_s), QStringList { u"Ctrl+D"_s });
        QCOMPARE(shortcutOf(u"Find…"_s), QStringList { u"Ctrl+F"_s }); // three code views, one row
        QCOMPARE(shortcutOf(u"Next DVM Kernel"_s), QStringList { u"F8"_s });
        QCOMPARE(shortcutOf(u"Next Difference"_s), QStringList { u"F7"_s });
        QCOMPARE(shortcutOf(u"Filter Kernels"_s), QStringList { u"Ctrl+Shift+F"_s });
        for (int i = 1; i < entries.size(); ++i)
            QVERIFY(QString::localeAwareCompare(entries[i - 1].action, entries[i].action) <= 0);

        ShortcutsDialog dialog(&window);
        QCOMPARE(dialog.list()->topLevelItemCount(), int(entries.size()));
        QCOMPARE(dialog.list()->topLevelItem(0)->text(0), entries[0].action);
        QCOMPARE(dialog.list()->topLevelItem(0)->text(1), entries[0].shortcut);

        auto* action = window.findChild<QAction*>(u"KeyboardShortcutsAction"_s);
        QVERIFY(action);
        QVERIFY(window.helpMenu()->actions().contains(action));
        QCOMPARE(action->text(), u"&Keyboard Shortcuts"_s);
    }
};

QTEST_MAIN(TestShortcutsDialog)
#include "tst_shortcutsdialog.moc"
