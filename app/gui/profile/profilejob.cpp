// SPDX-License-Identifier: MIT
#include "profile/profilejob.h"

#include "io/pathtext.h"

ProfileJob::ProfileJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const dvmlens::ProfileJoin>>();
    m_pool.setMaxThreadCount(1);
}

ProfileJob::~ProfileJob()
{
    m_pool.waitForDone();
}

quint64 ProfileJob::start(const QString& path, std::shared_ptr<const dvmlens::Index> index)
{
    const quint64 jobId = ++m_jobId;
    m_running = true;
    const std::string nativePath = dvmlens::pathBytes(path);
    m_pool.start([this, jobId, path, nativePath, index] {
        std::string error;
        std::shared_ptr<const dvmlens::ProfileJoin> join;
        if (index) {
            if (auto profiles = dvmlens::loadProfiles(nativePath, error))
                join = std::make_shared<const dvmlens::ProfileJoin>(
                    dvmlens::joinProfiles(*index, *profiles, {}));
        }
        QMetaObject::invokeMethod(
            this,
            [this, jobId, path, index, join, message = QString::fromStdString(error)] {
                if (jobId != m_jobId)
                    return; // a newer job started meanwhile
                m_running = false;
                Q_EMIT finished(jobId, path, index, join, message);
            },
            Qt::QueuedConnection);
    });
    return jobId;
}

bool ProfileJob::isRunning() const
{
    return m_running;
}
