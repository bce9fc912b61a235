// SPDX-License-Identifier: MIT
// `dvmlens --screenshot FILE [PATH]`: index, select, wait for the code view, grab the window,
// save it and leave the event loop with 0 (or non-zero and a message on stderr). With --compare,
// both trees are indexed and compared, and the selected pair's two files loaded and diffed first.
#pragma once

#include "gui/shell/commandline.h"

#include <QObject>
#include <QTimer>

class MainWindow;

class ScreenshotFlow : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 120000;
    static constexpr int kSettleMs = 150; // lets layouts settle after loading
    // A huge file is coloured from its top down; this much is enough for what the window shows.
    static constexpr int kMaxHighlightWaitMs = 3000;

    ScreenshotFlow(MainWindow& window, CommandLine options, QObject* parent = nullptr);

    // Opens the path (or shows the empty window when there is none). Ends with finished().
    void start();

Q_SIGNALS:
    void finished(int exitCode, const QString& message);

private:
    void onIndexFinished(const QString& path, const QString& error);
    void onCompareFinished(const QString& error);
    void waitForCompare();
    void waitForCode();
    void waitForHighlighting();
    void capture();
    void fail(const QString& message);

    MainWindow& m_window;
    CommandLine m_options;
    QTimer m_timeout;
    bool m_done = false;
};
