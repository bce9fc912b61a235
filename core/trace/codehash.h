// SPDX-License-Identifier: MIT
// Inductor's name for a module's text (codecache.py code_hash): "c" + the first 51 characters of
// base32(sha256(text.strip())), lower case. The wrapper module's cache file is <2 chars>/<hash>.py
// (its characters 1-2 name the folder), so a trace payload, a cache module and an output_code.py
// with the same text have the same hash.
#pragma once

#include <string>
#include <string_view>

namespace dvmlens {

std::string inductorCodeHash(std::string_view code);

// Whether `stem` has the form of such a hash ("c" + 51 of [a-z2-7]).
bool isInductorCodeHash(std::string_view stem);

} // namespace dvmlens
