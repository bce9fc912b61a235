// SPDX-License-Identifier: MIT
// Names from an inspected tree are bytes someone else chose: an ESC in a folder name must not
// drive the terminal that prints `dvmlens-cli scan`, and a newline in it must not forge a line of
// output. Text writers pass every such value through here; JSON has its own escapes.
#pragma once

#include <string>
#include <string_view>

namespace dvmlens {

// `name` with C0 controls (newline and tab too), DEL and C1 controls written as `\x1b`, `\x7f`,
// `\u009b`, lone bytes 0x80..0x9f that are not part of UTF-8 as `\x9b` (an 8-bit terminal acts
// on them), and the bidi controls U+202A..U+202E and U+2066..U+2069 as `\u202e` (they reorder
// what is shown); everything else, other invalid UTF-8 bytes included, as it is.
std::string displayName(std::string_view name);

// Whole text output: the same escapes, but line ends and tabs kept.
std::string terminalSafe(std::string_view text);

} // namespace dvmlens
