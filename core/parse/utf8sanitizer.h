// SPDX-License-Identifier: MIT
// Text copied out of a scanned file must be valid UTF-8 (the model and JSON promise it), but the
// file may hold Latin-1 or broken bytes.
#pragma once

#include <string>
#include <string_view>

namespace dvmlens {

// `bytes` with every invalid UTF-8 sequence replaced by U+FFFD.
std::string validUtf8(std::string_view bytes);

} // namespace dvmlens
