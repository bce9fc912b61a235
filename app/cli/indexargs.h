// SPDX-License-Identifier: MIT
// What `scan` and `check` share: the [--json] [--jobs N] PATH arguments and building the index.
#pragma once

#include "command.h"
#include "core/model/model.h"
#include "core/parse/outputcodeparser.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

struct IndexArgs
{
    std::string path; // local 8-bit bytes, as the shell passed them
    int jobs = 0; // 0 = one worker per core
    bool json = false;
    // What the command shows of DVM kernel bodies decides how much of them the index keeps
    // (IndexOptions::kernelDetail / kernelBodyBudget).
    dvmlens::KernelDetail kernelDetail = dvmlens::KernelDetail::Full;
    std::size_t kernelBodyBudget = 0;
};

// Declares --jobs N (and --json when `acceptJson`), which parseIndexArgs reads.
void declareIndexOptions(CommandOptions& options, bool acceptJson);

// Reads the options declared by declareIndexOptions and the one PATH; on bad usage prints the message
// and the synopsis and returns nullopt (the caller exits with ExitUsage).
std::optional<IndexArgs> parseIndexArgs(
    const Command& command, const CommandOptions& options, bool acceptJson);

// Scans and parses; when PATH is missing or unreadable prints "dvmlens-cli: <name>: <error>" and
// returns null (the caller exits with ExitUsage). The index is never freed: the process ends right
// after using it, and the OS reclaims its pages faster than tens of thousands of destructors run
// (about 20 ms of a 0.2 s scan of a 150 MB tree).
// Files named like logs that were not read (a link out of PATH, a FIFO: core's isUnreadLogNote) are
// said on stderr unless `sayUnreadLogs` is false (scan lists them with the tree's problems).
dvmlens::Index* loadIndex(const Command& command, const IndexArgs& args, bool sayUnreadLogs = true);

// "dvmlens-cli: <name>: PATH: message [code]" on stderr for each of `diagnostics` that says a file
// named like a log was not read.
void sayUnreadLogs(const Command& command, const std::vector<dvmlens::Diagnostic>& diagnostics);

// Writes raw bytes to stdout (also a sink for streamed output, e.g. dvmlens::writeScanJson).
void writeOut(std::string_view text);

} // namespace cli
