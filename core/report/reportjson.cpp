// SPDX-License-Identifier: MIT
#include "core/report/reportjson.h"

#include "core/compile/compilejson.h"
#include "core/json/comparejson.h"
#include "core/json/doctorjson.h"
#include "core/json/scanjson.h"
#include "core/json/sourcesjson.h"
#include "core/json/whyjson.h"
#include "core/report/reportbounds.h"
#include "core/report/reportproblems.h"
#include "core/report/reportprofile.h"
#include "core/report/reporttables.h"

#include <utility>

namespace dvmlens {

using nlohmann::ordered_json;

namespace {

template <typename T> ordered_json orNull(const std::optional<T>& value)
{
    return value ? ordered_json(*value) : ordered_json(nullptr);
}

ordered_json localized(const LocalizedText& text)
{
    return ordered_json { { "en", text.en }, { "zh", text.zh } };
}

// dvmlens.report/1 spells a graph's verdict with underscores (its first three values predate the
// ladder); runs and the tree use verdictName's words, as dvmlens.scan/1 does.
std::string reportVerdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Engaged:
        return "engaged";
    case Verdict::NotEngaged:
    case Verdict::Partly: // never a graph's
        return "not_engaged";
    case Verdict::NotIndexed:
        return "not_indexed";
    case Verdict::NotWrapper:
        return "not_wrapper_module";
    case Verdict::Unreadable:
        return "unreadable";
    case Verdict::NoCode:
        break;
    }
    return "no_output_code";
}

ordered_json backendNames(const Summary& summary)
{
    ordered_json names = ordered_json::array();
    for (Backend backend : backendsWithKernels(summary))
        names.push_back(std::string(backendName(backend)));
    return names;
}

ordered_json findingJson(const ReportModel& model, const Finding& finding)
{
    const RuleText& rule = finding.rule;
    ordered_json json;
    json["id"] = rule.id;
    json["layer"] = rule.layer;
    json["severity"] = std::string(severityName(rule.severity));
    json["confidence"] = std::string(confidenceName(finding.confidence));
    json["title"] = localized(rule.title);
    json["cause"] = localized(rule.cause);
    json["fix"] = localized(rule.fix);
    json["fix_code"] = rule.fixCode.empty()
        ? ordered_json(nullptr)
        : ordered_json { { "language", rule.fixCodeLanguage }, { "text", rule.fixCode } };
    json["path"] = model.relative(finding.path);
    json["line"] = orNull(finding.line);
    json["occurrences"] = finding.occurrences;
    json["excerpt"] = finding.excerpt;
    json["run"] = orNull(finding.run);
    json["graph"] = orNull(finding.graph);
    return json;
}

ordered_json graphJsonOf(const ReportModel& model, const ReportGraph& entry)
{
    const Graph& graph = *entry.graph;
    ordered_json json;
    json["name"] = graph.name;
    json["path"] = model.relative(graph.path);
    json["verdict"] = reportVerdictName(entry.verdict);
    json["reasons"] = entry.reasons;
    json["output_code"] =
        graph.outputCode ? ordered_json(model.relative(graph.outputCode->path)) : ordered_json(nullptr);
    json["dvm_coverage"] = graph.outputCode ? orNull(graph.outputCode->dvmCoverage) : ordered_json(nullptr);
    ordered_json kernels = ordered_json::object();
    for (Backend backend : kAllBackends)
        kernels[std::string(backendName(backend))] = entry.summary.kernelCount(backend);
    json["kernels"] = std::move(kernels);
    json["launches"] = entry.summary.launches;
    ordered_json fallbacksByKind = ordered_json::object();
    for (FallbackKind kind : kAllFallbackKinds)
        fallbacksByKind[std::string(fallbackKindName(kind))] = entry.summary.fallbackCount(kind);
    json["fallbacks_by_kind"] = std::move(fallbacksByKind);
    ordered_json dvmKernels = ordered_json::array();
    for (const ReportKernel& kernel : entry.dvmKernels) {
        ordered_json item = kernelJson(*kernel.kernel);
        item["source"] = kernel.source.empty()
            ? ordered_json(nullptr)
            : ordered_json { { "first_line", kernel.sourceFirstLine }, { "lines", kernel.source },
                  { "cut", kernel.sourceCut } };
        dvmKernels.push_back(std::move(item));
    }
    json["dvm_kernels"] = std::move(dvmKernels);
    ordered_json fallbacks = ordered_json::array();
    for (const ReportFallback& fallback : entry.fallbacks) {
        fallbacks.push_back(ordered_json { { "target", fallback.fallback->target },
            { "kind", std::string(fallbackKindName(fallback.fallback->kind)) },
            { "line", fallback.fallback->line },
            { "source",
                fallback.sourceLine.empty() ? ordered_json(nullptr) : ordered_json(fallback.sourceLine) } });
    }
    json["fallbacks"] = std::move(fallbacks);
    json["known_failures"] = entry.findings;
    // Bounded reports (reportbounds.h): what the lists above leave out, and rank folding.
    json["dvm_kernels_left_out"] = entry.dvmKernelsLeftOut;
    json["sources_left_out"] = entry.excerptsLeftOut;
    json["fallbacks_left_out"] = entry.fallbacksLeftOut;
    ordered_json identicalIn = ordered_json::array();
    for (const std::size_t run : entry.identicalRuns) {
        const Run& each = model.index->runs[run];
        identicalIn.push_back(each.name.value_or(model.relative(each.path)));
    }
    json["identical_in"] = std::move(identicalIn);
    if (entry.folded) {
        const Run& run = model.index->runs[entry.foldedIntoRun];
        json["same_as"] = ordered_json { { "run", run.name.value_or(model.relative(run.path)) },
            { "graph", run.graphs[entry.foldedIntoGraph].name }, { "rank", entry.foldedIntoRank } };
    } else {
        json["same_as"] = nullptr;
    }
    return json;
}

ordered_json runJson(const ReportModel& model, const ReportRun& entry)
{
    const Run& run = *entry.run;
    const Versions& v = entry.versions;
    ordered_json json;
    json["name"] = orNull(run.name);
    json["path"] = model.relative(run.path);
    json["pid"] = orNull(run.pid);
    json["started"] = orNull(run.started);
    json["versions"] = ordered_json { { "torch", orNull(v.torch) }, { "torch_git", orNull(v.torchGit) },
        { "torch_cuda", orNull(v.torchCuda) }, { "torch_npu", orNull(v.torchNpu) },
        { "python", orNull(v.python) }, { "cann", orNull(v.cann) }, { "npu_backend", orNull(v.npuBackend) },
        { "source", v.source ? ordered_json(model.relative(*v.source)) : ordered_json(nullptr) } };
    ordered_json environment = ordered_json::object();
    for (const auto& [key, value] : v.environment)
        environment[key] = value;
    json["environment"] = std::move(environment);
    json["dvm_coverage"] = orNull(entry.coverage);
    ordered_json graphs = ordered_json::array();
    for (const ReportGraph& graph : entry.graphs) {
        if (graph.listed)
            graphs.push_back(graphJsonOf(model, graph));
    }
    json["graphs"] = std::move(graphs);
    json["graphs_left_out"] = entry.graphsLeftOut;
    json["verdict"] = std::string(verdictName(entry.summary.verdict));
    json["kernel_backends"] = backendNames(entry.summary);
    return json;
}

} // namespace

std::size_t graphsJsonBytes(const ReportModel& model, std::size_t stopAfter)
{
    std::size_t bytes = 0;
    for (const ReportRun& run : model.runs) {
        for (const ReportGraph& graph : run.graphs) {
            if (bytes > stopAfter)
                return bytes;
            if (!graph.listed)
                continue;
            bytes += graphJsonOf(model, graph)
                         .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
                         .size();
        }
    }
    return bytes;
}

ordered_json reportJson(const ReportModel& model)
{
    const Summary& summary = model.summary;
    ordered_json json;
    json["schema"] = kReportSchema;
    json["tool"] = ordered_json { { "name", "dvmlens" }, { "version", model.toolVersion } };
    json["generated_at"] = orNull(model.generatedAt);
    json["root"] = model.index->root;
    json["verdict"] = ordered_json { { "sentence", verdictSentence(summary) },
        { "dvm_engaged", summary.dvmEngaged }, { "dvm_engaged_graphs", summary.dvmEngagedGraphs },
        { "graphs_with_output_code", summary.graphsWithOutputCode },
        { "dvm_coverage", orNull(model.coverage) }, { "ladder", std::string(verdictName(summary.verdict)) },
        { "graphs_unreadable", summary.verdicts.unreadable },
        { "partial_index",
            partialIndexNote(summary).empty() ? ordered_json(nullptr)
                                              : ordered_json(partialIndexNote(summary)) } };
    json["summary"] = summaryJson(summary);
    ordered_json runs = ordered_json::array();
    for (const ReportRun& run : model.runs)
        runs.push_back(runJson(model, run));
    json["runs"] = std::move(runs);
    ordered_json findings = ordered_json::array();
    for (const Finding& finding : model.findings)
        findings.push_back(findingJson(model, finding));
    json["known_failures"] = std::move(findings);
    ordered_json problems = ordered_json::array();
    for (const Diagnostic& problem : model.problems)
        problems.push_back(diagnosticJson(problem));
    json["problems"] = std::move(problems);
    ordered_json treeProblems = ordered_json::array();
    for (const ReportTreeProblem& problem : model.treeProblems) {
        const Diagnostic& diagnostic = *problem.diagnostic;
        const ReportProblemPlace place = problemPlace(problemIndex(model, problem), diagnostic);
        treeProblems.push_back(ordered_json { { "code", diagnostic.code },
            { "severity", std::string(severityName(diagnostic.severity)) },
            { "path", problemPath(model, problem) }, { "line", orNull(diagnostic.line) },
            { "message", diagnostic.message }, { "run", orNull(place.run) }, { "graph", orNull(place.graph) },
            { "baseline", problem.baseline } });
    }
    json["tree_problems"] = std::move(treeProblems);
    if (model.comparison) {
        // The compare engineer's dvmlens.compare/1 objects, unchanged, so both documents agree.
        const ordered_json compare = ordered_json::parse(compareToJson(*model.comparison, -1));
        ordered_json regressions = ordered_json::array();
        for (const ordered_json& graph : compare["graphs"]) {
            if (graph["regression"] == true)
                regressions.push_back(graph);
        }
        // "Compile side": every pair with a split, a compile-side sentence or a reason change.
        ordered_json explained = ordered_json::array();
        for (const ordered_json& graph : compare["graphs"]) {
            if (!graph["split_from"].is_null() || !graph["compile_changes"].empty()
                || !graph["why_changes"].empty())
                explained.push_back(ordered_json { { "key", graph["key"] },
                    { "split_from", graph["split_from"] }, { "compile_changes", graph["compile_changes"] },
                    { "why_changes", graph["why_changes"] } });
        }
        ordered_json elsewhere = ordered_json::array();
        for (const auto& [kind, sentence] : model.comparison->compileChangesElsewhere)
            elsewhere.push_back(ordered_json { { "kind", kind }, { "sentence", sentence } });
        json["comparison"] = ordered_json { { "baseline", model.baseline->root },
            { "summary", compare["summary"] }, { "regressions", regressions },
            { "compile_side", ordered_json { { "pairs", explained }, { "elsewhere", elsewhere } } } };
    } else {
        json["comparison"] = nullptr;
    }
    if (model.profile || model.timeComparison)
        json["profile"] = profileReportJson(model);
    if (model.sources) {
        // The dvmlens.sources/1 rows (without their items) of the lines that fell back, worst first.
        ordered_json rows = ordered_json::array();
        for (const SourceLocationSummary& location : model.sources->locations) {
            if (rows.size() >= kReportSourceRows)
                break;
            if (!location.fellBack())
                continue;
            const ordered_json counts = locationCountsJson(location.counts);
            rows.push_back(ordered_json { { "file", location.frame.file }, { "line", location.frame.line },
                { "function", location.frame.function }, { "code", location.frame.code },
                { "library", location.frame.library }, { "kernels", counts["kernels"] },
                { "fallbacks", counts["fallbacks"] }, { "graphs", location.graphs },
                { "runs", location.runs } });
        }
        json["where_it_fell_back"] = ordered_json { { "locations", fellBackLocations(model) },
            { "top", rows }, { "unattributed", locationCountsJson(model.sources->unattributed) } };
    }
    if (model.why) { // "why_it_fell_back": the groups of dvmlens.why/1
        ordered_json groups = ordered_json::array();
        for (const WhyGroup& group : *model.why)
            groups.push_back(whyGroupJson(group));
        json["why_it_fell_back"] = std::move(groups);
    }
    if (model.checklist) { // "checklist": the items of dvmlens.doctor/1
        ordered_json items = ordered_json::array();
        for (const CheckItem& item : *model.checklist)
            items.push_back(checkItemJson(item));
        json["checklist"] = std::move(items);
    }
    if (model.compile)
        json["compile"] = ordered_json(compileSummaryJson(*model.compile));
    json["bounds"] = ordered_json { { "full", !model.bounded }, { "max_bytes", kMaxReportBytes },
        { "folded_graphs", model.foldedGraphs }, { "dvm_kernels_left_out", model.dvmKernelsLeftOut },
        { "fallbacks_left_out", model.fallbacksLeftOut }, { "graphs_left_out", model.graphsLeftOut },
        { "known_failures_left_out", model.findingsLeftOut },
        { "tree_problems_left_out", model.treeProblemsLeftOut } };
    return json;
}

std::string jsonReport(const ReportModel& model, bool indented)
{
    return jsonReportText(reportJson(model), indented);
}

std::string jsonReportText(const ordered_json& report, bool indented)
{
    return report.dump(indented ? 2 : -1, ' ', false, ordered_json::error_handler_t::replace) + '\n';
}

} // namespace dvmlens
