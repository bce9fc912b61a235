// SPDX-License-Identifier: MIT
// The bug-report kit's entry points for the CLI and the GUI's export actions.
#pragma once

#include "core/report/reportmodel.h"

#include <string>

namespace dvmlens {

// The whole report in one format (UTF-8). Markdown: reportmarkdown.h; HTML: reporthtml.h;
// JSON (dvmlens.report/1): reportjson.h. Deterministic for the same input. It streams every log of
// the index and reads source excerpts, so run it off the GUI thread (like indexing).
std::string renderReport(const ReportInput& input, ReportFormat format);

} // namespace dvmlens
