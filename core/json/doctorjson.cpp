// SPDX-License-Identifier: MIT
#include "core/json/doctorjson.h"

namespace dvmlens {

using nlohmann::ordered_json;

ordered_json checkItemJson(const CheckItem& item)
{
    ordered_json json;
    json["id"] = item.id;
    json["status"] = std::string(checkStatusName(item.status));
    json["title"] = { { "en", item.title.en }, { "zh", item.title.zh } };
    json["evidence"] = item.evidence;
    json["fix"] = { { "en", item.fix.en }, { "zh", item.fix.zh } };
    json["fix_diff"] = item.fixDiff.empty() ? ordered_json(nullptr) : ordered_json(item.fixDiff);
    return json;
}

std::string doctorJsonText(const std::string& env, const std::vector<CheckItem>& items)
{
    ordered_json json;
    json["schema"] = kDoctorSchema;
    json["env"] = env;
    ordered_json list = ordered_json::array();
    for (const CheckItem& item : items)
        list.push_back(checkItemJson(item));
    json["items"] = std::move(list);
    json["failed"] = anyFailed(items);
    return json.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

} // namespace dvmlens
