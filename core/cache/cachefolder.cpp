// SPDX-License-Identifier: MIT
#include "core/cache/cachefolder.h"

#include "core/io/container.h"
#include "core/scan/scanpaths.h"
#include "core/scan/treescanner.h"
#include "core/scan/treesource.h"
#include "core/trace/codehash.h"

#include <algorithm>
#include <dirent.h>
#include <string_view>
#include <sys/stat.h>

namespace dvmlens {

namespace {

constexpr std::size_t kHeadBytes = 4096;

// A top-level folder PyCodeCache writes modules into: two characters of the hash alphabet.
bool isModuleFolderName(std::string_view name)
{
    const auto hashChar = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '2' && c <= '7') || (c >= '0' && c <= '9');
    };
    return name.size() == 2 && hashChar(name[0]) && hashChar(name[1]);
}

bool isModuleName(std::string_view name)
{
    return name.size() > 4 && name.substr(name.size() - 3) == ".py"
        && isInductorCodeHash(name.substr(0, name.size() - 3));
}

// The entries of `folder` whose name `accept`s and whose own type (links not followed) `wanted`
// takes, as paths, sorted.
template <typename Accept, typename Wanted>
std::vector<std::string> entriesOf(const std::string& folder, const Accept& accept, const Wanted& wanted)
{
    std::vector<TreeSource::Listed> entries;
    int error = 0;
    int partError = 0;
    std::vector<std::string> paths;
    if (!posixTreeSource().list(folder, entries, error, partError))
        return paths;
    for (const TreeSource::Listed& entry : entries) {
        if (!accept(entry.name))
            continue;
        const std::string path = scanpath::joinPath(folder, entry.name);
        int typeError = 0;
        const std::optional<unsigned char> actual = entry.type == DT_UNKNOWN
            ? posixTreeSource().typeOf(path, typeError)
            : std::optional<unsigned char>(entry.type);
        if (actual && wanted(*actual))
            paths.push_back(path);
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

std::vector<std::string> moduleFolders(const std::string& root)
{
    return entriesOf(root, isModuleFolderName, [](unsigned char type) { return type == DT_DIR; });
}

// Everything named like a module but a folder: a link, FIFO or device under a module's name is
// refused by SafeFile when read and counted as unreadable, not passed over in silence.
std::vector<std::string> modulesIn(const std::string& folder)
{
    return entriesOf(folder, isModuleName, [](unsigned char type) { return type != DT_DIR; });
}

bool looksLikeKernelModule(std::string_view head)
{
    return head.find("import triton") != std::string_view::npos
        || head.find("@triton.jit") != std::string_view::npos
        || head.find("triton_heuristics") != std::string_view::npos;
}

} // namespace

bool isInductorCacheFolder(const std::string& path)
{
    for (const std::string& folder : moduleFolders(path))
        if (!modulesIn(folder).empty())
            return true;
    return false;
}

std::vector<std::string> cacheFoldersIn(const std::string& folder, std::size_t limit)
{
    std::vector<std::string> subfolders = entriesOf(
        folder, [](std::string_view) { return true; }, [](unsigned char type) { return type == DT_DIR; });
    if (subfolders.size() > limit)
        subfolders.resize(limit);
    std::vector<std::string> caches;
    for (const std::string& subfolder : subfolders) {
        if (isInductorCacheFolder(subfolder))
            caches.push_back(subfolder);
    }
    return caches;
}

CacheListing listCacheFolder(const Container& files, const std::string& root)
{
    CacheListing listing;
    for (const std::string& folder : moduleFolders(root)) {
        for (const std::string& module : modulesIn(folder)) {
            FileError error;
            const std::optional<std::string> head = readFileHead(files, module, root, kHeadBytes, error);
            if (!head) {
                if (listing.unreadableNamed.size() < CacheListing::kNamedUnreadable)
                    listing.unreadableNamed.emplace_back(module, error.message);
                ++listing.unreadable;
                continue;
            }
            if (looksLikeWrapperHead(*head)) {
                struct stat status;
                const std::int64_t modified = ::lstat(module.c_str(), &status) == 0
                    ? std::int64_t(status.st_mtim.tv_sec) * 1000000000 + status.st_mtim.tv_nsec
                    : 0;
                listing.wrappers.push_back(CacheModule { module, modified });
            } else if (looksLikeKernelModule(*head)) {
                ++listing.kernelModules;
            } else {
                ++listing.otherModules;
            }
        }
    }
    std::sort(
        listing.wrappers.begin(), listing.wrappers.end(), [](const CacheModule& a, const CacheModule& b) {
            return std::tie(a.modifiedNs, a.path) < std::tie(b.modifiedNs, b.path);
        });
    return listing;
}

} // namespace dvmlens
