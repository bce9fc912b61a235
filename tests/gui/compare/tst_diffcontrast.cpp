// SPDX-License-Identifier: MIT
// Compare's rows in both themes: every text colour the code view draws (plain text and each syntax colour)
// reads at 4.5:1 or better (WCAG contrast, computed from the theme's palette) on every background a line can
// have there: removed, added and changed lines, changed characters, and the kernel bands and the picked
// range they are painted over. Dark blue keywords on the dark removed red read at about 3:1 before.
#include "gui/codeview/codecolors.h"
#include "gui/common/themes.h"

#include <QApplication>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestDiffContrast : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyTextColourReadsOnEveryDiffRow_data()
    {
        QTest::addColumn<int>("theme");
        QTest::addRow("light") << int(Theme::Light);
        QTest::addRow("dark") << int(Theme::Dark);
    }

    void everyTextColourReadsOnEveryDiffRow()
    {
        QFETCH(int, theme);
        applyTheme(Theme(theme));
        const QPalette palette = QApplication::palette();
        QCOMPARE(isDarkPalette(palette), Theme(theme) == Theme::Dark);
        const CodeColors c = codeColorsFor(palette);
        const QList<std::pair<QString, QColor>> texts { { u"text"_s, palette.color(QPalette::Text) },
            { u"keyword"_s, c.keyword }, { u"builtin"_s, c.builtin }, { u"string"_s, c.string },
            { u"comment"_s, c.comment }, { u"number"_s, c.number }, { u"decorator"_s, c.decorator },
            { u"dvmDecorator"_s, c.dvmDecorator }, { u"dvmOp"_s, c.dvmOp }, { u"torchOp"_s, c.torchOp },
            { u"definition"_s, c.definition }, { u"error"_s, c.error }, { u"warning"_s, c.warning },
            { u"jsonKey"_s, c.jsonKey } };
        const QList<std::pair<QString, QColor>> backgrounds { { u"base"_s, c.base },
            { u"removed"_s, c.diffRemoved }, { u"added"_s, c.diffAdded }, { u"changed"_s, c.diffChanged },
            { u"removed characters"_s, c.diffRemovedChars }, { u"added characters"_s, c.diffAddedChars },
            { u"DVM band"_s, c.dvmBand }, { u"fallback band"_s, c.fallbackBand },
            { u"other band"_s, c.otherBand }, { u"import band"_s, c.importBand },
            { u"picked range"_s, c.currentRange } };
        QStringList low;
        for (const auto& [textName, text] : texts) {
            for (const auto& [backgroundName, background] : backgrounds) {
                const double ratio = contrastRatio(text, background);
                if (ratio < 4.5)
                    low << u"%1 %2 on %3 %4: %5"_s
                               .arg(textName, text.name(), backgroundName, background.name())
                               .arg(ratio, 0, 'f', 2);
            }
        }
        QVERIFY2(low.isEmpty(), qPrintable(low.join(u"; "_s)));

        // Still a diff: each row colour stands apart from the base, the three line colours from each other,
        // and changed characters from their line.
        for (const QColor& row : { c.diffRemoved, c.diffAdded, c.diffChanged })
            QVERIFY2(contrastRatio(row, c.base) > 1.08, qPrintable(row.name()));
        QVERIFY(
            c.diffRemoved != c.diffAdded && c.diffAdded != c.diffChanged && c.diffRemoved != c.diffChanged);
        QVERIFY(contrastRatio(c.diffRemovedChars, c.diffRemoved) > 1.15);
        QVERIFY(contrastRatio(c.diffAddedChars, c.diffAdded) > 1.15);
        // Hues that say which is which: removed reddish, added greenish.
        QVERIFY(c.diffRemoved.red() > c.diffRemoved.green());
        QVERIFY(c.diffAdded.green() > c.diffAdded.red());
    }
};

QTEST_MAIN(TestDiffContrast)
#include "tst_diffcontrast.moc"
