// SPDX-License-Identifier: MIT
#include "shell/treedocument.h"

#include "io/pathtext.h"
#include "shell/indexjob.h"

#include <QFileInfo>

TreeDocument::TreeDocument(QObject* parent)
    : QObject(parent)
    , m_indexJob(new IndexJob(this))
    , m_findingsJob(new FindingsJob(this))
    , m_compareJob(new CompareJob(this))
{
    connect(m_indexJob, &IndexJob::progress, this, &TreeDocument::indexProgress);
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
    m_indexJob->start(m_path);
    Q_EMIT indexStarted(m_path, false);
}

void TreeDocument::reindex()
{
    if (m_path.isEmpty())
        return;
    m_reindexing = true;
    m_indexJob->start(m_path);
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

void TreeDocument::adopt(std::shared_ptr<const dvmlens::Index> index)
{
    m_index = std::move(index);
    m_summaries = m_index ? IndexSummaries::of(*m_index) : nullptr;
    m_knownFailures.reset();
    m_findingsJob->start(m_index);
    Q_EMIT indexChanged();
}

void TreeDocument::onIndexed(
    const QString& path, std::shared_ptr<const dvmlens::Index> index, const QString& error)
{
    m_reindexing = false;
    if (!index) {
        Q_EMIT indexFinished(path, error.isEmpty() ? tr("it cannot be read") : error);
        return;
    }
    adopt(std::move(index));
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
