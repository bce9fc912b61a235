// SPDX-License-Identifier: MIT
// The Inductor cache folder as an Index: one run named "Inductor cache" (no pid, no rank: a cache
// mixes the wrapper modules of every process and run that used it), one graph per wrapper module,
// oldest first, named by its AOT ID and the start of its code hash ("0_forward c7qujeihe").
#pragma once

#include "core/index/indexer.h"
#include "core/model/model.h"

#include <string>

namespace dvmlens {

inline constexpr const char* kCacheRunName = "Inductor cache";

// The Index of the cache folder `root` (cache/cachefolder.h), its wrapper modules parsed.
Index buildCacheIndex(const std::string& root, const IndexOptions& options);

} // namespace dvmlens
