// SPDX-License-Identifier: MIT
// The dvmlens.sources/1 document (`dvmlens-cli sources --json`): model source locations with
// what their kernels and fallback calls became, worst first.
//   {"schema": "dvmlens.sources/1", "root",
//    "sources": [{"file", "line", "function", "code", "library": bool,
//                 "kernels": {<every backend>: n}, "fallbacks": {<every kind>: n}, "graphs", "runs",
//                 "items": [{"run" (name|null), "graph" (folder name), "kind": "kernel"|"fallback",
//                            "name" (kernel name | fallback target), "backend" (a kernel's backend |
//                            a fallback's kind), "line" (in output_code.py)}],
//                 "why": [{"code", "count", "ops": {<op>: n}}] (only when reasons are given)}],
//    "unattributed": {"kernels": {<every backend>: n}, "fallbacks": {<every kind>: n}},
//    "evidence": {"kernels": {<evidence>: n}, "fallbacks": {<evidence>: n}}}
// "evidence" (after the keys) counts the items by the source that placed them
// (sourceEvidenceName; "none": no source named a node). "why" (after "items", additive): the reasons
// of the line's non-DVM items, worst first (core's whyBySourceLine), ops most first.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcecompare.h"
#include "core/sources/sourcesummary.h"
#include "core/why/sourcelinewhy.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

inline constexpr const char* kSourcesSchema = "dvmlens.sources/1";

// `why` (may be null; else parallel to summary.locations): each location's "why" key.
nlohmann::ordered_json sourcesJson(
    const Index& index, const SourceSummary& summary, const SourceLinesWhy* why = nullptr);

// {"kernels": {<every backend>}, "fallbacks": {<every kind>}}: the counts object both use.
nlohmann::ordered_json locationCountsJson(const LocationCounts& counts);

// Pretty-printed with 2 spaces and a final newline; bytes that are not UTF-8 become U+FFFD.
std::string sourcesJsonText(
    const Index& index, const SourceSummary& summary, const SourceLinesWhy* why = nullptr);
// The same bytes, handed to `sink` in pieces as they are written (the document never sits whole
// in memory: `dvmlens-cli sources --json` of a 100k-kernel tree lists every item).
void writeSourcesJson(const Index& index, const SourceSummary& summary,
    const std::function<void(std::string_view)>& sink, const SourceLinesWhy* why = nullptr);

// The "sources" array scan/1 gives each kernel and fallback: [{"file", "line"}] of its shown frames.
nlohmann::ordered_json itemSourcesJson(const SourceMap& map, const SourceItemRef& item);

// compare/1's additive "sources" key: [{"file", "line", "function", "library", "change" ("left_dvm" |
// "fewer_dvm" | "joined_dvm" | "more_dvm"), "a": {"kernels", "fallbacks"} | null, "b": … | null}].
nlohmann::ordered_json sourceChangesJson(const std::vector<SourceLocationChange>& changes);

} // namespace dvmlens
