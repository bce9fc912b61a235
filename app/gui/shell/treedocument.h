// SPDX-License-Identifier: MIT
// The open tree: its path, its index (with its counts computed once), its known-failure findings
// and any comparison. It runs the jobs that make them (indexing, the known-failure search, the
// comparison); the window, docks and exporters read from it and listen to its signals.
#pragma once

#include "core/index/indexstream.h"
#include "core/model/model.h"
#include "gui/common/indexsummaries.h"
#include "gui/compare/comparejob.h"
#include "gui/diagnostics/findingsjob.h"

#include <QObject>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

class IndexJob;

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

    // While a folder is being opened: its index as it grows (the skeleton, then graph after graph
    // parsed) and its counts, for the run tree; null otherwise. index() stays the open tree's until
    // indexChanged, when the grown index becomes index() (the same object).
    const std::shared_ptr<const dvmlens::Index>& growingIndex() const;
    const std::shared_ptr<const IndexSummaries>& growingSummaries() const;

    bool isIndexing() const;
    bool isReindexing() const; // the running indexing is a reindex()
    bool isSearchingKnownFailures() const;
    bool isComparing() const;

Q_SIGNALS:
    void indexStarted(const QString& path, bool reindex);
    void indexProgress(int done, int total);
    // growingIndex() is new: the skeleton of the folder being opened (no graph parsed yet).
    void indexGrowing();
    // Graphs of growingIndex() at these (run, graph) positions were parsed; its counts are new.
    void graphsParsed(const std::vector<std::pair<std::size_t, std::size_t>>& positions);
    // A new index (and its summaries) is open; its known failures are being searched.
    void indexChanged();
    // After every indexing, after indexChanged when it succeeded: `error` is empty on success.
    void indexFinished(const QString& path, const QString& error);
    void knownFailuresChanged(); // knownFailures() belongs to index() now
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

    IndexJob* m_indexJob;
    FindingsJob* m_findingsJob;
    CompareJob* m_compareJob;
    QString m_path;
    bool m_reindexing = false;
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const IndexSummaries> m_summaries;
    std::shared_ptr<const KnownFailures> m_knownFailures;
    std::shared_ptr<const CompareOutcome> m_comparison;
    std::shared_ptr<dvmlens::Index> m_growing; // owned here; the run tree reads it as const
    std::shared_ptr<const dvmlens::Index> m_growingView; // the same object, as growingIndex() gives it
    std::shared_ptr<const IndexSummaries> m_growingSummaries;
};
