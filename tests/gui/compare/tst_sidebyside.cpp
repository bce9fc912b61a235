// SPDX-License-Identifier: MIT
// The side-by-side view: both files load, filler rows align them (equal lines at the same y on
// screen, both scrolled by one value), the diff is painted on the right rows over kernel bands,
// the changed characters marked, the minimap, next / previous difference, placeholders, stale
// diffs dropped.
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codeeditor.h"
#include "gui/codeview/codeview.h"
#include "gui/common/themes.h"
#include "gui/compare/diffminimap.h"
#include "gui/compare/sidebysideview.h"

#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

namespace {

// A: "line 1" … "line 140", line 5 a DVM launch.
// B: line 5 launches Triton instead, lines 11-20 are gone, two lines are new after line 30.
QString textA()
{
    QStringList lines;
    for (int i = 1; i <= 140; ++i)
        lines << (i == 5 ? QStringLiteral("x = dvm_fused_add_0(buf0)") : QStringLiteral("line %1").arg(i));
    return lines.join(u'\n') + u'\n';
}

QString textB()
{
    QStringList lines;
    for (int i = 1; i <= 140; ++i) {
        if (i >= 11 && i <= 20)
            continue;
        lines << (i == 5 ? QStringLiteral("x = triton_poi_fused_add_0(buf0)")
                         : QStringLiteral("line %1").arg(i));
        if (i == 30)
            lines << QStringLiteral("new 1") << QStringLiteral("new 2");
    }
    return lines.join(u'\n') + u'\n';
}

bool writeFile(const QString& path, const QString& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0;
}

struct Painted
{
    int line = 0; // 1-based, where the selection starts
    int lastLine = 0; // where it ends
    bool fullWidth = false;
    QString selected;
    QColor background;
};

QList<Painted> painted(const QPlainTextEdit* editor)
{
    QList<Painted> result;
    for (const QTextEdit::ExtraSelection& selection : editor->extraSelections()) {
        const QTextDocument* document = editor->document();
        result << Painted { document->findBlock(selection.cursor.selectionStart()).blockNumber() + 1,
            document->findBlock(selection.cursor.selectionEnd()).blockNumber() + 1,
            selection.format.property(QTextFormat::FullWidthSelection).toBool(),
            selection.cursor.selectedText(), selection.format.background().color() };
    }
    return result;
}

int cursorLine(CodeView* view)
{
    return view->cursorLine();
}

// The y of a block's top in its editor's viewport.
int blockTop(const QPlainTextEdit* editor, int blockNumber)
{
    return editor->cursorRect(QTextCursor(editor->document()->findBlockByNumber(blockNumber))).top();
}

} // namespace

class TestSideBySide : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_pathA;
    QString m_pathB;

    void showPair(SideBySideView& view)
    {
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, nullptr, {} }, { m_pathB, nullptr, nullptr, {} });
        QVERIFY(!view.isReady());
        QTRY_COMPARE(ready.count(), 1);
        QVERIFY(view.isReady());
        QVERIFY(view.hasDiff());
    }

private Q_SLOTS:
    void initTestCase()
    {
        applyTheme(Theme::Light);
        QVERIFY(m_dir.isValid());
        m_pathA = m_dir.filePath(QStringLiteral("a/output_code.py"));
        m_pathB = m_dir.filePath(QStringLiteral("b/output_code.py"));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("a")));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("b")));
        QVERIFY(writeFile(m_pathA, textA()));
        QVERIFY(writeFile(m_pathB, textB()));
    }

    void diffIsPaintedOnTheRightLines()
    {
        SideBySideView view;
        showPair(view);
        const dvmlens::TextDiff& diff = view.diff();
        QCOMPARE(diff.linesA, 140);
        QCOMPARE(diff.linesB, 132);
        QCOMPARE(view.differenceCount(), 3);
        QCOMPARE(view.differenceLabelText(), QStringLiteral("3 differences"));

        // Fillers: 2 rows in A for B's new lines (before A's line 31), 10 in B for A's removed lines.
        const std::vector<dvmlens::FillerBlock> fillersA { { 31, 2 } };
        const std::vector<dvmlens::FillerBlock> fillersB { { 11, 10 } };
        QCOMPARE(view.alignment().fillersA, fillersA);
        QCOMPARE(view.alignment().fillersB, fillersB);
        CodeView* a = view.codeView(SideBySideView::SideA);
        CodeView* b = view.codeView(SideBySideView::SideB);
        QCOMPARE(a->editor()->blockCount(), b->editor()->blockCount());
        QCOMPARE(a->editor()->document()->findBlockByNumber(32).text(), QStringLiteral("line 31"));
        QCOMPARE(b->editor()->document()->findBlockByNumber(32).text(), QStringLiteral("line 31"));
        QCOMPARE(b->editor()->document()->findBlockByNumber(30).text(), QStringLiteral("new 1"));
        QCOMPARE(a->lineOfBlock(30), 0);
        QCOMPARE(a->lineOfBlock(32), 31);

        // Rows: changed, removed, and hatched fillers in the colour of the other side's lines.
        const QVector<CodeRowBackground> rowsA = a->rowBackgrounds();
        const QVector<CodeRowBackground> rowsB = b->rowBackgrounds();
        QCOMPARE(rowsA.size(), 3);
        QCOMPARE(rowsB.size(), 3);
        const QColor changed = rowsA[0].color;
        const QColor removed = rowsA[1].color;
        const QColor added = rowsB[2].color;
        QVERIFY(changed != removed && removed != added && changed != added);
        QCOMPARE(rowsA[0], (CodeRowBackground { 4, 4, changed, false }));
        QCOMPARE(rowsA[1], (CodeRowBackground { 10, 19, removed, false }));
        QCOMPARE(rowsA[2], (CodeRowBackground { 30, 31, added, true }));
        QCOMPARE(rowsB[0], (CodeRowBackground { 4, 4, changed, false }));
        QCOMPARE(rowsB[1], (CodeRowBackground { 10, 19, removed, true }));
        QCOMPARE(rowsB[2], (CodeRowBackground { 30, 31, added, false }));

        // The changed characters, as selections over the text.
        const QList<Painted> charsA = painted(a->editor());
        QCOMPARE(charsA.size(), 1);
        QCOMPARE(charsA[0].line, 5);
        QVERIFY(!charsA[0].fullWidth);
        QCOMPARE(charsA[0].selected, QStringLiteral("dvm_fused_add_0"));
        const QList<Painted> charsB = painted(b->editor());
        QCOMPARE(charsB.size(), 1);
        QCOMPARE(charsB[0].selected, QStringLiteral("triton_poi_fused_add_0"));
        QVERIFY(charsB[0].background != charsA[0].background);

        // The minimaps hold the same rows, out of 142.
        QCOMPARE(view.minimap(SideBySideView::SideA)->differences(), rowsA);
        QCOMPARE(view.minimap(SideBySideView::SideB)->differences(), rowsB);
        QCOMPARE(view.minimap(SideBySideView::SideA)->rowCount(), 142);
    }

    void equalLinesSitSideBySide()
    {
        SideBySideView view;
        view.resize(900, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        showPair(view);
        QPlainTextEdit* a = view.codeView(SideBySideView::SideA)->editor();
        QPlainTextEdit* b = view.codeView(SideBySideView::SideB)->editor();
        QCOMPARE(a->verticalScrollBar()->maximum(), b->verticalScrollBar()->maximum());
        for (int value : { 0, 8, 14, 26, 60, a->verticalScrollBar()->maximum() }) {
            a->verticalScrollBar()->setValue(value);
            QCOMPARE(b->verticalScrollBar()->value(), value);
            QCoreApplication::processEvents();
            // Every row on screen: the same y on both sides, and an unchanged line has its twin there.
            int compared = 0;
            for (int block = value; block < value + 12; ++block) {
                QCOMPARE(blockTop(a, block), blockTop(b, block));
                const QString textA = a->document()->findBlockByNumber(block).text();
                const bool bothLines = view.codeView(SideBySideView::SideA)->lineOfBlock(block) > 0
                    && view.codeView(SideBySideView::SideB)->lineOfBlock(block) > 0;
                if (bothLines && textA != QStringLiteral("x = dvm_fused_add_0(buf0)")) {
                    QCOMPARE(b->document()->findBlockByNumber(block).text(), textA);
                    ++compared;
                }
            }
            QVERIFY(compared > 0);
        }
    }

    void diffColoursPaintOverKernelBands()
    {
        // Lines 11-20 of A are one DVM kernel: removed, they show the removed colour, not the band.
        dvmlens::OutputCode code;
        code.lines = 140;
        dvmlens::Kernel kernel;
        kernel.name = "dvm_fused_gone_0";
        kernel.backend = dvmlens::Backend::Dvm;
        kernel.line = 11;
        kernel.endLine = 20;
        code.kernels.push_back(kernel);
        // Lines 40-50 one more, unchanged: equal lines stay neutral, as in meld (a DVM band read as
        // added); the backend is the margin stripe.
        kernel.name = "dvm_fused_kept_1";
        kernel.line = 40;
        kernel.endLine = 50;
        code.kernels.push_back(kernel);
        SideBySideView view;
        view.resize(900, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, &code, {} }, { m_pathB, nullptr, nullptr, {} });
        QTRY_COMPARE(ready.count(), 1);
        CodeView* a = view.codeView(SideBySideView::SideA);
        QCOMPARE(a->marks().size(), 2);
        QVERIFY(!a->lineBandsShown());
        QVERIFY(CodeView().lineBandsShown()); // the browse view keeps its bands
        a->editor()->verticalScrollBar()->setValue(0);
        QCoreApplication::processEvents();
        const QImage image = a->editor()->viewport()->grab().toImage();
        const QColor removed = a->rowBackgrounds().at(1).color;
        const int x = image.width() - 4; // right of any text
        const int y = blockTop(a->editor(), 14) + 2; // line 15, inside the kernel
        QCOMPARE(QColor(image.pixel(x, y)), removed);
        const int plainY = blockTop(a->editor(), 2) + 2; // line 3, unchanged, no kernel
        QCOMPARE(QColor(image.pixel(x, plainY)), a->editor()->palette().color(QPalette::Base));

        const int kept = a->blockOfLine(45);
        a->editor()->verticalScrollBar()->setValue(kept - 3);
        QCoreApplication::processEvents();
        const QImage keptImage = a->editor()->viewport()->grab().toImage();
        const int keptY = blockTop(a->editor(), kept) + 2;
        QCOMPARE(QColor(keptImage.pixel(x, keptY)), a->editor()->palette().color(QPalette::Base));
        const QImage margin = static_cast<CodeEditor*>(a->editor())->margin()->grab().toImage();
        QCOMPARE(
            margin.pixel(margin.width() - 2, keptY), codeColorsFor(a->editor()->palette()).dvmStripe.rgb());
    }

    void minimapClickScrollsBothSides()
    {
        SideBySideView view;
        view.resize(900, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        showPair(view);
        DiffMinimap* minimap = view.minimap(SideBySideView::SideB);
        QVERIFY(minimap->isVisible());
        const QRect added = minimap->markRect(minimap->differences().at(2));
        QVERIFY(added.height() >= 2);
        QTest::mouseClick(minimap, Qt::LeftButton, {}, added.center());
        QPlainTextEdit* a = view.codeView(SideBySideView::SideA)->editor();
        QPlainTextEdit* b = view.codeView(SideBySideView::SideB)->editor();
        QVERIFY(b->verticalScrollBar()->value() > 10);
        QCOMPARE(a->verticalScrollBar()->value(), b->verticalScrollBar()->value());
        const int first = b->verticalScrollBar()->value();
        QVERIFY(
            first <= 30 && 31 < first + b->verticalScrollBar()->pageStep()); // the added rows are on screen
    }

    void nextAndPreviousDifference()
    {
        SideBySideView view;
        view.resize(900, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        showPair(view);
        CodeView* a = view.codeView(SideBySideView::SideA);
        CodeView* b = view.codeView(SideBySideView::SideB);
        QCOMPARE(view.currentDifference(), -1);
        QVERIFY(view.nextDifferenceAction()->isEnabled());
        QVERIFY(!view.previousDifferenceAction()->isEnabled());
        QCOMPARE(view.nextDifferenceAction()->shortcut(), QKeySequence(Qt::Key_F7));
        QCOMPARE(view.previousDifferenceAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F7));

        view.nextDifferenceAction()->trigger();
        QCOMPARE(view.differenceLabelText(), QStringLiteral("1 of 3 differences"));
        QCOMPARE(cursorLine(a), 5);
        QCOMPARE(cursorLine(b), 5);
        view.goToNextDifference();
        QCOMPARE(cursorLine(a), 11);
        QCOMPARE(cursorLine(b), 11);
        view.goToNextDifference();
        QCOMPARE(view.differenceLabelText(), QStringLiteral("3 of 3 differences"));
        QCOMPARE(cursorLine(a), 31);
        QCOMPARE(cursorLine(b), 21);
        QVERIFY(!view.nextDifferenceAction()->isEnabled());
        view.goToNextDifference(); // past the end: stays
        QCOMPARE(view.currentDifference(), 2);
        view.previousDifferenceAction()->trigger();
        QCOMPARE(view.differenceLabelText(), QStringLiteral("2 of 3 differences"));
        QCOMPARE(cursorLine(a), 11);

        view.goToLines(40, 7);
        QCOMPARE(cursorLine(a), 40);
        QCOMPARE(cursorLine(b), 7); // not moved by the sync
        QCOMPARE(b->editor()->verticalScrollBar()->value(), a->editor()->verticalScrollBar()->value());

        // After a jump elsewhere (a fusion picked), the counter says where that is and F7 / Shift+F7
        // go on from there, not from the last difference jumped to.
        QCOMPARE(view.differenceLabelText(), QStringLiteral("after difference 3 of 3"));
        QVERIFY(view.isBetweenDifferences());
        QVERIFY(!view.nextDifferenceAction()->isEnabled());
        view.previousDifferenceAction()->trigger();
        QCOMPARE(view.differenceLabelText(), QStringLiteral("3 of 3 differences"));
        QCOMPARE(cursorLine(a), 31);
        view.goToLines(8, 8);
        QCOMPARE(view.differenceLabelText(), QStringLiteral("after difference 1 of 3"));
        view.nextDifferenceAction()->trigger();
        QCOMPARE(view.differenceLabelText(), QStringLiteral("2 of 3 differences"));
        QCOMPARE(cursorLine(a), 11);
        view.goToLines(15, 0); // inside the removed lines
        QCOMPARE(view.differenceLabelText(), QStringLiteral("2 of 3 differences"));
        QVERIFY(!view.isBetweenDifferences());
        view.goToLines(2, 2);
        QCOMPARE(view.differenceLabelText(), QStringLiteral("before difference 1 of 3"));
        QVERIFY(!view.previousDifferenceAction()->isEnabled());
        view.goToNextDifference();
        QCOMPARE(view.differenceLabelText(), QStringLiteral("1 of 3 differences"));
        QCOMPARE(cursorLine(a), 5);
    }

    void identicalFiles()
    {
        SideBySideView view;
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, nullptr, {} }, { m_pathA, nullptr, nullptr, {} });
        QTRY_COMPARE(ready.count(), 1);
        QCOMPARE(view.differenceCount(), 0);
        QCOMPARE(view.differenceLabelText(), QStringLiteral("Identical"));
        QVERIFY(view.codeView(SideBySideView::SideA)->editor()->extraSelections().isEmpty());
        QVERIFY(!view.nextDifferenceAction()->isEnabled());
    }

    void placeholderSide()
    {
        SideBySideView view;
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, nullptr, {} },
            { {}, nullptr, nullptr, QStringLiteral("no output_code.py here") });
        QTRY_COMPARE(ready.count(), 1);
        QVERIFY(!view.hasDiff());
        QVERIFY(!view.isPlaceholderShown(SideBySideView::SideA));
        QVERIFY(view.isPlaceholderShown(SideBySideView::SideB));
        QCOMPARE(view.placeholderText(SideBySideView::SideB), QStringLiteral("no output_code.py here"));
        QCOMPARE(view.differenceLabelText(), QStringLiteral("Nothing to compare"));
        QVERIFY(view.codeView(SideBySideView::SideA)->editor()->extraSelections().isEmpty());
        QCOMPARE(view.codeView(SideBySideView::SideA)->currentPath(), m_pathA);
    }

    void missingFileCountsAsNoText()
    {
        SideBySideView view;
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, nullptr, {} },
            { m_dir.filePath(QStringLiteral("gone.py")), nullptr, nullptr, {} });
        QTRY_COMPARE(ready.count(), 1);
        QVERIFY(!view.hasDiff());
        QVERIFY(!view.codeView(SideBySideView::SideB)->message().isEmpty());
    }

    void aNewerPairWins()
    {
        SideBySideView view;
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, nullptr, {} }, { m_pathB, nullptr, nullptr, {} });
        view.showContents({ m_pathB, nullptr, nullptr, {} }, { m_pathB, nullptr, nullptr, {} });
        QTRY_VERIFY(view.isReady());
        QTest::qWait(50);
        QCOMPARE(ready.count(), 1);
        QCOMPARE(view.differenceCount(), 0);
        QCOMPARE(view.codeView(SideBySideView::SideA)->currentPath(), m_pathB);
    }
};

QTEST_MAIN(TestSideBySide)
#include "tst_sidebyside.moc"
