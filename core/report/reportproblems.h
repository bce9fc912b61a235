// SPDX-License-Identifier: MIT
// "Problems reading the tree": what the walk, the archive reader and the parser could not read or
// read only in part (a FIFO output_code.py, a link out of the tree, an unreadable or cut file, a
// corrupt archive member…), so a bug report says which graphs its verdicts leave out. Diagnostics
// a known failure of the report restates (knownfailures.h: restatedDiagnostic, e.g. an FX cache
// hit's missing-output-code) are not repeated. Listed after the summary, bounded as the other
// lists (reportbounds.h).
#pragma once

#include "core/report/reportmodel.h"
#include "core/report/reporttables.h"

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

// The tree's problems (tree-level first, then each graph's in index order), then the baseline's.
std::vector<ReportTreeProblem> treeProblemsOf(const ReportModel& model, const RuleBook& rules);

// Where a problem is: the run and the graph of `index` whose folders hold its path.
struct ReportProblemPlace
{
    std::optional<std::size_t> run;
    std::optional<std::size_t> graph;
};
ReportProblemPlace problemPlace(const Index& index, const Diagnostic& diagnostic);

// The index a problem belongs to, and its path relative to that index's root (Where: ":line"
// added when it has one).
const Index& problemIndex(const ReportModel& model, const ReportTreeProblem& problem);
std::string problemPath(const ReportModel& model, const ReportTreeProblem& problem);
std::string problemWhere(const ReportModel& model, const ReportTreeProblem& problem);

// Severity, Code, Run, Graph, Path, Message; one row a listed problem of the tree (`baseline`
// false) or of the baseline.
ReportTable treeProblemsTable(const ReportModel& model, bool baseline);
bool hasTreeProblems(const ReportModel& model, bool baseline);

// The sentence above the tables: "2 problems reading the tree: what could not be read, or was read
// only in part, is not in the verdicts above."
std::string treeProblemsIntro(const ReportModel& model);

} // namespace dvmlens
