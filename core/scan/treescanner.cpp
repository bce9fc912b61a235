// SPDX-License-Identifier: MIT
// The walk itself, one class (TreeScanner) whose parts share its state: the stack of folders, the
// links seen, the runs found. About 620 lines, kept whole for that reason; what needs no walk
// state lives beside it (scanpaths: path arithmetic, graphfolder: graph folder names and why one
// has no output_code.py).
#include "core/scan/treescanner.h"

#include "core/model/graphname.h"
#include "core/scan/graphfolder.h"
#include "core/scan/scanpaths.h"
#include "core/scan/treesource.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <map>
#include <sys/stat.h>
#include <system_error>
#include <tuple>
#include <unistd.h>
#include <unordered_set>
#include <vector>

namespace dvmlens {

namespace fs = std::filesystem;

namespace {

// What a non-regular entry is, in words; nullptr for a regular file or a link.
const char* specialKind(unsigned char type)
{
    switch (type) {
    case DT_FIFO:
        return "a FIFO";
    case DT_SOCK:
        return "a socket";
    case DT_CHR:
    case DT_BLK:
        return "a device";
    case DT_DIR:
        return "a folder";
    default:
        return nullptr;
    }
}

using namespace graphfolder;
using namespace scanpath;

constexpr std::string_view kOutputCode = "output_code.py";
constexpr std::string_view kAotiOutputCode = "output_code.cpp";
// How much of a loose *.py file is read to tell whether it is a wrapper module.
constexpr std::size_t kWrapperProbeBytes = 4096;

// One directory entry after links were checked: what it is and where it really lives.
struct Entry
{
    std::string name;
    unsigned char type = DT_UNKNOWN; // as readdir reported it, so plain entries need no stat
    std::string linkTarget; // canonical target of a usable link (inside the tree)
    bool isDirectory = false;
    bool isRegularFile = false;
    bool usable = false; // false for broken links, links out of the tree and links round a loop
    bool viaLink = false;
};

enum class FolderRole
{
    Plain, // walked for runs, graph folders and logs
    GraphsFolder, // torchinductor/: every sub-folder is a graph folder
    Graph, // one graph folder
    InsideGraph, // below a graph folder (storages/, vendor autofused_*/): only logs are collected
};

struct Frame
{
    std::string path; // logical path below the scanned root
    std::string canonical; // where it resolves to (inside the tree)
    std::optional<std::size_t> run; // index into the runs found so far
    FolderRole role = FolderRole::Plain;
    bool viaLink = false;
};

class TreeScanner
{
public:
    TreeScanner(std::string root, std::string canonicalRoot, const TreeSource& source,
        const OutputCodeFound& onOutputCode)
        : m_root(std::move(root))
        , m_canonicalRoot(std::move(canonicalRoot))
        , m_source(source)
        , m_onOutputCode(onOutputCode)
    {
        m_index.root = m_root;
    }

    Index scanFile()
    {
        const fs::path file(m_root);
        const fs::path folder = file.parent_path();
        Graph graph = graphFor(folder.native());
        graph.files = siblingNames(folder);
        if (graph.files.empty())
            graph.files.push_back(file.filename().native());
        graph.looseFile = true;
        graph.outputCode = skeleton(m_root);
        if (m_onOutputCode)
            m_onOutputCode(m_root);
        m_index.runs[contextRun(m_root)].graphs.push_back(std::move(graph));
        return finish();
    }

    Index scanFolder()
    {
        const std::string_view name = fileName(m_root);
        Frame top { m_root, m_canonicalRoot, std::nullopt, FolderRole::Plain, false };
        if (parseRunName(name)) {
            top.run = runAt(m_root);
        } else if (isGraphsFolderName(name)) {
            top.run = contextRun(m_root);
            top.role = FolderRole::GraphsFolder;
        } else if (looksLikeGraphFolder(name) || (hasOutputCode(m_root) && !hasDebugFolders(m_root))) {
            top.run = contextRun(m_root);
            top.role = FolderRole::Graph;
        } else if (std::optional<std::string> run = runAncestor(m_root)) {
            top.run = runAt(*run);
        }
        m_visited.insert(m_canonicalRoot);
        m_stack.push_back(std::move(top));
        drain();
        return finish();
    }

private:
    // The folder around a lone file, listed for context only: nothing in it is followed or read.
    static std::vector<std::string> siblingNames(const fs::path& folder)
    {
        std::vector<std::string> names;
        std::error_code error;
        for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
            std::error_code statusError;
            const bool isDirectory = it->is_directory(statusError);
            names.push_back(it->path().filename().native() + (isDirectory ? "/" : ""));
        }
        std::sort(names.begin(), names.end());
        return names;
    }

    // What `path` is once links are followed (DT_UNKNOWN when nothing is there).
    unsigned char resolvedType(const std::string& path, unsigned char listedType) const
    {
        if (listedType != DT_LNK && listedType != DT_UNKNOWN)
            return listedType;
        std::error_code error;
        return m_source.targetType(path, error).value_or(DT_UNKNOWN);
    }

    // Run, torchinductor or graph folders directly below `folder` (an output_code.py copied into a
    // debug root does not make the root a graph folder).
    bool hasDebugFolders(const std::string& folder) const
    {
        std::vector<TreeSource::Listed> listed;
        int error = 0;
        int partError = 0;
        if (!m_source.list(folder, listed, error, partError))
            return false;
        for (const TreeSource::Listed& item : listed) {
            if (resolvedType(joinPath(folder, item.name), item.type) == DT_DIR
                && (parseRunName(item.name) || isGraphsFolderName(item.name)
                    || looksLikeGraphFolder(item.name)))
                return true;
        }
        return false;
    }

    bool hasOutputCode(const std::string& folder) const
    {
        std::error_code error;
        return m_source.targetType(joinPath(folder, kOutputCode), error) == DT_REG
            || m_source.targetType(joinPath(folder, kAotiOutputCode), error) == DT_REG;
    }

    // The run a path belongs to: its run ancestor when it has one, else the run-less one.
    std::size_t contextRun(const std::string& path)
    {
        if (std::optional<std::string> run = runAncestor(path))
            return runAt(*run);
        if (!m_runlessRun) {
            Run run;
            run.path = m_root;
            m_runlessRun = m_index.runs.size();
            m_index.runs.push_back(std::move(run));
        }
        return *m_runlessRun;
    }

    std::size_t runAt(const std::string& folder)
    {
        const auto [found, inserted] = m_runByPath.try_emplace(folder, m_index.runs.size());
        if (inserted) {
            Run run;
            run.name = std::string(fileName(folder));
            run.path = folder;
            if (std::optional<RunName> parsed = parseRunName(*run.name)) {
                run.pid = parsed->pid;
                run.started = parsed->started;
            }
            m_index.runs.push_back(std::move(run));
        }
        return found->second;
    }

    void addDiagnostic(std::string path, Severity severity, std::string code, std::string message)
    {
        m_index.diagnostics.push_back(
            makeDiagnostic(std::move(path), severity, std::move(code), std::move(message)));
    }

    // Lists `folder` sorted by name and resolves links. Returns false (with a diagnostic) when the
    // folder cannot be listed. readdir's d_type spares a stat per entry; only links (and entries
    // of file systems that report no type) are examined further.
    bool listEntries(const Frame& folder, std::vector<Entry>& entries)
    {
        std::vector<TreeSource::Listed> listed;
        int error = 0;
        int readError = 0;
        if (!m_source.list(folder.path, listed, error, readError)) {
            // Its own code: an unlistable folder says nothing about what it holds (not an FX
            // cache hit, not a crash).
            addDiagnostic(folder.path, Severity::Warning, "unlistable-folder",
                "Cannot list this folder (" + errnoMessage(error)
                    + (error == ENOENT ? ": it was removed while the tree was scanned" : "")
                    + "); what it holds is left out of the scan.");
            return false;
        }
        entries.reserve(listed.size());
        for (TreeSource::Listed& item : listed) {
            Entry& entry = entries.emplace_back();
            entry.name = std::move(item.name);
            entry.type = item.type;
        }
        if (readError != 0) {
            addDiagnostic(folder.path, Severity::Warning, "unlistable-folder",
                "Listing this folder stopped part-way (" + errnoMessage(readError)
                    + "); the rest is left out.");
        }
        std::sort(
            entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
        for (Entry& entry : entries)
            resolve(entry, folder);
        return true;
    }

    // A FIFO, socket or device named *.log is no log: reading it would block or never end.
    void noteSpecialLog(const Entry& entry, const Frame& folder, unsigned char type)
    {
        if (!endsWith(entry.name, ".log"))
            return;
        if (std::optional<Diagnostic> note = specialLogNote(joinPath(folder.path, entry.name), type))
            m_index.diagnostics.push_back(std::move(*note));
    }

    void resolve(Entry& entry, const Frame& folder)
    {
        if (entry.type == DT_UNKNOWN) {
            const std::string path = joinPath(folder.path, entry.name);
            int error = 0;
            const std::optional<unsigned char> type = m_source.typeOf(path, error);
            if (!type) {
                addDiagnostic(path, Severity::Warning, "unreadable",
                    "This entry vanished or cannot be examined while scanning (" + errnoMessage(error)
                        + ").");
                return;
            }
            entry.type = *type;
        }
        if (entry.type != DT_LNK) {
            entry.isDirectory = entry.type == DT_DIR;
            entry.isRegularFile = entry.type == DT_REG;
            entry.usable = true;
            noteSpecialLog(entry, folder, entry.type);
            return;
        }
        entry.viaLink = true;
        const std::string path = joinPath(folder.path, entry.name);
        std::error_code error;
        std::string target = m_source.canonical(path, error).value_or(std::string());
        if (error == std::errc::too_many_symbolic_link_levels) {
            addDiagnostic(path, Severity::Warning, "link-loop",
                "This link leads round a loop (it points at itself, or through other links back to "
                "itself); it is not followed.");
            return;
        }
        if (error == std::errc::too_many_links) {
            // An archive's link chain longer than the hop limit (archivetree.h): no loop, only too long.
            addDiagnostic(path, Severity::Warning, "link-chain-too-long",
                "This link starts too long a chain of links (more than 40 in a row); it is not "
                "followed.");
            return;
        }
        if (error) {
            addDiagnostic(path, Severity::Warning, "unreadable",
                "This link points at nothing that can be read (" + error.message() + "); it is skipped.");
            return;
        }
        if (!isWithin(target, m_canonicalRoot)) {
            addDiagnostic(path, Severity::Warning, "link-outside-tree",
                "This link leads out of the scanned tree (to " + target
                    + "); it is not followed, so the scan stays inside what it was asked to read.");
            return;
        }
        const std::optional<unsigned char> resolved = m_source.targetType(target, error);
        if (error || !resolved) {
            addDiagnostic(path, Severity::Warning, "unreadable",
                "The target of this link cannot be examined ("
                    + (error ? error.message() : std::string("it is gone")) + "); it is skipped.");
            return;
        }
        entry.isDirectory = *resolved == DT_DIR;
        entry.isRegularFile = *resolved == DT_REG;
        noteSpecialLog(entry, folder, entry.isDirectory ? static_cast<unsigned char>(DT_REG) : *resolved);
        if (entry.isDirectory && isWithin(folder.canonical, target)) {
            addDiagnostic(path, Severity::Warning, "link-loop",
                "This link points back at a folder that contains it (" + target
                    + "); it is not followed, so the scan cannot go round in a loop.");
            return;
        }
        entry.linkTarget = std::move(target);
        entry.usable = true;
    }

    // The frame for a usable sub-folder `entry` of `folder`.
    static Frame childFrame(
        const Frame& folder, Entry& entry, std::optional<std::size_t> run, FolderRole role)
    {
        return { joinPath(folder.path, entry.name),
            entry.viaLink ? std::move(entry.linkTarget) : joinPath(folder.canonical, entry.name), run, role,
            entry.viaLink };
    }

    // Links to folders wait until every real folder was walked, so a link never claims a folder
    // the walk reaches on its own; the visited set then drops links to folders already seen.
    void push(Frame frame)
    {
        if (frame.viaLink)
            m_linkedFolders.push_back(std::move(frame));
        else if (m_visited.insert(frame.canonical).second)
            m_stack.push_back(std::move(frame));
    }

    void drain()
    {
        while (!m_stack.empty() || !m_linkedFolders.empty()) {
            if (m_stack.empty()) {
                Frame linked = std::move(m_linkedFolders.front());
                m_linkedFolders.erase(m_linkedFolders.begin());
                if (m_visited.insert(linked.canonical).second)
                    m_stack.push_back(std::move(linked));
                continue;
            }
            Frame frame = std::move(m_stack.back());
            m_stack.pop_back();
            if (frame.role == FolderRole::Graph)
                scanGraph(frame);
            else
                walk(frame);
        }
    }

    void walk(const Frame& frame)
    {
        std::vector<Entry> entries;
        if (!listEntries(frame, entries))
            return;
        // Any other layout (a CI artifact folder, files copied into logs/rank3/…): a folder that
        // holds output_code.py is a graph folder, whatever its name, listed where it was found.
        if (frame.role == FolderRole::Plain && holdsOutputCode(entries) && !holdsDebugFolders(entries)) {
            scanGraph(frame);
            return;
        }
        std::vector<Frame> children;
        for (Entry& entry : entries) {
            if (!entry.usable)
                continue;
            if (frame.role == FolderRole::Plain && entry.isRegularFile
                && (entry.name == kOutputCode || isLooseWrapperModule(frame, entry)))
                addLooseWrapper(frame, entry);
            // A log outside any run and outside torchinductor/ belongs to no compile: left out.
            const bool belongsToRun = frame.run || frame.role != FolderRole::Plain;
            if (entry.isRegularFile && endsWith(entry.name, ".log") && belongsToRun)
                addLog(frame.run, joinPath(frame.path, entry.name));
            if (!entry.isDirectory)
                continue;
            Frame child = childFrame(frame, entry, frame.run, FolderRole::InsideGraph);
            if (frame.role != FolderRole::InsideGraph) {
                if (parseRunName(entry.name)) {
                    child.run = runAt(child.path);
                    child.role = FolderRole::Plain;
                } else if (frame.role == FolderRole::GraphsFolder || looksLikeGraphFolder(entry.name)) {
                    child.role = FolderRole::Graph;
                } else {
                    child.role =
                        isGraphsFolderName(entry.name) ? FolderRole::GraphsFolder : FolderRole::Plain;
                }
            }
            children.push_back(std::move(child));
        }
        reserveGraphs(frame.run, children);
        // Reversed, so the stack pops them in name order.
        for (auto it = children.rbegin(); it != children.rend(); ++it)
            push(std::move(*it));
    }

    // Room in the run for the graph folders about to be scanned, in one piece: grown one graph at a
    // time, the vector's last move held 1.5 times the graphs (565 bytes each), the peak of a scan
    // of many empty graph folders. Grown by half at least, so many small folders stay linear.
    void reserveGraphs(std::optional<std::size_t> run, const std::vector<Frame>& children)
    {
        if (!run)
            return;
        const auto count = static_cast<std::size_t>(std::count_if(children.begin(), children.end(),
            [&run](const Frame& child) { return child.role == FolderRole::Graph && child.run == run; }));
        std::vector<Graph>& graphs = m_index.runs[*run].graphs;
        if (graphs.size() + count > graphs.capacity())
            graphs.reserve(std::max(graphs.size() + count, graphs.capacity() + graphs.capacity() / 2));
    }

    static bool holdsOutputCode(const std::vector<Entry>& entries)
    {
        return std::any_of(entries.begin(), entries.end(), [](const Entry& entry) {
            return entry.name == kOutputCode && entry.usable && entry.isRegularFile;
        });
    }

    // Run, torchinductor or graph folders beside an output_code.py: the folder is not a graph
    // folder, and the file is one more loose wrapper in it.
    static bool holdsDebugFolders(const std::vector<Entry>& entries)
    {
        return std::any_of(entries.begin(), entries.end(), [](const Entry& entry) {
            return entry.isDirectory
                && (parseRunName(entry.name) || isGraphsFolderName(entry.name)
                    || looksLikeGraphFolder(entry.name));
        });
    }

    // A *.py file outside graph folders whose first bytes are an Inductor wrapper module's
    // (depyf's __compiled_fn_3.kernel_0.py, a renamed output_code.py). Only a prefix is read, with
    // O_NONBLOCK and a type check on the descriptor, so a FIFO swapped in cannot block the walk.
    bool isLooseWrapperModule(const Frame& folder, const Entry& entry) const
    {
        if (!endsWith(entry.name, ".py") || entry.name == kOutputCode)
            return false;
        const std::optional<std::string> head =
            m_source.readHead(joinPath(folder.path, entry.name), kWrapperProbeBytes);
        if (!head || head->empty())
            return false;
        return looksLikeWrapperHead(*head);
    }

    void addLooseWrapper(const Frame& folder, const Entry& entry)
    {
        const std::size_t run = folder.run ? *folder.run : contextRun(folder.path);
        Graph graph = graphFor(folder.path);
        graph.name = entry.name;
        graph.looseFile = true;
        graph.files.push_back(entry.name);
        graph.outputCode = skeleton(joinPath(folder.path, entry.name));
        if (m_onOutputCode)
            m_onOutputCode(graph.outputCode->path);
        m_index.runs[run].graphs.push_back(std::move(graph));
    }

    void addLog(std::optional<std::size_t> run, std::string path)
    {
        const std::size_t owner = run ? *run : contextRun(path);
        m_index.runs[owner].logs.push_back(std::move(path));
    }

    void scanGraph(const Frame& frame)
    {
        const std::size_t run = frame.run ? *frame.run : contextRun(frame.path);
        Graph graph = graphFor(frame.path);
        std::vector<Entry> entries;
        if (!listEntries(frame, entries)) {
            // The folder's problem is the graph's problem: its output_code.py cannot be checked.
            Diagnostic diagnostic = std::move(m_index.diagnostics.back());
            m_index.diagnostics.pop_back();
            diagnostic.message =
                "Cannot list this graph folder, so its output_code.py (if any) cannot be checked.";
            graph.diagnostics.push_back(std::move(diagnostic));
            m_index.runs[run].graphs.push_back(std::move(graph));
            return;
        }
        bool outputCodeRejected = false; // a broken link or one out of the tree: its diagnostic says why
        bool aotiListed = false;
        std::vector<Frame> children;
        for (Entry& entry : entries) {
            if (entry.name == kOutputCode) {
                outputCodeRejected = !entry.usable;
                // Something is there under the name: if it cannot be read the graph is unreadable, not
                // "no code" (the reader says why; the opener refuses links out, loops and non-files).
                graph.outputCode = skeleton(joinPath(frame.path, entry.name));
                if (m_onOutputCode)
                    m_onOutputCode(graph.outputCode->path);
                if (entry.usable && !entry.isRegularFile) {
                    // A FIFO, socket, device or folder under the name: no crash, and nothing to read.
                    outputCodeRejected = true;
                    const std::string path = joinPath(frame.path, entry.name);
                    std::error_code typeError;
                    const std::optional<unsigned char> type = m_source.targetType(path, typeError);
                    const char* kind = specialKind(type.value_or(entry.type));
                    graph.diagnostics.push_back(
                        makeDiagnostic(path, Severity::Warning, "output-code-not-a-file",
                            std::string("output_code.py here is ") + (kind ? kind : "not a regular file")
                                + ", not a regular file, so there is no Python wrapper to read; the graph "
                                  "cannot be checked for DVM kernels."));
                }
            } else if (entry.name == kAotiOutputCode) {
                aotiListed = true;
            }
            if (!entry.usable)
                continue;
            if (entry.isRegularFile && endsWith(entry.name, ".log"))
                m_index.runs[run].logs.push_back(joinPath(frame.path, entry.name));
            else if (entry.isDirectory)
                children.push_back(childFrame(frame, entry, run, FolderRole::InsideGraph));
        }
        for (auto it = children.rbegin(); it != children.rend(); ++it)
            push(std::move(*it));
        if (!graph.outputCode && !outputCodeRejected)
            graph.diagnostics.push_back(missingOutputCode(graph, entries, aotiListed));
        graph.files.reserve(entries.size());
        for (Entry& entry : entries) {
            if (entry.isDirectory && entry.usable)
                entry.name += '/';
            graph.files.push_back(std::move(entry.name));
        }
        m_index.runs[run].graphs.push_back(std::move(graph));
    }

    static Diagnostic missingOutputCode(
        const Graph& graph, const std::vector<Entry>& entries, bool aotiListed)
    {
        // Inductor writes no hidden files; a .gitkeep only keeps an empty folder alive in git.
        // Links the scan did not follow (loops, out of the tree) are no sign of what Inductor wrote.
        std::vector<std::string_view> names;
        bool anyShown = false;
        for (const Entry& entry : entries) {
            if (entry.name.front() == '.')
                continue;
            anyShown = true;
            if (entry.usable)
                names.push_back(entry.name);
        }
        return graphfolder::missingOutputCode(graph.path, names, anyShown, aotiListed);
    }

    Index finish()
    {
        // The walk's frames and visited folders are done with: their room goes before the sort.
        std::vector<Frame>().swap(m_stack);
        std::vector<Frame>().swap(m_linkedFolders);
        std::unordered_set<std::string>().swap(m_visited);
        for (Run& run : m_index.runs) {
            std::sort(run.logs.begin(), run.logs.end());
            run.logs.erase(std::unique(run.logs.begin(), run.logs.end()), run.logs.end());
            sortGraphs(run.graphs);
        }
        std::stable_sort(m_index.runs.begin(), m_index.runs.end(), [](const Run& a, const Run& b) {
            return std::tie(a.started, a.pid, a.name, a.path) < std::tie(b.started, b.pid, b.name, b.path);
        });
        return std::move(m_index);
    }

    // Graphs by seq (unparsed names, without one, last), then name, then folder path, which keeps
    // equal names apart; equal graphs keep their order. Sorted as indices, then moved in place:
    // std::stable_sort's buffer of half the graphs (280 bytes each) was the peak of a scan of
    // many empty graph folders.
    static void sortGraphs(std::vector<Graph>& graphs)
    {
        std::vector<std::size_t> order(graphs.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        const auto key = [&graphs](std::size_t i) {
            const Graph& graph = graphs[i];
            return std::make_tuple(!graph.seq.has_value(), graph.seq.value_or(0), std::cref(graph.name),
                std::cref(graph.path), i);
        };
        std::sort(
            order.begin(), order.end(), [&key](std::size_t a, std::size_t b) { return key(a) < key(b); });
        // Position i takes graphs[order[i]]: each cycle of the permutation moves through one spare graph.
        for (std::size_t start = 0; start < order.size(); ++start) {
            if (order[start] == start)
                continue;
            Graph spare = std::move(graphs[start]);
            std::size_t at = start;
            while (order[at] != start) {
                const std::size_t from = order[at];
                graphs[at] = std::move(graphs[from]);
                order[at] = at;
                at = from;
            }
            graphs[at] = std::move(spare);
            order[at] = at;
        }
    }

    std::string m_root;
    std::string m_canonicalRoot;
    const TreeSource& m_source;
    const OutputCodeFound& m_onOutputCode;
    Index m_index;
    std::map<std::string, std::size_t> m_runByPath;
    std::optional<std::size_t> m_runlessRun;
    std::unordered_set<std::string> m_visited;
    std::vector<Frame> m_stack;
    std::vector<Frame> m_linkedFolders;
};

} // namespace

bool looksLikeWrapperHead(std::string_view head)
{
    head = head.substr(0, kWrapperProbeBytes);
    return head.find("# AOT ID:") != std::string_view::npos
        || head.find("AsyncCompile()") != std::string_view::npos
        || head.find("@dvm.kernel(") != std::string_view::npos;
}

std::optional<Diagnostic> specialLogNote(const std::string& path, unsigned char type)
{
    const char* kind = type == DT_DIR ? nullptr : specialKind(type);
    if (!kind)
        return std::nullopt;
    return makeDiagnostic(path, Severity::Warning, "log-not-a-file",
        std::string("This log is ") + kind
            + ", not a regular file, so it is not read (it could block or never end).");
}

std::optional<Index> scanTree(
    const std::string& path, std::string& error, const OutputCodeFound& onOutputCode)
{
    if (path.empty()) {
        error = "no path given";
        return std::nullopt;
    }
    std::error_code fsError;
    const fs::path root = absoluteClean(path, fsError);
    if (fsError) {
        error = path + ": " + fsError.message();
        return std::nullopt;
    }
    const fs::file_status status = fs::status(root, fsError);
    if (fsError || !fs::exists(status)) {
        error = path + ": " + (fsError ? fsError.message() : std::string("No such file or directory"));
        return std::nullopt;
    }
    const fs::path canonicalRoot = fs::canonical(root, fsError);
    if (fsError) {
        error = path + ": " + fsError.message();
        return std::nullopt;
    }
    if (fs::is_regular_file(status)) {
        if (::access(root.c_str(), R_OK) != 0) {
            error = path + ": Permission denied";
            return std::nullopt;
        }
        return TreeScanner(root.native(), canonicalRoot.native(), posixTreeSource(), onOutputCode).scanFile();
    }
    if (!fs::is_directory(status)) {
        error = path + ": not a file or folder";
        return std::nullopt;
    }
    fs::directory_iterator probe(root, fs::directory_options::none, fsError);
    if (fsError) {
        error = path + ": " + fsError.message();
        return std::nullopt;
    }
    return TreeScanner(root.native(), canonicalRoot.native(), posixTreeSource(), onOutputCode).scanFolder();
}

Index scanSourceTree(const std::string& root, const TreeSource& source, const OutputCodeFound& onOutputCode)
{
    return TreeScanner(root, root, source, onOutputCode).scanFolder();
}

} // namespace dvmlens
