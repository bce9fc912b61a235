// SPDX-License-Identifier: MIT
#include "core/rules/treerules.h"

#include "core/io/container.h"
#include "core/parse/versions.h"
#include "core/verdict/summary.h"
#include "core/verdict/verdict.h"

#include <algorithm>

namespace dvmlens {

namespace {

std::string countedNoun(std::size_t count, const char* noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string kernelSummary(const OutputCode& code)
{
    std::string summary = countedNoun(code.kernels.size(), "kernel");
    std::string byBackend;
    for (Backend backend : kAllBackends) {
        const auto count = std::count_if(code.kernels.begin(), code.kernels.end(),
            [&](const Kernel& kernel) { return kernel.backend == backend; });
        if (count > 0)
            byBackend += (byBackend.empty() ? "" : ", ") + std::to_string(count) + " "
                + std::string(backendName(backend));
    }
    if (!byBackend.empty())
        summary += " (" + byBackend + ")";
    return summary + ", " + countedNoun(code.fallbacks.size(), "fallback call") + ", no @dvm.kernel";
}

Finding treeFinding(const Rule& rule, std::string path, std::string excerpt, Confidence confidence)
{
    Finding finding;
    finding.rule = rule.text;
    finding.path = std::move(path);
    finding.excerpt = std::move(excerpt);
    finding.confidence = confidence;
    return finding;
}

// Why we believe DVM was wanted in this tree, or nullopt when nothing says so (a CUDA or CPU tree).
std::optional<std::string> dvmWantedEvidence(const Index& index)
{
    for (const Run& run : index.runs) {
        const Versions versions = runVersions(filesOr(index.files), run, index.root);
        if (versions.npuBackend && *versions.npuBackend == "dvm")
            return "TORCHINDUCTOR_NPU_BACKEND='dvm' in " + versions.source.value_or("fx_graph_runnable.py");
    }
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            if (!graph.outputCode)
                continue;
            if (graph.outputCode->dvmImport)
                return "the dvm import in " + graph.outputCode->path;
            for (const Kernel& kernel : graph.outputCode->kernels) {
                if (hasDvmKernelName(kernel.name))
                    return "the kernel " + kernel.name + " in " + graph.outputCode->path;
            }
        }
    }
    return std::nullopt;
}

} // namespace

void applyTreeRule(const Rule& rule, const Index& index, const FindingSink& sink)
{
    bool anyEngaged = false;
    std::size_t outputCodes = 0;
    std::size_t graphs = 0;
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            ++graphs;
            // Judged graphs only: not a cancelled index's unparsed ones, nor a file that is no wrapper.
            const Verdict verdict = graphVerdict(graph);
            outputCodes += verdict == Verdict::Engaged || verdict == Verdict::NotEngaged;
            anyEngaged = anyEngaged || verdict == Verdict::Engaged;
        }
    }

    if (rule.check == TreeCheck::TorchNpuWithoutDvm) {
        // Per run: the version it was made with says DVM cannot have run, whatever was asked for.
        if (anyEngaged)
            return;
        for (std::size_t r = 0; r < index.runs.size(); ++r) {
            const Versions versions = runVersions(filesOr(index.files), index.runs[r], index.root);
            if (!versions.torchNpu || !isTorchNpuReleaseWithoutDvm(*versions.torchNpu))
                continue;
            const bool asked = versions.npuBackend && *versions.npuBackend == "dvm";
            if (!asked && !dvmWantedEvidence(index))
                continue;
            Finding finding = treeFinding(rule, versions.source.value_or(index.runs[r].path),
                "torch_npu " + *versions.torchNpu + (asked ? ", TORCHINDUCTOR_NPU_BACKEND='dvm'" : ""),
                Confidence::High);
            finding.run = r;
            sink(std::move(finding));
        }
        return;
    }

    if (rule.check == TreeCheck::NoDvmInTree) {
        if (anyEngaged || outputCodes == 0)
            return;
        if (const auto evidence = dvmWantedEvidence(index)) {
            sink(treeFinding(rule, index.root,
                *evidence + "; 0 of " + countedNoun(outputCodes, "output_code.py") + " define a @dvm.kernel",
                Confidence::High));
        }
        return;
    }

    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const Run& run = index.runs[r];
        for (std::size_t g = 0; g < run.graphs.size(); ++g) {
            const Graph& graph = run.graphs[g];
            std::optional<Finding> finding;
            switch (rule.check) {
            case TreeCheck::GraphWithoutDvmKernel: {
                const OutputCode* code = graph.outputCode ? &*graph.outputCode : nullptr;
                // A cache's wrappers come from many processes: DVM in one says nothing of another.
                const bool fromCache = graph.origin && graph.origin->kind == "cache";
                // A graph of views only has nothing DVM could have taken.
                if (anyEngaged && !fromCache && graphVerdict(graph) == Verdict::NotEngaged
                    && (!code->kernels.empty() || !code->fallbacks.empty()))
                    finding = treeFinding(rule, code->path, kernelSummary(*code), Confidence::High);
                break;
            }
            case TreeCheck::DvmNamedImportFx: {
                if (!graph.outputCode)
                    break;
                std::vector<const Kernel*> named;
                for (const Kernel& kernel : graph.outputCode->kernels) {
                    if (kernel.backend == Backend::ImportFx && hasDvmKernelName(kernel.name))
                        named.push_back(&kernel);
                }
                if (named.empty())
                    break;
                std::string names;
                for (std::size_t i = 0; i < named.size() && i < 5; ++i)
                    names += (i ? ", " : "") + named[i]->name;
                if (named.size() > 5)
                    names += ", …";
                finding = treeFinding(
                    rule, graph.outputCode->path, names + " = async_compile.import_fx(…)", Confidence::High);
                finding->line = named.front()->line;
                finding->occurrences = static_cast<int>(named.size());
                break;
            }
            case TreeCheck::MissingOutputCode: {
                // A folder that could not be listed may hold anything: no cache hit is shown.
                const bool unlisted = std::any_of(graph.diagnostics.begin(), graph.diagnostics.end(),
                    [](const Diagnostic& d) { return d.code == "unlistable-folder"; });
                if (graph.outputCode || unlisted)
                    break;
                // Only the cache-hit shape, as treescanner judges it: nothing but hidden files.
                // Folders with dumps but no output_code.py are a crash, which the logs explain.
                const bool empty = std::all_of(graph.files.begin(), graph.files.end(),
                    [](const std::string& file) { return file.empty() || file.front() == '.'; });
                if (empty)
                    finding = treeFinding(rule, graph.path, "the graph folder is empty", Confidence::High);
                break;
            }
            case TreeCheck::NoDvmInTree:
            case TreeCheck::TorchNpuWithoutDvm:
                break;
            }
            if (finding) {
                finding->run = r;
                finding->graph = g;
                sink(std::move(*finding));
            }
        }
    }
}

bool isTorchNpuReleaseWithoutDvm(std::string_view version)
{
    constexpr std::string_view kReleases[] = { "2.10.0-26.0.0", "2.11.0-26.1.0", "2.12.0-26.1.0",
        "26.1.0-pytorch2.11.0", "26.1.0-pytorch2.12.0" };
    while (!version.empty() && (version.front() == ' ' || version.front() == '\t'))
        version.remove_prefix(1);
    while (!version.empty() && (version.back() == ' ' || version.back() == '\t' || version.back() == '\r'))
        version.remove_suffix(1);
    if (!version.empty() && (version.front() == 'v' || version.front() == 'V'))
        version.remove_prefix(1);
    for (const std::string_view release : kReleases) {
        if (version.substr(0, release.size()) != release)
            continue;
        const std::string_view rest = version.substr(release.size());
        if (rest.empty() || rest.front() == '+' || rest.substr(0, 5) == ".post")
            return true;
    }
    return false;
}

} // namespace dvmlens
