// SPDX-License-Identifier: MIT
// What `compile` and `check` share: the compile-side gates (--no-recompiles, --max-breaks N) and reading
// the trace logs under PATH.
#pragma once

#include "command.h"
#include "core/compile/compiletext.h"

#include <optional>
#include <string>
#include <vector>

namespace cli {

void declareCompileGates(CommandOptions& options);

// The gates asked for; nullopt after a usage error (printed). `any` says whether one was asked for.
std::optional<dvmlens::CompileGates> parseCompileGates(
    const Command& command, const CommandOptions& options, bool& any);

// The compile events of the trace logs PATH names (a log, or a folder of them); nullopt when PATH cannot
// be read (printed). Files named like logs that were not read are said on stderr (indexargs.h
// sayUnreadLogs) unless `sayUnreadLogs` is false (the command's index said them already).
std::optional<std::vector<dvmlens::CompileLog>> readCompileLogsAt(
    const Command& command, const std::string& path, bool sayUnreadLogs = true);

} // namespace cli
