// SPDX-License-Identifier: MIT
// The tables both report writers show (toolchain, regressions, DVM kernels), built once from the
// report model; reportmarkdown and reporthtml only render them, so a column added or reworded
// here appears in both formats.
#pragma once

#include "report/reportmodel.h"

#include <string>
#include <vector>

namespace dvmlens {

struct ReportCell
{
    enum class Kind
    {
        Text, // words from the tree or the rules: escaped; Markdown shows "—" for an empty one
        Code, // a name or path: inline code ("—" when empty)
        Plain, // numbers and our own words, shown as they are
    };
    Kind kind = Kind::Text;
    std::string text;
};

struct ReportTable
{
    std::vector<std::string> headers;
    std::vector<std::vector<ReportCell>> rows;
};

// Run, torch, torch git (12 characters), torch_npu, python, CANN, NPU backend, Kernels from; one row
// a run.
ReportTable toolchainTable(const ReportModel& model);
// Graph, DVM (baseline → this), DVM kernels, No longer DVM, Fallback calls added; one row a
// regressed graph (model.regressions).
ReportTable regressionsTable(const ReportModel& model);
// Kernel, Line, ktype, dyn_shape, Ops, Inputs, Outputs, Launches; one row a DVM kernel of `graph`.
ReportTable dvmKernelsTable(const ReportGraph& graph);

// The model source lines where kernels or fallback calls did not go to DVM, worst first, at most
// kReportSourceRows: Location, Function, DVM, Other kernels, Fallbacks, Graphs, Ranks, Code.
inline constexpr std::size_t kReportSourceRows = 15;
ReportTable whereItFellBackTable(const ReportModel& model);
// How many locations fell back in all (the table shows the first kReportSourceRows).
std::size_t fellBackLocations(const ReportModel& model);

} // namespace dvmlens
