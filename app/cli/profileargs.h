// SPDX-License-Identifier: MIT
// What `scan`, `compare` and `report` share for --profile: taking the option out of the arguments
// and reading and joining the profile (core/profile/).
#pragma once

#include "command.h"
#include "model/model.h"
#include "profile/profilejoin.h"

#include <optional>
#include <string>

namespace cli {

// Takes "--NAME VALUE" / "--NAME=VALUE" out of `args` (before any "--"). Returns false after the
// usage message when VALUE is missing; `value` stays unset when the option is absent.
bool takeValueOption(
    const Command& command, QStringList& args, const QString& name, std::optional<std::string>& value);

// Reads the profiles under `path` and joins them to `index` (a single profile pairs with
// `run` when given). Prints "dvmlens-cli: <command>: cannot read profile <error>" and returns null
// when the profile cannot be read (the caller exits with ExitUsage). Never freed, like loadIndex.
const dvmlens::ProfileJoin* loadProfileJoin(const Command& command, const std::string& path,
    const dvmlens::Index& index, std::optional<std::size_t> run = std::nullopt);

} // namespace cli
