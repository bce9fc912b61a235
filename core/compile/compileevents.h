// SPDX-License-Identifier: MIT
// The compile side of a TORCH_TRACE log, per graph (one Dynamo compile id) and per frame: graph breaks
// with the resume function they created, restarts, recompiles with the failed guards in words, the
// FX-graph and AOTAutograd cache state, compile time by phase and failures. Records and fields by
// PyTorch version: ../shared/reference/compile-events.md (§1 breaks, §2 recompiles, §3 caches, §4
// time, §5 failures). Every field is optional in the log, so every fact here is too.
#pragma once

#include "core/model/model.h"
#include "core/trace/tracelog.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct GraphBreak
{
    std::string type; // the reason's first line (gb_type in ≈2.7+): what distinct breaks group on
    std::string reason; // the whole reason (type, Explanation, Hints, context)
    std::vector<std::string> hints; // the "Hint:" lines, without the word
    std::string file; // user frame of the break ("" when unknown)
    int line = 0;
    std::string userStack; // "File …, line …" lines of the user code traceback
    std::string resumeFunction; // torch_dynamo_resume_in_<fn>_at_<line> that runs the rest, "" if none seen
    bool fromRestart = false; // ≤2.5 log: no break artifact, told by restart_reasons and a resume frame
    int recordLine = 0; // the log line it was read from
};

struct GuardFailure
{
    std::string entry; // the earlier cache entry ("0/1"), "" when the reason names none
    std::string guard; // as PyTorch wrote it ("tensor 'x' size mismatch at index 0. expected 3, actual 4")
    std::string words; // "`L['x'].size()[0] == 3` failed: 4" when the form is known, else the guard
};

struct CacheUse
{
    std::string state; // "hit", "miss", "bypass", "disabled"; "" when the log says nothing
    std::string bypassReason;
    std::string key;
    std::optional<std::int64_t> timeSavedUs; // a hit's time saved
};

struct CompileTimes
{
    // PyTorch's nested spans (dynamo ⊇ aot ⊇ inductor ⊇ codegen), µs; _us fields first, _s ones before 2.6.
    std::optional<std::int64_t> dynamoUs, aotUs, inductorUs, codegenUs;
};

struct CompileFailure
{
    std::string type; // last dotted component of fail_type ("InductorError", "BackendCompilerFailed")
    std::string reason; // fail_reason
    std::string file; // fail_user_frame_filename, "" when null
    int line = 0;
    std::string traceback; // the dynamo_error artifact (≥Dec 2024)
    std::string knownFailure; // a known failure's rule id ("fallbackkernel-no-data"), "" if none
};

// One compile of one frame: every record of one compile id (all attempts).
struct GraphCompileFacts
{
    CompileId id; // attempt cleared
    int resetRepeat = 0; // a reset repeated the id: its n-th repeat in the log (core/trace/compileresets.h)
    std::optional<std::int64_t> rank;
    std::string function; // co_name ("forward", "torch_dynamo_resume_in_forward_at_210")
    std::string file; // co_filename
    int firstLine = 0;
    std::vector<GraphBreak> breaks; // breaks found while tracing this compile
    std::vector<std::string> restartReasons;
    bool recompile = false; // frame_compile_id > 0
    std::vector<GuardFailure> recompileReasons; // one per earlier cache entry, newest first
    bool recompileLimitHit = false; // refused: the recompile limit was reached
    CacheUse fxCache, aotCache;
    CompileTimes times;
    std::optional<CompileFailure> failure;
    bool hasMetrics = false; // a compilation_metrics record was seen
    bool started = false; // a dynamo_start record was seen
    // The break this compile's frame resumes after (a resume function), copied from the frame that broke.
    std::optional<GraphBreak> afterBreak;
    std::string afterBreakOf; // that compile's id text ("0/0")
    int firstRecordLine = 0;
    // When it ran, from the records' prefix times (local, no year; µs from the start of a year): the
    // first record's, and the compilation_metrics record's (its end). Its length: duration_us, else the
    // Dynamo time, else end - start.
    std::int64_t startUs = 0;
    std::optional<std::int64_t> endUs;
    std::optional<std::int64_t> durationUs;

    std::string idText() const; // "0/1", "!0/2/0", "0/1 after reset 1"
};

struct CompileLog
{
    std::string path;
    std::optional<std::int64_t> rank; // from the records, else from the file name (_rank_N)
    std::vector<GraphCompileFacts> graphs; // in the order they first appear
    std::vector<Diagnostic> diagnostics;
    bool opened = false;
    std::string error;
};

// Reads the compile events of one trace log (see readTraceLog for files, path and tree).
CompileLog readCompileEvents(const Container& files, const std::string& path, const std::string& tree);
// The same over log text in memory.
CompileLog compileEventsFromText(std::string_view text, const std::string& path);

// "[0/1_1]" → "0/1": a graph's compile id (tlparse notation, attempt) as GraphCompileFacts::idText names it.
std::string compileIdKey(const std::string& compileId);

// The compile facts of one graph: by its compile id ("0/1", "[0/1]", attempts ignored) and, when a reset
// repeated the id, which repeat (GraphOrigin::compileResetRepeat); null if the log has none.
const GraphCompileFacts* compileFactsFor(
    const CompileLog& log, const std::string& compileId, int resetRepeat = 0);

// "torch_dynamo_resume_in_forward_at_210" → {"forward", 210}; nullopt when not a resume function's name.
struct ResumeName
{
    std::string function;
    int line = 0;
};
std::optional<ResumeName> parseResumeName(std::string_view name);

} // namespace dvmlens
