// SPDX-License-Identifier: MIT
#include "scan/graphfolder.h"

#include "model/graphname.h"
#include "scan/scanpaths.h"

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

Diagnostic makeDiagnostic(std::string path, Severity severity, std::string code, std::string message)
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

Diagnostic missingOutputCode(
    const std::string& graphPath, const std::vector<std::string_view>& names, bool anyShown, bool aotiListed)
{
    const std::string_view last = lastWritten(names);
    std::string message;
    if (!anyShown) {
        message =
            "The graph folder is empty (hidden files aside), which usually means an FX graph cache hit: "
            "Inductor reused a cached compile and wrote no files (or the compile stopped before "
            "writing any). Set a fresh TORCHINDUCTOR_CACHE_DIR or disable the FX graph cache "
            "(TORCHINDUCTOR_FX_GRAPH_CACHE=0) and rerun; until then there is nothing to verify DVM "
            "against.";
    } else if (aotiListed) {
        message = "The graph folder has output_code.cpp (an AOTInductor C++ wrapper) but no output_code.py, "
                  "so there is no Python wrapper to verify DVM against.";
    } else if (!last.empty()) {
        message = "The graph folder has no output_code.py. Inductor writes it after the FX and IR dumps, "
                  "and the last of those here is "
            + std::string(last)
            + ": the compile may have stopped (a crash, an interrupt) after writing it, or, since "
              "PyTorch "
              "of May 2026 (#185621), this may be an FX graph cache hit that still wrote them. There is "
              "nothing to verify DVM against; look for an error in the run's logs.";
    } else {
        message = "The graph folder has no output_code.py and none of the files Inductor writes before it "
                  "(fx_graph_*.py, ir_*_fusion.txt), so nothing here tells how far the compile got. There "
                  "is nothing to verify DVM against; look for an error in the run's logs.";
    }
    return makeDiagnostic(graphPath, Severity::Warning, "missing-output-code", std::move(message));
}

} // namespace dvmlens::graphfolder
