// SPDX-License-Identifier: MIT
// One line for a compile failure's reason wherever a row or a diagnostic has room for one line only.
#pragma once

#include <string>
#include <string_view>

namespace dvmlens {

// The first line of `reason`, trimmed; when that line only introduces what follows
// ("backend='inductor' raised:"), the next non-empty line is joined to it, since that line names
// the exception ("... raised: RuntimeError: boom"). Longer than 300 bytes: cut at a character
// boundary with "…".
std::string reasonLine(std::string_view reason);

} // namespace dvmlens
