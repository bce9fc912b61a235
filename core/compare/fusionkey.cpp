// SPDX-License-Identifier: MIT
#include "core/compare/fusionkey.h"

#include <algorithm>
#include <array>
#include <set>

namespace dvmlens {

namespace {

constexpr std::string_view kGraphFusedKey = "graph_fused";
constexpr std::string_view kMfusionKey = "mfusion";

bool isDigits(std::string_view text)
{
    return !text.empty()
        && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool consumePrefix(std::string_view& text, std::string_view prefix)
{
    if (!text.starts_with(prefix))
        return false;
    text.remove_prefix(prefix.size());
    return true;
}

// Inductor's wrapper.next_kernel_suffix(): "_<n>" at the end.
std::string_view withoutNumericSuffix(std::string_view text)
{
    const std::size_t underscore = text.rfind('_');
    if (underscore != std::string_view::npos && isDigits(text.substr(underscore + 1)))
        return text.substr(0, underscore);
    return text;
}

// The first three letters of get_kernel_category_by_source_code(), "unk" for older torch_npu.
bool consumeTritonCategory(std::string_view& text)
{
    static constexpr std::array<std::string_view, 7> kCategories = { "poi_", "red_", "per_", "tem_", "for_",
        "unk_", "spl_" };
    return std::any_of(kCategories.begin(), kCategories.end(),
        [&text](std::string_view category) { return consumePrefix(text, category); });
}

// Strips the backend prefix; returns false when the name has none we know.
bool consumeBackendPrefix(std::string_view& text)
{
    if (consumePrefix(text, "mfusion_dvm_") || consumePrefix(text, "dvm_") || consumePrefix(text, "mlir_")
        || consumePrefix(text, "cpp_"))
        return true;
    if (consumePrefix(text, "triton_")) {
        consumeTritonCategory(text);
        return true;
    }
    return false;
}

} // namespace

std::string fusionKey(std::string_view kernelName)
{
    std::string_view name = kernelName;
    if (name.size() > 6 && name.ends_with("_build"))
        name.remove_suffix(6);

    std::string_view rest = name;
    if (consumePrefix(rest, "dvm_graph_fused")
        && (rest.empty() || (rest.front() == '_' && isDigits(rest.substr(1)))))
        return std::string(kGraphFusedKey);
    rest = name;
    if (consumePrefix(rest, "mfusion_dvm_") && isDigits(rest))
        return std::string(kMfusionKey);

    rest = name;
    if (consumeBackendPrefix(rest)) {
        const std::string_view key = withoutNumericSuffix(rest);
        if (!key.empty() && !isDigits(key))
            return std::string(key);
    }
    return std::string(withoutNumericSuffix(name));
}

std::string fusionKey(const Kernel& kernel)
{
    std::string key = fusionKey(kernel.name);
    if (key != kGraphFusedKey && key != kMfusionKey)
        return key;
    const std::set<std::string> distinctOps(kernel.ops.begin(), kernel.ops.end());
    for (const std::string& op : distinctOps)
        key += '_' + op;
    return key;
}

bool fusionKeysMatch(std::string_view a, std::string_view b)
{
    if (a == b)
        return true;
    const std::string_view shorter = a.size() < b.size() ? a : b;
    const std::string_view longer = a.size() < b.size() ? b : a;
    return shorter.size() == kTritonFusedNameLimit && longer.starts_with(shorter);
}

} // namespace dvmlens
