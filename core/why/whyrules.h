// SPDX-License-Identifier: MIT
// The rule table "why not DVM" reads: torch_npu's DVM fallback rules per release (lowering lists,
// per-op dtype limits, ops kept whole, special forms) and the reason texts, as DATA from
// resources/rules/why-not-dvm.json (schema "dvmlens.whyrules/1", docs/why-not-dvm.md). A user file may
// replace any top-level key (reasons are merged by code), so a newer torch_npu needs no rebuild.
#pragma once

#include "core/model/model.h"
#include "core/rules/rulebook.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dvmlens {

inline constexpr std::string_view kWhyRulesSchema = "dvmlens.whyrules/1";

// One torch_npu release column of the reference tables (e.g. "26.1-pt2.9").
struct WhyRelease
{
    std::string id;
    std::string torchNpu; // "26.0", "26.1", "26.2", "master"
    std::vector<std::string> torch; // PyTorch major.minor it is built for: "2.7", "2.9"
    std::string registry; // key into WhyRules::registry
    bool dtypeOnlyGroupCheck = false; // S5 checks dtypes only (R26.0): no registry check
    std::vector<std::string> placeholderDtypes; // S5: what a fused group's inputs may be
    std::vector<std::string> genericIn; // S2 rule for ops without their own DVM rule
    std::vector<std::string> genericOut;
    bool fallbackListVariable = false; // NPU_INDUCTOR_FALLBACK_LIST exists (R26.1+)
    bool matmulFusionVariable = false; // INDUCTOR_DVM_ENABLE_MATMUL_FUSION exists (R26.2β+)
    bool mmSmallOutput = false; // mm_rule rejects outputs whose last two dims are static and <= 256
};

// What DVM_OP_REGISTRY accepts for one op overload in one release.
struct WhyOpRule
{
    std::optional<std::vector<std::string>> in; // null: inputs not checked
    std::optional<std::vector<std::string>> out;
    int inFrom = 0; // where_rule: only args[1:] are checked
    bool mm = false; // mm_rule (rank, output dtype, inner axis)
};

struct WhyReasonText
{
    std::string code;
    int rank = 0; // most general first; also the order "worst first" lists them
    LocalizedText title;
    std::string text; // English, with {op} {node} {dtype} {allowed} {input} {setting} {detail} {releases}
    LocalizedText fix;
};

struct WhyRules
{
    std::string version;
    std::string origin; // "built-in" or the files it came from
    std::vector<WhyRelease> releases; // oldest first
    std::map<std::string, std::string> torchNpuVersions; // "2.7.1.post8" -> "26.1"
    std::unordered_map<std::string, std::vector<std::string>> generateList; // packet -> release ids
    std::vector<std::string> matmulOps; // packets
    std::string matmulVariable;
    std::int64_t matmulMaxInner = 0;
    // registry id -> overload target ("aten.mul.Tensor") -> rule
    std::map<std::string, std::unordered_map<std::string, WhyOpRule>> registry;
    std::unordered_map<std::string, std::vector<std::string>> keptWhole; // packet -> release ids
    std::unordered_map<std::string, std::string> specialForms; // target -> form
    std::vector<std::string> loweredNamespaces; // "aten", "prims", "higher_order"
    std::string fallbackListVariable, allFallbackValue, modeVariable, modeAllValue, backendVariable;
    std::vector<WhyReasonText> reasons; // sorted by rank

    const WhyReasonText* reason(std::string_view code) const;
    const WhyRelease* release(std::string_view id) const;
    const WhyOpRule* opRule(const WhyRelease& release, const std::string& target) const;
    bool inGenerateList(const std::string& packet, const WhyRelease& release) const;
    bool isKeptWhole(const std::string& packet, const WhyRelease& release) const;
    bool isMatmul(const std::string& packet) const;
};

// Parses rule text (after merging). Never throws; on failure nullopt and "origin: what is wrong".
std::optional<WhyRules> parseWhyRules(std::string_view json, const std::string& origin, std::string& error);

// The shipped table (resources/rules/why-not-dvm.json, compiled in).
const WhyRules& builtinWhyRules();

// $XDG_CONFIG_HOME/dvmlens/why-not-dvm.json (~/.config/… when XDG_CONFIG_HOME is unset).
std::string defaultUserWhyRulesPath();

// The built-in table, then the default user file when it exists, then `extraFile`: each file's
// top-level keys replace the table's ("reasons" entries replace those with the same code). A file
// that cannot be read or parsed adds nothing and one "bad-why-rules-file" Error diagnostic.
struct LoadedWhyRules
{
    WhyRules rules;
    std::vector<Diagnostic> problems;
};
LoadedWhyRules loadWhyRules(const std::optional<std::string>& extraFile = std::nullopt);

} // namespace dvmlens
