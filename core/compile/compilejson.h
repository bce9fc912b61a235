// SPDX-License-Identifier: MIT
// The compile side as JSON (docs/compile-side.md): the per-graph "compile" object scan --json gains once
// graphs carry their compile ids, the top-level "compile" rollup, and dvmlens-cli compile's document
// (schema "dvmlens.compile/1").
#pragma once

#include "core/compile/compileframes.h"
#include "core/compile/compilesummary.h"
#include "core/compile/compiletimeline.h"

#include <nlohmann/json.hpp>

namespace dvmlens {

// {"cache", "time_us": {"dynamo", "aot", "inductor", "codegen"}, "recompile": {"n", "reasons"} | null,
//  "after_break": {"reason", "file", "line"} | null, "failed": {"type", "reason", "file", "line"} | null};
// null for no facts.
nlohmann::json graphCompileJson(const GraphCompileFacts* facts);

// {"breaks": [{"reason", "type", "file", "line", "frames", "ranks"}], "recompiles", "cache": {"hit", "miss",
//  "bypass"}, "failures", …}
nlohmann::json compileSummaryJson(const CompileSummary& summary);

// dvmlens.compile/1: the logs read, every graph with its facts, and the rollup.
// "timeline": [{"rank", "compiles": [{"log", "id", "function", "start_us", "duration_us", "recompile",
// "failed", "refused"}]}], a row per rank (compiletimeline.h).
nlohmann::json compileTimelineJson(const CompileTimeline& timeline);

// The frames, "compile"."frames" of scan --json and dvmlens-cli compile --json: [{"function", "file", "line",
// "rank", "frame_id", "reset", "compiles", "recompiles", "failed", "refused", "breaks", "graphs",
// "graphs_with_code", "dvm_graphs", "compile_ids", "resumes": {"function", "after_break"} | null}].
nlohmann::json compileFramesJson(const std::vector<CompileFrame>& frames);

nlohmann::json compileDocument(const std::vector<CompileLog>& logs, const CompileSummary& summary);

} // namespace dvmlens
