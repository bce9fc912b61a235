// SPDX-License-Identifier: MIT
#include "gui/document/provenancecache.h"

#include <utility>

namespace {

std::size_t stringBytes(const std::string& text)
{
    // Short strings live inside the object; longer ones own a heap block.
    return sizeof(std::string) + (text.capacity() > 15 ? text.capacity() + 1 : 0);
}

template <typename T> std::size_t vectorBytes(const std::vector<T>& values)
{
    return sizeof(values) + values.capacity() * sizeof(T);
}

} // namespace

ProvenanceCache::ProvenanceCache(std::size_t budgetBytes, int maxGraphs)
    : m_budgetBytes(budgetBytes)
    , m_maxGraphs(maxGraphs)
{
}

std::size_t ProvenanceCache::estimatedBytes(const dvmlens::GraphProvenance& provenance)
{
    std::size_t bytes = sizeof(provenance);
    for (const std::string& path : provenance.paths)
        bytes += stringBytes(path) - sizeof(std::string);
    bytes += provenance.links.capacity() * sizeof(dvmlens::ProvenanceLink);
    for (const dvmlens::ProvenanceLink& link : provenance.links) {
        bytes += stringBytes(link.name) - sizeof(std::string);
        bytes += vectorBytes(link.nodes) - sizeof(link.nodes);
        for (const std::string& node : link.nodes)
            bytes += stringBytes(node) - sizeof(std::string);
        for (const std::vector<int>& lines : link.lines)
            bytes += vectorBytes(lines) - sizeof(lines);
    }
    // Tree and hash nodes: the value plus about four pointers of bookkeeping each.
    constexpr std::size_t kNodeOverhead = 4 * sizeof(void*);
    for (const auto& nodes : provenance.nodeAtLine) {
        for (const auto& [line, node] : nodes)
            bytes += kNodeOverhead + sizeof(line) + stringBytes(node);
    }
    for (const auto& lines : provenance.linesOfNode) {
        bytes += lines.bucket_count() * sizeof(void*);
        for (const auto& [node, at] : lines)
            bytes += kNodeOverhead + stringBytes(node) + vectorBytes(at);
    }
    return bytes;
}

ProvenanceCache::Links ProvenanceCache::find(
    const std::shared_ptr<const dvmlens::Index>& index, const dvmlens::Graph* graph)
{
    dropExpired();
    for (auto entry = m_entries.begin(); entry != m_entries.end(); ++entry) {
        if (entry->graph == graph && entry->index.lock() == index) {
            m_entries.splice(m_entries.begin(), m_entries, entry);
            return m_entries.front().links;
        }
    }
    return {};
}

void ProvenanceCache::insert(
    const std::shared_ptr<const dvmlens::Index>& index, const dvmlens::Graph* graph, Links links)
{
    if (!index || !graph || !links.provenance)
        return;
    dropExpired();
    for (auto entry = m_entries.begin(); entry != m_entries.end(); ++entry) {
        if (entry->graph == graph && entry->index.lock() == index) {
            m_bytes -= entry->bytes;
            m_entries.erase(entry);
            break;
        }
    }
    const std::size_t bytes = estimatedBytes(*links.provenance);
    if (bytes > m_budgetBytes || m_maxGraphs < 1)
        return; // the view shows it; keeping it would leave room for nothing else
    while (!m_entries.empty() && (int(m_entries.size()) >= m_maxGraphs || m_bytes + bytes > m_budgetBytes)) {
        m_bytes -= m_entries.back().bytes;
        m_entries.pop_back();
    }
    m_entries.push_front({ index, graph, std::move(links), bytes });
    m_bytes += bytes;
}

void ProvenanceCache::clear()
{
    m_entries.clear();
    m_bytes = 0;
}

void ProvenanceCache::dropExpired()
{
    for (auto entry = m_entries.begin(); entry != m_entries.end();) {
        if (entry->index.expired()) {
            m_bytes -= entry->bytes;
            entry = m_entries.erase(entry);
        } else {
            ++entry;
        }
    }
}

int ProvenanceCache::graphCount() const
{
    return int(m_entries.size());
}

std::size_t ProvenanceCache::bytes() const
{
    return m_bytes;
}

std::size_t ProvenanceCache::budgetBytes() const
{
    return m_budgetBytes;
}

int ProvenanceCache::maxGraphs() const
{
    return m_maxGraphs;
}
