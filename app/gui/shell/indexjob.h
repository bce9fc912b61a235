// SPDX-License-Identifier: MIT
// Runs dvmlens::buildIndex off the GUI thread (on a JobRunner) and hands the result back.
// Starting a new job cancels the previous one; a result from an older job is dropped.
#pragma once

#include "common/jobrunner.h"
#include "model/model.h"

#include <QObject>
#include <QString>

#include <memory>

class IndexJob : public QObject
{
    Q_OBJECT
public:
    explicit IndexJob(QObject* parent = nullptr);

    // Starts indexing `path`; returns the new job's id.
    quint64 start(const QString& path);
    void cancel();
    bool isRunning() const;
    quint64 currentJobId() const;

Q_SIGNALS:
    void progress(int done, int total);
    // `index` is null when the path could not be read (`error` says why).
    void finished(quint64 jobId, const QString& path, std::shared_ptr<const dvmlens::Index> index,
        const QString& error);

private:
    JobRunner* m_runner;
    QString m_path; // of the current job
};
