// SPDX-License-Identifier: MIT
#include "gui/common/ruletext.h"

#include <QCoreApplication>

bool ruleTextsInChinese()
{
    // Translators set this to "zh" in the Chinese translation; untranslated it stays "en".
    return QCoreApplication::translate(
        "FindingDetails", "en", "language of known-failure rule texts: en or zh")
        .startsWith(QLatin1String("zh"));
}

QString localizedRuleText(const dvmlens::LocalizedText& text)
{
    if (ruleTextsInChinese() && !text.zh.empty())
        return QString::fromStdString(text.zh);
    return QString::fromStdString(text.en);
}
