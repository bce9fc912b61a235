// SPDX-License-Identifier: MIT
#include "gui/shell/translations.h"

#include "core/install/datadir.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace {

const auto kLanguageSetting = QStringLiteral("ui/language");

// What installTranslations put in, so the next call can take it out again.
QList<QPointer<QTranslator>>& installedTranslators()
{
    static QList<QPointer<QTranslator>> translators;
    return translators;
}

void removeInstalledTranslators()
{
    for (const QPointer<QTranslator>& translator : std::as_const(installedTranslators())) {
        if (translator) {
            QCoreApplication::removeTranslator(translator);
            delete translator;
        }
    }
    installedTranslators().clear();
}

void install(QTranslator* translator)
{
    QCoreApplication::installTranslator(translator);
    installedTranslators().append(translator);
}

} // namespace

QString savedLanguage()
{
    return QSettings().value(kLanguageSetting).toString();
}

void saveLanguage(const QString& language)
{
    QSettings().setValue(kLanguageSetting, language);
}

QString installTranslations(const QString& language)
{
    removeInstalledTranslators();
    const QString wanted = language.isEmpty() ? QLocale::system().name() : language;
    if (!wanted.startsWith(QLatin1String("zh")))
        return QStringLiteral("en");

    // Only Simplified Chinese exists besides the English source strings. The installed .qm first (see
    // install/datadir.h), the one compiled in when there is none or it does not load.
    auto* own = new QTranslator(QCoreApplication::instance());
    const QString installed = dvmlens::installedDataPath(QStringLiteral("translations/dvmlens_zh_CN.qm"));
    if ((installed.isEmpty() || !own->load(installed))
        && !own->load(QStringLiteral(":/i18n/dvmlens_zh_CN.qm"))) {
        delete own;
        return QStringLiteral("en");
    }

    // Qt searches the most recently installed translator first: Qt's own goes in first, so ours wins
    // where both translate a string (QCommandLineParser's help words, for one).
    auto* qtBase = new QTranslator(QCoreApplication::instance());
    if (qtBase->load(QStringLiteral("qtbase_zh_CN"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        install(qtBase);
    else
        delete qtBase;
    install(own);
    return QStringLiteral("zh_CN");
}
