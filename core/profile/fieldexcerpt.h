// SPDX-License-Identifier: MIT
// A field of a profile row quoted in a diagnostic. A bad row's field can be megabytes (a row of
// NULs up to the 4 MiB line limit): 50 such messages, escaped by each writer, once cost hundreds
// of MB of output. A message quotes the field's head and says how long the rest is.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace dvmlens {

// The most bytes of a field a message quotes.
inline constexpr std::size_t kFieldExcerptBytes = 64;

// `field` whole when it has at most kFieldExcerptBytes bytes; else its first bytes (cut before a
// UTF-8 sequence that would be split) and "… (N bytes)". Not escaped: the writers escape it.
std::string fieldExcerpt(std::string_view field);

} // namespace dvmlens
