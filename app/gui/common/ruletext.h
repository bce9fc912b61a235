// SPDX-License-Identifier: MIT
// A known-failure rule's texts (title, cause, fix) in the user-interface language: the Diagnostics
// dock, the run tree's tooltips and the finding details all word a rule this way.
#pragma once

#include "core/rules/rulebook.h"

#include <QString>

// True when rule texts should be shown in Chinese: the installed translation says so (its
// "FindingDetails" context translates "en" as "zh").
bool ruleTextsInChinese();
// The rule text in the user-interface language, English when the rule has no Chinese.
QString localizedRuleText(const dvmlens::LocalizedText& text);
