// SPDX-License-Identifier: MIT
// The literal prefilter of log regexes: a substring every match must contain, so lines without it
// skip the regex. Only where it is sound: a wrong literal would make a valid rule never match.
#pragma once

#include <string>
#include <string_view>

namespace dvmlens {

// The longest run of literal ASCII characters that every match of the regex `pattern` contains,
// read conservatively (empty when none is certain): nothing inside groups or classes, nothing
// when the top level has an alternation or any inline flag, no escape's arguments.
std::string requiredLiteral(std::string_view pattern);

} // namespace dvmlens
