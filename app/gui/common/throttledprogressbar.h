// SPDX-License-Identifier: MIT
// A progress bar that shows a job's progress at most every kRefreshMs: QProgressBar::setValue
// repaints at once on every new percent, and a hundred repaints of the status bar cost the GUI
// thread about 70 ms while the indexer wants both cores (issue 12). The first value and the last
// one asked for are always shown.
#pragma once

#include <QElapsedTimer>
#include <QProgressBar>

class QTimer;

class ThrottledProgressBar : public QProgressBar
{
    Q_OBJECT
public:
    static constexpr int kRefreshMs = 100;

    explicit ThrottledProgressBar(QWidget* parent = nullptr);

    // `done` of `total`, now or once kRefreshMs have passed since the last value shown.
    void showProgress(int done, int total);
    // Busy (no count yet), at once; a value still waiting to be shown is dropped.
    void showBusy();

private:
    void applyPending();

    QTimer* m_timer;
    QElapsedTimer m_sinceShown;
    int m_pendingDone = 0;
    int m_pendingTotal = 0;
    bool m_pending = false;
};
