// SPDX-License-Identifier: MIT
// The user-interface language: System / English / Simplified Chinese, saved in QSettings and
// applied at start-up and again, live, when the user picks another one.
#pragma once

#include <QString>

// "" (follow the system), "en" or "zh_CN".
QString savedLanguage();
void saveLanguage(const QString& language);

// Installs DVM Lens's and Qt's own translators for `language` ("" = the system locale), first
// removing the ones an earlier call installed; every widget then gets QEvent::LanguageChange.
// English needs none. Returns the language really applied ("en" when no translation was found).
QString installTranslations(const QString& language);
