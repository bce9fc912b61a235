// SPDX-License-Identifier: MIT
// dvmlens-cli subcommands. Each cmd_<name>.cpp defines one and registers it with a static
// RegisterCommand, so adding a subcommand touches no other file.
#pragma once

#include <QStringList>

#include <vector>

namespace cli {

class CommandOptions;

// Exit codes shared by every subcommand.
enum ExitCode
{
    ExitOk = 0,
    ExitFailed = 1, // the check/gate said no (check, compare --fail-on-regression)
    ExitUsage = 2, // bad usage, or a missing/unreadable PATH
};

struct Command
{
    const char* name; // "scan"
    const char* synopsis; // "scan [--json] [--jobs N] PATH"
    const char* summary; // one line for `dvmlens-cli --help`
    void (*declare)(CommandOptions& options); // the options it reads (commandoptions.h)
    int (*run)(const CommandOptions& options); // run with the options read from its arguments
};

const std::vector<Command>& commands();

struct RegisterCommand
{
    explicit RegisterCommand(const Command& command);
};

// Prints "dvmlens-cli: <message>" and the command's synopsis to stderr; returns ExitUsage.
int usageError(const Command& command, const QString& message);

} // namespace cli
