// SPDX-License-Identifier: MIT
#include "common/compactsortheader.h"

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
    if (!isSortIndicatorShown() || logicalIndex == sortIndicatorSection() || orientation() != Qt::Horizontal)
        return size;
    // Take back what QHeaderView::sectionSizeFromContents adds for the arrow: the section's height
    // plus the header margin.
    QStyleOptionHeader option;
    initStyleOption(&option);
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, &option, this);
    size.rwidth() = std::max(size.width() - size.height() - margin, 0);
    return size;
}
