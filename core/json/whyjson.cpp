// SPDX-License-Identifier: MIT
#include "core/json/whyjson.h"

namespace dvmlens {

using nlohmann::ordered_json;

namespace {

ordered_json localized(const LocalizedText& text)
{
    return ordered_json { { "en", text.en }, { "zh", text.zh } };
}

} // namespace

ordered_json whyGroupJson(const WhyGroup& group)
{
    ordered_json json;
    json["code"] = group.code;
    json["title"] = localized(group.title);
    json["count"] = group.count;
    json["kernels"] = group.kernels;
    json["fallbacks"] = group.fallbacks;
    ordered_json ops = ordered_json::object();
    for (const auto& [op, count] : group.ops)
        ops[op] = count;
    json["ops"] = std::move(ops);
    ordered_json lines = ordered_json::array();
    for (const WhyModelLine& line : group.modelLines)
        lines.push_back(
            { { "file", line.file }, { "line", line.line }, { "code", line.code }, { "count", line.count } });
    json["model_lines"] = std::move(lines);
    json["releases"] = group.releases;
    json["example"] = { { "text", group.exampleText }, { "path", group.examplePath },
        { "line", group.exampleLine > 0 ? ordered_json(group.exampleLine) : ordered_json(nullptr) } };
    json["fix"] = localized(group.fix);
    return json;
}

ordered_json whyJson(const Index& index, const std::vector<WhyGroup>& groups, const WhyRules& rules)
{
    ordered_json json;
    json["schema"] = kWhyDocumentSchema;
    json["root"] = index.root;
    json["rules"] = { { "version", rules.version }, { "origin", rules.origin } };
    ordered_json reasons = ordered_json::array();
    ordered_json summary = ordered_json::object();
    for (const WhyGroup& group : groups) {
        reasons.push_back(whyGroupJson(group));
        summary[group.code] = group.count;
    }
    json["reasons"] = std::move(reasons);
    json["why_summary"] = std::move(summary);
    return json;
}

std::string whyJsonText(const Index& index, const std::vector<WhyGroup>& groups, const WhyRules& rules)
{
    // Paths that are not UTF-8 become U+FFFD instead of throwing.
    return whyJson(index, groups, rules).dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

} // namespace dvmlens
