// SPDX-License-Identifier: MIT
// ThrottledProgressBar shows the first value at once, then at most one value every kRefreshMs: a
// burst of a hundred percents shows the first and, a moment later, the last; busy drops a value
// still waiting to be shown.
#include "gui/common/throttledprogressbar.h"

#include <QSignalSpy>
#include <QTest>

class TestThrottledProgressBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aBurstShowsTheFirstThenTheLastValue()
    {
        ThrottledProgressBar bar;
        bar.showBusy();
        QSignalSpy shown(&bar, &QProgressBar::valueChanged);
        for (int done = 1; done <= 100; ++done)
            bar.showProgress(done, 100);
        QCOMPARE(bar.maximum(), 100);
        QCOMPARE(bar.value(), 1); // the first at once, the rest wait
        QCOMPARE(shown.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(bar.value(), 100, 5 * ThrottledProgressBar::kRefreshMs);
        QCOMPARE(shown.count(), 2); // the 98 between were never shown
    }

    void busyDropsTheValueWaiting()
    {
        ThrottledProgressBar bar;
        bar.showProgress(1, 10);
        bar.showProgress(5, 10); // waits for the timer
        bar.showBusy(); // a new job: no count yet
        QCOMPARE(bar.minimum(), 0);
        QCOMPARE(bar.maximum(), 0);
        QTest::qWait(2 * ThrottledProgressBar::kRefreshMs);
        QCOMPARE(bar.maximum(), 0); // still busy: the old job's 5 of 10 never came
    }
};

QTEST_MAIN(TestThrottledProgressBar)
#include "tst_throttledprogressbar.moc"
