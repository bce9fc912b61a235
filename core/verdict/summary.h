// SPDX-License-Identifier: MIT
// Counts over an Index, a Run or a Graph, and the overall verdict, for every writer and view.
// The verdicts themselves are decided in verdict.h; this file counts them and explains a "no".
#pragma once

#include "core/model/model.h"
#include "core/verdict/verdict.h"

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
    // The ladder (verdict.h): what the verdict is made of, and the rung.
    VerdictCounts verdicts;
    Verdict verdict = Verdict::NoCode;
    // verdict == Engaged: every graph that has an output_code.py has DVM engaged, and there is at least one.
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

// The backends the counted kernels came from, in kAllBackends order (the NPU backend a tree
// really used, whatever TORCHINDUCTOR_NPU_BACKEND asked for).
std::vector<Backend> backendsWithKernels(const Summary& summary);

// "partial index: 7 of 9 graphs parsed" when some graphs with code were not indexed; empty otherwise.
// Exports of a cancelled index start with it.
std::string partialIndexNote(const Summary& summary);

// Diagnostics counted: the index's own, every graph's, and any an OutputCode still holds.
Summary summarize(const Index& index);
Summary summarize(const Run& run);
Summary summarize(const Graph& graph);

// True for the names DVM gives its kernels (dvm_fused_*, dvm_graph_fused_*, mfusion_dvm_*): on an
// import_fx kernel such a name is the trap the field guide warns about.
bool hasDvmKernelName(std::string_view name);

// Why a graph with an output_code.py does not have DVM engaged, as data, so each view can word it in
// the user's language.
enum class NotEngagedReasonKind
{
    FileUnreadable, // output_code.py could not be read (I/O error, too large); explains everything
    FileEmpty, // output_code.py is empty; explains everything
    FileBinary, // output_code.py is not text; explains everything
    NoDvmImport, // no `from torch_npu._inductor import dvm`
    NoDvmKernel, // no @dvm.kernel definitions
    OnlyDvmNamedImportFx, // the DVM-looking names are import_fx FX fallbacks (see `kernels`)
};

struct NotEngagedReason
{
    NotEngagedReasonKind kind = NotEngagedReasonKind::NoDvmKernel;
    // OnlyDvmNamedImportFx: the import_fx kernels with a DVM name, in file order; empty otherwise.
    std::vector<std::string> kernels;

    bool operator==(const NotEngagedReason&) const = default;
};

// The reasons in the order they are shown; a file problem comes alone (an Unreadable graph has
// only that: why it could not be read). Empty when engaged or no output code.
std::vector<NotEngagedReason> notEngagedReasonList(const Graph& graph);

// The English clause for one reason, e.g. "no `from torch_npu._inductor import dvm`",
// "only import_fx FX fallbacks named like DVM kernels (dvm_fused_mul_0), which are not DVM code".
std::string englishReason(const NotEngagedReason& reason);

// notEngagedReasonList in English, one clause per reason: the text of the CLI and the reports.
std::vector<std::string> notEngagedReasons(const Graph& graph);

} // namespace dvmlens
