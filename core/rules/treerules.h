// SPDX-License-Identifier: MIT
// Tree rules: known failures read from the scanned tree itself (graphs without DVM kernels, DVM
// names compiled by import_fx, empty graph folders, a tree that wanted DVM and got none).
#pragma once

#include "model/model.h"
#include "rules/finding.h"
#include "rules/rulebook.h"

#include <vector>

namespace dvmlens {

// Appends the findings of tree rule `rule` on `index` to `findings`.
void applyTreeRule(const Rule& rule, const Index& index, std::vector<Finding>& findings);

} // namespace dvmlens
