// SPDX-License-Identifier: MIT
#include "core/report/reportmodel.h"

#include "core/compare/compareexplained.h"
#include "core/io/container.h"
#include "core/report/reportbounds.h"
#include "core/report/reportproblems.h"
#include "core/report/reportreading.h"
#include "core/text/locationtext.h"
#include "version.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

namespace dvmlens {

namespace {

struct CoverageSum
{
    long long dvmLaunches = 0;
    long long denominator = 0;

    void add(const OutputCode& code)
    {
        for (const Kernel& kernel : code.kernels) {
            denominator += kernel.launches;
            if (kernel.backend == Backend::Dvm)
                dvmLaunches += kernel.launches;
        }
        denominator += static_cast<long long>(code.fallbacks.size());
    }

    std::optional<double> value() const
    {
        if (denominator == 0)
            return std::nullopt;
        return static_cast<double>(dvmLaunches) / static_cast<double>(denominator);
    }
};

} // namespace

std::optional<ReportFormat> reportFormatFromName(std::string_view name)
{
    if (name == "md" || name == "markdown")
        return ReportFormat::Markdown;
    if (name == "html")
        return ReportFormat::Html;
    if (name == "json")
        return ReportFormat::Json;
    return std::nullopt;
}

std::string ReportModel::relative(const std::string& path) const
{
    return pathUnderRoot(index->root, path);
}

std::string ReportModel::say(std::string_view english) const
{
    return reportText(language, english);
}

std::string ReportModel::say(std::string_view english, std::initializer_list<std::string> values) const
{
    return reportFill(language, english, values);
}

ReportModel buildReportModel(const ReportInput& input)
{
    ReportModel model = buildUnreadReportModel(input);
    ReportReading reading;
    if (!input.full) {
        reading.maxExcerpts = reportBoundLevels().front().excerptsPerGraph;
        reading.maxKernelBodies = reportBoundLevels().front().dvmKernelsPerGraph;
    }
    readReportGraphsOf(input, model, reading);
    return model;
}

ReportModel buildUnreadReportModel(const ReportInput& input)
{
    ReportModel model;
    model.toolVersion = DVMLENS_VERSION;
    model.generatedAt = input.generatedAt;
    model.language = input.language;
    model.index = input.index;
    model.why = input.why;
    model.checklist = input.checklist;
    model.compile = input.compile;
    model.summary = summarize(*input.index);
    const RuleBook& rules = input.rules ? *input.rules : builtinRules();
    if (input.findings) {
        model.findings = *input.findings;
        if (input.findingProblems)
            model.problems = *input.findingProblems;
    } else {
        model.findings = findKnownFailures(*input.index, rules, &model.problems);
    }

    // A bounded report shows a graph identical on every rank once.
    const std::vector<std::vector<ReportFold>> folds =
        input.full ? std::vector<std::vector<ReportFold>>() : identicalRankFolds(*input.index);
    model.bounded = !input.full;

    CoverageSum treeCoverage;
    for (std::size_t r = 0; r < input.index->runs.size(); ++r) {
        const Run& run = input.index->runs[r];
        ReportRun reportRun;
        reportRun.run = &run;
        reportRun.versions = runVersions(filesOr(input.index->files), run, input.index->root);
        reportRun.summary = summarize(run);
        CoverageSum runCoverage;
        for (std::size_t g = 0; g < run.graphs.size(); ++g) {
            const Graph& graph = run.graphs[g];
            const ReportFold* fold = folds.empty() ? nullptr : &folds[r][g];
            if (fold && fold->folded) {
                ReportGraph folded;
                folded.graph = &graph;
                folded.verdict = graphVerdict(graph);
                folded.reasons = notEngagedReasons(graph);
                folded.summary = summarize(graph);
                folded.folded = true;
                folded.foldedIntoRun = fold->intoRun;
                folded.foldedIntoGraph = fold->intoGraph;
                folded.foldedIntoRank = fold->intoRank;
                reportRun.graphs.push_back(std::move(folded));
                ++model.foldedGraphs;
            } else {
                ReportGraph shown; // its lists are read below (reportreading.h)
                shown.graph = &graph;
                shown.verdict = graphVerdict(graph);
                shown.reasons = notEngagedReasons(graph);
                shown.summary = summarize(graph);
                reportRun.graphs.push_back(std::move(shown));
                if (fold) {
                    reportRun.graphs.back().divergent = fold->divergent;
                    reportRun.graphs.back().identicalRuns = fold->identicalRuns;
                    reportRun.graphs.back().identicalRanks = fold->identicalRanks;
                }
            }
            if (graph.outputCode) {
                runCoverage.add(*graph.outputCode);
                treeCoverage.add(*graph.outputCode);
            }
        }
        reportRun.coverage = runCoverage.value();
        model.runs.push_back(std::move(reportRun));
    }
    model.coverage = treeCoverage.value();
    for (std::size_t i = 0; i < model.findings.size(); ++i) {
        const Finding& finding = model.findings[i];
        if (finding.run && finding.graph)
            model.runs[*finding.run].graphs[*finding.graph].findings.push_back(i);
    }

    if (input.baseline) {
        model.baseline = input.baseline;
        // As `dvmlens-cli compare` explains it: split pairs, compile-side sentences, reason changes.
        const LoadedWhyRules whyRules = loadWhyRules();
        model.comparison = compareExplained(*input.baseline, *input.index, CompareOptions(), &whyRules.rules);
        for (std::size_t i = 0; i < model.comparison->graphs.size(); ++i) {
            if (model.comparison->graphs[i].regression)
                model.regressions.push_back(i);
        }
        if (input.profile || input.baselineProfile)
            model.timeComparison = compareProfiles(
                *model.comparison, *input.baseline, *input.index, input.baselineProfile, input.profile);
    }
    model.profile = input.profile;
    model.treeProblems = treeProblemsOf(model, rules);
    return model;
}

std::string verdictSentence(const Summary& summary)
{
    const VerdictCounts& counts = summary.verdicts;
    // Graphs whose output_code.py could not be read are no "no": the count is of readable ones.
    const std::string unreadable = unreadableGraphsText(counts);
    const std::string of = std::to_string(counts.engaged) + " of " + std::to_string(counts.withCode)
        + (unreadable.empty() ? " graphs" : " readable graphs");
    const std::string note = unreadable.empty() ? std::string() : "; " + unreadable;
    switch (summary.verdict) {
    case Verdict::Engaged:
        return "DVM engaged in " + of + note;
    case Verdict::NotEngaged:
        return "DVM not engaged (" + of + note + ")";
    case Verdict::Partly:
        return "DVM partly engaged (" + of + note + ")";
    case Verdict::Unreadable:
        return "could not decide: DVM engaged in " + of + note;
    case Verdict::NotIndexed:
        return "not indexed: " + std::to_string(counts.notIndexed) + " of " + std::to_string(counts.withCode)
            + " graphs not parsed (DVM engaged in " + std::to_string(counts.engaged) + " so far)";
    case Verdict::NoCode:
    case Verdict::NotWrapper:
        break;
    }
    return "no output_code.py to check";
}

std::string verdictSentence(const Summary& summary, ReportLanguage language)
{
    if (language == ReportLanguage::English)
        return verdictSentence(summary);
    const VerdictCounts& counts = summary.verdicts;
    const std::string of = std::to_string(counts.engaged) + " / " + std::to_string(counts.withCode)
        + (counts.unreadable == 0 ? " 个图" : " 个可读的图");
    const std::string note =
        counts.unreadable == 0 ? std::string() : "；" + std::to_string(counts.unreadable) + " 个图无法读取";
    switch (summary.verdict) {
    case Verdict::Engaged:
        return "DVM 生效：" + of + note;
    case Verdict::NotEngaged:
        return "DVM 未生效（" + of + note + "）";
    case Verdict::Partly:
        return "DVM 部分生效（" + of + note + "）";
    case Verdict::Unreadable:
        return "无法判定：DVM 生效 " + of + note;
    case Verdict::NotIndexed:
        return "未完成索引：" + std::to_string(counts.withCode) + " 个图中 "
            + std::to_string(counts.notIndexed) + " 个未解析（目前 DVM 在 " + std::to_string(counts.engaged)
            + " 个图中生效）";
    case Verdict::NoCode:
    case Verdict::NotWrapper:
        break;
    }
    return "没有可检查的 output_code.py";
}

std::string coverageText(std::optional<double> coverage, const Summary& summary, ReportLanguage language)
{
    if (language == ReportLanguage::English)
        return coverageText(coverage, summary);
    if (summary.verdicts.unreadable == 0)
        return percentText(coverage);
    return percentText(coverage) + "（可读启动中）；" + std::to_string(summary.verdicts.unreadable)
        + " 个图无法读取";
}

std::string coverageText(std::optional<double> coverage, const Summary& summary)
{
    const std::string unreadable = unreadableGraphsText(summary.verdicts);
    return percentText(coverage) + (unreadable.empty() ? "" : " of readable launches; " + unreadable);
}

std::string percentText(std::optional<double> fraction)
{
    if (!fraction || !std::isfinite(*fraction))
        return "n/a"; // a share is never printed as "nan%"
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", *fraction * 100.0);
    return text;
}

} // namespace dvmlens
