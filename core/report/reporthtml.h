// SPDX-License-Identifier: MIT
// The HTML bug report: one self-contained file (inline CSS, no scripts or external assets, light
// and dark through prefers-color-scheme), well-formed XHTML-compatible markup so XML tools can
// read it, with the DVM builder and fallback lines shown as highlighted, escaped code.
#pragma once

#include "core/report/reportmodel.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace dvmlens {

// `stopAfter`: as markdownReport's (the text is left unfinished once it is longer).
std::string htmlReport(const ReportModel& model, std::size_t stopAfter = SIZE_MAX);

// One line of Python, HTML-escaped, with <span class="kw|str|com|num|op|ty|dec"> around keywords,
// strings, comments, numbers, DVM ops (k.<op>), dtypes (dvm.<type>, torch.float32…) and decorators.
std::string highlightPythonLine(std::string_view line);

// &, <, >, " and ' escaped.
std::string htmlEscaped(std::string_view text);

} // namespace dvmlens
