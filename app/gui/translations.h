// SPDX-License-Identifier: MIT
// The user-interface language: System / English / Simplified Chinese, saved in QSettings and
// applied once at start-up (a change asks for a restart).
#pragma once

#include <QString>

// "" (follow the system), "en" or "zh_CN".
QString savedLanguage();
void saveLanguage(const QString& language);

// Installs DVM Lens's and Qt's own translators for `language` ("" = the system locale). English
// needs none. Returns the language really applied ("en" when no translation was found).
QString installTranslations(const QString& language);
