// SPDX-License-Identifier: MIT
// The bug-report kit's single view of a tree: everything the Markdown, HTML and JSON reports show,
// gathered once (verdicts and counts from summary.h, versions, known failures, source excerpts,
// and the comparison with a baseline), so the three writers only lay it out.
#pragma once

#include "core/compare/compare.h"
#include "core/compile/compilesummary.h"
#include "core/doctor/doctor.h"
#include "core/model/model.h"
#include "core/parse/versions.h"
#include "core/profile/profilecompare.h"
#include "core/profile/profilejoin.h"
#include "core/report/reportlanguage.h"
#include "core/rules/knownfailures.h"
#include "core/sources/sourcesummary.h"
#include "core/verdict/summary.h"
#include "core/why/whysummary.h"

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct ReportInput
{
    const Index* index = nullptr; // the tree reported on (required)
    const RuleBook* rules = nullptr; // known-failure rules; null: builtinRules()
    const Index* baseline = nullptr; // --compare: the reference tree (before); regressions are B→this
    std::optional<std::string> generatedAt; // shown only when set, so reports stay deterministic
    const ProfileJoin* profile = nullptr; // --profile: device time joined to `index`
    const ProfileJoin* baselineProfile = nullptr; // the baseline's, for time regressions
    // "Where it fell back": trace kernels and fallbacks to model source lines (sources/), reading
    // the graph folders again. Off by default so a report of an index alone reads nothing more.
    bool modelSources = false;
    // Products of `index` the caller already holds (the window's open tree), so the report does not
    // make them again. Null: made here, as the CLI does.
    // findKnownFailures(*index, *rules, &problems): its findings, and the logs it could not read
    // (null: none).
    const std::vector<Finding>* findings = nullptr;
    const std::vector<Diagnostic>* findingProblems = nullptr;
    // With `modelSources`: summarizeSources of the index's SourceMap (the graph folders are then not
    // read for it; its `items` are not used).
    const SourceSummary* sources = nullptr;
    // --full: every graph, kernel, excerpt and fallback. Otherwise the report is bounded
    // (reportbounds.h): identical rank graphs once, tables cut with a count of what was left out.
    bool full = false;
    // "Why it fell back" (why/whysummary.h): the reasons grouped; null: no section.
    const std::vector<WhyGroup>* why = nullptr;
    // "Environment checklist" (doctor/doctor.h) when an environment was given; null: no section.
    const std::vector<CheckItem>* checklist = nullptr;
    // "Compile": the compile side from the TORCH_TRACE logs of the same run (compile/); null: no section.
    const CompileSummary* compile = nullptr;
    // The language of the report's own words (reportlanguage.h); the JSON report has none.
    ReportLanguage language = ReportLanguage::English;
};

enum class ReportFormat
{
    Markdown,
    Html,
    Json
};
std::optional<ReportFormat> reportFormatFromName(std::string_view name); // "md"/"markdown", "html", "json"

// A DVM kernel or a fallback call with the lines of output_code.py that define it.
struct ReportKernel
{
    const Kernel* kernel = nullptr;
    int sourceFirstLine = 0; // 1-based line of `source`'s first line; 0 when the file was unreadable
    std::vector<std::string> source; // lines kernel.line..endLine (at most kMaxExcerptLines)
    bool sourceCut = false; // the definition was longer than the excerpt
    // The source was read but not kept (a bounded report's level at which reading began shows
    // fewer): it counts as an excerpt that level cuts, as if it had been kept.
    bool sourceLeftOut = false;
};

struct ReportFallback
{
    const Fallback* fallback = nullptr;
    std::string sourceLine; // that line of output_code.py, empty when unreadable
};

struct ReportGraph
{
    const Graph* graph = nullptr;
    Verdict verdict = Verdict::NoCode;
    std::vector<std::string> reasons; // notEngagedReasons
    Summary summary;
    std::vector<ReportKernel> dvmKernels;
    // When the index holds this graph's output_code.py without kernel bodies: the first DVM kernels
    // read again with them (as many as the report can show); dvmKernels point here for those.
    std::vector<Kernel> kernelCopies;
    std::vector<ReportFallback> fallbacks;
    std::vector<std::size_t> findings; // indices into ReportModel::findings

    // Bounded reports (reportbounds.h). What the lists above no longer hold, counted:
    std::size_t dvmKernelsLeftOut = 0;
    std::size_t excerptsLeftOut = 0; // DVM kernels listed without their source
    std::size_t fallbacksLeftOut = 0;
    // Identical on every rank: the graph of the first rank is shown in full and names the runs
    // (`identicalRuns`, every run in rank order); the others are `folded` into it.
    std::vector<std::size_t> identicalRuns; // on the shown graph; empty otherwise
    std::string identicalRanks; // "ranks 0–7" on the shown graph
    bool folded = false;
    std::size_t foldedIntoRun = 0; // of a folded graph: where it is shown (runs, graphs positions)
    std::size_t foldedIntoGraph = 0;
    int foldedIntoRank = -1; // the rank of foldedIntoRun
    bool divergent = false; // its ranks do not all agree
    bool listed = true; // false: its row (and sections) cut by the bounds, counted in its run
};

struct ReportRun
{
    const Run* run = nullptr;
    Versions versions;
    Summary summary;
    std::optional<double> coverage; // as OutputCode::dvmCoverage, over every output_code.py of the run
    std::vector<ReportGraph> graphs;
    std::size_t graphsLeftOut = 0; // graphs not `listed`
};

// A problem met reading a tree: a diagnostic of the walk, the archive reader or the parser that
// no known failure already explains (reportproblems.h).
struct ReportTreeProblem
{
    const Diagnostic* diagnostic = nullptr;
    bool baseline = false; // of the --compare baseline, not of the tree reported on
};

struct ReportModel
{
    static constexpr int kMaxExcerptLines = 80;

    std::string toolVersion;
    std::optional<std::string> generatedAt;
    const Index* index = nullptr;
    Summary summary;
    std::optional<double> coverage; // as OutputCode::dvmCoverage, over the whole tree
    std::vector<ReportRun> runs;
    std::vector<Finding> findings; // findKnownFailures order
    std::vector<Diagnostic> problems; // unreadable logs met while looking for known failures
    // "Problems reading the tree": the tree's, then the baseline's (reportproblems.h).
    std::vector<ReportTreeProblem> treeProblems;
    const Index* baseline = nullptr;
    std::optional<CompareResult> comparison; // compareIndexes(*baseline, *index)
    std::vector<std::size_t> regressions; // indices into comparison->graphs, in its order
    const ProfileJoin* profile = nullptr; // "Where the time goes" (reportprofile.h); null: no section
    std::optional<ProfileComparison> timeComparison; // with a comparison and a profile on either side
    std::optional<SourceSummary> sources; // ReportInput::modelSources: by model source line, worst first
    const std::vector<WhyGroup>* why = nullptr; // ReportInput::why
    const std::vector<CheckItem>* checklist = nullptr; // ReportInput::checklist
    const CompileSummary* compile = nullptr; // ReportInput::compile: the "Compile" section
    // Not --full: the bounds applied (reportbounds.h), and what they left out over the report.
    bool bounded = false;
    std::size_t foldedGraphs = 0;
    std::size_t dvmKernelsLeftOut = 0;
    std::size_t fallbacksLeftOut = 0;
    std::size_t findingsLeftOut = 0; // of rules listed more often than ReportBounds::findingsPerRule
    std::size_t graphsLeftOut = 0; // graph rows cut (ReportBounds::foldedRows … rowsPerRun)
    std::size_t treeProblemsLeftOut = 0; // past ReportBounds::treeProblems
    bool graphSections = true; // ReportBounds::graphSections
    ReportLanguage language = ReportLanguage::English; // ReportInput::language

    // One of the report's fixed texts in its language (reportText), with %1… filled (reportFill).
    std::string say(std::string_view english) const;
    std::string say(std::string_view english, std::initializer_list<std::string> values) const;

    // `path` relative to the reported tree's root ("." for the root itself); other paths unchanged.
    std::string relative(const std::string& path) const;
};

// Everything, the graphs' lists and the model sources read as the loosest bounds level (or --full)
// shows them (reportreading.h).
ReportModel buildReportModel(const ReportInput& input);
// The model without what is read again from the tree: graphs' kernel and fallback lists empty, no
// model sources; readReportGraphs (or listReportGraphsUnread) fills them.
ReportModel buildUnreadReportModel(const ReportInput& input);

// One line from the ladder (verdict.h): "DVM engaged in 3 of 3 graphs", "DVM partly engaged (1 of 2
// graphs)", "DVM not engaged (0 of 4 graphs)", "not indexed: 2 of 9 graphs not parsed (DVM engaged in
// 3 so far)", "could not decide: DVM engaged in 0 of 0 readable graphs; 1 graph unreadable", or "no
// output_code.py to check"; unreadable graphs are named beside the count ("…; 2 graphs unreadable").
std::string verdictSentence(const Summary& summary);
// The same in `language` (reportlanguage.h).
std::string verdictSentence(const Summary& summary, ReportLanguage language);

// "42.9%" for 0.4286; "n/a" for nullopt (nothing launched).
std::string percentText(std::optional<double> fraction);

// DVM coverage as the reports say it: percentText, and "of readable launches; 2 graphs unreadable"
// when some output_code.py could not be read (its launches are in no count: 100% is not all).
std::string coverageText(std::optional<double> coverage, const Summary& summary);
std::string coverageText(std::optional<double> coverage, const Summary& summary, ReportLanguage language);

} // namespace dvmlens
