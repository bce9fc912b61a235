// SPDX-License-Identifier: MIT
// What `scan`, `compare` and `report` share for --profile: the option, and reading and joining the profile
// (core/profile/).
#pragma once

#include "command.h"
#include "core/model/model.h"
#include "core/profile/profilejoin.h"

#include <optional>
#include <string>

namespace cli {

// Declares --NAME PROFILE (e.g. "profile", "profile-a").
void declareProfileOption(CommandOptions& options, const QString& name, const QString& description);

// The path given to --NAME, as local 8-bit bytes; unset when the option is absent.
std::optional<std::string> profileOption(const CommandOptions& options, const QString& name);

// Reads the profiles under `path` and joins them to `index` (a single profile pairs with
// `run` when given). Prints "dvmlens-cli: <command>: cannot read profile <error>" and returns null
// when the profile cannot be read (the caller exits with ExitUsage). Never freed, like loadIndex.
const dvmlens::ProfileJoin* loadProfileJoin(const Command& command, const std::string& path,
    const dvmlens::Index& index, std::optional<std::size_t> run = std::nullopt);

} // namespace cli
