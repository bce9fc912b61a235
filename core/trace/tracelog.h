// SPDX-License-Identifier: MIT
// A streaming reader of PyTorch's structured trace logs (TORCH_TRACE=<dir>, the files
// dedicated_log_torch_trace[_rank_N]_<random>.log, plain or .log.gz; tlparse keeps a copy as
// raw.log). Each record is one glog-style line
//
//     V0822 14:00:50.901000 2354972 torch/_inductor/graph.py:2390] {"inductor_output_code": {...}, "rank": 1,
//     ...}
//
// followed by its payload lines, each the payload's line after one TAB, checked against the md5
// in "has_payload". The reader hands over one record at a time, so memory is bounded by the
// largest payload kept (and by TraceReadOptions' limits), never by the file. Every problem is a
// Diagnostic with the file and line, and the rest of the log is still read.
//
// This header is the stable API that the trace container (tracerun.h) and the compile events
// (graph breaks, recompiles, cache, failures) build on; format notes: ../shared/reference/trace-and-cache.md
// §A2-A4. Usage:
//
//     TraceReadOptions options;
//     options.interest = [](std::string_view kind) {
//         return kind == "inductor_output_code" ? TraceInterest::Payload : TraceInterest::Skip;
//     };
//     TraceReadResult result = readTraceLog(path, tree, options, [&](TraceRecord& record) {
//         keep(record.compileId.text(), std::move(*record.payload));   // the record is yours to move from
//     });
//     // result.diagnostics: payload mismatches, cut payloads, lines that are not records…
#pragma once

#include "core/io/container.h"
#include "core/model/model.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// Dynamo's compile id as a record carries it ("compiled_autograd_id", "frame_id",
// "frame_compile_id", "attempt"); any part may be absent.
struct CompileId
{
    std::optional<std::int64_t> compiledAutogradId;
    std::optional<std::int64_t> frameId;
    std::optional<std::int64_t> frameCompileId;
    std::optional<std::int64_t> attempt;

    // Whether the record was logged inside a compile (a frame id or a compiled autograd id).
    bool known() const
    {
        return frameId || compiledAutogradId;
    }
    // tlparse's notation: "[0/1]", "[0/1_1]" (attempt 1; attempt 0 is not written), "[!0/2/0]"
    // (compiled autograd 0, frame 2, compile 0), "[!0]"; "" when !known(). A missing frame compile
    // id is written "?".
    std::string text() const;
    friend bool operator==(const CompileId&, const CompileId&) = default;
};

// The prefix's time: local time of the writer, with no year and no time zone in the log.
struct TraceTime
{
    int month = 0; // 1-12
    int day = 0;
    int hour = 0;
    int minute = 0;
    int second = 0;
    int microsecond = 0;
    // "MM-DD HH:MM:SS.ffffff", never with an invented year.
    std::string text() const;
    // ISO 8601 without a year ("--MM-DDTHH:MM:SS.ffffff", ISO 8601:2000's reduced form).
    std::string isoWithoutYear() const;
};

// Linux's largest possible pid (PID_MAX_LIMIT): a larger third column is a thread id.
inline constexpr std::int64_t kLargestPid = 4194304;

struct TraceRecord
{
    std::string kind; // the record's tag, its first JSON key: "inductor_output_code", "artifact", "str"…
    int line = 0; // 1-based line of the record's own line in the log (its payload follows)
    char level = 'V'; // glog level letter: V (trace records are DEBUG), I, W, E, C
    TraceTime time;
    // The prefix's third column: the writing process's pid since PyTorch ≈2.5 (PR #130679), the
    // writing thread's id before; writerIsThreadId says which it looks like (larger than any pid).
    std::int64_t writer = 0;
    bool writerIsThreadId = false;
    std::string emitter; // the Python file that logged it, as written: "torch/_inductor/graph.py"
    int emitterLine = 0;
    nlohmann::json metadata; // the whole JSON object of the line (tag, ids, rank, has_payload…)
    CompileId compileId;
    std::optional<std::int64_t> rank; // "rank" (set once torch.distributed is initialised)
    std::optional<std::string> payloadMd5; // "has_payload"
    // The payload text (one TAB taken off each payload line, lines joined with '\n'), when the
    // record has payload lines and the interest asked for it and it fit the limit.
    std::optional<std::string> payload;
    bool payloadVerified = false; // payload's md5 equals payloadMd5
    // The log's interned strings so far (shared by the log's records, kept alive by any copy).
    std::shared_ptr<const std::vector<std::string>> strings;

    // metadata[kind] (e.g. {"filename": …} of inductor_output_code); null when absent.
    const nlohmann::json& body() const;
    // metadata[kind]["name"] for "artifact" and "graph_dump" records ("fx_graph_runnable"…); "".
    std::string name() const;
    // The string a "str" record interned under `index` (stack frames' "filename" ints); nullopt
    // when no such record came before.
    std::optional<std::string_view> internedString(std::int64_t index) const;
};

// What the reader does with a record of a kind, asked once per record before its JSON is parsed.
enum class TraceInterest
{
    Skip, // not parsed, not handed over; its payload is skipped unchecked
    Metadata, // parsed and handed over; its payload is skipped unchecked (payload nullopt)
    Payload, // parsed, its payload kept, checked against has_payload, and handed over
};

class TraceReadMemo;

struct TraceReadOptions
{
    // Default: every record with its payload. "str" records are always read (for internedString).
    std::function<TraceInterest(std::string_view kind)> interest;
    // A longer line is not kept: it is skipped (a "trace-line-too-long" diagnostic), so a 40 MB
    // line costs no 40 MB. Real metadata lines reach tens of KB.
    std::size_t maxLineBytes = 32u << 20;
    // A longer payload is not kept (payload nullopt, "trace-payload-too-large"); it is still checked.
    std::size_t maxPayloadBytes = 512u << 20;
    // Bytes of the log (after gunzip) read at most; past them the reader stops ("trace-budget").
    std::uint64_t budget = std::uint64_t(64) << 30;
    // At most this many diagnostics of one code per log; one more says how many were left out.
    int maxDiagnosticsPerCode = 20;
    const std::atomic<bool>* cancel = nullptr;
    // When set, only the record whose line is `onlyLine` is parsed (with its payload, whatever the
    // interest says) and handed over, and reading stops right after it: a re-read of one record.
    int onlyLine = 0;
    // What earlier reads of these logs left and this read leaves for later ones (tracereadmemo.h:
    // line marks, gzip access points); null: nothing is found or kept.
    TraceReadMemo* memo = nullptr;
    // With onlyLine and a memo: begin at the last line at or before it that an earlier read of this
    // same log on disk passed (same path, device, inode, size, mtime; tracelinemarks.h) instead of
    // at byte 0 (a gzip log: at the access point before it). The record is the same; lines, records
    // and diagnostics then cover only what was read (bytes counts the skipped bytes too, as the
    // budget does).
    bool resumeNearOnlyLine = false;
    // When not empty (ascending, without onlyLine): only the records at these lines are parsed and
    // handed over, each as onlyLine's is, and reading stops right after the last: a re-read of
    // several records in one pass (traceahead.h).
    std::vector<int> onlyLines;
};

struct TraceReadResult
{
    bool opened = false; // false: `error` says why the log could not be read at all
    std::string error;
    bool cancelled = false;
    bool resumed = false; // reading began part-way (resumeNearOnlyLine)
    std::uint64_t bytes = 0; // bytes of log text read (after gunzip)
    int lines = 0;
    int records = 0; // records recognised (handed over or skipped)
    std::vector<Diagnostic> diagnostics; // path = the log's path, line = the record's line
};

using TraceRecordHandler = std::function<void(TraceRecord& record)>;

// Reads the log `path` (plain or gzip, told by its content) through `files` (io/container.h:
// regular files only, inside `tree`; a member of the archive `files` reads works too).
TraceReadResult readTraceLog(const Container& files, const std::string& path, const std::string& tree,
    const TraceReadOptions& options, const TraceRecordHandler& onRecord);

// The same over log text in memory (not gzip); `path` names it in diagnostics.
TraceReadResult readTraceText(std::string_view text, const std::string& path, const TraceReadOptions& options,
    const TraceRecordHandler& onRecord);

// Whether the first non-empty line of `head` (a file's first bytes; that line may be cut off) is a
// trace record line: glog prefix then '{'.
bool looksLikeTraceLog(std::string_view head);

} // namespace dvmlens
