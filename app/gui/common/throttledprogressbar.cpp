// SPDX-License-Identifier: MIT
#include "gui/common/throttledprogressbar.h"

#include <QTimer>

ThrottledProgressBar::ThrottledProgressBar(QWidget* parent)
    : QProgressBar(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &ThrottledProgressBar::applyPending);
}

void ThrottledProgressBar::showProgress(int done, int total)
{
    m_pendingDone = done;
    m_pendingTotal = total;
    m_pending = true;
    if (m_timer->isActive())
        return; // the timer shows the latest value
    if (!m_sinceShown.isValid() || m_sinceShown.elapsed() >= kRefreshMs)
        applyPending();
    else
        m_timer->start(int(kRefreshMs - m_sinceShown.elapsed()));
}

void ThrottledProgressBar::showBusy()
{
    m_timer->stop();
    m_pending = false;
    setRange(0, 0);
}

void ThrottledProgressBar::applyPending()
{
    if (!m_pending)
        return;
    m_pending = false;
    setRange(0, qMax(m_pendingTotal, 1));
    setValue(m_pendingDone);
    m_sinceShown.start();
}
