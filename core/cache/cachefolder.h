// SPDX-License-Identifier: MIT
// The Inductor cache folder ($TORCHINDUCTOR_CACHE_DIR, default /tmp/torchinductor_<user>): every
// PyCodeCache module is <2 chars>/c<51 chars>.py, wrapper modules (output_code.py's text) among
// Triton kernel, benchmark and helper modules, told apart by content alone. fxgraph/ and
// aotautograd/ (pickles), triton/, locks/, torch_npu's traced_graph_cache/ and every other entry
// are known not to be modules and are passed over without a word. Format notes:
// ../shared/reference/trace-and-cache.md §B.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace dvmlens {

class Container;

struct CacheModule
{
    std::string path; // <root>/<2 chars>/c<hash>.py
    std::int64_t modifiedNs = 0; // mtime, nanoseconds since the epoch: the only order a cache keeps
};

struct CacheListing
{
    std::vector<CacheModule> wrappers; // oldest first (then by path)
    int kernelModules = 0; // Triton kernel modules
    int otherModules = 0; // benchmark, template and helper modules
    int unreadable = 0; // modules whose first bytes could not be read
    // The first kNamedUnreadable of them, with why ("it is a FIFO, not a regular file").
    std::vector<std::pair<std::string, std::string>> unreadableNamed;
    static constexpr std::size_t kNamedUnreadable = 5;
};

// Whether the folder `path` looks like an Inductor cache: a <2 chars>/ folder holding a
// c<51 chars>.py module.
bool isInductorCacheFolder(const std::string& path);

// The Inductor cache folders among the first `limit` real sub-folders (by name; links not
// followed) of `folder`: a cache beside a debug tree.
std::vector<std::string> cacheFoldersIn(const std::string& folder, std::size_t limit);

// The modules of the cache folder `root`, classified by their first bytes (read through `files`:
// regular files inside `root` only; links are not followed).
CacheListing listCacheFolder(const Container& files, const std::string& root);

} // namespace dvmlens
