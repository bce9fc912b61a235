// SPDX-License-Identifier: MIT
#include "shell/indexjob.h"

#include "index/indexer.h"
#include "common/throttledprogress.h"

IndexJob::IndexJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const dvmlens::Index>>();
}

IndexJob::~IndexJob()
{
    cancel();
    m_pool.waitForDone();
}

quint64 IndexJob::start(const QString& path)
{
    cancel();
    const quint64 jobId = ++m_jobId;
    m_running = true;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    const std::string nativePath = path.toStdString();
    m_pool.start([this, jobId, path, nativePath, cancelFlag] {
        dvmlens::IndexOptions options;
        options.cancel = cancelFlag.get();
        options.progress = throttledProgress(cancelFlag, [this, jobId](int done, int total) {
            QMetaObject::invokeMethod(
                this,
                [this, jobId, done, total] {
                    if (jobId == m_jobId)
                        Q_EMIT progress(done, total);
                },
                Qt::QueuedConnection);
        });
        std::string error;
        std::optional<dvmlens::Index> built = dvmlens::buildIndex(nativePath, options, error);
        std::shared_ptr<const dvmlens::Index> index;
        if (built)
            index = std::make_shared<const dvmlens::Index>(std::move(*built));
        QMetaObject::invokeMethod(
            this,
            [this, jobId, path, index, message = QString::fromStdString(error)] {
                deliver(jobId, path, index, message);
            },
            Qt::QueuedConnection);
    });
    return jobId;
}

void IndexJob::deliver(
    quint64 jobId, const QString& path, std::shared_ptr<const dvmlens::Index> index, const QString& error)
{
    if (jobId != m_jobId)
        return; // a newer job started meanwhile: this result is stale
    m_running = false;
    Q_EMIT finished(jobId, path, std::move(index), error);
}

void IndexJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

bool IndexJob::isRunning() const
{
    return m_running;
}

quint64 IndexJob::currentJobId() const
{
    return m_jobId;
}
