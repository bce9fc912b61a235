// SPDX-License-Identifier: MIT
// What the window remembers: recent folders (newest first, ten at most, no duplicates, Clear),
// the theme (and its palette) and the language.
#include "gui/common/themes.h"
#include "gui/shell/recentfolders.h"
#include "gui/shell/translations.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QProxyStyle>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QtTest>

class TestSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void recentFolders()
    {
        RecentFolders recent;
        recent.clear();
        QMenu menu;
        recent.attachMenu(&menu);
        QCOMPARE(menu.actions().size(), 1); // only "Clear Recent", disabled
        QVERIFY(!menu.actions().last()->isEnabled());

        for (int i = 0; i < 12; ++i)
            recent.add(QStringLiteral("/data/tree%1").arg(i));
        recent.add(QStringLiteral("/data/tree5/")); // again, spelled differently: moves to the top
        const QStringList paths = recent.paths();
        QCOMPARE(paths.size(), RecentFolders::kMaximum);
        QCOMPARE(paths.first(), QStringLiteral("/data/tree5"));
        QCOMPARE(paths.at(1), QStringLiteral("/data/tree11"));
        QCOMPARE(paths.count(QStringLiteral("/data/tree5")), 1);
        QVERIFY(!paths.contains(QStringLiteral("/data/tree0")));

        // Ten paths, a separator and Clear.
        QCOMPARE(menu.actions().size(), RecentFolders::kMaximum + 2);
        QSignalSpy open(&recent, &RecentFolders::openRequested);
        menu.actions().at(1)->trigger();
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.at(0).at(0).toString(), QStringLiteral("/data/tree11"));

        menu.actions().last()->trigger();
        QVERIFY(recent.paths().isEmpty());
        QCOMPARE(menu.actions().size(), 1);
    }

    void themes()
    {
        QCOMPARE(themeFromKey(QStringLiteral("dark")), Theme::Dark);
        QCOMPARE(themeFromKey(QStringLiteral("light")), Theme::Light);
        QCOMPARE(themeFromKey(QStringLiteral("system")), Theme::System);
        QVERIFY(!themeFromKey(QStringLiteral("pink")));
        QCOMPARE(savedTheme(), Theme::System);
        saveTheme(Theme::Dark);
        QCOMPARE(savedTheme(), Theme::Dark);

        applyTheme(Theme::Dark);
        QVERIFY(isDarkPalette(QApplication::palette()));
        // Fusion under the proxy that outlines check boxes (common/themes.cpp).
        const auto* proxy = qobject_cast<QProxyStyle*>(QApplication::style());
        QVERIFY(proxy);
        QCOMPARE(proxy->baseStyle()->name().toLower(), QStringLiteral("fusion"));
        const QColor darkEngaged = verdictColor(dvmlens::Verdict::Engaged, QApplication::palette());
        applyTheme(Theme::Light);
        QVERIFY(!isDarkPalette(QApplication::palette()));
        // Colours are chosen per theme, so each stays readable on its background.
        QVERIFY(verdictColor(dvmlens::Verdict::Engaged, QApplication::palette()) != darkEngaged);
        QVERIFY(!verdictIcon(dvmlens::Verdict::NotEngaged, QApplication::palette()).isNull());
    }

    void language()
    {
        QCOMPARE(savedLanguage(), QString());
        saveLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(savedLanguage(), QStringLiteral("zh_CN"));
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
    }
};

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
