// SPDX-License-Identifier: MIT
// The frames of the compile side (issue #27, "joined to the verdict"): a frame is one user function
// Dynamo compiled in one process (framekey.h: per rank, anew after torch._dynamo.reset()), with its
// compiles in order (the first, recompiles #n with their failed guards, failed and refused ones), the
// graphs of the index those compiles made (compilegraphs.h) and the DVM-engaged share of those graphs,
// counted by the verdict code (verdict.h). A resume function after a graph break is a frame of its own
// that says which function and break it resumes after.
#pragma once

#include "core/compile/compileevents.h"
#include "core/model/model.h"
#include "core/rules/rulebook.h"
#include "core/verdict/verdict.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dvmlens {

struct CompileFrame
{
    std::size_t log = 0; // index in the logs read
    std::optional<std::int64_t> rank;
    std::int64_t frameId = -1;
    std::optional<std::int64_t> compiledAutogradId;
    int resetRepeat = 0; // the frame compiled again after the n-th torch._dynamo.reset()
    std::string function; // co_name of its first compile that names one
    std::string file; // co_filename, "" when unknown
    int line = 0; // co_firstlineno, 0 when unknown
    // A resume function's frame: the function it runs the rest of ("forward"), the break it resumes
    // after and the compile that broke ("0/0"), when the log holds that break.
    std::string resumes;
    std::optional<GraphBreak> afterBreak;
    std::string afterBreakOf;
    std::vector<const GraphCompileFacts*> compiles; // in log order: compiles.front() is the first
    int recompiles = 0; // compiles with frame_compile_id > 0 (refused ones included)
    int failed = 0; // compiles that failed
    int refused = 0; // recompiles refused at the recompile limit
    int breaks = 0; // graph breaks met while tracing its compiles
    // (run, graph) positions in the index of the graphs its compiles made, in index order.
    std::vector<std::pair<std::size_t, std::size_t>> graphs;
    VerdictCounts verdicts; // of those graphs: the share is verdicts.engaged of verdicts.withCode
};

// The frames of `logs` in the order their first compile comes (log by log). With an index, each frame's
// graphs are the index's graphs read from the same log with one of its compile ids.
std::vector<CompileFrame> compileFrames(const std::vector<CompileLog>& logs, const Index* index = nullptr);

// "forward (model.py:12)", "forward" without a file; a resume function:
// "torch_dynamo_resume_in_forward_at_210 (layers.py:210)".
std::string frameTitle(const CompileFrame& frame);
// "DVM engaged in 2 of 3 graphs" ("1 graph"); "no graphs in the index" when its compiles made none found.
LocalizedText frameShareText(const CompileFrame& frame);
// The short share for a column: "DVM 2 of 3 graphs", "no graphs".
LocalizedText frameShareShort(const CompileFrame& frame);
// The frame in sentences: its compiles and recompiles with their reasons, failures, refusals, the break
// it resumes after and the breaks it met (compilestory's words), for a tooltip and the CLI.
std::vector<LocalizedText> frameStory(const CompileFrame& frame);

// dvmlens-cli compile's "frames" section: a line per frame ("forward (layers.py:200), rank 0: 1 compile,
// 0 recompiles, 1 break, 2 graphs: DVM engaged in 1 of 2 graphs"), a resume function's break under it.
std::string compileFramesText(const std::vector<CompileFrame>& frames);

} // namespace dvmlens
