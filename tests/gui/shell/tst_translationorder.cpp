// SPDX-License-Identifier: MIT
// With Qt's own Chinese (qt6-translations-l10n) installed, DVM Lens's translation still wins where both
// translate a string, and Qt's fills in the rest (standard buttons). Without qtbase_zh_CN.qm this skips:
// packaging/install-deps.sh installs it so CI runs it.
#include "gui/shell/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTest>
#include <QTranslator>

namespace {

// A string both translate, differently (Qt: "在命令行选项上显示帮助。").
const char* const kHelpContext = "QCommandLineParser";
const char* const kHelpSource = "Displays help on commandline options.";
const auto kOurHelp = QStringLiteral("显示命令行选项的帮助。");

} // namespace

class TestTranslationOrder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QTranslator qtBase;
        if (!qtBase.load(QStringLiteral("qtbase_zh_CN"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QSKIP("Qt's Chinese translation is not installed (Debian package qt6-translations-l10n)");
        // Otherwise this test could not tell the two apart.
        const QString qtHelp = qtBase.translate(kHelpContext, kHelpSource);
        QVERIFY2(!qtHelp.isEmpty() && qtHelp != kOurHelp, qPrintable(qtHelp));
    }

    void oursWinsOverQts()
    {
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate(kHelpContext, kHelpSource), kOurHelp);
    }

    void qtsFillsTheRest()
    {
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        // Only Qt translates the standard buttons.
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
    }

    void switchingAgainKeepsTheOrder()
    {
        // The live switch (View ▸ Language) removes and reinstalls both.
        installTranslations(QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate(kHelpContext, kHelpSource), QString::fromLatin1(kHelpSource));
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate(kHelpContext, kHelpSource), kOurHelp);
    }

    void cleanupTestCase()
    {
        installTranslations(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestTranslationOrder)
#include "tst_translationorder.moc"
