// SPDX-License-Identifier: MIT
// Tree rules: known failures read from the scanned tree itself (graphs without DVM kernels, DVM
// names compiled by import_fx, empty graph folders, a tree that wanted DVM and got none).
#pragma once

#include "core/model/model.h"
#include "core/rules/finding.h"
#include "core/rules/rulebook.h"

#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace dvmlens {

// True for the torch_npu releases that ship no DVM backend, where TORCHINDUCTOR_NPU_BACKEND=dvm
// silently loads Triton: v2.10.0-26.0.0, v2.11.0-26.1.0, v2.12.0-26.1.0, v26.1.0-pytorch2.11.0 and
// v26.1.0-pytorch2.12.0 (with or without the leading "v", a ".postN" or "+local" suffix).
bool isTorchNpuReleaseWithoutDvm(std::string_view version);

// Hands each finding of tree rule `rule` on `index` to `sink`, in order: a caller that drops most
// of them (a million empty graph folders) never holds them all.
using FindingSink = std::function<void(Finding&&)>;
void applyTreeRule(const Rule& rule, const Index& index, const FindingSink& sink);

// Appends the findings of tree rule `rule` on `index` to `findings`.
inline void applyTreeRule(const Rule& rule, const Index& index, std::vector<Finding>& findings)
{
    applyTreeRule(rule, index, [&findings](Finding&& finding) { findings.push_back(std::move(finding)); });
}

} // namespace dvmlens
