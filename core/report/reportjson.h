// SPDX-License-Identifier: MIT
// The machine-readable bug report: dvmlens.report/1. Keys are always present, in this order, and
// unknown values are null. Paths are relative to "root" (the reported tree) unless outside it.
//
// {"schema": "dvmlens.report/1",
//  "tool": {"name": "dvmlens", "version": "0.1.0"},
//  "generated_at": string | null   (only when the caller injects a time; reports are deterministic),
//  "root": the tree's absolute path,
//  "verdict": {"sentence": "DVM partly engaged (1 of 2 graphs)", "dvm_engaged": bool,
//              "dvm_engaged_graphs": n, "graphs_with_output_code": n, "dvm_coverage": 0..1 | null},
//  "summary": summaryJson (scanjson.h: runs, graphs, kernels per backend, fallbacks per kind, …),
//  "runs": [{"name": string | null, "path", "pid": n | null, "started": string | null,
//            "versions": {"torch", "torch_git", "torch_cuda", "torch_npu", "python", "cann", "npu_backend",
//                         "source"}   (each string | null),
//            "environment": {"TORCHINDUCTOR_NPU_BACKEND": "dvm", …}   (fx_graph_runnable.py os.environ),
//            "dvm_coverage": 0..1 | null,
//            "graphs": [{"name", "path", "verdict": "engaged" | "not_engaged" | "no_output_code",
//                        "reasons": [string…], "output_code": path | null, "dvm_coverage": 0..1 | null,
//                        "kernels": {"dvm": n, "import_fx": n, …every backend}, "launches": n,
//                        "fallbacks_by_kind": {"aten": n, "npu": n, "extern": n, "other": n},
//                        "dvm_kernels": [kernelJson (scanjson.h) + "source": {"first_line": n,
//                                        "lines": [string…], "cut": bool} | null],
//                        "fallbacks": [{"target", "kind", "line", "source": string | null}],
//                        "known_failures": [index into "known_failures"…],
//                        "dvm_kernels_left_out": n, "sources_left_out": n, "fallbacks_left_out": n
//                                        (bounded reports: entries not in the lists above),
//                        "identical_in": [run names]   (on the graph shown for ranks identical on
//                                        every rank; [] otherwise),
//                        "same_as": {"run", "graph", "rank"} | null   (a graph folded into that one:
//                                        its lists are empty)}],
//          "graphs_left_out": n   (graphs of the run whose entries the bounds' last levels cut from
//                                  "graphs"; known failures' "graph" stays the Index position)}],
//  "known_failures": [{"id", "layer", "severity": "error" | "warning" | "info",
//                      "confidence": "high" | "medium",
//                      "title": {"en", "zh"}, "cause": {"en", "zh"}, "fix": {"en", "zh"},
//                      "fix_code": {"language", "text"} | null,
//                      "path", "line": n | null, "occurrences": n, "excerpt": string,
//                      "run": index | null, "graph": index | null}],
//  "problems": [diagnosticJson…]   (logs that could not be read),
//  "tree_problems": [{"code", "severity", "path" (relative to its tree's root), "line": n | null,
//                     "message", "run": index | null, "graph": index | null, "baseline": bool}]
//                   (reportproblems.h: what the walk, the archive reader and the parser could not
//                   read, of the tree and, with a comparison, of the baseline; bounded),
//  "comparison": null | {"baseline": the baseline's root, "summary": dvmlens.compare/1 "summary",
//                        "regressions": [dvmlens.compare/1 "graphs" entries whose "regression" is true]},
//  "profile", "where_it_fell_back"   (only with a profile / model sources),
//  "bounds": {"full": bool, "max_bytes": n, "folded_graphs": n, "dvm_kernels_left_out": n,
//             "fallbacks_left_out": n, "graphs_left_out": n, "known_failures_left_out": n,
//             "tree_problems_left_out": n}
//             (reportbounds.h; "full" with --full; known failures of one rule past the first few
//             are left out, graphs' indices follow)}
#pragma once

#include "core/report/reportmodel.h"

#include <nlohmann/json.hpp>

#include <string>

namespace dvmlens {

inline constexpr const char* kReportSchema = "dvmlens.report/1";

nlohmann::ordered_json reportJson(const ReportModel& model);

// reportJson, indented by 2 spaces (`indented` false: on one line, as a bounded report that would
// not fit otherwise is), ending in a newline; invalid UTF-8 becomes U+FFFD.
std::string jsonReport(const ReportModel& model, bool indented = true);
std::string jsonReportText(const nlohmann::ordered_json& report, bool indented); // as jsonReport
// The bytes of every graph's object in jsonReport on one line, summed up to just past `stopAfter`:
// a document holding them is at least this long, so a bounded report skips a level that cannot
// fit without building its whole document.
std::size_t graphsJsonBytes(const ReportModel& model, std::size_t stopAfter);

} // namespace dvmlens
