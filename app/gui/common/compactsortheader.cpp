// SPDX-License-Identifier: MIT
#include "gui/common/compactsortheader.h"

#include <QFontMetrics>
#include <QStyle>
#include <QStyleOptionHeader>

#include <algorithm>

CompactSortHeader::CompactSortHeader(Qt::Orientation orientation, QWidget* parent)
    : QHeaderView(orientation, parent)
{
}

QSize CompactSortHeader::sectionSizeFromContents(int logicalIndex) const
{
    QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
    if (orientation() != Qt::Horizontal)
        return size;
    if (isSortIndicatorShown() && logicalIndex != sortIndicatorSection()) {
        // Take back what QHeaderView::sectionSizeFromContents adds for the arrow: the section's height
        // plus the header margin.
        QStyleOptionHeader option;
        initStyleOption(&option);
        const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, &option, this);
        size.rwidth() = std::max(size.width() - size.height() - margin, 0);
    }
    // An em of room beside the title, past the style's margins: short titles (Chinese "判定", "其他")
    // sized to their text and margins alone read as one word with their neighbours on an empty tree.
    const QString title = model() ? model()->headerData(logicalIndex, orientation()).toString() : QString();
    const QFontMetrics metrics(font());
    size.rwidth() = std::max(size.width(), metrics.horizontalAdvance(title) + minimumTitlePadding());
    return size;
}

int CompactSortHeader::minimumTitlePadding() const
{
    // The style's margin on both sides, where the title is never drawn, plus the em of visible room.
    QStyleOptionHeader option;
    initStyleOption(&option);
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, &option, this);
    return 2 * margin + QFontMetrics(font()).horizontalAdvance(QLatin1Char('M'));
}
