// SPDX-License-Identifier: MIT
#include "core/verdict/summary.h"

#include "core/verdict/derivedcounts.h"

#include <algorithm>
#include <optional>

namespace dvmlens {

namespace {

void countDiagnostics(Summary& summary, const std::vector<Diagnostic>& diagnostics)
{
    for (const Diagnostic& diagnostic : diagnostics)
        ++summary.diagnosticsBySeverity[static_cast<std::size_t>(diagnostic.severity)];
}

void addGraph(Summary& summary, const Graph& graph)
{
    ++summary.graphs;
    summary.verdicts.add(graphVerdict(graph));
    countDiagnostics(summary, graph.diagnostics);
    if (!graph.outputCode)
        return;
    const OutputCode& code = *graph.outputCode;
    ++summary.graphsWithOutputCode;
    summary.dvmEngagedGraphs += code.dvmEngaged ? 1 : 0;
    for (const Kernel& kernel : code.kernels) {
        ++summary.kernels;
        ++summary.kernelsByBackend[static_cast<std::size_t>(kernel.backend)];
        summary.launches += kernel.launches;
    }
    for (const Fallback& fallback : code.fallbacks) {
        ++summary.fallbacks;
        ++summary.fallbacksByKind[static_cast<std::size_t>(fallback.kind)];
    }
    countDiagnostics(summary, code.diagnostics);
}

void addRun(Summary& summary, const Run& run)
{
    ++summary.runs;
    for (const Graph& graph : run.graphs)
        addGraph(summary, graph);
}

void settleVerdict(Summary& summary)
{
    summary.verdict = ladderVerdict(summary.verdicts);
    summary.dvmEngaged = summary.verdict == Verdict::Engaged;
}

// The parser's diagnostics for a file it could not look into.
std::optional<NotEngagedReasonKind> fileProblem(std::string_view code)
{
    if (code == "unreadable")
        return NotEngagedReasonKind::FileUnreadable;
    if (code == "empty-file")
        return NotEngagedReasonKind::FileEmpty;
    if (code == "binary-file")
        return NotEngagedReasonKind::FileBinary;
    return std::nullopt;
}

} // namespace

Summary summarize(const Index& index)
{
    Summary summary;
    for (const Run& run : index.runs)
        addRun(summary, run);
    countDiagnostics(summary, index.diagnostics);
    settleVerdict(summary);
    return summary;
}

Summary summarize(const Run& run)
{
    Summary summary;
    addRun(summary, run);
    settleVerdict(summary);
    return summary;
}

Summary summarize(const Graph& graph)
{
    Summary summary;
    addGraph(summary, graph);
    settleVerdict(summary);
    return summary;
}

std::vector<Backend> backendsWithKernels(const Summary& summary)
{
    std::vector<Backend> backends;
    for (Backend backend : kAllBackends) {
        if (summary.kernelCount(backend) > 0)
            backends.push_back(backend);
    }
    return backends;
}

std::string partialIndexNote(const Summary& summary)
{
    const VerdictCounts& counts = summary.verdicts;
    if (counts.notIndexed == 0)
        return {};
    return "partial index: " + std::to_string(parsedGraphs(counts)) + " of " + std::to_string(counts.withCode)
        + " graphs parsed";
}

bool hasDvmKernelName(std::string_view name)
{
    return name.rfind("dvm_", 0) == 0 || name.rfind("mfusion_dvm", 0) == 0;
}

std::vector<NotEngagedReason> notEngagedReasonList(const Graph& graph)
{
    std::vector<NotEngagedReason> reasons;
    const Verdict verdict = graphVerdict(graph);
    if (verdict != Verdict::NotEngaged && verdict != Verdict::Unreadable)
        return reasons;
    const OutputCode& code = *graph.outputCode;
    // A file that could not be read or parsed explains everything else.
    for (const std::vector<Diagnostic>* list : { &graph.diagnostics, &code.diagnostics }) {
        for (const Diagnostic& diagnostic : *list) {
            const std::optional<NotEngagedReasonKind> problem = fileProblem(diagnostic.code);
            if (diagnostic.path == code.path && problem) {
                reasons.push_back({ *problem, {} });
                return reasons;
            }
        }
    }
    if (!code.dvmImport)
        reasons.push_back({ NotEngagedReasonKind::NoDvmImport, {} });
    const bool hasDvmKernel = std::any_of(code.kernels.begin(), code.kernels.end(),
        [](const Kernel& kernel) { return kernel.backend == Backend::Dvm; });
    if (!hasDvmKernel) {
        reasons.push_back({ NotEngagedReasonKind::NoDvmKernel, {} });
        NotEngagedReason traps { NotEngagedReasonKind::OnlyDvmNamedImportFx, {} };
        for (const Kernel& kernel : code.kernels) {
            if (kernel.backend == Backend::ImportFx && hasDvmKernelName(kernel.name))
                traps.kernels.push_back(kernel.name);
        }
        if (!traps.kernels.empty())
            reasons.push_back(std::move(traps));
    }
    return reasons;
}

std::string englishReason(const NotEngagedReason& reason)
{
    switch (reason.kind) {
    case NotEngagedReasonKind::FileUnreadable:
        return "output_code.py is unreadable";
    case NotEngagedReasonKind::FileEmpty:
        return "output_code.py is empty";
    case NotEngagedReasonKind::FileBinary:
        return "output_code.py is binary";
    case NotEngagedReasonKind::NoDvmImport:
        return "no `from torch_npu._inductor import dvm`";
    case NotEngagedReasonKind::NoDvmKernel:
        return "no @dvm.kernel definitions";
    case NotEngagedReasonKind::OnlyDvmNamedImportFx: {
        std::string names;
        for (const std::string& kernel : reason.kernels)
            names += (names.empty() ? "" : ", ") + kernel;
        return "only import_fx FX fallbacks named like DVM kernels (" + names + "), which are not DVM code";
    }
    }
    return {};
}

std::vector<std::string> notEngagedReasons(const Graph& graph)
{
    std::vector<std::string> reasons;
    for (const NotEngagedReason& reason : notEngagedReasonList(graph))
        reasons.push_back(englishReason(reason));
    return reasons;
}

} // namespace dvmlens
