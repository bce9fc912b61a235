// SPDX-License-Identifier: MIT
#include "core/ranks/rankconsistency.h"

#include "core/model/graphname.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace dvmlens {

namespace {

// FNV-1a over the parts the parser read; fields are separated so "ab"+"c" and "a"+"bc" differ.
class Fingerprint
{
public:
    void add(std::string_view text)
    {
        for (const char c : text)
            mix(static_cast<unsigned char>(c));
        mix(0xff);
    }
    void add(std::int64_t value)
    {
        for (int shift = 0; shift < 64; shift += 8)
            mix(static_cast<unsigned char>(value >> shift));
    }
    std::uint64_t value() const
    {
        return m_hash;
    }

private:
    void mix(unsigned char byte)
    {
        m_hash ^= byte;
        m_hash *= 1099511628211ull;
    }
    std::uint64_t m_hash = 14695981039346656037ull;
};

std::uint64_t fingerprintOf(const std::vector<const Graph*>& graphs)
{
    Fingerprint print;
    for (const Graph* graph : graphs) {
        print.add(verdictName(graphVerdict(*graph)));
        if (!graph->outputCode)
            continue;
        const OutputCode& code = *graph->outputCode;
        print.add(static_cast<std::int64_t>(code.lines));
        print.add(static_cast<std::int64_t>(code.dvmImport));
        // Not the DVM bodies: an index keeps them for some files only (kernelBodyBudget), and the
        // same file must give the same fingerprint either way.
        for (const Kernel& kernel : code.kernels) {
            print.add(kernel.name);
            print.add(backendName(kernel.backend));
            print.add(kernel.ktype.value_or(""));
            print.add(static_cast<std::int64_t>(kernel.dynShape.value_or(false)));
            print.add(kernel.framing.value_or(""));
            print.add(static_cast<std::int64_t>(kernel.launches));
        }
        for (const Fallback& fallback : code.fallbacks)
            print.add(fallback.target);
    }
    return print.value();
}

} // namespace

bool RankGraph::verdictsDiffer() const
{
    return std::any_of(variants.begin(), variants.end(),
        [&](const RankVariant& variant) { return variant.verdict != variants.front().verdict; });
}

std::size_t RankGraph::majorityVariant() const
{
    std::size_t best = 0;
    for (std::size_t v = 1; v < variants.size(); ++v) {
        if (variants[v].runs.size() > variants[best].runs.size())
            best = v;
    }
    return best;
}

std::vector<std::size_t> RankGraph::runsOutsideMajority() const
{
    const std::size_t majority = majorityVariant();
    std::vector<std::size_t> runs;
    for (std::size_t v = 0; v < variants.size(); ++v) {
        if (v != majority)
            runs.insert(runs.end(), variants[v].runs.begin(), variants[v].runs.end());
    }
    std::sort(runs.begin(), runs.end());
    return runs;
}

std::size_t RankGraph::runsWithGraph() const
{
    std::size_t runs = 0;
    for (const RankVariant& variant : variants)
        runs += variant.runs.size();
    return runs;
}

int RankConsistency::identical() const
{
    return static_cast<int>(std::count_if(
        graphs.begin(), graphs.end(), [](const RankGraph& graph) { return graph.identical(); }));
}

std::vector<const RankGraph*> RankConsistency::divergent() const
{
    std::vector<const RankGraph*> result;
    for (const RankGraph& graph : graphs) {
        if (!graph.identical())
            result.push_back(&graph);
    }
    return result;
}

bool RankConsistency::fails() const
{
    return std::any_of(graphs.begin(), graphs.end(),
        [](const RankGraph& graph) { return !graph.missingIn.empty() || graph.verdictsDiffer(); });
}

int RankConsistency::rankOf(std::size_t run) const
{
    const auto found = std::lower_bound(rankRuns.begin(), rankRuns.end(), run);
    return found != rankRuns.end() && *found == run ? int(found - rankRuns.begin()) : -1;
}

std::string RankConsistency::rankRangesText(const std::vector<std::size_t>& runs) const
{
    std::vector<int> ranks;
    for (const std::size_t run : runs) {
        if (const int rank = rankOf(run); rank >= 0)
            ranks.push_back(rank);
    }
    std::sort(ranks.begin(), ranks.end());
    std::string text;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t last = i;
        while (last + 1 < ranks.size() && ranks[last + 1] == ranks[last] + 1)
            ++last;
        text += (text.empty() ? "" : ", ") + std::to_string(ranks[i]);
        if (last > i)
            text += (last == i + 1 ? ", " : "\xe2\x80\x93") + std::to_string(ranks[last]);
        i = last + 1;
    }
    return text;
}

int rankRunCount(const Index& index)
{
    // Ranks are run_* folders: the run-less group of loose files (any other layout) is no process.
    return static_cast<int>(std::count_if(
        index.runs.begin(), index.runs.end(), [](const Run& run) { return run.name.has_value(); }));
}

RankConsistency rankConsistency(const Index& index)
{
    RankConsistency result;
    // Ranks are run_* folders: the run-less group of loose files (any other layout) is no process.
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        if (index.runs[r].name)
            result.rankRuns.push_back(r);
    }
    result.runs = int(result.rankRuns.size());
    // key -> per run, the graphs with that key (a recompile can give one run two folders of a key).
    std::unordered_map<std::string, std::size_t> slotOf;
    std::vector<std::vector<std::vector<const Graph*>>> byRun; // [slot][run] -> graphs
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        if (!index.runs[r].name)
            continue;
        for (const Graph& graph : index.runs[r].graphs) {
            const std::string key = graphPairingKey(graph.name);
            const auto [found, inserted] = slotOf.try_emplace(key, result.graphs.size());
            if (inserted) {
                result.graphs.push_back(RankGraph { key, {}, {}, {} });
                byRun.emplace_back(index.runs.size());
            }
            byRun[found->second][r].push_back(&graph);
        }
    }
    for (std::size_t slot = 0; slot < result.graphs.size(); ++slot) {
        RankGraph& rankGraph = result.graphs[slot];
        for (std::size_t r = 0; r < index.runs.size(); ++r) {
            if (!index.runs[r].name)
                continue;
            const std::vector<const Graph*>& graphs = byRun[slot][r];
            if (graphs.empty()) {
                rankGraph.missingIn.push_back(r);
                continue;
            }
            const std::uint64_t fingerprint = fingerprintOf(graphs);
            auto variant = std::find_if(rankGraph.variants.begin(), rankGraph.variants.end(),
                [&](const RankVariant& each) { return each.fingerprint == fingerprint; });
            if (variant == rankGraph.variants.end()) {
                RankVariant fresh;
                fresh.fingerprint = fingerprint;
                VerdictCounts counts;
                for (const Graph* graph : graphs) {
                    counts.add(graphVerdict(*graph));
                    if (graph->outputCode) {
                        for (const Kernel& kernel : graph->outputCode->kernels)
                            ++fresh.counts[static_cast<std::size_t>(kernel.backend)];
                    }
                }
                fresh.verdict = graphs.size() == 1 ? graphVerdict(*graphs.front()) : ladderVerdict(counts);
                rankGraph.variants.push_back(std::move(fresh));
                variant = rankGraph.variants.end() - 1;
            }
            variant->runs.push_back(r);
            const std::size_t variantIndex = std::size_t(variant - rankGraph.variants.begin());
            for (const Graph* graph : graphs) {
                rankGraph.members.push_back(
                    RankMember { r, std::size_t(graph - index.runs[r].graphs.data()), variantIndex });
            }
        }
    }
    return result;
}

std::string rankConsistencyText(const Index& index, const RankConsistency& ranks)
{
    const std::vector<const RankGraph*> divergent = ranks.divergent();
    std::string text = "ranks: " + std::to_string(ranks.runs) + " runs, "
        + std::to_string(ranks.graphs.size()) + " graphs, " + std::to_string(ranks.identical())
        + " identical, " + std::to_string(divergent.size()) + " divergent\n";
    const auto runName = [&index](
                             std::size_t run) { return index.runs[run].name.value_or(index.runs[run].path); };
    const auto runList = [&](const std::vector<std::size_t>& runs) {
        std::string list;
        for (const std::size_t run : runs)
            list += (list.empty() ? "" : ", ") + runName(run);
        return list;
    };
    for (const RankGraph* graph : divergent) {
        text += "  " + graph->key + ": " + std::to_string(graph->variants.size())
            + (graph->variants.size() == 1 ? " variant" : " variants");
        for (const RankVariant& variant : graph->variants) {
            std::string counts;
            for (const Backend backend : kAllBackends) {
                const int n = variant.counts[static_cast<std::size_t>(backend)];
                if (n > 0)
                    counts += (counts.empty() ? "" : ", ") + std::string(backendName(backend)) + ' '
                        + std::to_string(n);
            }
            text += std::string(variant.runs.size() == 1 ? "; run " : "; runs ") + runList(variant.runs) + ' '
                + std::string(verdictName(variant.verdict)) + " (" + (counts.empty() ? "no kernels" : counts)
                + ')';
        }
        if (!graph->missingIn.empty())
            text += "; missing in " + runList(graph->missingIn);
        text += '\n';
    }
    return text;
}

} // namespace dvmlens
