// SPDX-License-Identifier: MIT
#include "gui/compare/diffminimap.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace {

constexpr int kWidth = 12;

} // namespace

DiffMinimap::DiffMinimap(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("DiffMinimap"));
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    setCursor(Qt::PointingHandCursor);
}

void DiffMinimap::setDifferences(const QVector<CodeRowBackground>& rows, int rowCount)
{
    m_rows = rows;
    m_rowCount = rowCount;
    update();
}

const QVector<CodeRowBackground>& DiffMinimap::differences() const
{
    return m_rows;
}

int DiffMinimap::rowCount() const
{
    return m_rowCount;
}

void DiffMinimap::setVisibleRows(int first, int count)
{
    if (first == m_firstVisible && count == m_visibleCount)
        return;
    m_firstVisible = first;
    m_visibleCount = count;
    update();
}

QRect DiffMinimap::markRect(const CodeRowBackground& row) const
{
    if (m_rowCount <= 0)
        return {};
    const double scale = double(height()) / m_rowCount;
    const int top = int(row.firstBlock * scale);
    // At least 2 pixels, so a one-line change in a 100k-line file still shows.
    const int bottom = std::max(top + 2, int((row.lastBlock + 1) * scale));
    return QRect(1, top, width() - 2, bottom - top);
}

QSize DiffMinimap::sizeHint() const
{
    return QSize(kWidth, 100);
}

QSize DiffMinimap::minimumSizeHint() const
{
    return QSize(kWidth, 20);
}

void DiffMinimap::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::AlternateBase));
    for (const CodeRowBackground& row : m_rows) {
        // Fillers are the other side's lines: drawn as this side's colour too, but hatched in the view only.
        QColor color = row.color;
        color.setAlpha(255);
        painter.fillRect(markRect(row), color.darker(row.hatched ? 105 : 115));
    }
    if (m_rowCount > 0 && m_visibleCount > 0) {
        const double scale = double(height()) / m_rowCount;
        const QRect frame(
            0, int(m_firstVisible * scale), width() - 1, std::max(3, int(m_visibleCount * scale)) - 1);
        QColor edge = palette().color(QPalette::WindowText);
        edge.setAlpha(110);
        painter.setPen(edge);
        painter.drawRect(frame);
    }
}

int DiffMinimap::rowAt(int y) const
{
    if (m_rowCount <= 0 || height() <= 0)
        return 0;
    return std::clamp(int(double(y) * m_rowCount / height()), 0, m_rowCount - 1);
}

void DiffMinimap::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        Q_EMIT rowClicked(rowAt(int(event->position().y())));
}

void DiffMinimap::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        Q_EMIT rowClicked(rowAt(int(event->position().y())));
}
