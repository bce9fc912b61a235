// SPDX-License-Identifier: MIT
#include "gui/document/provenancestore.h"

#include "core/io/container.h"
#include "core/sources/provenancelinks.h"
#include "gui/common/jobrunner.h"

#include <utility>
#include <vector>

ProvenanceStore::ProvenanceStore(QObject* parent)
    : QObject(parent)
    , m_jobs(new JobRunner(this))
{
}

ProvenanceCache::Links ProvenanceStore::request(
    const std::shared_ptr<const dvmlens::Index>& index, const dvmlens::Graph* graph)
{
    if (ProvenanceCache::Links kept = m_cache.find(index, graph); kept.provenance) {
        m_jobs->discard(); // what was being computed for another graph is no longer wanted
        return kept;
    }
    // The job keeps the index (and so the graph) alive; a newer request drops its result.
    m_jobs->start(
        [index, graph](JobContext&) {
            std::vector<dvmlens::Diagnostic> problems;
            ProvenanceCache::Links computed;
            computed.provenance = std::make_shared<const dvmlens::GraphProvenance>(
                dvmlens::graphProvenance(dvmlens::filesOr(index->files), *graph, index->root, problems));
            computed.problems = int(problems.size());
            return computed;
        },
        [this, index, graph](ProvenanceCache::Links computed) {
            // Only the newest request's result arrives (JobRunner drops stale ones), so `graph` is the
            // one asked for last.
            m_cache.insert(index, graph, computed);
            Q_EMIT linksReady(graph, computed);
        });
    return {};
}

void ProvenanceStore::discard()
{
    m_jobs->discard();
}

const ProvenanceCache& ProvenanceStore::cache() const
{
    return m_cache;
}
