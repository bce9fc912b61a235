// SPDX-License-Identifier: MIT
// The tables both report writers show (toolchain, regressions, graphs, DVM kernels, where it fell
// back) and the known-failure entries, built once from the report model; reportmarkdown and
// reporthtml only render them with their own escaping, so a column or field added or reworded
// here appears in both formats.
#pragma once

#include "core/report/reportmodel.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

struct ReportCell
{
    enum class Kind
    {
        Text, // words from the tree or the rules: escaped; Markdown shows "—" for an empty one
        Code, // a name or path: inline code ("—" when empty)
        Plain, // numbers and our own words, shown as they are
        Marked, // core's sentences that mark code with `backticks` themselves: Markdown keeps them
    };
    Kind kind = Kind::Text;
    std::string text;
    // A verdict cell: Markdown puts its mark (✅, ❌…) before the text, HTML colours the cell.
    std::optional<Verdict> verdict;
};

struct ReportTable
{
    std::vector<std::string> headers;
    std::vector<std::vector<ReportCell>> rows;
};

// The "Compile" section (model.compile): its opening sentence, then Location, Graph break, Frames, Ranks,
// Resumes in (one row a distinct break); Function, Rank, Recompiles, Failed guard (one row a recompiled
// frame); Compile, Function, Rank, Failure, Known failure (one row a failed compile).
std::string compileSentence(const CompileSummary& compile, ReportLanguage language = ReportLanguage::English);
ReportTable compileBreaksTable(const CompileSummary& compile);
ReportTable compileRecompilesTable(
    const CompileSummary& compile, ReportLanguage language = ReportLanguage::English);
ReportTable compileFailuresTable(const CompileSummary& compile);

// Run, torch, torch git (12 characters), torch_npu, python, CANN, NPU backend, Kernels from; one row
// a run.
ReportTable toolchainTable(const ReportModel& model);
// Graph, DVM (baseline → this), DVM kernels, No longer DVM, Fallback calls added; one row a
// regressed graph (model.regressions).
ReportTable regressionsTable(const ReportModel& model);
// The "Compile side" of a --compare report: Graph, Change; one row a line core's pairExplanationLines
// (comparetext.h) gives a pair (its split, compile-side sentences and why-not-DVM reason changes, as
// `dvmlens-cli compare` prints them), then the compile-side sentences said under no pair (Graph "—").
// No rows without a comparison or when nothing changed on the compile side or in the reasons.
ReportTable compareSideTable(const ReportModel& model);
// Graph, Verdict, DVM coverage, Kernels, Fallback calls, Why not DVM; one row a listed graph of
// `run` (a folded one's verdict reads "engaged, same as rank 0").
ReportTable graphsTable(const ReportRun& run, ReportLanguage language = ReportLanguage::English);
// Kernel, Line, ktype, dyn_shape, Ops, Inputs, Outputs, Launches; one row a DVM kernel of `graph`.
ReportTable dvmKernelsTable(const ReportGraph& graph);

// The model source lines where kernels or fallback calls did not go to DVM, worst first, at most
// kReportSourceRows: Location, Function, DVM, Other kernels, Fallbacks, Graphs, Ranks, Code.
inline constexpr std::size_t kReportSourceRows = 15;
ReportTable whereItFellBackTable(const ReportModel& model);
// "Why it fell back": Reason, Count, Ops, Model lines, Releases, Fix, 修复; one row a reason, worst first
// (a Chinese report: the reason and fix in Chinese, no 修复 column).
ReportTable whyItFellBackTable(const ReportModel& model);
// "Environment checklist": #, Item, Status, Evidence, Fix; one row an item.
ReportTable checklistTable(const ReportModel& model);
// How many locations fell back in all (the table shows the first kReportSourceRows).
std::size_t fellBackLocations(const ReportModel& model);
// The sentence above that table (plain text, no markup), or, when the table is empty, instead of
// it. Non-DVM kernels and fallback calls whose model source line is unknown are counted there and
// are the table's last row, "unknown location": a tree where nothing has a source line must not
// read as one where nothing fell back.
std::string whereItFellBackLead(const ReportModel& model);
// Whether that table has rows (located or unknown); false: the lead says nothing fell back.
bool whereItFellBackHasRows(const ReportModel& model);

// One field of a known failure ("Rule", "Where", "Evidence", "Cause", "Fix"): its label and the
// pieces of its value in order (a Markdown bullet, an HTML table row). Text pieces here are
// inline, not table cells: Markdown escapes no pipe and shows nothing for an empty one.
struct ReportField
{
    std::string label;
    std::vector<ReportCell> value;
};

struct ReportFindingEntry
{
    Severity severity = Severity::Error;
    std::string title; // the rule's title (text) in the report's language
    std::vector<ReportField> fields;
    std::string fixCode; // shown as a code block when not empty
    std::string fixCodeLanguage;
};

// An unreadable log met while looking for known failures: "path: message".
struct ReportProblemLine
{
    Severity severity = Severity::Error;
    std::vector<ReportCell> value;
};

struct ReportFindings
{
    std::vector<ReportFindingEntry> entries; // numbered from 1 in this order
    std::vector<ReportProblemLine> problems;
};
ReportFindings findingsEntries(const ReportModel& model);
// The rows under the report's headline: Tree, Baseline, DVM Lens, Generated, Runs, Graphs, DVM engaged,
// DVM coverage, Kernels, Fallback calls (labels in the report's language); each writer renders them.
std::vector<ReportField> headerRows(const ReportModel& model);
inline constexpr std::string_view kNoKnownFailures =
    "None of the known failures was found in the logs or the tree.";

// Pieces the other writers share, so every format words things the same way (counts per backend
// and per fallback kind come from scantext.h, kernel facts from kernelwording.h).
// "engaged", "not engaged", "no output_code.py", "not indexed"… (in Chinese: 生效, 未生效…).
std::string graphVerdictText(Verdict verdict, ReportLanguage language = ReportLanguage::English);
// scantext's counts ("dvm 3, triton 1") as they are; "none" in `language`.
std::string countsInLanguage(ReportLanguage language, const std::string& counts);
// The rules' and the checklist's own words in `language`: their zh, or English where they have none.
std::string localizedText(ReportLanguage language, const LocalizedText& words);
// The backends the summary's kernels came from: "dvm, triton" (empty when there are none).
std::string kernelBackendsText(const Summary& summary);

} // namespace dvmlens
