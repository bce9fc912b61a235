// SPDX-License-Identifier: MIT
// Where the profiles of a path are: the four layouts profiler-format.md describes.
#include "core/io/safefile.h"
#include "core/profile/profile.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <sys/stat.h>
#include <system_error>

namespace dvmlens {

namespace {

namespace fs = std::filesystem;

constexpr const char* kOutputFolder = "ASCEND_PROFILER_OUTPUT";

bool isFile(const fs::path& path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

bool isFolder(const fs::path& path)
{
    std::error_code ec;
    return fs::is_directory(path, ec);
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// The rank of a *_ascend_pt folder: its profiler_info_<rank>.json (plain profiler_info.json: none).
std::optional<int> rankOf(const fs::path& ascendFolder)
{
    std::error_code ec;
    for (fs::directory_iterator it(ascendFolder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        constexpr std::string_view prefix = "profiler_info_";
        if (name.rfind(prefix, 0) != 0 || !endsWith(name, ".json"))
            continue;
        const std::string_view digits =
            std::string_view(name).substr(prefix.size(), name.size() - prefix.size() - 5);
        int rank = 0;
        const auto [at, error] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
        if (error == std::errc() && at == digits.data() + digits.size())
            return rank;
    }
    return std::nullopt;
}

struct Found
{
    fs::path folder; // what Profile::path names
    fs::path kernelDetails;
    std::optional<int> rank;
};

// Whether `candidate` is a kernel_details.csv to read: a regular file. One that is there but is
// something else (a FIFO, device or socket, or a link to one: never opened, it could block) is
// named in `notRegular`, the first one met, so the error can say why nothing was read.
bool isDetailsFile(const fs::path& candidate, std::string* notRegular)
{
    struct stat info
    {
    };
    if (::stat(candidate.c_str(), &info) != 0 || S_ISDIR(info.st_mode))
        return false;
    if (S_ISREG(info.st_mode))
        return true;
    if (notRegular && notRegular->empty())
        *notRegular = candidate.string() + ": it is " + nodeKindName(info.st_mode) + ", not a regular file";
    return false;
}

std::optional<Found> inAscendFolder(const fs::path& folder, std::string* notRegular = nullptr)
{
    const fs::path details = folder / kOutputFolder / "kernel_details.csv";
    if (!isDetailsFile(details, notRegular))
        return std::nullopt;
    return Found { folder, details, rankOf(folder) };
}

// The profiles `path` names, in the four layouts; `notRegular` as isDetailsFile says.
std::vector<Found> find(const fs::path& path, std::string& notRegular)
{
    if (isDetailsFile(path, &notRegular)) {
        const fs::path parent = path.parent_path();
        const bool inOutput = parent.filename() == kOutputFolder;
        return { Found { path, path, inOutput ? rankOf(parent.parent_path()) : std::nullopt } };
    }
    if (isDetailsFile(path / "kernel_details.csv", &notRegular)) {
        const bool isOutput = path.filename() == kOutputFolder;
        return { Found { isOutput ? path.parent_path() : path, path / "kernel_details.csv",
            isOutput ? rankOf(path.parent_path()) : std::nullopt } };
    }
    if (auto found = inAscendFolder(path, &notRegular))
        return { *found };
    // A folder of *_ascend_pt folders, one per rank (or per process).
    std::vector<Found> all;
    std::error_code ec;
    for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
        if (!endsWith(it->path().filename().string(), "_ascend_pt") || !isFolder(it->path()))
            continue;
        if (auto found = inAscendFolder(it->path(), &notRegular))
            all.push_back(*found);
    }
    std::sort(all.begin(), all.end(), [](const Found& a, const Found& b) {
        if (a.rank.has_value() != b.rank.has_value())
            return a.rank.has_value();
        if (a.rank != b.rank)
            return *a.rank < *b.rank;
        return a.folder.filename() < b.folder.filename();
    });
    return all;
}

bool holdsAscendFolder(const fs::path& folder)
{
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (endsWith(it->path().filename().string(), "_ascend_pt") && inAscendFolder(it->path()))
            return true;
    }
    return false;
}

// The first folder (by name) directly inside `folder`, other than `skip`, that holds *_ascend_pt
// folders; at most kBesideFoldersLooked are looked into, so a huge parent costs little.
std::optional<fs::path> subfolderHoldingAscend(const fs::path& folder, const fs::path& skip)
{
    constexpr std::size_t kBesideFoldersLooked = 64;
    if (folder.empty())
        return std::nullopt;
    std::vector<fs::path> folders;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code typeError;
        if (it->path() != skip && it->is_directory(typeError) && !it->is_symlink(typeError)
            && !endsWith(it->path().filename().string(), "_ascend_pt"))
            folders.push_back(it->path());
    }
    std::sort(folders.begin(), folders.end());
    if (folders.size() > kBesideFoldersLooked)
        folders.resize(kBesideFoldersLooked);
    for (const fs::path& each : folders) {
        if (holdsAscendFolder(each))
            return each;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> profileBeside(const std::string& treePath)
{
    std::error_code ec;
    fs::path tree = fs::absolute(fs::path(treePath), ec).lexically_normal();
    if (!tree.has_filename())
        tree = tree.parent_path();
    if (isFile(tree))
        tree = tree.parent_path();
    for (const fs::path& folder : { tree, tree.parent_path() }) {
        if (!folder.empty() && holdsAscendFolder(folder))
            return folder.string();
    }
    // One level down beside the tree: tensorboard_trace_handler("./prof") writes prof/*_ascend_pt.
    if (const std::optional<fs::path> below = subfolderHoldingAscend(tree.parent_path(), tree))
        return below->string();
    return std::nullopt;
}

std::optional<std::vector<Profile>> loadProfiles(const std::string& pathText, std::string& error)
{
    std::error_code ec;
    const fs::path path = fs::absolute(fs::path(pathText), ec).lexically_normal();
    if (!fs::exists(path, ec)) {
        error = pathText + ": no such file or folder";
        return std::nullopt;
    }
    std::string notRegular;
    const std::vector<Found> found = find(path, notRegular);
    if (found.empty()) {
        if (!notRegular.empty()) {
            error = std::move(notRegular);
            return std::nullopt;
        }
        error = pathText
            + ": no kernel_details.csv (give a *_ascend_pt folder, its ASCEND_PROFILER_OUTPUT, a "
              "kernel_details.csv "
              "or a folder of *_ascend_pt folders; a profile exported as .db is not read)";
        return std::nullopt;
    }
    std::vector<Profile> profiles;
    for (const Found& one : found) {
        Profile profile;
        profile.path = one.folder.string();
        profile.rank = one.rank;
        // A link out of the profile folder is not followed.
        if (!readKernelDetails(one.kernelDetails.string(), profile, error, {}, profile.path))
            return std::nullopt;
        const fs::path statistic = one.kernelDetails.parent_path() / "op_statistic.csv";
        if (isFile(statistic)) {
            profile.opStatisticPath = statistic.string();
            readOpStatistic(statistic.string(), profile, profile.path);
        }
        profiles.push_back(std::move(profile));
    }
    return profiles;
}

} // namespace dvmlens
