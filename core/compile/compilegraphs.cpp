// SPDX-License-Identifier: MIT
#include "core/compile/compilegraphs.h"

#include "core/trace/compileresets.h"

#include <string_view>

namespace dvmlens {

namespace {

// "[0/1_2]" → "0/1": the brackets and the attempt off, as compile facts name a compile.
std::string_view bareCompileId(std::string_view id)
{
    if (id.size() >= 2 && id.front() == '[' && id.back() == ']')
        id = id.substr(1, id.size() - 2);
    const std::size_t attempt = id.find('_');
    return attempt == std::string_view::npos ? id : id.substr(0, attempt);
}

} // namespace

std::vector<std::pair<std::size_t, std::size_t>> graphsOfCompile(
    const Index& index, const std::string& logPath, const std::string& compileId)
{
    std::vector<std::pair<std::size_t, std::size_t>> positions;
    const std::string_view wanted = bareCompileId(compileId);
    if (wanted.empty())
        return positions;
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const std::vector<Graph>& graphs = index.runs[r].graphs;
        for (std::size_t g = 0; g < graphs.size(); ++g) {
            const BoxedOptional<GraphOrigin>& origin = graphs[g].origin;
            if (origin && origin->kind == "trace" && origin->file == logPath && origin->compileId
                && std::string(bareCompileId(*origin->compileId)) + resetSuffix(origin->compileResetRepeat)
                    == wanted)
                positions.emplace_back(r, g);
        }
    }
    return positions;
}

const GraphCompileFacts* compileFactsOfGraph(const std::vector<CompileLog>& logs, const Graph& graph)
{
    const BoxedOptional<GraphOrigin>& origin = graph.origin;
    if (!origin || origin->kind != "trace" || !origin->compileId)
        return nullptr;
    for (const CompileLog& log : logs)
        if (log.path == origin->file)
            return compileFactsFor(log, *origin->compileId, origin->compileResetRepeat);
    return nullptr;
}

} // namespace dvmlens
