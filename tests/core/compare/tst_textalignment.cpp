// SPDX-License-Identifier: MIT
// Filler rows of the side-by-side view: exact positions and sizes, equal lines on equal rows, and
// the row <-> line mapping both ways.
#include "core/compare/textalignment.h"

#include <QTest>

#include <set>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

QString lines(const QStringList& list)
{
    return list.join(u'\n') + u'\n';
}

QStringList split(const QString& text)
{
    QStringList list = text.split(u'\n');
    list.removeLast();
    return list;
}

// Every row: the line text of a side there, or "·" for a filler.
QStringList rowsOf(const QString& text, const std::vector<FillerBlock>& fillers, int rows)
{
    const QStringList textLines = split(text);
    QStringList shown;
    for (int row = 1; row <= rows; ++row) {
        const int line = lineOfRow(fillers, row);
        shown << (line == 0 ? u"·"_s : textLines.at(line - 1));
    }
    return shown;
}

} // namespace

class TestTextAlignment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identicalTextsNeedNoFillers()
    {
        const QString text = lines({ u"a"_s, u"b"_s });
        const TextAlignment alignment = alignTexts(diffTexts(text, text));
        QCOMPARE(alignment.rows, 2);
        QVERIFY(alignment.fillersA.empty());
        QVERIFY(alignment.fillersB.empty());
        QCOMPARE(rowOfLine({}, 2), 2);
        QCOMPARE(lineOfRow({}, 2), 2);
    }

    void exactFillerPositions()
    {
        // A: the dvm import and a two-line builder removed, one line edited, one line added at the end.
        const QString a = lines({ u"import torch"_s, u"from torch_npu._inductor import dvm"_s, u"x = 1"_s,
            u"@dvm.kernel(ktype='vector')"_s, u"def k(b):"_s, u"y = 2"_s, u"z = call(a)"_s, u"end"_s });
        const QString b = lines({ u"import torch"_s, u"x = 1"_s, u"y = 2"_s, u"z = call(a, b)"_s,
            u"w = extra"_s, u"end"_s, u"tail"_s });
        const TextDiff diff = diffTexts(a, b);
        const TextAlignment alignment = alignTexts(diff);
        // Hunks: A 2 (1 line) vs B before 2; A 4-5 vs B before 3; A 7 vs B 4-5; end: B 7 added.
        const std::vector<FillerBlock> expectedA { { 8, 1 }, { 9, 1 } };
        const std::vector<FillerBlock> expectedB { { 2, 1 }, { 3, 2 } };
        QCOMPARE(alignment.fillersA, expectedA);
        QCOMPARE(alignment.fillersB, expectedB);
        QCOMPARE(alignment.rows, 10);

        const QStringList rowsA = rowsOf(a, alignment.fillersA, alignment.rows);
        const QStringList rowsB = rowsOf(b, alignment.fillersB, alignment.rows);
        const QStringList expectedRowsA { u"import torch"_s, u"from torch_npu._inductor import dvm"_s,
            u"x = 1"_s, u"@dvm.kernel(ktype='vector')"_s, u"def k(b):"_s, u"y = 2"_s, u"z = call(a)"_s,
            u"·"_s, u"end"_s, u"·"_s };
        const QStringList expectedRowsB { u"import torch"_s, u"·"_s, u"x = 1"_s, u"·"_s, u"·"_s, u"y = 2"_s,
            u"z = call(a, b)"_s, u"w = extra"_s, u"end"_s, u"tail"_s };
        QCOMPARE(rowsA, expectedRowsA);
        QCOMPARE(rowsB, expectedRowsB);
    }

    void equalLinesShareRows()
    {
        // Outside the hunks every line of A has an equal line of B on the same row.
        QStringList a;
        QStringList b;
        for (int i = 0; i < 200; ++i) {
            const QString line = u"line %1"_s.arg(i);
            if (i % 17 != 3)
                a << line;
            if (i % 23 != 5)
                b << line;
            if (i % 31 == 7)
                b << u"added %1"_s.arg(i) << u"added again %1"_s.arg(i);
        }
        const QString textA = lines(a);
        const QString textB = lines(b);
        const TextDiff diff = diffTexts(textA, textB);
        const TextAlignment alignment = alignTexts(diff);
        const QStringList rowsA = rowsOf(textA, alignment.fillersA, alignment.rows);
        const QStringList rowsB = rowsOf(textB, alignment.fillersB, alignment.rows);
        int common = 0;
        for (int row = 0; row < alignment.rows; ++row) {
            if (rowsA[row] != u"·"_s && b.contains(rowsA[row])) {
                QCOMPARE(rowsB[row], rowsA[row]);
                ++common;
            }
        }
        QVERIFY(common > 150);
        QCOMPARE(
            alignment.rows, diff.linesB + [&] {
                int rows = 0;
                for (const FillerBlock& filler : alignment.fillersB)
                    rows += filler.rows;
                return rows;
            }());
        // The mapping is a bijection between lines and non-filler rows.
        for (int line = 1; line <= diff.linesA; ++line)
            QCOMPARE(lineOfRow(alignment.fillersA, rowOfLine(alignment.fillersA, line)), line);
        for (int line = 1; line <= diff.linesB; ++line)
            QCOMPARE(lineOfRow(alignment.fillersB, rowOfLine(alignment.fillersB, line)), line);
    }

    void fillerAtTheTop()
    {
        const TextAlignment alignment =
            alignTexts(diffTexts(lines({ u"b"_s }), lines({ u"a"_s, u"a2"_s, u"b"_s })));
        const std::vector<FillerBlock> expectedA { { 1, 2 } };
        QCOMPARE(alignment.fillersA, expectedA);
        QCOMPARE(lineOfRow(alignment.fillersA, 1), 0);
        QCOMPARE(lineOfRow(alignment.fillersA, 2), 0);
        QCOMPARE(lineOfRow(alignment.fillersA, 3), 1);
        QCOMPARE(rowOfLine(alignment.fillersA, 1), 3);
    }
};

QTEST_APPLESS_MAIN(TestTextAlignment)
#include "tst_textalignment.moc"
