// SPDX-License-Identifier: MIT
// What `dvmlens-cli why` prints: the reasons of a tree grouped, worst first, with counts, the ops
// and model lines they hit, an example with its place and the fix in English and Chinese.
#pragma once

#include "core/model/model.h"
#include "core/why/whysummary.h"

#include <string>
#include <vector>

namespace dvmlens {

std::string whyText(const Index& index, const std::vector<WhyGroup>& groups);

} // namespace dvmlens
