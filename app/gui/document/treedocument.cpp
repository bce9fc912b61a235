// SPDX-License-Identifier: MIT
#include "gui/document/treedocument.h"

#include "core/io/pathtext.h"
#include "gui/common/jobrunner.h"
#include "gui/common/timing.h"
#include "gui/document/indexjob.h"
#include "gui/document/profilejob.h"
#include "gui/document/provenancestore.h"
#include "gui/document/whyjob.h"

#include <QDir>
#include <QFileInfo>

TreeDocument::TreeDocument(QObject* parent)
    : QObject(parent)
    , m_indexJob(new IndexJob(this))
    , m_findingsJob(new FindingsJob(this))
    , m_compareJob(new CompareJob(this))
    , m_sourcesJob(new JobRunner(this))
    , m_ranksJob(new JobRunner(this))
    , m_compileJob(new JobRunner(this))
    , m_checklistJob(new JobRunner(this))
    , m_profileJob(new ProfileJob(this))
    , m_provenance(new ProvenanceStore(this))
    , m_whyJob(new WhyJob(this))
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
    // A product whose job threw stays null, and its signal still comes: nobody waits for it.
    connect(m_sourcesJob, &JobRunner::failed, this, &TreeDocument::modelSourcesChanged);
    connect(m_ranksJob, &JobRunner::failed, this, &TreeDocument::rankConsistencyChanged);
    connect(m_compileJob, &JobRunner::failed, this, &TreeDocument::compileChanged);
    connect(m_checklistJob, &JobRunner::failed, this, &TreeDocument::checklistChanged);
    connect(m_profileJob, &ProfileJob::finished, this,
        [this](quint64, const QString& path, std::shared_ptr<const dvmlens::Index> index,
            std::shared_ptr<const dvmlens::ProfileJoin> join,
            const QString& error) { onProfileJoined(path, std::move(index), std::move(join), error); });
    // --- Why not DVM: kept only while the index it explains is open; a failed job still announces.
    connect(m_whyJob, &WhyJob::finished, this,
        [this](std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const TreeWhy> why) {
            if (index != m_index)
                return;
            m_why = std::move(why);
            Q_EMIT whyChanged();
        });
    // --- end Why not DVM
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
    m_modelSources.reset();
    m_ranks.reset();
    m_compile.reset();
    m_profileJoin.reset();
    m_why.reset(); // Why not DVM
    m_checklist.reset();
    computeProducts();
    Q_EMIT indexChanged();
}

void TreeDocument::computeProducts()
{
    m_findingsJob->start(m_index);
    m_whyJob->start(m_index); // Why not DVM (a null index: the older job's result is dropped)
    if (!m_checklistEnv.isEmpty())
        startChecklist(); // the environment is the user's; item 8 is the new tree's
    if (!m_index) {
        m_sourcesJob->discard();
        m_ranksJob->discard();
        m_compileJob->discard();
        return;
    }
    // Each result is kept only while the index it describes is the open one (a newer start drops
    // an older job's result too).
    const std::shared_ptr<const dvmlens::Index> index = m_index;
    m_sourcesJob->start([index](JobContext&) { return computeModelSources(*index); },
        [this, index](std::shared_ptr<const ModelSources> sources) {
            if (index != m_index)
                return;
            m_modelSources = std::move(sources);
            Q_EMIT modelSourcesChanged();
        });
    m_ranksJob->start(
        [index](JobContext&) {
            return std::make_shared<const dvmlens::RankConsistency>(dvmlens::rankConsistency(*index));
        },
        [this, index](std::shared_ptr<const dvmlens::RankConsistency> ranks) {
            if (index != m_index)
                return;
            m_ranks = std::move(ranks);
            Q_EMIT rankConsistencyChanged();
        });
    // --- compile side: the trace logs at the index's path, read again for their compile events ---
    m_compileJob->start([index](JobContext&) { return computeCompileFacts(*index); },
        [this, index](std::shared_ptr<const CompileFacts> compile) {
            if (index != m_index)
                return;
            m_compile = std::move(compile);
            Q_EMIT compileChanged();
        });
    // --- end compile side ---
    // The profile belongs to the tree it was loaded for: joined again to that tree's new index.
    if (m_profileTree != m_path)
        m_profilePath.clear();
    if (!m_profilePath.isEmpty())
        m_profileJob->start(m_profilePath, m_index);
}

void TreeDocument::checkEnvironment(const QString& env)
{
    m_checklistEnv = env;
    m_checklist.reset();
    startChecklist();
}

void TreeDocument::startChecklist()
{
    const std::shared_ptr<const dvmlens::Index> index = m_index;
    m_checklistJob->start(
        [env = m_checklistEnv, index](JobContext&) { return computeEnvironmentChecklist(env, index); },
        [this, index](std::shared_ptr<const EnvironmentChecklist> checklist) {
            if (index != m_index)
                return;
            m_checklist = std::move(checklist);
            Q_EMIT checklistChanged();
        });
}

const std::shared_ptr<const EnvironmentChecklist>& TreeDocument::checklist() const
{
    return m_checklist;
}

QString TreeDocument::checkedEnvironment() const
{
    return m_checklistEnv;
}

bool TreeDocument::isCheckingEnvironment() const
{
    return m_checklistJob->isRunning();
}

void TreeDocument::loadProfile(const QString& path)
{
    m_profilePath = path;
    m_profileTree = m_path;
    m_profileJoin.reset();
    m_profileJob->start(path, m_index);
}

void TreeDocument::onProfileJoined(const QString& path, std::shared_ptr<const dvmlens::Index> index,
    std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& error)
{
    if (index != m_index)
        return; // joined to an index that is no longer open
    if (!join)
        m_profilePath.clear(); // not loaded again with the next index
    m_profileJoin = std::move(join);
    Q_EMIT profileJoined(path, m_profileJoin ? QString() : error.isEmpty() ? tr("it cannot be read") : error);
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
    const bool reindexed = m_reindexing;
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
        // A path that could not be opened is not open: the tree shown before (or none, and the
        // welcome page) stays, under its own path and title.
        if (!reindexed)
            m_path = m_index ? dvmlens::pathText(m_index->root) : QString();
        // Core's message starts with the path, which the window's own message names already.
        QString reason = error;
        for (const QString& prefix : { path, QDir::toNativeSeparators(path) }) {
            if (reason.startsWith(prefix + QStringLiteral(": ")))
                reason.remove(0, prefix.size() + 2);
        }
        Q_EMIT indexFinished(path, reason.isEmpty() ? tr("it cannot be read") : reason);
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

const std::shared_ptr<const ModelSources>& TreeDocument::modelSources() const
{
    return m_modelSources;
}

const std::shared_ptr<const dvmlens::RankConsistency>& TreeDocument::rankConsistency() const
{
    return m_ranks;
}

ProvenanceStore& TreeDocument::provenanceStore() const
{
    return *m_provenance;
}

// --- compile side ---
const std::shared_ptr<const CompileFacts>& TreeDocument::compile() const
{
    return m_compile;
}

bool TreeDocument::isReadingCompile() const
{
    return m_compileJob->isRunning();
}
// --- end compile side ---

const std::shared_ptr<const dvmlens::ProfileJoin>& TreeDocument::profileJoin() const
{
    return m_profileJoin;
}

QString TreeDocument::profilePath() const
{
    return m_profilePath;
}

bool TreeDocument::isFindingModelSources() const
{
    return m_sourcesJob->isRunning();
}

bool TreeDocument::isCheckingRanks() const
{
    return m_ranksJob->isRunning();
}

bool TreeDocument::isJoiningProfile() const
{
    return m_profileJob->isRunning();
}

bool TreeDocument::isComparing() const
{
    return m_compareJob->isRunning();
}

// --- Why not DVM ---
const std::shared_ptr<const TreeWhy>& TreeDocument::why() const
{
    return m_why;
}

bool TreeDocument::isExplainingWhy() const
{
    return m_whyJob->isRunning();
}
// --- end Why not DVM ---
