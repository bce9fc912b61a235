// SPDX-License-Identifier: MIT
// The themes' check boxes are seen: an unchecked menu check box (the View menu's dock toggles) has
// an outline that reads at 3:1 or more (WCAG non-text contrast) on the menu, light and dark,
// measured on the menu as painted.
#include "gui/codeview/codecolors.h"
#include "gui/common/themes.h"

#include <QAction>
#include <QImage>
#include <QMenu>
#include <QTest>

using namespace Qt::StringLiterals;

class TestThemes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void menuCheckBoxesAreSeen_data()
    {
        QTest::addColumn<Theme>("theme");
        QTest::newRow("light") << Theme::Light;
        QTest::newRow("dark") << Theme::Dark;
    }

    void menuCheckBoxesAreSeen()
    {
        QFETCH(Theme, theme);
        applyTheme(theme);
        QMenu menu;
        QAction* toggle = menu.addAction(u"Diagnostics"_s);
        toggle->setCheckable(true);
        toggle->setChecked(false);
        menu.adjustSize();
        const QImage painted = menu.grab().toImage();
        const QRect item = menu.actionGeometry(toggle);
        QVERIFY(!item.isEmpty());
        // The check column (left of the text) against the item's background at its right end.
        const QColor background = painted.pixelColor(item.right() - 2, item.center().y());
        double best = 1.0;
        for (int y = item.top(); y <= item.bottom(); ++y) {
            for (int x = item.left(); x < item.left() + item.height(); ++x)
                best = std::max(best, contrastRatio(painted.pixelColor(x, y), background));
        }
        QVERIFY2(best >= 3.0, qPrintable(u"check box outline contrast %1"_s.arg(best)));
    }
};

QTEST_MAIN(TestThemes)
#include "tst_themes.moc"
