// SPDX-License-Identifier: MIT
// A "why not DVM" reason (core's why/whyreason.h) as the window words it: its title in the
// user-interface language (as known-failure rules are, common/ruletext.h), and its explanation:
// core's sentence with the evidence filled in, then the fix. The kernel table, its tooltips and
// the code margin say a reason this way.
#pragma once

#include "core/why/whyreason.h"

#include <QString>

// The reason's title; empty for no reason (a DVM kernel).
QString whyTitle(const dvmlens::WhyReason* reason);
// "<sentence>\nFix: <fix>"; empty for no reason.
QString whyExplanation(const dvmlens::WhyReason* reason);
// The torch_npu releases a reason holds for, comma-separated ("26.1-pt2.9, 26.2b-pt2.7").
QString whyReleases(const std::vector<std::string>& releases);
