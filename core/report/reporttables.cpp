// SPDX-License-Identifier: MIT
#include "core/report/reporttables.h"

#include "core/text/kernelwording.h"
#include "core/text/scantext.h"

#include <algorithm>

namespace dvmlens {

namespace {

ReportCell text(std::string value)
{
    return { ReportCell::Kind::Text, std::move(value), std::nullopt };
}

ReportCell code(std::string value)
{
    return { ReportCell::Kind::Code, std::move(value), std::nullopt };
}

ReportCell plain(std::string value)
{
    return { ReportCell::Kind::Plain, std::move(value), std::nullopt };
}

// A version as inline code, or a dash when the tree does not record it.
ReportCell version(const std::optional<std::string>& value)
{
    return value && !value->empty() ? code(*value) : plain("—");
}

} // namespace

ReportTable toolchainTable(const ReportModel& model)
{
    ReportTable table {
        { "Run", "torch", "torch git", "torch_npu", "python", "CANN", "NPU backend", "Kernels from" }, {}
    };
    for (const ReportRun& run : model.runs) {
        const Versions& v = run.versions;
        std::optional<std::string> git = v.torchGit;
        if (git && git->size() > 12)
            git = git->substr(0, 12);
        table.rows.push_back({ code(run.run->name.value_or(model.relative(run.run->path))), version(v.torch),
            version(git), version(v.torchNpu), version(v.python), version(v.cann), version(v.npuBackend),
            version(kernelBackendsText(run.summary)) });
    }
    return table;
}

ReportTable regressionsTable(const ReportModel& model)
{
    ReportTable table {
        { "Graph", "DVM (baseline → this)", "DVM kernels", "No longer DVM", "Fallback calls added" }, {}
    };
    if (!model.comparison)
        return table;
    const auto engaged = [](const std::optional<bool>& value) {
        return value ? (*value ? std::string("engaged") : std::string("not engaged")) : std::string("—");
    };
    const auto dvmCount = [](const std::optional<BackendCounts>& counts) {
        return counts ? std::to_string((*counts)[static_cast<std::size_t>(Backend::Dvm)]) : std::string("—");
    };
    for (std::size_t i : model.regressions) {
        const GraphDiff& diff = model.comparison->graphs[i];
        table.rows.push_back(
            { code(diff.key), plain(engaged(diff.dvmEngagedA) + " → " + engaged(diff.dvmEngagedB)),
                plain(dvmCount(diff.countsA) + " → " + dvmCount(diff.countsB)),
                text(joined(diff.dvmOnlyA, ", ")), text(joined(diff.fallbacksAdded, ", ")) });
    }
    return table;
}

ReportTable graphsTable(const ReportRun& run)
{
    ReportTable table { { "Graph", "Verdict", "DVM coverage", "Kernels", "Fallback calls", "Why not DVM" },
        {} };
    for (const ReportGraph& graph : run.graphs) {
        if (!graph.listed)
            continue;
        // A graph folded into another rank's says so: its lists are shown there.
        ReportCell verdict = plain(graphVerdictText(graph.verdict)
            + (graph.folded && graph.foldedIntoRank >= 0
                    ? ", same as rank " + std::to_string(graph.foldedIntoRank)
                    : std::string()));
        verdict.verdict = graph.verdict;
        // The reasons are core's own sentences, which mark code with backticks themselves.
        table.rows.push_back({ code(graph.graph->name), verdict,
            plain(graph.graph->outputCode ? percentText(graph.graph->outputCode->dvmCoverage) : "—"),
            plain(kernelCountsText(graph.summary)), plain(fallbackCountsText(graph.summary)),
            { ReportCell::Kind::Marked, joined(graph.reasons, "; "), std::nullopt } });
    }
    return table;
}

ReportTable dvmKernelsTable(const ReportGraph& graph)
{
    ReportTable table { { "Kernel", "Line", "ktype", "dyn_shape", "Ops", "Inputs", "Outputs", "Launches" },
        {} };
    for (const ReportKernel& entry : graph.dvmKernels) {
        const Kernel& kernel = *entry.kernel;
        std::vector<std::string> inputs;
        for (const DvmInput& input : kernel.inputs)
            inputs.push_back(dvmInputText(input));
        std::vector<std::string> outputs;
        for (const DvmOutput& output : kernel.outputs)
            outputs.push_back(dvmOutputText(output));
        table.rows.push_back(
            { code(kernel.name), plain(std::to_string(kernel.line)), text(kernel.ktype.value_or("—")),
                plain(kernel.dynShape ? (*kernel.dynShape ? "true" : "false") : "—"),
                text(joined(kernel.ops, ", ")), text(joined(inputs, "; ")), text(joined(outputs, "; ")),
                plain(std::to_string(kernel.launches)) });
    }
    return table;
}

std::size_t fellBackLocations(const ReportModel& model)
{
    if (!model.sources)
        return 0;
    return static_cast<std::size_t>(
        std::count_if(model.sources->locations.begin(), model.sources->locations.end(),
            [](const SourceLocationSummary& location) { return location.fellBack(); }));
}

ReportTable whereItFellBackTable(const ReportModel& model)
{
    ReportTable table {
        { "Location", "Function", "DVM", "Other kernels", "Fallbacks", "Graphs", "Ranks", "Code" }, {}
    };
    if (!model.sources)
        return table;
    for (const SourceLocationSummary& location : model.sources->locations) {
        if (table.rows.size() >= kReportSourceRows)
            break;
        if (!location.fellBack())
            continue;
        const LocationCounts& counts = location.counts;
        std::string others;
        for (Backend backend : kAllBackends) {
            const int n = counts.kernels[static_cast<std::size_t>(backend)];
            if (backend != Backend::Dvm && n > 0)
                others += (others.empty() ? "" : ", ") + std::string(backendName(backend)) + ' '
                    + std::to_string(n);
        }
        std::string fallbacks;
        for (FallbackKind kind : kAllFallbackKinds) {
            const int n = counts.fallbacks[static_cast<std::size_t>(kind)];
            if (n > 0)
                fallbacks += (fallbacks.empty() ? "" : ", ") + std::string(fallbackKindName(kind)) + ' '
                    + std::to_string(n);
        }
        table.rows.push_back({ code(location.frame.file + ':' + std::to_string(location.frame.line)
                                   + (location.frame.library ? " (library)" : "")),
            text(location.frame.function), plain(std::to_string(counts.dvmKernels())),
            plain(others.empty() ? "0" : others), plain(fallbacks.empty() ? "0" : fallbacks),
            plain(std::to_string(location.graphs)), plain(std::to_string(location.runs)),
            code(location.frame.code) });
    }
    return table;
}

ReportFindings findingsEntries(const ReportModel& model)
{
    ReportFindings findings;
    for (const Finding& finding : model.findings) {
        const RuleText& rule = finding.rule;
        ReportFindingEntry entry;
        entry.severity = rule.severity;
        entry.title = rule.title.en;
        entry.fields.push_back({ "Rule",
            { code(rule.id), plain(" · "), text(rule.layer),
                plain(" · " + std::string(severityName(rule.severity)) + " · "
                    + std::string(confidenceName(finding.confidence)) + " confidence") } });
        std::string where = model.relative(finding.path);
        if (finding.line)
            where += ':' + std::to_string(*finding.line);
        ReportField whereField { "Where", { code(where) } };
        if (finding.occurrences > 1)
            whereField.value.push_back(
                plain(" (" + std::to_string(finding.occurrences) + " occurrences; the first is shown)"));
        entry.fields.push_back(std::move(whereField));
        if (!finding.excerpt.empty())
            entry.fields.push_back({ "Evidence", { code(finding.excerpt) } });
        entry.fields.push_back({ "Cause", { text(rule.cause.en) } });
        entry.fields.push_back({ "Fix", { text(rule.fix.en) } });
        entry.fixCode = rule.fixCode;
        entry.fixCodeLanguage = rule.fixCodeLanguage;
        findings.entries.push_back(std::move(entry));
    }
    for (const Diagnostic& problem : model.problems)
        findings.problems.push_back(
            { problem.severity, { code(model.relative(problem.path)), plain(": "), text(problem.message) } });
    return findings;
}

std::string graphVerdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::NoCode:
        return "no output_code.py";
    case Verdict::Partly:
        return "partly engaged";
    default:
        return std::string(verdictName(verdict));
    }
}

std::string kernelBackendsText(const Summary& summary)
{
    std::string text;
    for (Backend backend : backendsWithKernels(summary))
        text += (text.empty() ? "" : ", ") + std::string(backendName(backend));
    return text;
}

} // namespace dvmlens
