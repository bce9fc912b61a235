// SPDX-License-Identifier: MIT
#include "core/doctor/pythonenv.h"

#include "core/io/safefile.h"
#include "core/parse/linetext.h"

#include <QDir>
#include <QFileInfo>
#include <QString>

#include <algorithm>

namespace dvmlens {

namespace {

constexpr std::size_t kSmallFileBytes = 256 * 1024;

std::optional<std::string> readSmall(const std::string& path)
{
    FileError error;
    return readFileHead(path, std::string(), kSmallFileBytes, error);
}

bool isDir(const std::string& path)
{
    return QFileInfo(QString::fromStdString(path)).isDir();
}

bool isFile(const std::string& path)
{
    return QFileInfo(QString::fromStdString(path)).isFile();
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
    const QDir dir(QString::fromStdString(site));
    const QString prefix = QString::fromStdString(package) + QLatin1Char('-');
    for (const QString& name :
        dir.entryList({ prefix + QStringLiteral("*.dist-info") }, QDir::Dirs, QDir::Name)) {
        // torch-… must not take torch_npu-…: the name ends at the version.
        const QString rest = name.mid(prefix.size());
        if (!rest.isEmpty() && rest.front().isDigit())
            out.push_back(dir.filePath(name).toStdString());
    }
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
    const QDir dir(QString::fromStdString(site));
    for (const QString& name : dir.entryList({ QStringLiteral("*.pth") }, QDir::Files, QDir::Name)) {
        const auto text = readSmall(dir.filePath(name).toStdString());
        if (!text)
            continue;
        firstOfLines(*text, [&](std::string_view line, bool&) -> std::optional<std::string> {
            if (line.empty() || line.front() == '#' || line.starts_with("import ")
                || line.starts_with("import\t"))
                return std::nullopt;
            const QString entry = QString::fromStdString(std::string(line));
            const QString folder = QDir::isAbsolutePath(entry) ? entry : dir.filePath(entry);
            out.push_back(QDir::cleanPath(folder).toStdString() + "\t" + name.toStdString());
            return std::nullopt;
        });
    }
    return out;
}

std::vector<std::string> findSitePackages(const std::string& given)
{
    const QString root = QString::fromStdString(given);
    if (QFileInfo(root).fileName() == QLatin1String("site-packages")
        || QFileInfo(root).fileName() == QLatin1String("dist-packages") || isDir(given + "/torch")
        || isDir(given + "/torch_npu"))
        return { given };
    std::vector<std::string> out;
    for (const char* lib : { "lib", "lib64", "Lib" }) {
        const QDir libDir(root + QLatin1Char('/') + QLatin1String(lib));
        if (!libDir.exists())
            continue;
        if (QLatin1String(lib) == QLatin1String("Lib") && libDir.exists(QStringLiteral("site-packages"))) {
            out.push_back(libDir.filePath(QStringLiteral("site-packages")).toStdString());
            continue;
        }
        for (const QString& python :
            libDir.entryList({ QStringLiteral("python3*") }, QDir::Dirs, QDir::Name)) {
            for (const char* site : { "site-packages", "dist-packages" }) {
                const QString folder = libDir.filePath(python + QLatin1Char('/') + QLatin1String(site));
                if (QFileInfo(folder).isDir())
                    out.push_back(QDir::cleanPath(folder).toStdString());
            }
        }
    }
    // lib64 is often a link to lib: the same folder once.
    std::vector<std::string> unique;
    std::vector<QString> canonical;
    for (const std::string& folder : out) {
        const QString real = QFileInfo(QString::fromStdString(folder)).canonicalFilePath();
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
