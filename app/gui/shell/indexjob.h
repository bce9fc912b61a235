// SPDX-License-Identifier: MIT
// Runs dvmlens::buildIndex off the GUI thread and hands the result back with one queued call.
// Starting a new job cancels the previous one; a result from an older job is dropped.
#pragma once

#include "model/model.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <memory>

class IndexJob : public QObject
{
    Q_OBJECT
public:
    explicit IndexJob(QObject* parent = nullptr);
    ~IndexJob() override; // cancels and waits, so no worker outlives the object

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
    void deliver(quint64 jobId, const QString& path, std::shared_ptr<const dvmlens::Index> index,
        const QString& error);

    QThreadPool m_pool;
    quint64 m_jobId = 0;
    bool m_running = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};
