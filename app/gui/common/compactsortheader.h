// SPDX-License-Identifier: MIT
// A header whose sections make room for the sort arrow only where it is drawn: QHeaderView adds
// that room to every section once sorting is on, which pushes the run tree's count columns out of
// a narrow dock. Every section keeps an em of room beside its title, so short titles never touch.
#pragma once

#include <QHeaderView>

class CompactSortHeader : public QHeaderView
{
public:
    explicit CompactSortHeader(Qt::Orientation orientation, QWidget* parent = nullptr);

    // The least room a section keeps beside its title's text, in pixels (an em of the header's font).
    int minimumTitlePadding() const;

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
};
