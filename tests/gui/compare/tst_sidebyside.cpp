// SPDX-License-Identifier: MIT
// The side-by-side view: both files load, the diff is painted on the right lines and characters,
// scrolling follows the hunks, next / previous difference, placeholders, stale diffs dropped.
#include "codeview/codeview.h"
#include "common/themes.h"
#include "compare/sidebysideview.h"

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
    return view->editor()->textCursor().blockNumber() + 1;
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
        view.showContents({ m_pathA, nullptr, {} }, { m_pathB, nullptr, {} });
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

        // One selection per painted line, then the changed characters.
        const QList<Painted> a = painted(view.codeView(SideBySideView::SideA)->editor());
        QCOMPARE(a.size(), 12); // line 5 changed, lines 11-20 removed, then the changed characters
        QCOMPARE(a[0].line, 5);
        QVERIFY(a[0].fullWidth);
        for (int i = 1; i <= 10; ++i) {
            QCOMPARE(a[i].line, 10 + i);
            QCOMPARE(a[i].lastLine, 10 + i);
            QVERIFY(a[i].fullWidth);
            QCOMPARE(a[i].background, a[1].background);
        }
        QVERIFY(a[0].background != a[1].background); // changed is not removed
        QCOMPARE(a[11].line, 5);
        QVERIFY(!a[11].fullWidth);
        QCOMPARE(a[11].selected, QStringLiteral("dvm_fused_add_0"));

        const QList<Painted> b = painted(view.codeView(SideBySideView::SideB)->editor());
        QCOMPARE(b.size(), 4); // line 5 changed, lines 21-22 added, the changed characters
        QCOMPARE(b[0].line, 5);
        QCOMPARE(b[0].background, a[0].background);
        QCOMPARE(b[1].line, 21);
        QCOMPARE(b[2].line, 22);
        QVERIFY(b[1].background != a[1].background); // added is not removed
        QCOMPARE(b[3].selected, QStringLiteral("triton_poi_fused_add_0"));
        QVERIFY(b[3].background != a[11].background);
    }

    void manyChangedLinesShareSelections()
    {
        QStringList removed;
        for (int i = 0; i < SideBySideView::kMaxLineSelections + 1; ++i)
            removed << QStringLiteral("gone %1").arg(i);
        const QString pathA = m_dir.filePath(QStringLiteral("many_a.py"));
        const QString pathB = m_dir.filePath(QStringLiteral("many_b.py"));
        QVERIFY(
            writeFile(pathA, QStringLiteral("top\n") + removed.join(u'\n') + QStringLiteral("\nbottom\n")));
        QVERIFY(writeFile(pathB, QStringLiteral("top\nbottom\n")));
        SideBySideView view;
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ pathA, nullptr, {} }, { pathB, nullptr, {} });
        QTRY_COMPARE(ready.count(), 1);
        const QList<Painted> a = painted(view.codeView(SideBySideView::SideA)->editor());
        QCOMPARE(a.size(), 1);
        QCOMPARE(a[0].line, 2);
        QCOMPARE(a[0].lastLine, SideBySideView::kMaxLineSelections + 2);
    }

    void scrollingFollowsTheHunks()
    {
        SideBySideView view;
        view.resize(900, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        showPair(view);
        QScrollBar* barA = view.codeView(SideBySideView::SideA)->editor()->verticalScrollBar();
        QScrollBar* barB = view.codeView(SideBySideView::SideB)->editor()->verticalScrollBar();
        QVERIFY(barB->maximum() > 40);

        barA->setValue(3); // line 4, above every hunk
        QCOMPARE(barB->value(), 3);
        barA->setValue(14); // line 15 was removed: B waits at its line 11 ("line 21")
        QCOMPARE(barB->value(), 10);
        barA->setValue(19);
        QCOMPARE(barB->value(), 10);
        barA->setValue(24); // "line 25" is B's line 15
        QCOMPARE(barB->value(), 14);
        barA->setValue(35); // below the added lines: shifted by -10 + 2
        QCOMPARE(barB->value(), 27);

        barB->setValue(20); // B's line 21 is new: A waits at "line 31"
        QCOMPARE(barA->value(), 30);
        barB->setValue(21);
        QCOMPARE(barA->value(), 30);
        barB->setValue(4);
        QCOMPARE(barA->value(), 4);
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
    }

    void identicalFiles()
    {
        SideBySideView view;
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, {} }, { m_pathA, nullptr, {} });
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
        view.showContents(
            { m_pathA, nullptr, {} }, { {}, nullptr, QStringLiteral("no output_code.py here") });
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
        view.showContents(
            { m_pathA, nullptr, {} }, { m_dir.filePath(QStringLiteral("gone.py")), nullptr, {} });
        QTRY_COMPARE(ready.count(), 1);
        QVERIFY(!view.hasDiff());
        QVERIFY(!view.codeView(SideBySideView::SideB)->message().isEmpty());
    }

    void aNewerPairWins()
    {
        SideBySideView view;
        QSignalSpy ready(&view, &SideBySideView::ready);
        view.showContents({ m_pathA, nullptr, {} }, { m_pathB, nullptr, {} });
        view.showContents({ m_pathB, nullptr, {} }, { m_pathB, nullptr, {} });
        QTRY_VERIFY(view.isReady());
        QTest::qWait(50);
        QCOMPARE(ready.count(), 1);
        QCOMPARE(view.differenceCount(), 0);
        QCOMPARE(view.codeView(SideBySideView::SideA)->currentPath(), m_pathB);
    }
};

QTEST_MAIN(TestSideBySide)
#include "tst_sidebyside.moc"
