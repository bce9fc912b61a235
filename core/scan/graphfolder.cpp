// SPDX-License-Identifier: MIT
#include "core/scan/graphfolder.h"

#include "core/model/graphname.h"
#include "core/scan/scanpaths.h"

#include <algorithm>
#include <iterator>
#include <optional>

namespace dvmlens::graphfolder {

namespace {

// Files Inductor writes into a graph folder, in the order it writes them (debug.py). The last
// one present tells how far a crashed compile got.
constexpr std::string_view kWriteOrder[] = { "fx_graph_runnable.py", "fx_graph_readable.py",
    "fx_graph_transformed.py", "ir_pre_fusion.txt", "ir_post_fusion.txt" };

} // namespace

Diagnostic makeDiagnostic(std::string path, Severity severity, std::string code, SharedText message)
{
    Diagnostic diagnostic;
    diagnostic.path = std::move(path);
    diagnostic.severity = severity;
    diagnostic.code = std::move(code);
    diagnostic.message = std::move(message);
    return diagnostic;
}

OutputCode skeleton(std::string path)
{
    OutputCode code;
    code.path = std::move(path);
    code.indexed = false;
    return code;
}

bool looksLikeGraphFolder(std::string_view name)
{
    const std::optional<GraphName> parsed = parseGraphName(name);
    return parsed && parsed->seq; // the trailing .<n> sets Inductor's folders apart from user folders
}

Graph graphFor(const std::string& folder)
{
    Graph graph;
    graph.name = std::string(scanpath::fileName(folder));
    graph.path = folder;
    if (std::optional<GraphName> parsed = parseGraphName(graph.name)) {
        graph.model = parsed->model;
        graph.aotId = parsed->aotId;
        graph.kind = parsed->kind;
        graph.nthGraph = parsed->nthGraph;
        graph.seq = parsed->seq;
    }
    return graph;
}

std::string_view lastWritten(const std::vector<std::string_view>& names)
{
    int lastRank = -1;
    std::string_view last;
    for (const std::string_view name : names) {
        const auto known = std::find(std::begin(kWriteOrder), std::end(kWriteOrder), name);
        const int rank =
            known == std::end(kWriteOrder) ? -1 : static_cast<int>(known - std::begin(kWriteOrder));
        if (rank > lastRank) {
            lastRank = rank;
            last = name;
        }
    }
    return lastRank >= 0 ? last : std::string_view();
}

namespace {

// The four messages of missingOutputCode; readMissingOutputCode reads them back.
constexpr std::string_view kEmptyFolderMessage =
    "The graph folder is empty (hidden files aside), which usually means an FX graph cache hit: "
    "Inductor reused a cached compile and wrote no files (or the compile stopped before "
    "writing any). Set a fresh TORCHINDUCTOR_CACHE_DIR or disable the FX graph cache "
    "(TORCHINDUCTOR_FX_GRAPH_CACHE=0) and rerun; until then there is nothing to verify DVM "
    "against.";
constexpr std::string_view kAotiMessage =
    "The graph folder has output_code.cpp (an AOTInductor C++ wrapper) but no output_code.py, "
    "so there is no Python wrapper to verify DVM against.";
constexpr std::string_view kStoppedBefore =
    "The graph folder has no output_code.py. Inductor writes it after "
    "the FX and IR dumps, and the last of those here is ";
constexpr std::string_view kStoppedAfter =
    ": the compile may have stopped (a crash, an interrupt) after writing it, or, since PyTorch "
    "of May 2026 (#185621), this may be an FX graph cache hit that still wrote them. There is "
    "nothing to verify DVM against; look for an error in the run's logs.";
constexpr std::string_view kNothingWrittenMessage =
    "The graph folder has no output_code.py and none of the files Inductor writes before it "
    "(fx_graph_*.py, ir_*_fusion.txt), so nothing here tells how far the compile got. There "
    "is nothing to verify DVM against; look for an error in the run's logs.";

} // namespace

Diagnostic missingOutputCode(
    const std::string& graphPath, const std::vector<std::string_view>& names, bool anyShown, bool aotiListed)
{
    // The fixed sentences are kept once, however many folders they are said of (a hostile
    // archive holds a million empty ones); static locals, so threads may call this at once.
    static const SharedText emptyFolder(kEmptyFolderMessage);
    static const SharedText aoti(kAotiMessage);
    static const SharedText nothingWritten(kNothingWrittenMessage);
    const std::string_view last = lastWritten(names);
    SharedText message;
    if (!anyShown)
        message = emptyFolder;
    else if (aotiListed)
        message = aoti;
    else if (!last.empty())
        message = std::string(kStoppedBefore) + std::string(last) + std::string(kStoppedAfter);
    else
        message = nothingWritten;
    return makeDiagnostic(graphPath, Severity::Warning, "missing-output-code", std::move(message));
}

std::optional<MissingOutputCode> readMissingOutputCode(const Diagnostic& diagnostic)
{
    if (diagnostic.code != "missing-output-code")
        return std::nullopt;
    const std::string_view message = diagnostic.message;
    if (message == kEmptyFolderMessage)
        return MissingOutputCode { MissingOutputCode::Case::EmptyFolder, {} };
    if (message == kAotiMessage)
        return MissingOutputCode { MissingOutputCode::Case::AotiWrapper, {} };
    if (message == kNothingWrittenMessage)
        return MissingOutputCode { MissingOutputCode::Case::NothingWritten, {} };
    if (message.size() > kStoppedBefore.size() + kStoppedAfter.size()
        && message.substr(0, kStoppedBefore.size()) == kStoppedBefore
        && message.substr(message.size() - kStoppedAfter.size()) == kStoppedAfter) {
        const std::string_view last = message.substr(
            kStoppedBefore.size(), message.size() - kStoppedBefore.size() - kStoppedAfter.size());
        return MissingOutputCode { MissingOutputCode::Case::StoppedAfter, std::string(last) };
    }
    return std::nullopt;
}

} // namespace dvmlens::graphfolder
