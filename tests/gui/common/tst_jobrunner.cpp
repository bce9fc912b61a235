// SPDX-License-Identifier: MIT
// The one job runner: results come on the GUI thread, a newer job or discard() drops the older
// result, cancel() stops a job and still delivers what it returns, an exception is reported
// through failed(), and progress is passed on only when its percentage moves.
#include "gui/common/jobrunner.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <chrono>
#include <thread>

namespace {

// Spins until the job is cancelled or ~10 s passed; returns whether it was cancelled.
bool waitForCancel(const JobContext& job)
{
    for (int i = 0; i < 1000 && !job.cancelled(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return job.cancelled();
}

} // namespace

class TestJobRunner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deliversOnTheGuiThread()
    {
        JobRunner runner;
        QThread* workedOn = nullptr;
        QThread* deliveredOn = nullptr;
        int value = 0;
        QSignalSpy running(&runner, &JobRunner::runningChanged);
        runner.start(
            [&workedOn](JobContext&) {
                workedOn = QThread::currentThread();
                return 42;
            },
            [&](int result) {
                deliveredOn = QThread::currentThread();
                value = result;
            });
        QVERIFY(runner.isRunning());
        QTRY_COMPARE(value, 42);
        QCOMPARE(deliveredOn, QThread::currentThread());
        QVERIFY(workedOn != QThread::currentThread());
        QVERIFY(!runner.isRunning());
        QCOMPARE(running.count(), 2);
        QCOMPARE(running.at(0).at(0).toBool(), true);
        QCOMPARE(running.at(1).at(0).toBool(), false);
    }

    void newerJobDropsTheOlderResult()
    {
        JobRunner runner(nullptr, 2);
        QStringList delivered;
        bool firstSawCancel = false;
        const quint64 first = runner.start(
            [&firstSawCancel](JobContext& job) {
                firstSawCancel = waitForCancel(job);
                return QStringLiteral("first");
            },
            [&delivered](const QString& result) { delivered << result; });
        const quint64 second = runner.start([](JobContext&) { return QStringLiteral("second"); },
            [&delivered](const QString& result) { delivered << result; });
        QVERIFY(second > first);
        QCOMPARE(runner.currentJobId(), second);
        QTRY_COMPARE(delivered, QStringList { QStringLiteral("second") });
        QTRY_VERIFY(firstSawCancel); // the stale job was told to stop
        QTest::qWait(100); // room for a stale delivery, which must not come
        QCOMPARE(delivered, QStringList { QStringLiteral("second") });
    }

    void cancelStillDeliversWhatTheJobReturns()
    {
        JobRunner runner;
        QString delivered;
        runner.start(
            [](JobContext& job) {
                return waitForCancel(job) ? QStringLiteral("partial") : QStringLiteral("timed out");
            },
            [&delivered](const QString& result) { delivered = result; });
        runner.cancel();
        QTRY_COMPARE(delivered, QStringLiteral("partial"));
        QVERIFY(!runner.isRunning());
    }

    void discardDropsTheResultAtOnce()
    {
        JobRunner runner;
        bool delivered = false;
        QSemaphore finished;
        runner.start(
            [&finished](JobContext& job) {
                waitForCancel(job);
                finished.release();
                return 1;
            },
            [&delivered](int) { delivered = true; });
        runner.discard();
        QVERIFY(!runner.isRunning()); // at once, not when the worker ends
        QVERIFY(finished.tryAcquire(1, 10000));
        QTest::qWait(100);
        QVERIFY(!delivered);
    }

    void anExceptionIsReported()
    {
        JobRunner runner;
        bool delivered = false;
        QSignalSpy failed(&runner, &JobRunner::failed);
        const quint64 id = runner.start([](JobContext&) -> int { throw std::runtime_error("disk on fire"); },
            [&delivered](int) { delivered = true; });
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.at(0).at(0).value<quint64>(), id);
        QCOMPARE(failed.at(0).at(1).toString(), QStringLiteral("disk on fire"));
        QVERIFY(!delivered);
        QVERIFY(!runner.isRunning());
    }

    void progressIsThrottledToWholePercents()
    {
        JobRunner runner;
        QList<QList<int>> seen;
        connect(&runner, &JobRunner::progress, this, [&seen](int stage, int done, int total) {
            seen << QList<int> { stage, done, total };
        });
        bool delivered = false;
        runner.start(
            [](JobContext& job) {
                for (int done = 0; done <= 10000; ++done)
                    job.progress(done, 10000); // 10001 calls, 101 distinct percents
                job.progress(0, 200, 1); // a new stage is passed on even at the same percent
                job.progress(1, 200, 1); // 0 % again: dropped
                return 0;
            },
            [&delivered](int) { delivered = true; });
        QTRY_VERIFY(delivered);
        QCoreApplication::processEvents();
        QCOMPARE(seen.size(), 102);
        QCOMPARE(seen.first(), (QList<int> { 0, 0, 10000 }));
        QCOMPARE(seen.at(100), (QList<int> { 0, 10000, 10000 }));
        QCOMPARE(seen.last(), (QList<int> { 1, 0, 200 }));
    }

    void progressOfAStaleJobIsDropped()
    {
        JobRunner runner(nullptr, 2);
        QList<int> stages;
        connect(&runner, &JobRunner::progress, this, [&stages](int stage, int, int) { stages << stage; });
        QSemaphore firstMayReport;
        QSemaphore firstReported;
        runner.start(
            [&](JobContext& job) {
                firstMayReport.acquire();
                job.progress(5, 10, 7); // after the second start: cancelled, never passed on
                firstReported.release();
                return 0;
            },
            [](int) {});
        bool secondDone = false;
        runner.start([](JobContext&) { return 0; }, [&secondDone](int) { secondDone = true; });
        firstMayReport.release();
        QVERIFY(firstReported.tryAcquire(1, 10000));
        QTRY_VERIFY(secondDone);
        QTest::qWait(50);
        QVERIFY(!stages.contains(7));
    }

    void destroyingARunningRunnerWaits()
    {
        auto* runner = new JobRunner;
        std::atomic<bool> ended { false };
        bool delivered = false;
        runner->start(
            [&ended](JobContext& job) {
                waitForCancel(job);
                ended = true;
                return 0;
            },
            [&delivered](int) { delivered = true; });
        delete runner; // discards, then waits for the worker
        QVERIFY(ended.load());
        QTest::qWait(50);
        QVERIFY(!delivered);
    }
};

QTEST_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
