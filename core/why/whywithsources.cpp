// SPDX-License-Identifier: MIT
#include "core/why/whywithsources.h"

namespace dvmlens {

SourcesWithWhy buildSourcesWithWhy(const Index& index, const WhyRules& rules, int jobs)
{
    SourcesWithWhy out;
    IndexWhy& why = out.why;
    why.environments = whyContext(index, rules).environments;
    std::vector<std::vector<std::vector<Diagnostic>>> problems; // [run][graph], merged in order below
    for (const Run& run : index.runs) {
        why.graphs.emplace_back(run.graphs.size());
        problems.emplace_back(run.graphs.size());
    }
    // Each graph is written by its own thread only.
    out.map = buildSourceMap(index, jobs,
        [&](std::size_t r, std::size_t g, const std::optional<std::string_view>& text,
            const FileError& error) {
            const Graph& graph = index.runs[r].graphs[g];
            if (explainsGraph(graph))
                why.graphs[r][g] =
                    explainGraphText(graph, text, error, why.environments[r], rules, problems[r][g]);
        });
    for (const auto& run : problems) {
        for (const auto& graph : run)
            why.problems.insert(why.problems.end(), graph.begin(), graph.end());
    }
    return out;
}

} // namespace dvmlens
