// SPDX-License-Identifier: MIT
// The indexing job: results arrive on the GUI thread, a newer job makes the older result stale,
// and an unreadable path reports an error instead of an index.
#include "gui/document/indexjob.h"
#include "testutil.h"

#include <QSignalSpy>
#include <QThread>
#include <QtTest>

class TestIndexJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deliversOnTheGuiThread()
    {
        IndexJob job;
        QThread* receivedOn = nullptr;
        connect(&job, &IndexJob::finished, this, [&receivedOn] { receivedOn = QThread::currentThread(); });
        QSignalSpy finished(&job, &IndexJob::finished);
        const QString path = testutil::fixture(QStringLiteral("gui/torch_compile_debug"));
        const quint64 id = job.start(path);
        QVERIFY(job.isRunning());
        QVERIFY(finished.wait(30000));
        QCOMPARE(receivedOn, QThread::currentThread());
        QCOMPARE(finished.at(0).at(0).value<quint64>(), id);
        QCOMPARE(finished.at(0).at(1).toString(), path);
        const auto index = finished.at(0).at(2).value<std::shared_ptr<const dvmlens::Index>>();
        QVERIFY(index);
        QCOMPARE(index->runs.size(), size_t(1));
        QVERIFY(finished.at(0).at(3).toString().isEmpty());
        QVERIFY(!job.isRunning());
    }

    void olderResultIsDropped()
    {
        IndexJob job;
        QSignalSpy finished(&job, &IndexJob::finished);
        job.start(testutil::fixture(QStringLiteral("gui/torch_compile_debug")));
        const QString second = testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
        const quint64 newest =
            job.start(QFileInfo(second).isDir() ? second : testutil::fixture(QStringLiteral("gui")));
        QVERIFY(finished.wait(30000));
        QTest::qWait(200); // room for a stale delivery, which must not come
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).value<quint64>(), newest);
        QCOMPARE(job.currentJobId(), newest);
    }

    void unreadablePathReportsAnError()
    {
        IndexJob job;
        QSignalSpy finished(&job, &IndexJob::finished);
        job.start(QStringLiteral("/nonexistent/dvmlens/tree"));
        QVERIFY(finished.wait(30000));
        QVERIFY(!finished.at(0).at(2).value<std::shared_ptr<const dvmlens::Index>>());
        QVERIFY(!finished.at(0).at(3).toString().isEmpty());
    }

    void destroyingARunningJobIsSafe()
    {
        auto* job = new IndexJob;
        job->start(testutil::fixture(QStringLiteral("gui/torch_compile_debug")));
        delete job; // cancels and waits for the worker
        QTest::qWait(50);
    }
};

QTEST_MAIN(TestIndexJob)
#include "tst_indexjob.moc"
