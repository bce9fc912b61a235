// SPDX-License-Identifier: MIT
// Why a kernel or a fallback call is not DVM: the reason "why not DVM" decided (whyexplain.h),
// with the evidence that decided it and the torch_npu releases it holds for.
#pragma once

#include "core/rules/rulebook.h"

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct WhyEvidence
{
    std::optional<int> line; // 1-based, in `file` (the output_code.py unless said otherwise)
    std::string file; // empty: the graph's output_code.py
    std::string node; // FX node name (docstring or Inductor comment)
    std::string op; // "aten.permute.default"
    std::string dtype; // "float64"
    std::string input; // placeholder name
    std::string setting; // "TORCHINDUCTOR_NPU_BACKEND='triton' in …/fx_graph_runnable.py"
    std::string allowed; // the dtypes the rule allows: "bfloat16, float16, float32"
    std::string detail; // free text the reason text quotes ({detail})

    friend bool operator==(const WhyEvidence&, const WhyEvidence&) = default;
};

// The same reason would be given for other releases with another code.
struct WhyAlternative
{
    std::string code;
    std::string text;
    std::vector<std::string> releases;
};

struct WhyReason
{
    std::string code; // stable: "not-in-lowering-list", "group-placeholder-dtype", "unknown"…
    int rank = 0; // most general first
    std::string text; // English sentence with the evidence filled in
    LocalizedText title;
    WhyEvidence evidence;
    std::vector<std::string> releases; // the torch_npu release ids it holds for
    LocalizedText fix;
    std::vector<WhyAlternative> alternatives; // what other candidate releases would say
};

// The reasons of one output_code.py: one per kernel (null for DVM kernels), one per fallback call.
struct GraphWhy
{
    std::vector<std::optional<WhyReason>> kernels; // parallel to OutputCode::kernels
    std::vector<WhyReason> fallbacks; // parallel to OutputCode::fallbacks
    std::vector<std::string> releases; // the candidate releases for this file
};

} // namespace dvmlens
