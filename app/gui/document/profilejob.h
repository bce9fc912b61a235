// SPDX-License-Identifier: MIT
// Reads an Ascend profile and joins it to the current Index off the GUI thread (a kernel_details.csv
// can be several GB), on a JobRunner like every other job: a newer start() makes the running job
// stale, so its result is dropped; a job that throws still ends with finished() and an error.
#pragma once

#include "core/model/model.h"
#include "core/profile/profilejoin.h"
#include "gui/common/jobrunner.h"

#include <QObject>
#include <QString>

#include <memory>

class ProfileJob : public QObject
{
    Q_OBJECT
public:
    explicit ProfileJob(QObject* parent = nullptr);

    // Starts reading `path` and joining it to `index`; returns the new job's id.
    quint64 start(const QString& path, std::shared_ptr<const dvmlens::Index> index);
    bool isRunning() const;

Q_SIGNALS:
    // `join` is null when the profile could not be read (`error` says why).
    void finished(quint64 jobId, const QString& path, std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& error);

private:
    JobRunner* m_runner;
    // What the current job was started with, for a failure report.
    QString m_path;
    std::shared_ptr<const dvmlens::Index> m_index;
};
