// SPDX-License-Identifier: MIT
// How a graph of a trace log is named as a folder of files, so the walk's consumers (re-readers of
// kernel bodies, versions, model sources, reports, the GUI's file view) read it as they read a
// debug tree's graph folder: "LOG!L<line>" is the graph whose inductor_output_code record is at
// <line> of the log LOG (itself maybe "ARCHIVE!/inner.log"), and "LOG!L<line>/output_code.py",
// ".../fx_graph_runnable.py", ".../fx_graph_transformed.py" and the provenance JSONs are the
// payloads of the records that make that graph (tracegraphs.h). io/safefile.h opens such a path by
// reading the log again (it never holds a log in memory): the line names the record, the md5
// checks it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

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

// Each graph's files (by the line of its inductor_output_code record): file name → record line.
using GraphFileLines = std::map<int, std::map<std::string, int>>;

// Assembles the graphs of `log` as the container did (metadata only) to find which record stands
// for each file; null with `error` when the log cannot be read. A log on disk is assembled once
// while it is unchanged.
std::shared_ptr<const GraphFileLines> graphFileLines(
    const std::string& log, const std::string& tree, FileError& error);

// The bytes of the member `path` (see above), reading the log through SafeFile bounded by `tree`;
// nullopt with `error` when it is no such member or cannot be read (Missing when the log has no
// such record or the graph no such file).
std::optional<std::string> readTraceMember(
    const TraceMemberName& member, const std::string& tree, FileError& error);

} // namespace dvmlens
