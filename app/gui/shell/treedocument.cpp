// SPDX-License-Identifier: MIT
#include "gui/shell/treedocument.h"

#include "core/io/pathtext.h"
#include "gui/common/timing.h"
#include "gui/shell/indexjob.h"

#include <QFileInfo>

TreeDocument::TreeDocument(QObject* parent)
    : QObject(parent)
    , m_indexJob(new IndexJob(this))
    , m_findingsJob(new FindingsJob(this))
    , m_compareJob(new CompareJob(this))
{
    connect(m_indexJob, &IndexJob::progress, this, &TreeDocument::indexProgress);
    connect(m_indexJob, &IndexJob::skeletonReady, this,
        [this](quint64, std::shared_ptr<dvmlens::Index> skeleton) { onSkeleton(std::move(skeleton)); });
    connect(m_indexJob, &IndexJob::graphsParsed, this,
        [this](quint64, const ParsedGraphBatch& batch) { onGraphsParsed(*batch); });
    connect(m_indexJob, &IndexJob::finished, this,
        [this](quint64, const QString& path, std::shared_ptr<const dvmlens::Index> index,
            const QString& error) { onIndexed(path, std::move(index), error); });
    connect(m_findingsJob, &FindingsJob::finished, this, [this](std::shared_ptr<const KnownFailures> result) {
        if (!result || result->index != m_index)
            return; // searched an index that is no longer open
        m_knownFailures = std::move(result);
        Q_EMIT knownFailuresChanged();
    });
    connect(m_compareJob, &CompareJob::progress, this, &TreeDocument::compareProgress);
    connect(m_compareJob, &CompareJob::finished, this, &TreeDocument::onCompared);
}

void TreeDocument::open(const QString& path)
{
    m_path = dvmlens::absolutePathText(path);
    m_reindexing = false;
    dropGrowing();
    // A new tree comes in parts, so the first verdicts show before the last file is parsed.
    m_indexJob->start(m_path, true);
    Q_EMIT indexStarted(m_path, false);
}

void TreeDocument::reindex()
{
    if (m_path.isEmpty())
        return;
    m_reindexing = true;
    dropGrowing();
    m_indexJob->start(m_path); // the open tree stays on screen, whole, until the new index is in
    Q_EMIT indexStarted(m_path, true);
}

void TreeDocument::cancel()
{
    m_indexJob->cancel();
    m_compareJob->cancel();
}

void TreeDocument::setIndex(const QString& path, std::shared_ptr<const dvmlens::Index> index)
{
    m_path = path;
    adopt(std::move(index));
}

void TreeDocument::adopt(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const IndexSummaries> summaries)
{
    m_index = std::move(index);
    m_summaries = summaries ? std::move(summaries) : m_index ? IndexSummaries::of(*m_index) : nullptr;
    m_knownFailures.reset();
    m_findingsJob->start(m_index);
    Q_EMIT indexChanged();
}

void TreeDocument::dropGrowing()
{
    m_growing.reset();
    m_growingView.reset();
    m_growingSummaries.reset();
}

void TreeDocument::onSkeleton(std::shared_ptr<dvmlens::Index> skeleton)
{
    m_growing = std::move(skeleton);
    m_growingView = m_growing;
    m_growingSummaries = IndexSummaries::of(*m_growing);
    Q_EMIT indexGrowing();
}

void TreeDocument::onGraphsParsed(std::vector<dvmlens::ParsedGraph>& batch)
{
    if (!m_growing)
        return;
    std::vector<std::pair<std::size_t, std::size_t>> positions;
    positions.reserve(batch.size());
    for (const dvmlens::ParsedGraph& parsed : batch)
        positions.emplace_back(parsed.run, parsed.graph);
    if (!dvmlens::applyParsedGraphs(*m_growing, std::move(batch)))
        return;
    m_growingSummaries = IndexSummaries::updated(*m_growingSummaries, *m_growing, positions);
    Q_EMIT graphsParsed(positions);
}

void TreeDocument::onIndexed(
    const QString& path, std::shared_ptr<const dvmlens::Index> index, const QString& error)
{
    m_reindexing = false;
    timing::mark("index-delivered", false);
    std::shared_ptr<const IndexSummaries> summaries;
    if (index && m_growing) {
        // What the job returned closes the index the stream grew here (index/indexstream.h).
        dvmlens::finishStreamedIndex(*m_growing, *index);
        index = m_growingView;
        // The graphs' and runs' counts are those it grew with; the tree's counts its own
        // diagnostics too, which came last.
        summaries = IndexSummaries::updated(*m_growingSummaries, *m_growing, {});
    }
    dropGrowing();
    if (!index) {
        Q_EMIT indexFinished(path, error.isEmpty() ? tr("it cannot be read") : error);
        return;
    }
    adopt(std::move(index), std::move(summaries));
    Q_EMIT indexFinished(path, {});
}

void TreeDocument::compare(const CompareRequest& request)
{
    m_compareJob->start(request);
    Q_EMIT compareStarted(request);
}

void TreeDocument::onCompared(std::shared_ptr<const CompareOutcome> outcome)
{
    if (!outcome->result) {
        Q_EMIT compareFinished(outcome->error);
        return;
    }
    m_comparison = outcome;
    if (m_path.isEmpty() || m_path == outcome->request.pathA)
        setIndex(outcome->request.pathA, outcome->indexA);
    Q_EMIT compareFinished({});
}

QString TreeDocument::path() const
{
    return m_path;
}

const std::shared_ptr<const dvmlens::Index>& TreeDocument::index() const
{
    return m_index;
}

const std::shared_ptr<const IndexSummaries>& TreeDocument::summaries() const
{
    return m_summaries;
}

const std::shared_ptr<const KnownFailures>& TreeDocument::knownFailures() const
{
    return m_knownFailures;
}

const std::shared_ptr<const CompareOutcome>& TreeDocument::comparison() const
{
    return m_comparison;
}

const std::shared_ptr<const dvmlens::Index>& TreeDocument::growingIndex() const
{
    return m_growingView;
}

const std::shared_ptr<const IndexSummaries>& TreeDocument::growingSummaries() const
{
    return m_growingSummaries;
}

bool TreeDocument::isIndexing() const
{
    return m_indexJob->isRunning();
}

bool TreeDocument::isReindexing() const
{
    return m_reindexing && isIndexing();
}

bool TreeDocument::isSearchingKnownFailures() const
{
    return m_findingsJob->isRunning();
}

bool TreeDocument::isComparing() const
{
    return m_compareJob->isRunning();
}
