// SPDX-License-Identifier: MIT
// Counts over an Index, a Run or a Graph, and the overall verdict, for every writer and view.
// The per-graph verdict itself is OutputCode::dvmEngaged (verdict.h); this file only counts it and
// explains a "no".
#pragma once

#include "model.h"

#include <array>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

struct Summary
{
    int runs = 0;
    int graphs = 0;
    int graphsWithOutputCode = 0;
    int dvmEngagedGraphs = 0;
    int kernels = 0;
    std::array<int, std::size(kAllBackends)> kernelsByBackend {}; // indexed by Backend
    int launches = 0; // kernel launches in the entry code, all backends
    int fallbacks = 0;
    std::array<int, 4> fallbacksByKind {}; // indexed by FallbackKind
    std::array<int, 3> diagnosticsBySeverity {}; // indexed by Severity
    // Every graph that has an output_code.py has DVM engaged, and there is at least one.
    bool dvmEngaged = false;

    int kernelCount(Backend backend) const
    {
        return kernelsByBackend[static_cast<std::size_t>(backend)];
    }
    int fallbackCount(FallbackKind kind) const
    {
        return fallbacksByKind[static_cast<std::size_t>(kind)];
    }
    int diagnosticCount(Severity severity) const
    {
        return diagnosticsBySeverity[static_cast<std::size_t>(severity)];
    }
};

inline constexpr FallbackKind kAllFallbackKinds[] = { FallbackKind::Aten, FallbackKind::Npu,
    FallbackKind::Extern, FallbackKind::Other };
inline constexpr Severity kAllSeverities[] = { Severity::Info, Severity::Warning, Severity::Error };

// Diagnostics counted: the index's own, every graph's, and any an OutputCode still holds.
Summary summarize(const Index& index);
Summary summarize(const Run& run);
Summary summarize(const Graph& graph);

enum class GraphVerdict
{
    Engaged, // output_code.py with the dvm import and at least one real @dvm.kernel
    NotEngaged, // output_code.py without both
    NoOutputCode, // nothing to verify (cache hit, crash, AOTI-only folder)
};
GraphVerdict graphVerdict(const Graph& graph);

// True for the names DVM gives its kernels (dvm_fused_*, dvm_graph_fused_*, mfusion_dvm_*): on an
// import_fx kernel such a name is the trap the field guide warns about.
bool hasDvmKernelName(std::string_view name);

// Why a graph with an output_code.py does not have DVM engaged, one short clause per reason, e.g.
// "no `from torch_npu._inductor import dvm`", "no @dvm.kernel definitions",
// "dvm_fused_mul_0 is an import_fx FX fallback, not DVM code". Empty when engaged or no output code.
std::vector<std::string> notEngagedReasons(const Graph& graph);

} // namespace dvmlens
