// SPDX-License-Identifier: MIT
// The provenance links of the open tree's graphs (core's sources/provenancelinks.h), a product of the
// document like the others: computed off the GUI thread when a graph is asked for (on a 10 MB
// output_code.py they take seconds), announced by linksReady, and the last few graphs' links kept
// within a byte budget (ProvenanceCache), so going back to one answers at once without reading files.
#pragma once

#include "core/model/model.h"
#include "gui/document/provenancecache.h"

#include <QObject>

#include <memory>

class JobRunner;

class ProvenanceStore : public QObject
{
    Q_OBJECT
public:
    explicit ProvenanceStore(QObject* parent = nullptr);

    // The links of `graph` (which `index` keeps alive) when they are kept; otherwise null links, and
    // they are computed now: linksReady follows, unless another graph is asked for first.
    ProvenanceCache::Links request(
        const std::shared_ptr<const dvmlens::Index>& index, const dvmlens::Graph* graph);
    // No graph is wanted any more: a computation under way is dropped.
    void discard();
    const ProvenanceCache& cache() const;

Q_SIGNALS:
    void linksReady(const dvmlens::Graph* graph, const ProvenanceCache::Links& links);

private:
    ProvenanceCache m_cache;
    JobRunner* m_jobs;
};
