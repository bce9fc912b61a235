// SPDX-License-Identifier: MIT
// The language of a report's own words (`dvmlens-cli report --lang zh`, the window's Export Report in
// the Chinese window): headings, table headers, field labels and the sentences core writes. Names,
// paths, code and what the tree or the profile says stay as they are; the JSON report is the same in
// every language (its keys are the schema).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

enum class ReportLanguage
{
    English,
    Chinese,
};

// "en" → English; "zh", "zh_CN", "zh-CN" → Chinese; anything else: nullopt.
std::optional<ReportLanguage> reportLanguageFromName(std::string_view name);

// `english`, one of the report's fixed texts, in `language`: English as given (so an English report
// is byte for byte what it was), Chinese from the table in reportlanguage.cpp; a text the table does
// not hold stays English.
std::string reportText(ReportLanguage language, std::string_view english);

// reportText of a template whose %1…%9 are then replaced by `values` (in order, each once).
std::string reportFill(
    ReportLanguage language, std::string_view english, std::initializer_list<std::string> values);

// Whether the table holds `english` (the tests check every heading and header is translated).
bool hasReportTranslation(std::string_view english);

} // namespace dvmlens
