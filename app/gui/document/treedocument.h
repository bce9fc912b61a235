// SPDX-License-Identifier: MIT
// The open tree and everything the window knows of it (after heaptrack's Parser, which emits each
// product of the open file once): its path, its index (with its counts computed once), and the
// products of that index: its known failures, its model sources, its rank consistency and the
// Ascend profile joined to it, plus any comparison. Each is computed once, off the GUI thread (a
// JobRunner each; a result of an older job or an index no longer open is dropped), and announced by
// one signal. The views and exporters subscribe to these signals and read the products from here;
// none hands a product to another (docs/gui-architecture.md).
//
// Order: indexChanged says a new index is open and every product of the old one is gone (null);
// each product's signal then comes once, when it is computed for that index.
#pragma once

#include "core/index/indexstream.h"
#include "core/model/model.h"
#include "core/profile/profilejoin.h"
#include "core/ranks/rankconsistency.h"
#include "gui/document/comparejob.h"
#include "gui/document/compilefacts.h"
#include "gui/document/environmentchecklist.h"
#include "gui/document/findingsjob.h"
#include "gui/document/indexsummaries.h"
#include "gui/document/modelsources.h"
#include "gui/document/treewhy.h"

#include <QObject>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

class JobRunner;
class ProfileJob;
class ProvenanceStore;
class IndexJob;
class WhyJob;

class TreeDocument : public QObject
{
    Q_OBJECT
public:
    explicit TreeDocument(QObject* parent = nullptr);

    // Indexes `path` (a tree, run, graph folder or output_code.py) off the GUI thread; a running
    // indexing is cancelled and its result dropped. indexStarted now, indexFinished at the end.
    void open(const QString& path);
    void reindex(); // the open path again (new graph folders of a training run); nothing when none
    // Stops a running indexing or comparison; a cancelled indexing still delivers its partial index.
    void cancel();
    // Adopts an index built elsewhere (side A of a comparison, tests) as the open tree, then
    // searches its known failures.
    void setIndex(const QString& path, std::shared_ptr<const dvmlens::Index> index);
    // Indexes and compares two trees; compareFinished follows. When nothing else is open, or side A
    // is what is open, side A becomes the open tree too (browse mode needs no second indexing).
    void compare(const CompareRequest& request);

    QString path() const; // what is open or being opened; absolute
    const std::shared_ptr<const dvmlens::Index>& index() const;
    // The index's counts, computed once when the index arrived; null without an index.
    const std::shared_ptr<const IndexSummaries>& summaries() const;
    // The known failures of index(); null until they were searched.
    const std::shared_ptr<const KnownFailures>& knownFailures() const;
    // The last comparison that succeeded; null when none did.
    const std::shared_ptr<const CompareOutcome>& comparison() const;
    // What the Model sources dock shows of index(); null until found.
    const std::shared_ptr<const ModelSources>& modelSources() const;
    // core's rank consistency of index() (graph keys ▸ ranks, for By graph); null until computed.
    const std::shared_ptr<const dvmlens::RankConsistency>& rankConsistency() const;
    // The provenance links of a graph, computed when the Provenance mode asks for one (too costly to
    // make for every graph up front); the last few are kept. Asking changes no product of the tree.
    ProvenanceStore& provenanceStore() const;
    // --- Why not DVM (docs/why-not-dvm-gui.md) ---
    // Why each non-DVM kernel and fallback call of index() is not DVM; null until decided (or when
    // deciding failed).
    const std::shared_ptr<const TreeWhy>& why() const;
    bool isExplainingWhy() const;
    // --- end Why not DVM ---

    // --- compile side (the Compile dock) ---
    // The compile side of the trace logs at index()'s path (breaks, recompiles, caches, failures,
    // time); null until read. Empty (no logs), not null, when the path holds no TORCH_TRACE log.
    const std::shared_ptr<const CompileFacts>& compile() const;
    bool isReadingCompile() const;
    // --- end compile side ---

    // --- environment checklist (File ▸ Check Environment) ---
    // Checks the Python environment at `env` against the field guide's checklist with index() as the
    // tree (item 8) off the GUI thread; checklistChanged follows. Each new index is checked again
    // against the same environment.
    void checkEnvironment(const QString& env);
    // The last check's result for index(); null before any check, while one runs, or when it failed.
    const std::shared_ptr<const EnvironmentChecklist>& checklist() const;
    QString checkedEnvironment() const; // the environment last asked for; empty: none
    bool isCheckingEnvironment() const;
    // --- end environment checklist ---

    // Reads the Ascend profile at `path` (a folder or kernel_details.csv) and joins it to index()
    // off the GUI thread; profileJoined follows. A new index of the same tree is joined to it
    // again; another tree's index forgets it.
    void loadProfile(const QString& path);
    // The profile joined to index(); null: none (or not joined yet).
    const std::shared_ptr<const dvmlens::ProfileJoin>& profileJoin() const;
    QString profilePath() const; // the profile joined or being joined; empty: none

    // While a folder is being opened: its index as it grows (the skeleton, then graph after graph
    // parsed) and its counts, for the run tree; null otherwise. index() stays the open tree's until
    // indexChanged, when the grown index becomes index() (the same object).
    const std::shared_ptr<const dvmlens::Index>& growingIndex() const;
    const std::shared_ptr<const IndexSummaries>& growingSummaries() const;

    bool isIndexing() const;
    bool isReindexing() const; // the running indexing is a reindex()
    bool isSearchingKnownFailures() const;
    bool isFindingModelSources() const;
    bool isCheckingRanks() const;
    bool isJoiningProfile() const;
    bool isComparing() const;

Q_SIGNALS:
    void indexStarted(const QString& path, bool reindex);
    void indexProgress(int done, int total);
    // growingIndex() is new: the skeleton of the folder being opened (no graph parsed yet).
    void indexGrowing();
    // Graphs of growingIndex() at these (run, graph) positions were parsed; its counts are new.
    void graphsParsed(const std::vector<std::pair<std::size_t, std::size_t>>& positions);
    // A new index (and its summaries) is open; its products are being computed (the old ones are
    // gone).
    void indexChanged();
    // After every indexing, after indexChanged when it succeeded: `error` is empty on success.
    void indexFinished(const QString& path, const QString& error);
    void knownFailuresChanged(); // knownFailures() belongs to index() now
    void modelSourcesChanged(); // modelSources() belongs to index() now
    void rankConsistencyChanged(); // rankConsistency() belongs to index() now
    void whyChanged(); // why() belongs to index() now (null: deciding failed)
    void compileChanged(); // compile() belongs to index() now (compile side)
    void checklistChanged(); // checklist() is new (null: the check failed)
    // After every join of a profile: profileJoin() belongs to index() when `error` is empty; else
    // it is null and `error` says why.
    void profileJoined(const QString& path, const QString& error);
    void compareStarted(const CompareRequest& request);
    void compareProgress(int side, int done, int total); // side 0 = A, 1 = B
    void compareFinished(const QString& error); // comparison() is the new one when `error` is empty

private:
    void onIndexed(const QString& path, std::shared_ptr<const dvmlens::Index> index, const QString& error);
    void onCompared(std::shared_ptr<const CompareOutcome> outcome);
    // `summaries`: of `index` when known (null: counted now).
    void adopt(std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const IndexSummaries> summaries = nullptr);
    void dropGrowing();
    void onSkeleton(std::shared_ptr<dvmlens::Index> skeleton);
    void onGraphsParsed(std::vector<dvmlens::ParsedGraph>& batch);
    // Starts computing every product of m_index (a new index was adopted).
    void computeProducts();
    void startChecklist(); // m_checklistEnv against m_index
    void onProfileJoined(const QString& path, std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& error);

    IndexJob* m_indexJob;
    FindingsJob* m_findingsJob;
    CompareJob* m_compareJob;
    JobRunner* m_sourcesJob;
    JobRunner* m_ranksJob;
    JobRunner* m_compileJob; // compile side
    JobRunner* m_checklistJob; // environment checklist
    ProfileJob* m_profileJob;
    ProvenanceStore* m_provenance;
    // --- Why not DVM ---
    WhyJob* m_whyJob;
    std::shared_ptr<const TreeWhy> m_why;
    // --- end Why not DVM ---
    QString m_path;
    bool m_reindexing = false;
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const IndexSummaries> m_summaries;
    std::shared_ptr<const KnownFailures> m_knownFailures;
    std::shared_ptr<const CompareOutcome> m_comparison;
    std::shared_ptr<const ModelSources> m_modelSources;
    std::shared_ptr<const dvmlens::RankConsistency> m_ranks;
    std::shared_ptr<const CompileFacts> m_compile; // compile side
    std::shared_ptr<const EnvironmentChecklist> m_checklist;
    QString m_checklistEnv;
    std::shared_ptr<const dvmlens::ProfileJoin> m_profileJoin;
    QString m_profilePath;
    QString m_profileTree; // the path of the tree m_profilePath was loaded for
    std::shared_ptr<dvmlens::Index> m_growing; // owned here; the run tree reads it as const
    std::shared_ptr<const dvmlens::Index> m_growingView; // the same object, as growingIndex() gives it
    std::shared_ptr<const IndexSummaries> m_growingSummaries;
};
