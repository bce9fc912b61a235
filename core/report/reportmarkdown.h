// SPDX-License-Identifier: MIT
// The Markdown bug report: pastes into GitHub and GitCode issues (tables, <details> for long
// parts, fenced python code). Layout: headline verdict, summary table, toolchain per run,
// regressions against a baseline (when compared), known failures with cause and fix, graphs,
// DVM kernels with their builder source, fallback calls.
#pragma once

#include "core/report/reportmodel.h"
#include "core/text/kernelwording.h" // dvmInputText, dvmOutputText, shapeText
#include "core/text/scantext.h" // kernelCountsText, fallbackCountsText

#include <cstdint>
#include <string>

namespace dvmlens {

// `stopAfter`: once the text is longer, the rest is not written (a bounded report then tries a
// tighter level), so an overlong level costs no more memory than the bound.
std::string markdownReport(const ReportModel& model, std::size_t stopAfter = SIZE_MAX);

// A value from the tree or a profile as a Markdown table cell, escaped as every name in the report
// is (controls as \x1b escapes, HTML as entities, pipes, backslashes, backticks, "](" broken).
std::string markdownCellText(const std::string& text);

// A few lines for "Copy Summary as Markdown": verdict, coverage, kernels per backend, fallbacks,
// torch / torch_npu versions and known failures (built-in rules) by title, in `language` (the rules'
// own Chinese titles in Chinese). It reads the runs' logs and fx_graph_runnable.py headers, so call
// it off the GUI thread for big trees.
std::string summaryMarkdown(const Index& index, ReportLanguage language = ReportLanguage::English);

} // namespace dvmlens
