// SPDX-License-Identifier: MIT
// A header whose sections make room for the sort arrow only where it is drawn: QHeaderView adds
// that room to every section once sorting is on, which pushes the run tree's count columns out of
// a narrow dock.
#pragma once

#include <QHeaderView>

class CompactSortHeader : public QHeaderView
{
public:
    explicit CompactSortHeader(Qt::Orientation orientation, QWidget* parent = nullptr);

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
};
