// SPDX-License-Identifier: MIT
// The one way the GUI runs work off its thread (after hotspot's JobTracker): start() runs a job on
// the runner's pool and hands its result to a callback on the GUI thread; a newer start() or
// discard() makes the running job stale, so its result is dropped, never delivered; cancel() asks
// it to stop and still delivers what it returns (a partial index says "cancelled"); progress is
// throttled to whole percents; an exception thrown by a job is reported through failed().
#pragma once

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

class JobRunner;

// What a running job sees of itself; it lives as long as the job and is safe to use on any thread.
class JobContext
{
public:
    // True once cancel() or discard() was called, or a newer job started.
    bool cancelled() const
    {
        return m_cancel.load();
    }
    // The flag core's long loops poll (IndexOptions::cancel).
    const std::atomic<bool>* cancelFlag() const
    {
        return &m_cancel;
    }
    // Reports progress of `stage` (0 unless a job has several); passed on only when its whole
    // percentage moves, and never after the job was cancelled.
    void progress(int done, int total, int stage = 0);
    quint64 id() const
    {
        return m_id;
    }
    // Hands part of the result over while the job runs (an index as it grows): `deliver` runs on
    // the runner's thread, in the order posted and before the final result, unless the job became
    // stale. A cancelled job's parts still arrive, since what it returns goes with them.
    void postPartial(std::function<void()> deliver);

private:
    friend class JobRunner;
    JobContext(JobRunner* runner, quint64 id)
        : m_runner(runner)
        , m_id(id)
    {
    }

    JobRunner* m_runner;
    quint64 m_id;
    std::atomic<bool> m_cancel { false };
    std::atomic<int> m_lastStage { -1 };
    std::atomic<int> m_lastPercent { -1 };
};

class JobRunner : public QObject
{
    Q_OBJECT
public:
    // `maxThreads` jobs may run at once (a stale one finishes its work before the pool moves on).
    explicit JobRunner(QObject* parent = nullptr, int maxThreads = 1);
    ~JobRunner() override; // discards and waits, so no worker outlives the runner

    // Runs `work(JobContext&)` on the pool; its return value goes to `deliver(result)` on the
    // runner's thread unless the job became stale. Returns the new job's id.
    template <typename Work, typename Deliver> quint64 start(Work work, Deliver deliver)
    {
        using Result = std::invoke_result_t<Work&, JobContext&>;
        std::shared_ptr<JobContext> context = beginJob();
        m_pool.start([this, context, work = std::move(work), deliver = std::move(deliver)]() mutable {
            try {
                auto result = std::make_shared<Result>(work(*context));
                post(context->id(),
                    [deliver = std::move(deliver), result]() mutable { deliver(std::move(*result)); });
            } catch (const std::exception& error) {
                postFailure(context->id(), QString::fromUtf8(error.what()));
            } catch (...) {
                postFailure(context->id(), tr("The background job failed."));
            }
        });
        return context->id();
    }

    // Asks the running job to stop; what it returns is still delivered.
    void cancel();
    // Cancels the running job and drops its result.
    void discard();
    // Runs `work` on the pool with no result and no tracking (e.g. freeing a big document).
    void runDetached(std::function<void()> work);

    bool isRunning() const;
    quint64 currentJobId() const;

Q_SIGNALS:
    // Throttled progress of the current job.
    void progress(int stage, int done, int total);
    // The current job threw: `message` is its what(); its result never comes.
    void failed(quint64 jobId, const QString& message);
    void runningChanged(bool running);

private:
    friend class JobContext;
    std::shared_ptr<JobContext> beginJob();
    // Queues `deliver` to the runner's thread; it runs only while `jobId` is current and live.
    void post(quint64 jobId, std::function<void()> deliver);
    void postFailure(quint64 jobId, const QString& message);
    void postProgress(quint64 jobId, int stage, int done, int total);
    void postPartial(quint64 jobId, std::function<void()> deliver);
    bool isCurrent(quint64 jobId) const;
    void finish(); // the current job ended: delivered, failed or discarded

    QThreadPool m_pool;
    quint64 m_jobId = 0;
    std::shared_ptr<JobContext> m_current; // null when nothing current runs
};
