// SPDX-License-Identifier: MIT
#include "core/verdict/verdict.h"

#include <algorithm>

namespace dvmlens {

bool isDvmEngaged(const OutputCode& code)
{
    return code.dvmImport && std::any_of(code.kernels.begin(), code.kernels.end(), [](const Kernel& kernel) {
        return kernel.backend == Backend::Dvm;
    });
}

namespace {

struct LaunchCounts
{
    long long dvm = 0;
    long long all = 0; // kernel launches and fallback calls

    void add(const OutputCode& code)
    {
        for (const Kernel& kernel : code.kernels) {
            all += kernel.launches;
            if (kernel.backend == Backend::Dvm)
                dvm += kernel.launches;
        }
        all += static_cast<long long>(code.fallbacks.size());
    }

    std::optional<double> share() const
    {
        if (all == 0)
            return std::nullopt;
        return static_cast<double>(dvm) / static_cast<double>(all);
    }
};

// Whether the parser said of the graph's output_code.py that it could not be read ("unreadable"),
// or, with `binary`, that it is no text ("binary-file"). The indexer moves a file's diagnostics to
// its graph; a parsed OutputCode not yet attached still holds them.
bool hasFileProblem(const Graph& graph, bool binary)
{
    if (!graph.outputCode)
        return false;
    const OutputCode& code = *graph.outputCode;
    for (const std::vector<Diagnostic>* list : { &graph.diagnostics, &code.diagnostics }) {
        for (const Diagnostic& diagnostic : *list) {
            if ((diagnostic.code == "unreadable" || (binary && diagnostic.code == "binary-file"))
                && diagnostic.path == code.path)
                return true;
        }
    }
    return false;
}

} // namespace

std::optional<double> dvmCoverage(const OutputCode& code)
{
    LaunchCounts counts;
    counts.add(code);
    return counts.share();
}

std::optional<double> dvmCoverage(const Run& run)
{
    LaunchCounts counts;
    for (const Graph& graph : run.graphs) {
        if (graph.outputCode)
            counts.add(*graph.outputCode);
    }
    return counts.share();
}

Verdict graphVerdict(const Graph& graph)
{
    if (!graph.outputCode)
        return Verdict::NoCode;
    const OutputCode& code = *graph.outputCode;
    if (!code.indexed)
        return Verdict::NotIndexed;
    // Only a lone file is judged by its content: in a graph folder, output_code.py is Inductor's
    // wrapper by name, and an empty or broken one is a failed compile, so not engaged.
    // Nothing could be looked at: the tool does not know, which is not "not engaged". (A lone file
    // of binary data is no wrapper module: that much is known.)
    if (graph.looseFile && !code.wrapperModule)
        return hasFileProblem(graph, false) ? Verdict::Unreadable : Verdict::NotWrapper;
    if (hasFileProblem(graph, true))
        return Verdict::Unreadable;
    return code.dvmEngaged ? Verdict::Engaged : Verdict::NotEngaged;
}

bool isUnreadable(const Graph& graph)
{
    return hasFileProblem(graph, true);
}

const Graph* loneNonWrapper(const Index& index)
{
    if (index.runs.size() != 1 || index.runs.front().graphs.size() != 1)
        return nullptr;
    const Graph& graph = index.runs.front().graphs.front();
    const bool isInput = graph.outputCode && graph.outputCode->path == index.root;
    return isInput && graphVerdict(graph) == Verdict::NotWrapper ? &graph : nullptr;
}

void VerdictCounts::add(Verdict graph)
{
    ++graphs;
    switch (graph) {
    case Verdict::Engaged:
        ++withCode;
        ++engaged;
        break;
    case Verdict::NotEngaged:
    case Verdict::Partly: // never a graph's rung
        ++withCode;
        break;
    case Verdict::NoCode:
        ++withoutCode;
        break;
    case Verdict::NotIndexed:
        ++withCode;
        ++notIndexed;
        break;
    case Verdict::NotWrapper:
        ++notWrapper;
        break;
    case Verdict::Unreadable:
        ++unreadable;
        break;
    }
}

void VerdictCounts::add(const VerdictCounts& other)
{
    graphs += other.graphs;
    withCode += other.withCode;
    engaged += other.engaged;
    withoutCode += other.withoutCode;
    notIndexed += other.notIndexed;
    notWrapper += other.notWrapper;
    unreadable += other.unreadable;
}

VerdictCounts verdictCounts(const Run& run)
{
    VerdictCounts counts;
    for (const Graph& graph : run.graphs)
        counts.add(graphVerdict(graph));
    return counts;
}

VerdictCounts verdictCounts(const Index& index)
{
    VerdictCounts counts;
    for (const Run& run : index.runs)
        counts.add(verdictCounts(run));
    return counts;
}

Verdict ladderVerdict(const VerdictCounts& counts)
{
    if (counts.notIndexed > 0)
        return Verdict::NotIndexed;
    if (counts.withCode == 0) {
        if (counts.unreadable > 0)
            return Verdict::Unreadable;
        return counts.notWrapper > 0 && counts.withoutCode == 0 ? Verdict::NotWrapper : Verdict::NoCode;
    }
    if (counts.engaged == counts.withCode)
        return Verdict::Engaged;
    return counts.engaged == 0 ? Verdict::NotEngaged : Verdict::Partly;
}

std::string_view verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Engaged:
        return "engaged";
    case Verdict::Partly:
        return "partly";
    case Verdict::NotEngaged:
        return "not engaged";
    case Verdict::NoCode:
        return "no code";
    case Verdict::NotIndexed:
        return "not indexed";
    case Verdict::Unreadable:
        return "unreadable";
    case Verdict::NotWrapper:
        break;
    }
    return "not a wrapper module";
}

std::optional<Verdict> verdictFromName(std::string_view name)
{
    for (Verdict verdict : kAllVerdicts) {
        if (verdictName(verdict) == name)
            return verdict;
    }
    return std::nullopt;
}

std::string unreadableGraphsText(const VerdictCounts& counts)
{
    if (counts.unreadable == 0)
        return {};
    return std::to_string(counts.unreadable) + (counts.unreadable == 1 ? " graph" : " graphs")
        + " unreadable";
}

std::string verdictCountText(const VerdictCounts& counts)
{
    return std::to_string(counts.engaged) + '/' + std::to_string(counts.withCode);
}

std::string ladderText(const VerdictCounts& counts)
{
    return std::string(verdictName(ladderVerdict(counts))) + ' ' + verdictCountText(counts);
}

std::string verdictCountNote(const VerdictCounts& counts)
{
    std::string note;
    const auto part = [&note](int count, std::string_view what) {
        if (count > 0)
            note += (note.empty() ? "" : ", ") + std::to_string(count) + ' ' + std::string(what);
    };
    part(counts.withoutCode, "without code");
    part(counts.notIndexed, "not indexed");
    part(counts.notWrapper,
        counts.notWrapper == 1 ? "file not a wrapper module" : "files not wrapper modules");
    part(counts.unreadable, "unreadable");
    return note;
}

} // namespace dvmlens
