// SPDX-License-Identifier: MIT
// CompactSortHeader sizes sections to their contents like QHeaderView without sorting, and makes
// room for the arrow only on the sorted section; every section keeps an em beside its title.
#include "gui/common/compactsortheader.h"

#include <QStandardItemModel>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;

class TestCompactSortHeader : public QObject
{
    Q_OBJECT

private:
    // A tree of three short count columns sized to their contents, sorted by `sortColumn` (-1: none).
    static QList<int> sectionWidths(QHeaderView* header, bool sorting, int sortColumn)
    {
        QStandardItemModel model(2, 3);
        model.setHorizontalHeaderLabels({ u"DVM"_s, u"Other"_s, u"Fallbacks"_s });
        for (int row = 0; row < 2; ++row) {
            for (int column = 0; column < 3; ++column)
                model.setItem(row, column, new QStandardItem(QString::number(row + column)));
        }
        QTreeView view;
        view.setHeader(header);
        view.setModel(&model);
        header->setStretchLastSection(false);
        for (int column = 0; column < 3; ++column)
            header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
        header->setSortIndicatorClearable(true);
        view.setSortingEnabled(sorting);
        header->setSortIndicator(sortColumn, Qt::AscendingOrder);
        view.resize(600, 200);
        view.show();
        header->resizeSections(QHeaderView::ResizeToContents);
        return { header->sectionSize(0), header->sectionSize(1), header->sectionSize(2) };
    }

private Q_SLOTS:
    void arrowRoomOnlyWhereTheArrowIs()
    {
        const QList<int> plain = sectionWidths(new QHeaderView(Qt::Horizontal), false, -1);
        const QList<int> qtSorted = sectionWidths(new QHeaderView(Qt::Horizontal), true, 1);
        const QList<int> compactUnsorted = sectionWidths(new CompactSortHeader(Qt::Horizontal), true, -1);
        const QList<int> compactSorted = sectionWidths(new CompactSortHeader(Qt::Horizontal), true, 1);

        // QHeaderView widens every section once sorting is on; this header does not, beyond the em of room
        // it keeps beside every title.
        CompactSortHeader probe(Qt::Horizontal);
        const QFontMetrics metrics(probe.font());
        const QStringList titles { u"DVM"_s, u"Other"_s, u"Fallbacks"_s };
        QList<int> padded;
        for (int column = 0; column < 3; ++column)
            padded << std::max(
                plain[column], metrics.horizontalAdvance(titles[column]) + probe.minimumTitlePadding());
        QVERIFY(qtSorted[0] > plain[0] && qtSorted[2] > plain[2]);
        QCOMPARE(compactUnsorted, padded);
        QCOMPARE(compactSorted[0], padded[0]);
        QCOMPARE(compactSorted[2], padded[2]);
        QCOMPARE(compactSorted[1],
            std::max(qtSorted[1], padded[1])); // the sorted section keeps room for its arrow
        QVERIFY(probe.minimumTitlePadding() > metrics.horizontalAdvance(u'M'));
    }
};

QTEST_MAIN(TestCompactSortHeader)
#include "tst_compactsortheader.moc"
