// SPDX-License-Identifier: MIT
// How a graph of a trace log is named as a folder of files, so the walk's consumers (re-readers of
// kernel bodies, versions, model sources, reports, the GUI's file view) read it as they read a
// debug tree's graph folder: "LOG!L<line>" is the graph whose inductor_output_code record is at
// <line> of the log LOG (itself maybe "ARCHIVE!/inner.log"), and "LOG!L<line>/output_code.py",
// ".../fx_graph_runnable.py", ".../fx_graph_transformed.py" and the provenance JSONs are the
// payloads of the records that make that graph (tracegraphs.h). Its container (tracecontainer.h)
// opens such a path by reading the log again (it never holds a log in memory): the line names the
// record, the md5
// checks it.
#pragma once

#include "core/trace/tracereadmemo.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

class Container;
struct FileError;

inline constexpr std::string_view kTraceGraphSeparator = "!L";

// "LOG!L<line>".
std::string traceGraphPath(std::string_view log, int line);

struct TraceMemberName
{
    std::string log;
    int line = 0;
    std::string file; // "output_code.py"…; "" for the graph folder itself
};

// Splits "LOG!L<line>[/file]" (the last "!L<digits>" followed by '/' or the end); nullopt for any
// other path.
std::optional<TraceMemberName> parseTraceMemberPath(std::string_view path);

// The tree that bounds `member`'s log when a reader bounds the member by `tree`: the log itself when
// `tree` is the graph's folder (LOG!L<line>), else `tree`.
std::string traceLogTree(const TraceMemberName& member, const std::string& tree);

// Assembles the graphs of `log` as the container did (metadata only) to find which record stands
// for each file (GraphFileLines, tracereadmemo.h); null with `error` when the log cannot be read.
// With a memo, a log is assembled once while it is unchanged, and its read leaves line marks.
std::shared_ptr<const GraphFileLines> graphFileLines(const Container& files, const std::string& log,
    const std::string& tree, FileError& error, TraceReadMemo* memo);

// The bytes of the member `path` (see above), reading the log through `files` bounded by `tree`;
// nullopt with `error` when it is no such member or cannot be read (Missing when the log has no
// such record or the graph no such file). With a memo, the read starts at the line mark before the
// record that earlier reads left there (tracereadmemo.h), else at the log's start.
std::optional<std::string> readTraceMember(const Container& files, const TraceMemberName& member,
    const std::string& tree, FileError& error, TraceReadMemo* memo);

// One plain trace log on disk opened once (through SafeFile: a regular file inside the tree) for
// many re-reads of its graphs' files: each read is a positioned read of about one record from the
// nearest of the view's marks (those the index's read of the same file left in the memo, else
// taken in one pass over the log when first asked), with no open, stat or copy per file, and its
// payload checked against its md5 as readTraceMember checks it.
// Memory: the marks (bounded as tracelinemarks.h bounds them) and one record at a time, never the
// log. Reads from any thread; answers as readTraceMember does. A TraceLogContainer keeps one per log.
class TraceLogView
{
public:
    // Null when `log` is no plain log on disk that can be opened inside `tree` (an archive member,
    // a gzip log, a file that is not there): readTraceMember reads those, and says what is wrong.
    static std::shared_ptr<TraceLogView> open(const std::string& log, const std::string& tree);
    ~TraceLogView();
    TraceLogView(const TraceLogView&) = delete;
    TraceLogView& operator=(const TraceLogView&) = delete;

    // The bytes of `member`, a graph's file of this log (as readTraceMember; `files` and `tree` as
    // it gets them: which record stands for a file other than output_code.py is found through them).
    std::optional<std::string> read(const Container& files, const TraceMemberName& member,
        const std::string& tree, FileError& error, TraceReadMemo* memo);

private:
    TraceLogView(std::string log, int fd);
    std::optional<std::string> payload(int line, FileError& error, const TraceReadMemo* memo);

    std::string m_log;
    int m_fd = -1;
    std::once_flag m_marked;
    std::vector<std::uint64_t> m_offsets; // of the marks, parallel to m_lines
    std::vector<int> m_lines; // marked lines, ascending
};

} // namespace dvmlens
