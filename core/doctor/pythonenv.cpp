// SPDX-License-Identifier: MIT
#include "core/doctor/pythonenv.h"

#include "core/io/container.h"
#include "core/parse/linetext.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace dvmlens {

namespace {

constexpr std::size_t kSmallFileBytes = 256 * 1024;

std::optional<std::string> readSmall(const std::string& path)
{
    FileError error;
    return readFileHead(fileSystem(), path, std::string(), kSmallFileBytes, error);
}

// Paths are bytes here (a folder named in Latin-1 too): std::filesystem, not QFileInfo, whose
// encodeName would replace what is not UTF-8.
namespace fs = std::filesystem;

bool isDir(const std::string& path)
{
    std::error_code error;
    return fs::is_directory(path, error);
}

bool isFile(const std::string& path)
{
    std::error_code error;
    return fs::is_regular_file(path, error);
}

// The names in `folder` that `accept` takes, sorted; none when it cannot be listed.
template <typename Accept> std::vector<std::string> namesIn(const std::string& folder, const Accept& accept)
{
    std::vector<std::string> names;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (accept(name, *it))
            names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool isDirEntry(const fs::directory_entry& entry)
{
    std::error_code error;
    return entry.is_directory(error);
}

// Calls `each` with every trimmed line of `text` until it returns a value; that value, or nullopt.
template <typename Each> std::optional<std::string> firstOfLines(const std::string& text, const Each& each)
{
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string_view line = trimmedLine(std::string_view(text).substr(start, end - start));
        start = end + 1;
        bool stop = false;
        if (std::optional<std::string> found = each(line, stop); found || stop)
            return found;
    }
    return std::nullopt;
}

// `name = 'value'` or `name: Optional[str] = 'value'` in a version.py; nullopt for None or absent.
std::optional<std::string> pythonAssignment(const std::string& text, const std::string& name)
{
    return firstOfLines(text, [&](std::string_view line, bool& stop) -> std::optional<std::string> {
        if (!line.starts_with(name))
            return std::nullopt;
        const std::string_view rest = line.substr(name.size());
        const std::size_t equals = rest.find('=');
        if (rest.empty() || (rest.front() != ' ' && rest.front() != '=' && rest.front() != ':')
            || equals == std::string_view::npos)
            return std::nullopt;
        stop = true; // the assignment: a string, or None or an expression (nullopt)
        const std::string_view value = trimmedLine(rest.substr(equals + 1));
        if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"')
            && value.back() == value.front())
            return std::string(value.substr(1, value.size() - 2));
        return std::nullopt;
    });
}

// The *.dist-info folders of `package` in `site` ("torch_npu-2.7.1.post8.dist-info").
std::vector<std::string> distInfos(const std::string& site, const std::string& package)
{
    std::vector<std::string> out;
    const std::string prefix = package + '-';
    const std::string_view suffix = ".dist-info";
    for (const std::string& name :
        namesIn(site, [&](const std::string&name, const fs::directory_entry&entry) {
            // torch-… must not take torch_npu-…: the name ends at the version.
            return name.starts_with(prefix) && name.ends_with(suffix)
                && name.size() > prefix.size() + suffix.size()
                && std::isdigit(static_cast<unsigned char>(name[prefix.size()])) && isDirEntry(entry);
        }))
        out.push_back(site + '/' + name);
    return out;
}

std::optional<std::string> metadataField(const std::string& text, const std::string& field)
{
    return firstOfLines(text, [&](std::string_view line, bool& stop) -> std::optional<std::string> {
        stop = line.empty(); // the headers end at the first blank line
        if (line.starts_with(field + ": "))
            return std::string(line.substr(field.size() + 2));
        return std::nullopt;
    });
}

std::optional<std::string> requiredTorch(const std::string& metadata)
{
    std::size_t at = metadata.find("Requires-Dist: torch==");
    while (at != std::string::npos) {
        const std::size_t start = at + std::string_view("Requires-Dist: torch==").size();
        const std::size_t end = metadata.find_first_of(" ;\r\n", start);
        return metadata.substr(start, end == std::string::npos ? std::string::npos : end - start);
    }
    return std::nullopt;
}

PackageInstall readInstall(const std::string& site, const std::string& package, const std::string& via)
{
    PackageInstall install;
    install.folder = site + "/" + package;
    install.via = via;
    if (const auto text = readSmall(install.folder + "/version.py")) {
        install.version = pythonAssignment(*text, "__version__");
        if (package == "torch")
            install.cuda = pythonAssignment(*text, "cuda");
    }
    const std::vector<std::string> infos = distInfos(site, package);
    if (!infos.empty()) {
        if (const auto metadata = readSmall(infos.front() + "/METADATA")) {
            install.distVersion = metadataField(*metadata, "Version");
            install.requiresTorch = requiredTorch(*metadata);
        }
        if (const auto record = readSmall(infos.front() + "/RECORD")) {
            install.hasRecord = true;
            install.recordListsDvm = record->find(package + "/_inductor/dvm/") != std::string::npos;
        }
    }
    return install;
}

// Folders a site-packages' .pth files add to the path (plain lines; `import` lines are code).
std::vector<std::string> pthFolders(const std::string& site)
{
    std::vector<std::string> out;
    for (const std::string& name : namesIn(site, [](const std::string&name, const fs::directory_entry&entry) {
             std::error_code error;
             return name.ends_with(".pth") && entry.is_regular_file(error);
         })) {
        const auto text = readSmall(site + '/' + name);
        if (!text)
            continue;
        firstOfLines(*text, [&](std::string_view line, bool&) -> std::optional<std::string> {
            if (line.empty() || line.front() == '#' || line.starts_with("import ")
                || line.starts_with("import\t"))
                return std::nullopt;
            const fs::path entry(line);
            const fs::path folder = entry.is_absolute() ? entry : fs::path(site) / entry;
            out.push_back(folder.lexically_normal().string() + "\t" + name);
            return std::nullopt;
        });
    }
    return out;
}

std::vector<std::string> findSitePackages(const std::string& given)
{
    const std::string name = fs::path(given).lexically_normal().filename().string();
    const std::string last =
        name.empty() ? fs::path(given).lexically_normal().parent_path().filename().string() : name;
    if (last == "site-packages" || last == "dist-packages" || isDir(given + "/torch")
        || isDir(given + "/torch_npu"))
        return { given };
    std::vector<std::string> out;
    for (const std::string lib : { "lib", "lib64", "Lib" }) {
        const std::string libDir = given + '/' + lib;
        if (!isDir(libDir))
            continue;
        if (lib == "Lib" && isDir(libDir + "/site-packages")) {
            out.push_back(libDir + "/site-packages");
            continue;
        }
        for (const std::string& python :
            namesIn(libDir, [](const std::string&name, const fs::directory_entry&entry) {
                return name.starts_with("python3") && isDirEntry(entry);
            })) {
            for (const char* site : { "site-packages", "dist-packages" }) {
                const std::string folder = libDir + '/' + python + '/' + site;
                if (isDir(folder))
                    out.push_back(fs::path(folder).lexically_normal().string());
            }
        }
    }
    // lib64 is often a link to lib: the same folder once.
    std::vector<std::string> unique;
    std::vector<std::string> canonical;
    for (const std::string& folder : out) {
        std::error_code error;
        const std::string real = fs::canonical(folder, error).string();
        if (std::find(canonical.begin(), canonical.end(), real) == canonical.end()) {
            canonical.push_back(real);
            unique.push_back(folder);
        }
    }
    return unique;
}

void addInstalls(PythonEnv& env, const std::string& folder, const std::string& via)
{
    if (isDir(folder + "/torch") && isFile(folder + "/torch/__init__.py"))
        env.torch.push_back(readInstall(folder, "torch", via));
    if (isDir(folder + "/torch_npu") && isFile(folder + "/torch_npu/__init__.py"))
        env.torchNpu.push_back(readInstall(folder, "torch_npu", via));
}

} // namespace

std::optional<std::string> PackageInstall::anyVersion() const
{
    return version ? version : distVersion;
}

std::string baseVersion(const std::string& version)
{
    std::string out;
    int dots = 0;
    for (const char c : version) {
        if (c == '.' && ++dots == 3)
            break;
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.'))
            break;
        out += c;
    }
    while (!out.empty() && out.back() == '.')
        out.pop_back();
    return out;
}

PythonEnv readPythonEnv(const std::string& path, const std::string& pythonPath)
{
    PythonEnv env;
    env.given = path;
    if (!isDir(path)) {
        env.problems.push_back(path + ": no such folder");
        return env;
    }
    env.sitePackages = findSitePackages(path);
    if (env.sitePackages.empty())
        env.problems.push_back(
            path + ": no site-packages under lib/python3*/ (give a prefix, a venv or site-packages)");
    // Python's order: PYTHONPATH, then each site-packages, then the folders its .pth files add.
    std::size_t start = 0;
    while (start < pythonPath.size()) {
        std::size_t end = pythonPath.find(':', start);
        if (end == std::string::npos)
            end = pythonPath.size();
        const std::string folder = pythonPath.substr(start, end - start);
        start = end + 1;
        if (!folder.empty())
            addInstalls(env, folder, "PYTHONPATH");
    }
    for (const std::string& site : env.sitePackages)
        addInstalls(env, site, "site-packages");
    for (const std::string& site : env.sitePackages) {
        for (const std::string& entry : pthFolders(site)) {
            const std::size_t tab = entry.find('\t');
            addInstalls(env, entry.substr(0, tab), "a .pth file (" + entry.substr(tab + 1) + ")");
        }
    }
    return env;
}

} // namespace dvmlens
