// SPDX-License-Identifier: MIT
// Runs dvmlens::buildIndex off the GUI thread (on a JobRunner) and hands the result back.
// Starting a new job cancels the previous one; a result from an older job is dropped. A folder
// opened with `stream` comes in parts first (index/indexstream.h): its skeleton after the walk,
// then the parsed graphs in batches, then finished() with the index's closing part.
#pragma once

#include "core/index/indexstream.h"
#include "core/model/model.h"
#include "gui/common/jobrunner.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

using ParsedGraphBatch = std::shared_ptr<std::vector<dvmlens::ParsedGraph>>;

class IndexJob : public QObject
{
    Q_OBJECT
public:
    explicit IndexJob(QObject* parent = nullptr);

    // Starts indexing `path`; returns the new job's id. With `stream`, skeletonReady and
    // graphsParsed come before finished (a folder; an archive comes whole).
    quint64 start(const QString& path, bool stream = false);
    void cancel();
    bool isRunning() const;
    quint64 currentJobId() const;

Q_SIGNALS:
    void progress(int done, int total);
    // The walk is over: every graph, none parsed yet. The receiver owns it and applies the batches.
    void skeletonReady(quint64 jobId, std::shared_ptr<dvmlens::Index> skeleton);
    void graphsParsed(quint64 jobId, ParsedGraphBatch batch);
    // `index` is null when the path could not be read (`error` says why). After a stream, it is the
    // skeleton's closing part (finishStreamedIndex), not the whole index.
    void finished(quint64 jobId, const QString& path, std::shared_ptr<const dvmlens::Index> index,
        const QString& error);

private:
    JobRunner* m_runner;
    QString m_path; // of the current job
};
