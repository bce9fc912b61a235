// SPDX-License-Identifier: MIT
// The whole pipeline for one path: scan the tree and parse every output_code.py in parallel with it.
#pragma once

#include "core/model/model.h"
#include "core/parse/outputcodeparser.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace dvmlens {

struct IndexStream;

struct IndexOptions
{
    int jobs = 0; // worker threads; 0 = one per core
    // Called from worker threads, one call at a time: (1, total), (2, total) … in order. buildIndex
    // parses while it walks, so the first call waits for the walk's end (when the total is known).
    std::function<void(int done, int total)> progress;
    const std::atomic<bool>* cancel = nullptr; // when it becomes true, workers stop early
    // How much of each DVM kernel to keep (outputcodeparser.h). With Full and a budget, the files
    // parsed once the kernel bodies held pass `kernelBodyBudget` bytes are kept as Summary
    // (OutputCode::kernelBodies false), so a tree of 100k kernels stays within memory; a writer
    // that needs their bodies reads them again (kernelbodies.h). 0: no budget.
    KernelDetail kernelDetail = KernelDetail::Full;
    std::size_t kernelBodyBudget = 0;
    // An archive (tar, zip; see archive/archivetree.h) stops being read after this many bytes of
    // entry data; 0: kDefaultArchiveBudget (4 GiB).
    std::uint64_t archiveBudget = 0;
    // Hands the index over while it grows (index/indexstream.h: the skeleton after the walk, then
    // parsed files in batches); null: only the returned index. Must outlive the call.
    const IndexStream* stream = nullptr;
};

// `path` may also be an archive (.tar, .tar.gz/.tgz, .tar.xz, .tar.zst, .tar.bz2, .zip, told by its
// content): it is read in one streaming pass, its output_code.py files parsed from memory as they
// stream, and the same walk judges its entries, so the Index equals that of the unpacked folder but
// for paths, which are "ARCHIVE!/inner" (archive/archivepath.h); hostile entries are diagnostics.
// Scans `path` (see scanTree) and parses every output_code.py found, starting as soon as the walk
// finds the first one. The result equals scanTree followed by parseOutputCodes. Returns nullopt
// with `error` set when `path` is missing or unreadable. When cancelled, returns what was done so
// far with an Info diagnostic "cancelled".
std::optional<Index> buildIndex(const std::string& path, const IndexOptions& options, std::string& error);

// Parses every output_code.py that `index` names (graphs whose outputCode has only a path) and
// moves the file diagnostics to their graph: after this, every diagnostic about a graph is in
// Graph::diagnostics (scanner's first, then the parser's) and OutputCode::diagnostics is empty.
// The result is the same for any number of jobs. When cancelled, graphs not reached keep an
// outputCode with only its path, and index.diagnostics gets an Info "cancelled" saying how many.
void parseOutputCodes(Index& index, const IndexOptions& options);

} // namespace dvmlens
