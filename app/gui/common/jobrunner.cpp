// SPDX-License-Identifier: MIT
#include "gui/common/jobrunner.h"

void JobContext::progress(int done, int total, int stage)
{
    const int percent = total > 0 ? int(qint64(done) * 100 / total) : 0;
    if (cancelled())
        return;
    // A worker thread calls this for every file: only a new stage or a new percent goes out.
    const bool newStage = m_lastStage.exchange(stage) != stage;
    if (m_lastPercent.exchange(percent) == percent && !newStage)
        return;
    m_runner->postProgress(m_id, stage, done, total);
}

void JobContext::postPartial(std::function<void()> deliver)
{
    m_runner->postPartial(m_id, std::move(deliver));
}

JobRunner::JobRunner(QObject* parent, int maxThreads)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(maxThreads);
}

JobRunner::~JobRunner()
{
    discard();
    m_pool.waitForDone();
}

std::shared_ptr<JobContext> JobRunner::beginJob()
{
    const bool wasRunning = isRunning();
    if (m_current)
        m_current->m_cancel.store(true); // stale from now on: its result is dropped
    m_current.reset(new JobContext(this, ++m_jobId));
    if (!wasRunning)
        Q_EMIT runningChanged(true);
    return m_current;
}

void JobRunner::cancel()
{
    if (m_current)
        m_current->m_cancel.store(true);
}

void JobRunner::discard()
{
    if (!m_current)
        return;
    m_current->m_cancel.store(true);
    finish();
}

void JobRunner::runDetached(std::function<void()> work)
{
    m_pool.start(std::move(work));
}

bool JobRunner::isRunning() const
{
    return m_current != nullptr;
}

quint64 JobRunner::currentJobId() const
{
    return m_jobId;
}

bool JobRunner::isCurrent(quint64 jobId) const
{
    return m_current && m_current->id() == jobId;
}

void JobRunner::finish()
{
    m_current.reset();
    Q_EMIT runningChanged(false);
}

void JobRunner::post(quint64 jobId, std::function<void()> deliver)
{
    QMetaObject::invokeMethod(
        this,
        [this, jobId, deliver = std::move(deliver)] {
            if (!isCurrent(jobId))
                return; // a newer job started, or this one was discarded
            finish();
            deliver();
        },
        Qt::QueuedConnection);
}

void JobRunner::postFailure(quint64 jobId, const QString& message)
{
    QMetaObject::invokeMethod(
        this,
        [this, jobId, message] {
            if (!isCurrent(jobId))
                return;
            finish();
            Q_EMIT failed(jobId, message);
        },
        Qt::QueuedConnection);
}

void JobRunner::postProgress(quint64 jobId, int stage, int done, int total)
{
    QMetaObject::invokeMethod(
        this,
        [this, jobId, stage, done, total] {
            if (isCurrent(jobId) && !m_current->cancelled())
                Q_EMIT progress(stage, done, total);
        },
        Qt::QueuedConnection);
}

void JobRunner::postPartial(quint64 jobId, std::function<void()> deliver)
{
    QMetaObject::invokeMethod(
        this,
        [this, jobId, deliver = std::move(deliver)] {
            if (isCurrent(jobId))
                deliver();
        },
        Qt::QueuedConnection);
}
