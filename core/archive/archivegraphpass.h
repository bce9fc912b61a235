// SPDX-License-Identifier: MIT
// Work on the graphs of an archive tree that reads their files again (model sources, kernel
// bodies), done in one more pass over the archive however the work is ordered: the calling thread
// reads each item's members ahead in archive order (items sorted by their first member) while
// worker threads run the work on them with those members served from memory: each call of the work
// is handed a container (archiveprefetch.h) over `files` that serves them.
// A member not read ahead (too big, unreadable) is read as usual, which says what went wrong.
#pragma once

#include "core/archive/archivetree.h"
#include "core/io/container.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace dvmlens {

// `innersOf[i]`: the inner paths item i reads. `work(i, files)` runs once per item on one of
// `threads` workers (at least one), in no particular order, and reads item i's files through
// `files` (the index's container `base`, with the members read ahead in memory); at most `inFlight`
// bytes are held read ahead and not yet worked on (one item's at least). Returns when every item
// is done.
void runInArchiveOrder(const Container& base, const ArchiveTree& tree,
    const std::vector<std::vector<std::string>>& innersOf,
    const std::function<void(std::size_t item, const Container& files)>& work, unsigned threads,
    std::uint64_t inFlight = std::uint64_t(32) << 20);

} // namespace dvmlens
