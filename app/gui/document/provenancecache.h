// SPDX-License-Identifier: MIT
// The provenance links of the last few graphs the Provenance mode showed, so going back to one shows its
// links at once instead of reading its files again. What it keeps is bounded twice: at most `maxGraphs`
// graphs and `budgetBytes` bytes (an estimate of what the links and node tables hold); the least recently
// shown graph goes first, and a graph whose links alone pass the budget is not kept at all (the view holds
// the shown graph's links itself). Entries name their index weakly, so a closed or re-indexed tree's
// graphs are never found again and do not keep that index alive.
#pragma once

#include "core/model/model.h"
#include "core/sources/provenancelinks.h"

#include <cstddef>
#include <list>
#include <memory>

class ProvenanceCache
{
public:
    static constexpr std::size_t kDefaultBudgetBytes = std::size_t(24) << 20;
    static constexpr int kDefaultMaxGraphs = 6;

    explicit ProvenanceCache(
        std::size_t budgetBytes = kDefaultBudgetBytes, int maxGraphs = kDefaultMaxGraphs);

    struct Links
    {
        std::shared_ptr<const dvmlens::GraphProvenance> provenance;
        int problems = 0; // files that could not be read
    };
    // The links kept for `graph` of `index` (it becomes the most recent), or a null provenance.
    Links find(const std::shared_ptr<const dvmlens::Index>& index, const dvmlens::Graph* graph);
    // Keeps `links` for `graph` of `index`, dropping the oldest entries to stay within both bounds.
    void insert(const std::shared_ptr<const dvmlens::Index>& index, const dvmlens::Graph* graph, Links links);
    void clear();

    int graphCount() const;
    std::size_t bytes() const; // the kept entries' estimated size, never above budgetBytes()
    std::size_t budgetBytes() const;
    int maxGraphs() const;

    // What one graph's links hold in memory, estimated from the containers' sizes.
    static std::size_t estimatedBytes(const dvmlens::GraphProvenance& provenance);

private:
    struct Entry
    {
        std::weak_ptr<const dvmlens::Index> index;
        const dvmlens::Graph* graph = nullptr;
        Links links;
        std::size_t bytes = 0;
    };
    void dropExpired();

    std::list<Entry> m_entries; // most recent first
    std::size_t m_bytes = 0;
    std::size_t m_budgetBytes;
    int m_maxGraphs;
};
