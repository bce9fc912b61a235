// SPDX-License-Identifier: MIT
// --archive-budget SIZE, which every command that reads a tree accepts: how much entry data an
// archive may unpack to before reading stops (core/archive/archivetree.h).
#pragma once

#include "command.h"

#include <cstdint>
#include <optional>

namespace cli {

class CommandOptions;

// "4G", "512M", "100000" (K, M, G, T are powers of 1024; a trailing "B" or "iB" is allowed).
std::optional<std::uint64_t> parseByteSize(const QString& text);

// Declares --archive-budget SIZE (every command has it).
void declareArchiveBudget(CommandOptions& options);

// Reads --archive-budget; false after the usage message when its value is bad.
bool readArchiveBudget(const Command& command, const CommandOptions& options);

// What --archive-budget said; 0: the default.
std::uint64_t archiveBudget();

} // namespace cli
