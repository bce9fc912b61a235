// SPDX-License-Identifier: MIT
#include "gui/profile/timesharechart.h"

#include "core/profile/profilecompare.h"

#include <QPainter>

#include <algorithm>

QColor timeShareColor(dvmlens::Backend backend)
{
    // The hues of every other view (codecolors' stripes, the kernel table's backend words): DVM
    // green, import_fx orange, Triton blue; orange was Triton here and import_fx everywhere else.
    switch (backend) {
    case dvmlens::Backend::Dvm:
        return QColor(0x2e, 0x9d, 0x4f);
    case dvmlens::Backend::ImportFx:
        return QColor(0xe0, 0x7b, 0x00);
    case dvmlens::Backend::Triton:
        return QColor(0x3b, 0x6f, 0xd6);
    case dvmlens::Backend::Cpp:
        return QColor(0x6b, 0x7a, 0x99);
    case dvmlens::Backend::Mlir:
        return QColor(0x8e, 0x5c, 0xc8);
    case dvmlens::Backend::Akg:
        return QColor(0x2a, 0xa8, 0xa8);
    case dvmlens::Backend::Mps:
        return QColor(0xb0, 0x8a, 0x3e);
    case dvmlens::Backend::Other:
        break;
    }
    return QColor(0x8c, 0x8c, 0x8c);
}

QColor ambiguousTimeColor()
{
    return QColor(0xe3, 0xc8, 0x4a);
}

void paintTimeShares(
    QPainter& painter, const QRectF& rect, const dvmlens::TimeShares& shares, double scale, bool withOutside)
{
    if (scale <= 0)
        return;
    double x = rect.left();
    const auto segment = [&](double us, const QColor& color) {
        if (us <= 0)
            return;
        const double width = rect.width() * us / scale;
        painter.fillRect(QRectF(x, rect.top(), width, rect.height()), color);
        x += width;
    };
    for (const dvmlens::Backend backend : dvmlens::kAllBackends)
        segment(shares.byBackend[static_cast<std::size_t>(backend)], timeShareColor(backend));
    segment(shares.ambiguous, ambiguousTimeColor());
    if (withOutside)
        segment(shares.outside, QColor(0x55, 0x55, 0x55));
}

TimeShareChart::TimeShareChart(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void TimeShareChart::setProfile(const dvmlens::Index* index, const dvmlens::ProfileJoin* join)
{
    m_bars.clear();
    m_scale = 0;
    m_ambiguousLaunches = join ? join->ambiguous : 0;
    if (index && join) {
        for (std::size_t r = 0; r < index->runs.size() && r < join->graphs.size(); ++r) {
            if (!join->runProfiled[r])
                continue;
            const dvmlens::Run& run = index->runs[r];
            for (std::size_t g = 0; g < run.graphs.size(); ++g) {
                const dvmlens::TimeShares& shares = join->graphs[r][g];
                const double time = shares.compiled() + shares.ambiguous;
                if (time <= 0)
                    continue;
                const QString prefix = index->runs.size() > 1 && run.name
                    ? QString(QString::fromStdString(*run.name).section(QStringLiteral("-pid_"), 1)
                        + QLatin1Char('/'))
                    : QString();
                m_bars.push_back(Bar { prefix + QString::fromStdString(run.graphs[g].name), shares });
                m_scale = std::max(m_scale, time);
            }
        }
    }
    updateGeometry();
    update();
}

QString TimeShareChart::emptyText() const
{
    if (m_ambiguousLaunches > 0)
        return tr("No graph's device time is known: its kernel names repeat across graphs, so the time "
                  "is listed by kernel name in the table above");
    return tr("No device time joined to a graph");
}

const std::vector<TimeShareChart::Bar>& TimeShareChart::bars() const
{
    return m_bars;
}

double TimeShareChart::scale() const
{
    return m_scale;
}

int TimeShareChart::rowHeight() const
{
    return fontMetrics().height() + 6;
}

int TimeShareChart::legendHeight() const
{
    return fontMetrics().height() + 10;
}

QSize TimeShareChart::sizeHint() const
{
    return QSize(480, legendHeight() + rowHeight() * std::max<int>(1, static_cast<int>(m_bars.size())) + 4);
}

QSize TimeShareChart::minimumSizeHint() const
{
    return QSize(240, legendHeight() + rowHeight());
}

void TimeShareChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QFontMetrics metrics = fontMetrics();
    if (m_bars.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, emptyText());
        return;
    }
    // Legend: the backends that appear, then ambiguous.
    std::array<bool, std::size(dvmlens::kAllBackends)> used {};
    bool anyAmbiguous = false;
    for (const Bar& bar : m_bars) {
        for (std::size_t i = 0; i < used.size(); ++i)
            used[i] = used[i] || bar.shares.byBackend[i] > 0;
        anyAmbiguous = anyAmbiguous || bar.shares.ambiguous > 0;
    }
    int x = 4;
    const int swatch = metrics.height() - 4;
    const auto legendItem = [&](const QColor& color, const QString& name) {
        painter.fillRect(QRect(x, 5, swatch, swatch), color);
        x += swatch + 4;
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QPoint(x, 3 + metrics.ascent()), name);
        x += metrics.horizontalAdvance(name) + 12;
    };
    for (const dvmlens::Backend backend : dvmlens::kAllBackends) {
        if (used[static_cast<std::size_t>(backend)])
            legendItem(timeShareColor(backend), QString::fromUtf8(dvmlens::backendName(backend).data()));
    }
    if (anyAmbiguous)
        legendItem(ambiguousTimeColor(), tr("ambiguous"));

    int labelWidth = 0;
    for (const Bar& bar : m_bars)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(bar.label));
    labelWidth = std::min(labelWidth + 8, width() / 3);
    const int valueWidth = metrics.horizontalAdvance(QStringLiteral("000.00 ms")) + 8;
    const int barLeft = labelWidth;
    const int barWidth = std::max(20, width() - barLeft - valueWidth);
    int y = legendHeight();
    for (const Bar& bar : m_bars) {
        painter.setPen(palette().color(QPalette::WindowText));
        const QRect labelRect(2, y, labelWidth - 6, rowHeight());
        painter.drawText(labelRect, Qt::AlignVCenter | Qt::AlignRight,
            metrics.elidedText(bar.label, Qt::ElideMiddle, labelRect.width()));
        paintTimeShares(painter, QRectF(barLeft, y + 3, barWidth, rowHeight() - 6), bar.shares, m_scale);
        const double time = bar.shares.compiled() + bar.shares.ambiguous;
        painter.drawText(
            QRect(barLeft + static_cast<int>(barWidth * time / m_scale) + 4, y, valueWidth, rowHeight()),
            Qt::AlignVCenter | Qt::AlignLeft, QString::fromStdString(dvmlens::durationText(time)));
        y += rowHeight();
    }
}
