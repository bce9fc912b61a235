// SPDX-License-Identifier: MIT
// The dvmlens.scan/1 JSON document: a stable, scriptable copy of an Index. Keys keep their order,
// and unknown values are null, never left out.
#pragma once

#include "core/compile/indexcompile.h"
#include "core/model/model.h"
#include "core/profile/profilejoin.h"
#include "core/verdict/summary.h"
#include "core/why/whyindex.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace dvmlens {

inline constexpr const char* kScanSchema = "dvmlens.scan/1";

// {"schema","root","runs":[…],"diagnostics":[…],"summary":{…}}
nlohmann::ordered_json scanJson(const Index& index);

// scanJson, pretty-printed with 2 spaces and a final newline. Bytes that are not UTF-8 (in paths)
// become U+FFFD instead of throwing.
// With `profile`, the keys README lists as added by --profile ("device_time_us", "profile").
// With `modelSources`, every kernel and fallback gains "sources": [{"file", "line"}] (its model
// source lines, sources/sourcemap.h; [] when unknown), found graph by graph while writing.
// With `why` (why/whyindex.h), every non-DVM kernel and fallback gains "why" and every graph, run and
// the document "why_summary" (docs/why-not-dvm.md), each graph explained from the output_code.py
// text its model sources read (one read of the file, not two); a file that cannot be read again
// adds "why-unreadable" after the index's diagnostics.
// With `compile` (compile/indexcompile.h), every graph and the document gain "compile"
// (docs/compile-side.md): a graph's compile facts, the rollup; null where no trace log says.
std::string scanJsonText(const Index& index, const ProfileJoin* profile = nullptr, bool modelSources = false,
    const WhyContext* why = nullptr, const IndexCompile* compile = nullptr);

// The same bytes as scanJsonText, handed to `sink` in pieces of about 1 MB as they are written, so
// the whole document never sits in memory (dvmlens-cli scan --json streams it to stdout). Graphs
// are rendered by `jobs` threads (0: one per core), a bounded number ahead of the sink.
void writeScanJson(const Index& index, const std::function<void(std::string_view)>& sink, int jobs = 0,
    const ProfileJoin* profile = nullptr, bool modelSources = false, const WhyContext* why = nullptr,
    const IndexCompile* compile = nullptr);

// The pieces, for other documents that embed the same objects (e.g. dvmlens.compare/1).
nlohmann::ordered_json graphJson(const Graph& graph);
nlohmann::ordered_json outputCodeJson(const OutputCode& code);
// Non-DVM kernels have only name, backend, line, end_line, launches.
nlohmann::ordered_json kernelJson(const Kernel& kernel);
nlohmann::ordered_json diagnosticJson(const Diagnostic& diagnostic);
// {"runs","graphs","graphs_with_output_code","dvm_engaged_graphs","kernels":{<every backend>},
//  "kernels_total","launches","fallbacks":{<every kind>},"fallbacks_total",
//  "diagnostics":{"info","warning","error"},"dvm_engaged"}
nlohmann::ordered_json summaryJson(const Summary& summary);

} // namespace dvmlens
