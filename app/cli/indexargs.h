// SPDX-License-Identifier: MIT
// What `scan` and `check` share: the [--json] [--jobs N] PATH arguments and building the index.
#pragma once

#include "command.h"
#include "model.h"

#include <optional>
#include <string>
#include <string_view>

namespace cli {

struct IndexArgs
{
    std::string path; // local 8-bit bytes, as the shell passed them
    int jobs = 0; // 0 = one worker per core
    bool json = false;
};

// Reads `args`; on bad usage prints the message and the synopsis and returns nullopt
// (the caller exits with ExitUsage).
std::optional<IndexArgs> parseIndexArgs(const Command& command, const QStringList& args, bool acceptJson);

// Scans and parses; when PATH is missing or unreadable prints "dvmlens-cli: <name>: <error>" and
// returns nullopt (the caller exits with ExitUsage).
std::optional<dvmlens::Index> loadIndex(const Command& command, const IndexArgs& args);

// Writes raw bytes to stdout (also a sink for streamed output, e.g. dvmlens::writeScanJson).
void writeOut(std::string_view text);

} // namespace cli
