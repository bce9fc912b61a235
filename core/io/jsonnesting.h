// SPDX-License-Identifier: MIT
// How deep a JSON text nests, checked before it is parsed into a DOM: nlohmann's parser is
// iterative, but copying a value recurses once per level, so a record of a few million '['
// (well under any size cap) overflows the stack. Every DOM parse of untrusted JSON asks first.
#pragma once

#include <cstddef>
#include <string_view>

namespace dvmlens {

// Far deeper than any document PyTorch, torch_npu or a rules file writes (a handful of levels).
inline constexpr std::size_t kMaxJsonNesting = 256;

// Whether no array or object in `text` sits more than `maxDepth` levels deep (brackets inside
// strings do not count). Says nothing of whether `text` is valid JSON.
bool jsonNestingWithin(std::string_view text, std::size_t maxDepth = kMaxJsonNesting);

} // namespace dvmlens
