// SPDX-License-Identifier: MIT
// Reads an Ascend profile and joins it to the current Index off the GUI thread (a kernel_details.csv
// can be several GB), handing the result back with one queued call; a result for an older job or
// another index is dropped.
#pragma once

#include "model/model.h"
#include "profile/profilejoin.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <memory>

class ProfileJob : public QObject
{
    Q_OBJECT
public:
    explicit ProfileJob(QObject* parent = nullptr);
    ~ProfileJob() override; // waits, so no worker outlives the object

    // Starts reading `path` and joining it to `index`; returns the new job's id.
    quint64 start(const QString& path, std::shared_ptr<const dvmlens::Index> index);
    bool isRunning() const;

Q_SIGNALS:
    // `join` is null when the profile could not be read (`error` says why).
    void finished(quint64 jobId, const QString& path, std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& error);

private:
    QThreadPool m_pool;
    quint64 m_jobId = 0;
    bool m_running = false;
};
