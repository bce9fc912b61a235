// SPDX-License-Identifier: MIT
#include "report/reportmarkdown.h"

#include "text/comparetext.h"

#include <algorithm>

namespace dvmlens {

namespace {

std::string joined(const std::vector<std::string>& parts, const std::string& separator)
{
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() ? "" : separator) + part;
    return text;
}

std::string shapeText(const std::optional<std::vector<std::int64_t>>& shape)
{
    if (!shape)
        return std::string();
    std::vector<std::string> dims;
    for (std::int64_t dim : *shape)
        dims.push_back(std::to_string(dim));
    return "[" + joined(dims, ", ") + "]";
}

// Table cells hold one line; a pipe would end the cell.
std::string cell(const std::string& text)
{
    std::string result;
    for (char c : text) {
        if (c == '|')
            result += "\\|";
        else if (c == '\n' || c == '\r')
            result += ' ';
        else
            result += c;
    }
    return result.empty() ? "—" : result;
}

// `text` as inline code, with enough backticks around it.
std::string code(const std::string& text)
{
    if (text.empty())
        return "—";
    const std::string fence = text.find('`') == std::string::npos ? "`" : "``";
    const std::string padding = fence.size() > 1 ? " " : "";
    return fence + padding + cell(text) + padding + fence;
}

// A fenced block whose fence no line of `body` can close.
std::string fenced(const std::string& language, const std::string& body)
{
    std::string fence = "```";
    while (body.find(fence) != std::string::npos)
        fence += '`';
    return fence + language + "\n" + body + (body.empty() || body.back() == '\n' ? "" : "\n") + fence + "\n";
}

std::string orDash(const std::optional<std::string>& value)
{
    return value && !value->empty() ? code(*value) : "—";
}

std::string severityMark(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return "❌";
    case Severity::Warning:
        return "⚠️";
    case Severity::Info:
        break;
    }
    return "ℹ️";
}

std::string verdictMark(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Engaged:
        return "✅";
    case Verdict::NotEngaged:
        return "❌";
    case Verdict::Partly:
        return "🟡";
    case Verdict::NotIndexed:
        return "⏳";
    case Verdict::NotWrapper:
        return "➖";
    case Verdict::NoCode:
        break;
    }
    return "⚠️";
}

std::string where(const ReportModel& model, const Finding& finding)
{
    std::string text = model.relative(finding.path);
    if (finding.line)
        text += ":" + std::to_string(*finding.line);
    return text;
}

void writeHeader(std::string& out, const ReportModel& model)
{
    const Summary& summary = model.summary;
    out += "# DVM Lens report\n\n";
    if (const std::string partial = partialIndexNote(summary); !partial.empty())
        out += "> **" + partial + "**: indexing was cancelled; graphs not parsed are reported as not indexed.\n\n";
    out += "> **" + verdictSentence(summary) + "** · DVM coverage " + percentText(model.coverage) + " · "
        + std::to_string(model.findings.size()) + " known failure" + (model.findings.size() == 1 ? "" : "s");
    if (model.comparison)
        out += " · " + std::to_string(model.regressions.size()) + " regression"
            + (model.regressions.size() == 1 ? "" : "s") + " against the baseline";
    out += "\n\n| | |\n|---|---|\n";
    out += "| Tree | " + code(model.index->root) + " |\n";
    if (model.baseline)
        out += "| Baseline | " + code(model.baseline->root) + " |\n";
    out += "| DVM Lens | " + model.toolVersion + " (report schema `dvmlens.report/1`) |\n";
    if (model.generatedAt)
        out += "| Generated | " + cell(*model.generatedAt) + " |\n";
    out += "| Runs | " + std::to_string(summary.runs) + " |\n";
    out += "| Graphs | " + std::to_string(summary.graphs) + " ("
        + std::to_string(summary.graphsWithOutputCode) + " with output_code.py) |\n";
    out += "| DVM engaged | " + std::to_string(summary.verdicts.engaged) + " of "
        + std::to_string(summary.verdicts.withCode) + " graphs |\n";
    out += "| DVM coverage | " + percentText(model.coverage) + " of " + std::to_string(summary.launches)
        + " kernel launches and " + std::to_string(summary.fallbacks) + " fallback calls |\n";
    out += "| Kernels | " + std::to_string(summary.kernels) + ": " + kernelCountsText(summary) + " |\n";
    out += "| Fallback calls | " + std::to_string(summary.fallbacks) + ": " + fallbackCountsText(summary)
        + " |\n\n";
}

void writeToolchain(std::string& out, const ReportModel& model)
{
    if (model.runs.empty())
        return;
    out += "## Toolchain\n\n| Run | torch | torch git | torch_npu | python | CANN | NPU backend | Kernels from |\n"
           "|---|---|---|---|---|---|---|---|\n";
    for (const ReportRun& run : model.runs) {
        const Versions& v = run.versions;
        const std::string name = run.run->name.value_or(model.relative(run.run->path));
        std::optional<std::string> git = v.torchGit;
        if (git && git->size() > 12)
            git = git->substr(0, 12);
        out += "| " + code(name) + " | " + orDash(v.torch) + " | " + orDash(git) + " | " + orDash(v.torchNpu)
            + " | " + orDash(v.python) + " | " + orDash(v.cann) + " | " + orDash(v.npuBackend) + " | "
            + orDash(kernelBackendsText(run.summary)) + " |\n";
    }
    out += "\nVersions come from each run's first `fx_graph_runnable.py` header; — means the tree does not "
           "record it. *Kernels from* is what the generated code really holds.\n\n";
}

void writeRegressions(std::string& out, const ReportModel& model)
{
    if (!model.comparison)
        return;
    const CompareResult& comparison = *model.comparison;
    out += "## Regressions against the baseline\n\n";
    if (model.regressions.empty()) {
        out += "No graph lost DVM kernels compared with the baseline ("
            + std::to_string(comparison.summary.matched) + " graphs matched).\n\n";
    } else {
        out += "| Graph | DVM (baseline → this) | DVM kernels | No longer DVM | Fallback calls added |\n"
               "|---|---|---|---|---|\n";
        for (std::size_t i : model.regressions) {
            const GraphDiff& diff = comparison.graphs[i];
            const auto engaged = [](const std::optional<bool>& value) {
                return value ? (*value ? std::string("engaged") : std::string("not engaged"))
                             : std::string("—");
            };
            const auto dvmCount = [](const std::optional<BackendCounts>& counts) {
                return counts ? std::to_string((*counts)[static_cast<std::size_t>(Backend::Dvm)])
                              : std::string("—");
            };
            out += "| " + code(diff.key) + " | " + engaged(diff.dvmEngagedA) + " → "
                + engaged(diff.dvmEngagedB) + " | " + dvmCount(diff.countsA) + " → " + dvmCount(diff.countsB)
                + " | " + cell(joined(diff.dvmOnlyA, ", ")) + " | " + cell(joined(diff.fallbacksAdded, ", "))
                + " |\n";
        }
        out += "\n";
    }
    out += "<details><summary>Full comparison</summary>\n\n" + fenced("text", compareToText(comparison))
        + "\n</details>\n\n";
}

void writeFindings(std::string& out, const ReportModel& model)
{
    out += "## Known failures\n\n";
    if (model.findings.empty()) {
        out += "None of the known failures was found in the logs or the tree.\n\n";
        return;
    }
    for (std::size_t i = 0; i < model.findings.size(); ++i) {
        const Finding& finding = model.findings[i];
        const RuleText& rule = finding.rule;
        out += "### " + std::to_string(i + 1) + ". " + severityMark(rule.severity) + " " + rule.title.en
            + "\n\n";
        out += "- **Rule:** `" + rule.id + "` · " + rule.layer + " · "
            + std::string(severityName(rule.severity)) + " · "
            + std::string(confidenceName(finding.confidence)) + " confidence\n";
        out += "- **Where:** " + code(where(model, finding));
        if (finding.occurrences > 1)
            out += " (" + std::to_string(finding.occurrences) + " occurrences; the first is shown)";
        out += "\n";
        if (!finding.excerpt.empty())
            out += "- **Evidence:** " + code(finding.excerpt) + "\n";
        out += "- **Cause:** " + rule.cause.en + "\n";
        out += "- **Fix:** " + rule.fix.en + "\n\n";
        if (!rule.fixCode.empty())
            out += fenced(rule.fixCodeLanguage, rule.fixCode) + "\n";
    }
    for (const Diagnostic& problem : model.problems)
        out += "- " + severityMark(problem.severity) + " " + code(model.relative(problem.path)) + ": "
            + problem.message + "\n";
    if (!model.problems.empty())
        out += "\n";
}

void writeGraphs(std::string& out, const ReportModel& model)
{
    out += "## Graphs\n\n";
    for (const ReportRun& run : model.runs) {
        const std::string name = run.run->name.value_or(model.relative(run.run->path));
        out += "### " + name + "\n\n" + verdictSentence(run.summary) + " · DVM coverage "
            + percentText(run.coverage) + "\n\n";
        if (run.graphs.empty()) {
            out += "No graph folders.\n\n";
            continue;
        }
        out += "| Graph | Verdict | DVM coverage | Kernels | Fallback calls | Why not DVM "
               "|\n|---|---|---|---|---|---|\n";
        for (const ReportGraph& graph : run.graphs) {
            out += "| " + code(graph.graph->name) + " | " + verdictMark(graph.verdict) + " "
                + graphVerdictText(graph.verdict) + " | "
                + (graph.graph->outputCode ? percentText(graph.graph->outputCode->dvmCoverage)
                                           : std::string("—"))
                + " | " + kernelCountsText(graph.summary) + " | " + fallbackCountsText(graph.summary) + " | "
                + cell(joined(graph.reasons, "; ")) + " |\n";
        }
        out += "\n";
    }
}

void writeDvmKernels(std::string& out, const ReportModel& model)
{
    bool any = false;
    for (const ReportRun& run : model.runs) {
        for (const ReportGraph& graph : run.graphs) {
            if (graph.dvmKernels.empty())
                continue;
            if (!any)
                out += "## DVM kernels\n\n";
            any = true;
            out += "### " + graph.graph->name + "\n\n" + code(model.relative(graph.graph->outputCode->path))
                + "\n\n";
            out += "| Kernel | Line | ktype | dyn_shape | Ops | Inputs | Outputs | Launches |\n"
                   "|---|---|---|---|---|---|---|---|\n";
            std::string source;
            for (const ReportKernel& entry : graph.dvmKernels) {
                const Kernel& kernel = *entry.kernel;
                std::vector<std::string> inputs;
                for (const DvmInput& input : kernel.inputs)
                    inputs.push_back(dvmInputText(input));
                std::vector<std::string> outputs;
                for (const DvmOutput& output : kernel.outputs)
                    outputs.push_back(dvmOutputText(output));
                out += "| " + code(kernel.name) + " | " + std::to_string(kernel.line) + " | "
                    + cell(kernel.ktype.value_or("")) + " | "
                    + (kernel.dynShape ? (*kernel.dynShape ? "true" : "false") : "—") + " | "
                    + cell(joined(kernel.ops, ", ")) + " | " + cell(joined(inputs, "; ")) + " | "
                    + cell(joined(outputs, "; ")) + " | " + std::to_string(kernel.launches) + " |\n";
                if (!entry.source.empty()) {
                    source += "# " + model.relative(graph.graph->outputCode->path) + ":"
                        + std::to_string(entry.sourceFirstLine) + "\n" + joined(entry.source, "\n") + "\n";
                    if (entry.sourceCut)
                        source +=
                            "# … (cut after " + std::to_string(ReportModel::kMaxExcerptLines) + " lines)\n";
                }
            }
            out += "\n";
            if (!source.empty())
                out += "<details><summary>DVM builder source</summary>\n\n" + fenced("python", source)
                    + "\n</details>\n\n";
        }
    }
}

void writeFallbacks(std::string& out, const ReportModel& model)
{
    bool any = false;
    for (const ReportRun& run : model.runs) {
        for (const ReportGraph& graph : run.graphs) {
            if (graph.fallbacks.empty())
                continue;
            if (!any)
                out += "## Fallback calls\n\n";
            any = true;
            out += "<details><summary>" + graph.graph->name + ": " + std::to_string(graph.fallbacks.size())
                + " fallback call" + (graph.fallbacks.size() == 1 ? "" : "s") + " ("
                + fallbackCountsText(graph.summary)
                + ")</summary>\n\n| Line | Call | Kind |\n|---|---|---|\n";
            std::string source;
            for (const ReportFallback& entry : graph.fallbacks) {
                out += "| " + std::to_string(entry.fallback->line) + " | " + code(entry.fallback->target)
                    + " | " + std::string(fallbackKindName(entry.fallback->kind)) + " |\n";
                if (!entry.sourceLine.empty())
                    source += entry.sourceLine + "  # line " + std::to_string(entry.fallback->line) + "\n";
            }
            out += "\n";
            if (!source.empty())
                out += fenced("python", source) + "\n";
            out += "</details>\n\n";
        }
    }
}

} // namespace

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

std::string dvmInputText(const DvmInput& input)
{
    std::string text = input.op;
    if (input.dtype)
        text += " " + *input.dtype;
    text += shapeText(input.shape);
    if (input.stride)
        text += " stride " + shapeText(input.stride);
    return text;
}

std::string dvmOutputText(const DvmOutput& output)
{
    return output.name + (output.dtype ? " " + *output.dtype : std::string());
}

std::string markdownReport(const ReportModel& model)
{
    std::string out;
    writeHeader(out, model);
    writeToolchain(out, model);
    writeRegressions(out, model);
    writeFindings(out, model);
    writeGraphs(out, model);
    writeDvmKernels(out, model);
    writeFallbacks(out, model);
    return out;
}

std::string summaryMarkdown(const Index& index)
{
    ReportInput input;
    input.index = &index;
    const ReportModel model = buildReportModel(input);
    const Summary& summary = model.summary;
    std::string out;
    if (const std::string partial = partialIndexNote(summary); !partial.empty())
        out += "**" + partial + "** (indexing was cancelled)\n\n";
    out += "**DVM Lens:** " + verdictSentence(summary) + " · DVM coverage " + percentText(model.coverage) + "\n\n";
    out += "- Tree: " + code(index.root) + "\n";
    out += "- Kernels: " + std::to_string(summary.kernels) + " (" + kernelCountsText(summary) + ")\n";
    out +=
        "- Fallback calls: " + std::to_string(summary.fallbacks) + " (" + fallbackCountsText(summary) + ")\n";
    if (!model.runs.empty()) {
        const Versions& v = model.runs.front().versions;
        out += "- torch " + orDash(v.torch) + " · torch_npu " + orDash(v.torchNpu) + " · NPU backend "
            + orDash(v.npuBackend) + " · kernels from " + orDash(kernelBackendsText(summary)) + "\n";
    }
    for (const Finding& finding : model.findings)
        out += "- " + severityMark(finding.rule.severity) + " " + finding.rule.title.en + " ("
            + code(where(model, finding)) + ")\n";
    return out;
}

} // namespace dvmlens
