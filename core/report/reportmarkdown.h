// SPDX-License-Identifier: MIT
// The Markdown bug report: pastes into GitHub and GitCode issues (tables, <details> for long
// parts, fenced python code). Layout: headline verdict, summary table, toolchain per run,
// regressions against a baseline (when compared), known failures with cause and fix, graphs,
// DVM kernels with their builder source, fallback calls.
#pragma once

#include "report/reportmodel.h"
#include "text/scantext.h" // kernelCountsText, fallbackCountsText

#include <string>

namespace dvmlens {

std::string markdownReport(const ReportModel& model);

// A few lines for "Copy Summary as Markdown": verdict, coverage, kernels per backend, fallbacks,
// torch / torch_npu versions and known failures (built-in rules) by title. It reads the runs'
// logs and fx_graph_runnable.py headers, so call it off the GUI thread for big trees.
std::string summaryMarkdown(const Index& index);

// Pieces the other writers share, so every format words things the same way (counts per backend
// and per fallback kind come from scantext.h).
std::string graphVerdictText(Verdict verdict); // "engaged", "not engaged", "no output_code.py", "not indexed"…
// The backends the summary's kernels came from: "dvm, triton" (empty when there are none).
std::string kernelBackendsText(const Summary& summary);
std::string dvmInputText(const DvmInput& input); // "load float32[128, 128]", "scalar int64"
std::string dvmOutputText(const DvmOutput& output); // "relu float32"

} // namespace dvmlens
