// SPDX-License-Identifier: MIT
// A stacked bar per graph of device time by backend (and ambiguous time), drawn with QPainter:
// a few dozen rectangles need no chart library (Qt Charts would add a package to build, install
// and ship, and its views are heavier than this). Bars share one scale, the longest graph's time.
#pragma once

#include "core/model/model.h"
#include "core/profile/profilejoin.h"

#include <QColor>
#include <QWidget>

#include <array>
#include <memory>
#include <vector>

// The colour of a backend's share (DVM green, Triton orange, …), and of ambiguous time.
QColor timeShareColor(dvmlens::Backend backend);
QColor ambiguousTimeColor();

// Draws `shares` (byBackend, then ambiguous; outside left out unless `withOutside`) as one bar
// filling `rect` for `scale` µs.
void paintTimeShares(QPainter& painter, const QRectF& rect, const dvmlens::TimeShares& shares, double scale,
    bool withOutside = false);

class TimeShareChart : public QWidget
{
    Q_OBJECT
public:
    struct Bar
    {
        QString label; // [run/]graph
        dvmlens::TimeShares shares;
    };

    explicit TimeShareChart(QWidget* parent = nullptr);

    // One bar per graph of a profiled run with device time, in index order. Null clears.
    void setProfile(const dvmlens::Index* index, const dvmlens::ProfileJoin* join);
    const std::vector<Bar>& bars() const;
    double scale() const; // µs the full width stands for
    // What an empty chart says: why no graph has time when the rows were ambiguous.
    QString emptyText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int rowHeight() const;
    int legendHeight() const;
    std::vector<Bar> m_bars;
    double m_scale = 0;
    std::int64_t m_ambiguousLaunches = 0;
};
