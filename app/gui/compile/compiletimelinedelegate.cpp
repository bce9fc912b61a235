// SPDX-License-Identifier: MIT
#include "gui/compile/compiletimelinedelegate.h"

#include "gui/compile/compiletimelinemodel.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace {

QRectF barArea(const QRect& cell)
{
    return QRectF(cell).adjusted(3, 4, -3, -4);
}

const CompileTimelineModel* timelineModel(const QModelIndex& index)
{
    return qobject_cast<const CompileTimelineModel*>(index.model());
}

// Where core placed bar `bar` of `row` on the row's axis, in `area`.
QRectF barRect(const QRectF& area, const dvmlens::TimelineRow& row, std::size_t bar)
{
    const dvmlens::TimelineBar& at = row.bars[bar];
    const double scale = row.spanUs > 0 ? area.width() / double(row.spanUs) : 0;
    const double left = area.left() + double(at.startUs) * scale;
    const double width = std::max(2.0, double(at.durationUs) * scale);
    return QRectF(std::min(left, area.right() - 2.0), area.top(), width, area.height()).intersected(area);
}

} // namespace

int CompileTimelineDelegate::barAt(const QRect& cell, const QModelIndex& index, const QPoint& point)
{
    const CompileTimelineModel* model = timelineModel(index);
    const dvmlens::TimelineRow* row = model ? model->timelineRow(index.row()) : nullptr;
    if (!row || index.column() != CompileTimelineModel::TimelineColumn)
        return -1;
    const QRectF area = barArea(cell);
    // The last bar drawn is on top; a bar too thin to hit is found within 2 px.
    for (std::size_t bar = row->bars.size(); bar-- > 0;)
        if (barRect(area, *row, bar).adjusted(-2, 0, 2, 0).contains(point))
            return int(bar);
    return -1;
}

void CompileTimelineDelegate::paint(
    QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    paintCellBackground(painter, option, index);
    const CompileTimelineModel* model = timelineModel(index);
    const dvmlens::TimelineRow* row = model ? model->timelineRow(index.row()) : nullptr;
    if (!row || index.column() != CompileTimelineModel::TimelineColumn)
        return;
    painter->save();
    const QRectF area = barArea(option.rect);
    const QColor first = option.palette.color(QPalette::Highlight);
    for (std::size_t bar = 0; bar < row->bars.size(); ++bar) {
        const dvmlens::TimelineBar& at = row->bars[bar];
        const QColor colour = at.failed || at.refused ? QColor(0xc6, 0x28, 0x28)
            : at.recompile                            ? first.darker(150)
                                                      : first;
        painter->fillRect(barRect(area, *row, bar), colour);
    }
    painter->setPen(option.palette.color(QPalette::Mid));
    painter->drawRect(area);
    painter->restore();
}

QSize CompileTimelineDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.column() == CompileTimelineModel::TimelineColumn)
        size.setWidth(std::max(size.width(), 40 * option.fontMetrics.averageCharWidth()));
    return size;
}

bool CompileTimelineDelegate::helpEvent(
    QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option, const QModelIndex& index)
{
    const int bar = event ? barAt(option.rect, index, event->pos()) : -1;
    const CompileTimelineModel* model = timelineModel(index);
    if (bar < 0 || !model)
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    QToolTip::showText(event->globalPos(), model->barText(index.row(), std::size_t(bar)), view);
    return true;
}

bool CompileTimelineDelegate::editorEvent(
    QEvent* event, QAbstractItemModel* model, const QStyleOptionViewItem& option, const QModelIndex& index)
{
    if (event->type() == QEvent::MouseButtonRelease) {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        const int bar = barAt(option.rect, index, mouse->position().toPoint());
        if (mouse->button() == Qt::LeftButton && bar >= 0) {
            Q_EMIT barClicked(index.row(), bar);
            return true;
        }
    }
    return QStyledItemDelegate::editorEvent(event, model, option, index);
}
