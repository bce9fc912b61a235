// SPDX-License-Identifier: MIT
// The dvmlens.why/1 document `dvmlens-cli why --json` prints: the reasons of a tree grouped by code,
// worst first (why/whysummary.h). Keys in docs/why-not-dvm.md.
#pragma once

#include "core/model/model.h"
#include "core/why/whysummary.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace dvmlens {

inline constexpr const char* kWhyDocumentSchema = "dvmlens.why/1";

// One reason: {"code","title","count","kernels","fallbacks","ops","model_lines","releases","example","fix"}.
nlohmann::ordered_json whyGroupJson(const WhyGroup& group);
// {"schema","root","rules":{"version","origin"},"reasons":[…],"why_summary":{code: count}}
nlohmann::ordered_json whyJson(
    const Index& index, const std::vector<WhyGroup>& groups, const WhyRules& rules);
std::string whyJsonText(const Index& index, const std::vector<WhyGroup>& groups, const WhyRules& rules);

} // namespace dvmlens
