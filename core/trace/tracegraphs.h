// SPDX-License-Identifier: MIT
// Which records of a trace log make each graph. Every inductor_output_code record is a graph of
// its own (compile ids repeat in one log: dynamo resets, recompiles, forward and backward of one
// compile). Records of the same compile id feed it, as files of a debug tree's graph folder would:
// fx_graph_runnable and inductor_post_grad_graph are logged before their graph's code (so they go
// to the next graph of that compile id), the cache artifacts and provenance after it (so they go
// to the last one). The trace container (building the Index) and the re-reader of a graph's files
// (tracemember.h) run the same assembly, so both name the same records.
#pragma once

#include "core/trace/compileresets.h"
#include "core/trace/tracelog.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct TraceGraphParts
{
    int codeLine = 0; // the inductor_output_code record's line
    CompileId compileId;
    int resetRepeat = 0; // which repeat of compileId after torch._dynamo.reset() (compileresets.h)
    std::optional<std::int64_t> rank;
    std::optional<std::string> writerPath; // metadata "filename": the cache module on the writer's machine
    // Debug-tree file names this graph's records stand for, with the line of each record:
    // "fx_graph_runnable.py", "fx_graph_transformed.py" (the post-grad graph), provenance JSONs.
    std::map<std::string, int> files;
    std::optional<std::string>
        cache; // "hit", "miss", "bypass" (fx_graph_cache_*; a code record of codecache.py is a hit)
};

// A compile that failed (compilation_metrics or bwd_compilation_metrics with a fail_type).
struct TraceFailure
{
    int line = 0;
    CompileId compileId;
    int resetRepeat = 0;
    std::string failType;
    std::string failReason;
};

// A C++ wrapper (graph_dump, AOTInductor / cpp_wrapper): no Python wrapper module to read.
struct TraceCppWrapper
{
    int line = 0;
    CompileId compileId;
    std::string name; // "inductor_aot_wrapper_code"…
};

class TraceGraphAssembler
{
public:
    // What the assembly needs of each kind (payloads only of inductor_output_code when
    // `withCode`; the other records' payloads are read again only when a file is opened).
    static TraceInterest interest(std::string_view kind, bool withCode);

    // Every record handed over, in log order.
    void add(const TraceRecord& record);

    std::vector<TraceGraphParts>& graphs()
    {
        return m_graphs;
    }
    std::vector<TraceFailure>& failures()
    {
        return m_failures;
    }
    std::vector<TraceCppWrapper>& cppWrappers()
    {
        return m_cpp;
    }

private:
    void feed(const std::string& key, const std::string& file, int line, bool beforeCode);

    std::vector<TraceGraphParts> m_graphs;
    std::vector<TraceFailure> m_failures;
    std::vector<TraceCppWrapper> m_cpp;
    CompileResets m_resets;
    // Per compile id (its text and reset suffix): files logged before the graph they belong to.
    std::map<std::string, std::map<std::string, int>> m_pending;
    std::map<std::string, std::size_t> m_lastGraph; // compile id text → index in m_graphs
};

// The debug-tree file an artifact's payload stands for ("inductor_provenance_tracking_node_mappings"
// → "inductor_provenance_tracking_node_mappings.json"); "" for artifacts that are no graph file.
std::string traceArtifactFile(std::string_view artifactName);

} // namespace dvmlens
