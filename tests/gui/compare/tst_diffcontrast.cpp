// SPDX-License-Identifier: MIT
// Compare's rows in both themes: every text colour the code view draws (plain text and each syntax colour)
// reads at 4.5:1 or better (WCAG contrast, computed from the theme's palette) on every background a line can
// have there: removed, added and changed lines, changed characters, and the kernel bands and the picked
// range they are painted over. Dark blue keywords on the dark removed red read at about 3:1 before.
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codemarks.h"
#include "gui/common/themes.h"

#include <QApplication>
#include <QtTest>

#include <array>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// CIE76 colour difference (ΔE*ab) of two sRGB colours, D65 white: about 2.3 is just noticeable,
// 10 tells two flat colours apart at a glance.
double deltaE76(const QColor& a, const QColor& b)
{
    const auto lab = [](const QColor& c) {
        const auto linear = [](double v) {
            return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        const double r = linear(c.redF()), g = linear(c.greenF()), bl = linear(c.blueF());
        const double x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047;
        const double y = 0.2126 * r + 0.7152 * g + 0.0722 * bl;
        const double z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883;
        const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
        return std::array<double, 3> { 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)) };
    };
    const auto p = lab(a);
    const auto q = lab(b);
    return std::sqrt(
        (p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
}

} // namespace

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

    void backendColoursStandApartFromDiffColours_data()
    {
        everyTextColourReadsOnEveryDiffRow_data();
    }

    // Compare paints no kernel band under a line (tst_sidebyside diffColoursPaintOverKernelBands): the
    // backend is the margin stripe, which must never read as a diff state. The browse view's bands
    // (a pale green for DVM close to the pale added green, ΔE 1.7) are never on screen with a diff.
    void backendColoursStandApartFromDiffColours()
    {
        QFETCH(int, theme);
        applyTheme(Theme(theme));
        const CodeColors c = codeColorsFor(QApplication::palette());
        const QList<std::pair<QString, QColor>> diffs { { u"removed"_s, c.diffRemoved },
            { u"added"_s, c.diffAdded }, { u"changed"_s, c.diffChanged },
            { u"removed characters"_s, c.diffRemovedChars }, { u"added characters"_s, c.diffAddedChars },
            { u"base"_s, c.base } };
        constexpr double kApart = 20.0; // ΔE76: different at a glance, in a 3-pixel stripe too
        QStringList close;
        for (const CodeMarkKind kind :
            { CodeMarkKind::DvmKernel, CodeMarkKind::ImportFxKernel, CodeMarkKind::FallbackCall,
                CodeMarkKind::DvmLaunch, CodeMarkKind::OtherKernel, CodeMarkKind::DvmImport }) {
            const QColor stripe = codeMarkStripe(kind, c);
            for (const auto& [name, diff] : diffs) {
                const double distance = deltaE76(stripe, diff);
                if (distance < kApart)
                    close << u"%1 stripe %2 vs %3 %4: ΔE %5"_s.arg(int(kind))
                                 .arg(stripe.name(), name, diff.name())
                                 .arg(distance, 0, 'f', 1);
            }
        }
        QVERIFY2(close.isEmpty(), qPrintable(close.join(u"; "_s)));
        // The measure itself: the two pale greens the issue saw are within 2, black and white 100 apart.
        QVERIFY(deltaE76(QColor(226, 241, 230), QColor(229, 245, 232)) < 2.5);
        QCOMPARE(qRound(deltaE76(Qt::black, Qt::white)), 100);
    }
};

QTEST_MAIN(TestDiffContrast)
#include "tst_diffcontrast.moc"
