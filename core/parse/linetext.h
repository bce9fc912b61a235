// SPDX-License-Identifier: MIT
// A line of a text file Inductor wrote (versions headers, FX graph files, Inductor comments), as
// the readers that pick words out of such lines trim it.
#pragma once

#include <string_view>

namespace dvmlens {

// `line` without leading spaces and tabs, nor trailing spaces, tabs and the '\r' of a CRLF end.
inline std::string_view trimmedLine(std::string_view line)
{
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
        line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
        line.remove_suffix(1);
    return line;
}

} // namespace dvmlens
