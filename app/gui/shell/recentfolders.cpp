// SPDX-License-Identifier: MIT
#include "gui/shell/recentfolders.h"

#include "gui/common/languagechange.h"

#include <QDir>
#include <QMenu>
#include <QSettings>

namespace {

const auto kRecentSetting = QStringLiteral("files/recent");

} // namespace

RecentFolders::RecentFolders(QObject* parent)
    : QObject(parent)
{
}

QStringList RecentFolders::paths() const
{
    return QSettings().value(kRecentSetting).toStringList();
}

void RecentFolders::add(const QString& path)
{
    const QString clean = QDir::cleanPath(path);
    QStringList list = paths();
    list.removeAll(clean);
    list.prepend(clean);
    while (list.size() > kMaximum)
        list.removeLast();
    save(list);
}

void RecentFolders::clear()
{
    save({});
}

void RecentFolders::save(const QStringList& list)
{
    QSettings().setValue(kRecentSetting, list);
    Q_EMIT changed();
}

void RecentFolders::attachMenu(QMenu* menu)
{
    fillMenu(menu);
    connect(this, &RecentFolders::changed, menu, [this, menu] { fillMenu(menu); });
    // Only the text changes: refilling would delete the menu's children while the event visits them.
    onLanguageChange(menu, [menu] {
        if (auto* clearAction = menu->findChild<QAction*>(QStringLiteral("ClearRecentAction")))
            clearAction->setText(tr("&Clear Recent"));
    });
}

void RecentFolders::fillMenu(QMenu* menu)
{
    menu->clear();
    const QStringList list = paths();
    int number = 1;
    for (const QString& path : list) {
        // The number gives a keyboard accelerator; && keeps a literal ampersand in the path.
        QString label = QDir::toNativeSeparators(path);
        label.replace(QLatin1Char('&'), QLatin1String("&&"));
        if (number < 10)
            label = QStringLiteral("&%1  %2").arg(number).arg(label);
        ++number;
        QAction* action = menu->addAction(label);
        action->setData(path);
        connect(action, &QAction::triggered, this, [this, path] { Q_EMIT openRequested(path); });
    }
    if (!list.isEmpty())
        menu->addSeparator();
    QAction* clearAction = menu->addAction(tr("&Clear Recent"));
    clearAction->setObjectName(QStringLiteral("ClearRecentAction"));
    clearAction->setEnabled(!list.isEmpty());
    connect(clearAction, &QAction::triggered, this, &RecentFolders::clear);
}
