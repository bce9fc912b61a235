// SPDX-License-Identifier: MIT
// CodeView: kernel marks on the exact lines of an output_code.py, the legend, go to line,
// next/previous DVM kernel, the find bar's "n of m", bad files (binary, non-UTF-8, CRLF, missing)
// and a 10 MB file that loads while the event loop keeps turning.
// Over 600 lines: the cases of one widget, each short; split by feature when it grows further.
#include "core/io/container.h"
#include "core/parse/outputcodeparser.h"
#include "gui/codeview/codeeditor.h"
#include "gui/codeview/codehighlighter.h"
#include "gui/codeview/codeview.h"
#include "gui/codeview/filetextloader.h"
#include "gui/codeview/findbar.h"
#include "testutil.h"

#include <QAction>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <sys/stat.h>

using dvmlens::Backend;
using dvmlens::FallbackKind;

namespace {

const QString kOutputCode = QStringLiteral("codeview/output_code.py");

dvmlens::Kernel kernel(const char* name, Backend backend, int line, int endLine)
{
    dvmlens::Kernel k;
    k.name = name;
    k.backend = backend;
    k.line = line;
    k.endLine = endLine;
    return k;
}

// What core reports for tests/fixtures/codeview/output_code.py, written out by hand.
dvmlens::OutputCode fixtureCode(int lineOffset = 0)
{
    dvmlens::OutputCode code;
    code.path = testutil::fixturePath(kOutputCode);
    code.lines = 58 + lineOffset;
    code.dvmImport = true;
    code.dvmImportLine = 5 + lineOffset;
    code.kernels = { kernel("dvm_fused_add_relu_0", Backend::Dvm, 16 + lineOffset, 23 + lineOffset),
        kernel("dvm_fused_mul_1", Backend::ImportFx, 26 + lineOffset, 26 + lineOffset),
        kernel("triton_poi_fused_sin_2", Backend::Triton, 29 + lineOffset, 34 + lineOffset),
        kernel("dvm_fused_sum_3", Backend::Dvm, 37 + lineOffset, 43 + lineOffset) };
    code.kernels[0].ktype = "vector";
    code.kernels[3].ktype = "spec";
    code.fallbacks = { { "aten.mm.default", FallbackKind::Aten, 53 + lineOffset },
        { "extern_kernels.mm", FallbackKind::Extern, 55 + lineOffset } };
    return code;
}

bool loadInto(CodeView& view, const QString& path, const dvmlens::OutputCode* code = nullptr)
{
    QSignalSpy loaded(&view, &CodeView::loaded);
    view.showFile(path, nullptr, code);
    return loaded.wait(10000) && loaded.first().first().toString() == path;
}

int cursorLine(const CodeView& view)
{
    return view.editor()->textCursor().blockNumber() + 1;
}

// [first, last] lines of the range painted as current (a kernel), 1-based; the text itself is
// never selected, so syntax colours stay visible.
QPair<int, int> selectedLines(const CodeView& view)
{
    if (view.editor()->textCursor().hasSelection())
        return { -1, -1 };
    return view.currentRange();
}

// The colour at the right edge of `line` in the editor's viewport (past any text).
QColor bandColorAt(CodeView& view, int line)
{
    const QTextBlock block = view.editor()->document()->findBlockByNumber(line - 1);
    QTextCursor cursor(block);
    const QRect rect = view.editor()->cursorRect(cursor);
    const QImage image = view.editor()->viewport()->grab().toImage();
    const qreal ratio = image.devicePixelRatio();
    return image.pixelColor(
        int((view.editor()->viewport()->width() - 4) * ratio), int(rect.center().y() * ratio));
}

qint64 threadCpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return QString();
    return path;
}

} // namespace

class CodeViewTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void marksOnExactLines();
    void dvmLaunchSitesAreMarked();
    void plainArtifactHasNoMarksOrLegend();
    void goToLineMovesCursorAndSelectsRange();
    void goToLineBeforeLoadAppliesAfterIt();
    void nextAndPreviousDvmKernel();
    void findBarCountsAndCycles();
    void shortcutsWork();
    void binaryFileShowsMessage();
    void invalidUtf8AndCrLf();
    void paragraphSeparatorKeepsMarksOnTheirLines();
    void emptyViewShowsNoLineNumber();
    void tooLargeFileIsRefused();
    void missingFileFails();
    void specialFilesAndLinksOutAreNotShown();
    void staleLoadIsDropped();
    void paletteChangeUpdatesBands();
    void realTritonSampleMarksWhatCoreFound();
    void tenMegabyteFileKeepsEventLoopTurning();
};

void CodeViewTest::marksOnExactLines()
{
    CodeView view;
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));
    QCOMPARE(view.currentPath(), testutil::fixture(kOutputCode));
    QVERIFY(!view.isLoading());
    QCOMPARE(view.editor()->blockCount(), 59); // 58 lines and the empty one after the last '\n'
    QVERIFY(view.editor()->isReadOnly());

    struct Expected
    {
        int first, last;
        CodeMarkKind kind;
    };
    const QVector<Expected> expected = { { 5, 5, CodeMarkKind::DvmImport },
        { 16, 23, CodeMarkKind::DvmKernel }, { 26, 26, CodeMarkKind::ImportFxKernel },
        { 29, 34, CodeMarkKind::OtherKernel }, { 37, 43, CodeMarkKind::DvmKernel },
        { 53, 53, CodeMarkKind::FallbackCall }, { 55, 55, CodeMarkKind::FallbackCall } };
    const QVector<CodeMark>& marks = view.marks();
    QCOMPARE(marks.size(), expected.size());
    for (int i = 0; i < expected.size(); ++i) {
        QCOMPARE(marks[i].firstLine, expected[i].first);
        QCOMPARE(marks[i].lastLine, expected[i].last);
        QCOMPARE(marks[i].kind, expected[i].kind);
    }
    QCOMPARE(marks[1].label, QStringLiteral("dvm_fused_add_relu_0 · dvm (vector)"));
    QCOMPARE(marks[5].label, QStringLiteral("fallback call aten.mm.default"));

    // Each marked line is banded right to the edge in its group's colour; unmarked lines are not.
    view.resize(900, 1400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const CodeColors colors = codeColorsFor(view.editor()->palette());
    QCOMPARE(bandColorAt(view, 5), colors.importBand);
    QCOMPARE(bandColorAt(view, 16), colors.dvmBand);
    QCOMPARE(bandColorAt(view, 20), colors.dvmBand);
    QCOMPARE(bandColorAt(view, 23), colors.dvmBand);
    QCOMPARE(bandColorAt(view, 26), colors.fallbackBand);
    QCOMPARE(bandColorAt(view, 31), colors.otherBand);
    QCOMPARE(bandColorAt(view, 43), colors.dvmBand);
    QCOMPARE(bandColorAt(view, 53), colors.fallbackBand);
    for (int unmarked : { 1, 4, 6, 15, 24, 25, 27, 36, 44, 54, 56 })
        QCOMPARE(bandColorAt(view, unmarked), colors.base);
    QVERIFY(view.editor()->extraSelections().isEmpty()); // bands are painted, not selections

    // The margin sits exactly in the viewport margin (two digits plus the stripe), never over the text.
    auto* editor = static_cast<CodeEditor*>(view.editor());
    QVERIFY(editor->margin()->width() > 2 * editor->fontMetrics().horizontalAdvance(QLatin1Char('9')));
    QCOMPARE(editor->margin()->geometry().right() + 1, editor->viewport()->geometry().left());
    QVERIFY(view.isLegendShown());
    QVERIFY(view.message().isEmpty());
    QVERIFY(view.note().isEmpty());
    QVERIFY(view.highlighter());
}

void CodeViewTest::plainArtifactHasNoMarksOrLegend()
{
    CodeView view;
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));
    QVERIFY(view.isLegendShown());

    // The same text shown as a plain artifact (no OutputCode): no bands, no legend.
    QTemporaryDir dir;
    QFile fixture(testutil::fixture(kOutputCode));
    QVERIFY(fixture.open(QIODevice::ReadOnly));
    const QString readable = writeFile(dir, QStringLiteral("fx_graph_readable.py"), fixture.readAll());
    QVERIFY(loadInto(view, readable));
    QVERIFY(view.marks().isEmpty());
    QVERIFY(!view.isLegendShown());
    QVERIFY(view.highlighter());

    const QString log = writeFile(dir, QStringLiteral("debug.log"), "ERROR boom\nok\n");
    QVERIFY(loadInto(view, log));
    QVERIFY(!view.isLegendShown());
    QCOMPARE(view.editor()->toPlainText(), QStringLiteral("ERROR boom\nok\n"));

    view.clear();
    QVERIFY(view.currentPath().isEmpty());
    QVERIFY(view.editor()->toPlainText().isEmpty());
    QVERIFY(view.marks().isEmpty());
    QVERIFY(!view.isLegendShown());
}

void CodeViewTest::goToLineMovesCursorAndSelectsRange()
{
    CodeView view;
    view.resize(800, 300);
    view.show();
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));

    QSignalSpy lineChanged(&view, &CodeView::cursorLineChanged);
    view.goToLine(50);
    QCOMPARE(cursorLine(view), 50);
    QVERIFY(!view.editor()->textCursor().hasSelection());
    QCOMPARE(lineChanged.last().first().toInt(), 50);
    // Line 50 is on screen.
    const QRect cursorRect = view.editor()->cursorRect();
    QVERIFY(view.editor()->viewport()->rect().contains(cursorRect.center()));
    QVERIFY(view.editor()->verticalScrollBar()->value() > 0);

    view.goToLine(29, 34);
    QCOMPARE(cursorLine(view), 29);
    QCOMPARE(selectedLines(view), qMakePair(29, 34));
    QCOMPARE(view.editor()->textCursor().block().text(),
        QStringLiteral("triton_poi_fused_sin_2 = async_compile.triton('triton_poi_fused_sin_2', '''"));

    view.goToLine(1000); // clamped to the last line
    QCOMPARE(cursorLine(view), 59);
    view.goToLine(-3);
    QCOMPARE(cursorLine(view), 1);
}

void CodeViewTest::goToLineBeforeLoadAppliesAfterIt()
{
    CodeView view;
    const dvmlens::OutputCode code = fixtureCode();
    QSignalSpy loaded(&view, &CodeView::loaded);
    view.showFile(testutil::fixture(kOutputCode), nullptr, &code);
    QVERIFY(view.isLoading());
    view.goToLine(37, 43);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(selectedLines(view), qMakePair(37, 43));

    // Showing the same file again only swaps the marks: no reload, the cursor stays.
    const dvmlens::OutputCode noKernels;
    view.showFile(testutil::fixture(kOutputCode), nullptr, &noKernels);
    QVERIFY(!view.isLoading());
    QVERIFY(view.marks().isEmpty());
    QCOMPARE(selectedLines(view), qMakePair(37, 43));
}

void CodeViewTest::nextAndPreviousDvmKernel()
{
    CodeView view;
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));
    QCOMPARE(cursorLine(view), 1);
    // Each jump says which DVM kernel of how many it reached, and when it wrapped round.
    QSignalSpy reached(&view, &CodeView::dvmKernelReached);
    const auto lastReached = [&reached] {
        const QList<QVariant> args = reached.takeLast();
        return QStringLiteral("%1 of %2%3")
            .arg(args.at(1).toInt())
            .arg(args.at(2).toInt())
            .arg(args.at(3).toBool() ? QStringLiteral(", wrapped") : QString());
    };

    view.nextDvmKernelAction()->trigger();
    QCOMPARE(selectedLines(view), qMakePair(16, 23));
    QCOMPARE(cursorLine(view), 16);
    QCOMPARE(lastReached(), QStringLiteral("1 of 2"));
    view.nextDvmKernelAction()->trigger(); // skips import_fx and Triton
    QCOMPARE(selectedLines(view), qMakePair(37, 43));
    QCOMPARE(lastReached(), QStringLiteral("2 of 2"));
    view.nextDvmKernelAction()->trigger(); // wraps
    QCOMPARE(selectedLines(view), qMakePair(16, 23));
    QCOMPARE(lastReached(), QStringLiteral("1 of 2, wrapped"));
    view.previousDvmKernelAction()->trigger(); // wraps backwards
    QCOMPARE(selectedLines(view), qMakePair(37, 43));
    QCOMPARE(lastReached(), QStringLiteral("2 of 2, wrapped"));
    view.previousDvmKernelAction()->trigger();
    QCOMPARE(selectedLines(view), qMakePair(16, 23));

    view.goToLine(30); // inside the Triton kernel: next is the one below, previous the one above
    view.nextDvmKernelAction()->trigger();
    QCOMPARE(selectedLines(view), qMakePair(37, 43));
    view.goToLine(30);
    view.previousDvmKernelAction()->trigger();
    QCOMPARE(selectedLines(view), qMakePair(16, 23));

    // Without DVM kernels the actions do nothing.
    QTemporaryDir dir;
    QVERIFY(loadInto(view, writeFile(dir, QStringLiteral("a.py"), "x = 1\ny = 2\n")));
    view.goToLine(2);
    view.nextDvmKernelAction()->trigger();
    QCOMPARE(cursorLine(view), 2);
    QVERIFY(!view.editor()->textCursor().hasSelection());
}

void CodeViewTest::findBarCountsAndCycles()
{
    CodeView view;
    view.resize(800, 400);
    view.show();
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));
    FindBar* bar = view.findBar();
    QVERIFY(bar->isHidden());

    view.findAction()->trigger();
    QVERIFY(bar->isVisible());
    QLineEdit* field = bar->findField();
    QTest::keyClicks(field, QStringLiteral("buf2"));
    QCOMPARE(bar->matchCountText(), QStringLiteral("1 of 5"));
    QCOMPARE(cursorLine(view), 53);
    QCOMPARE(view.editor()->textCursor().selectedText(), QStringLiteral("buf2"));

    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(bar->matchCountText(), QStringLiteral("2 of 5"));
    QCOMPARE(cursorLine(view), 54);
    QTest::keyClick(field, Qt::Key_Return);
    QTest::keyClick(field, Qt::Key_Return);
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(bar->matchCountText(), QStringLiteral("5 of 5"));
    QCOMPARE(cursorLine(view), 56); // del buf2
    QTest::keyClick(field, Qt::Key_Return); // wraps to the first
    QCOMPARE(bar->matchCountText(), QStringLiteral("1 of 5"));
    QTest::keyClick(field, Qt::Key_Return, Qt::ShiftModifier); // and back
    QCOMPARE(bar->matchCountText(), QStringLiteral("5 of 5"));
    QTest::keyClick(field, Qt::Key_Enter, Qt::ShiftModifier);
    QCOMPARE(bar->matchCountText(), QStringLiteral("4 of 5"));

    // The fixture spells it "dvm" only: "Dvm" matches 18 times without match case, never with it.
    view.goToLine(1);
    field->setText(QStringLiteral("Dvm"));
    QCOMPARE(bar->matchCountText(), QStringLiteral("1 of 18"));
    QCOMPARE(cursorLine(view), 5);
    bar->findChild<QCheckBox*>()->setChecked(true);
    QCOMPARE(bar->matchCountText(), QStringLiteral("No matches"));
    bar->findChild<QCheckBox*>()->setChecked(false);
    QCOMPARE(bar->matchCountText().endsWith(QStringLiteral(" of 18")), true);
    field->clear();
    QCOMPARE(bar->matchCountText(), QString());

    QTest::keyClick(field, Qt::Key_Escape);
    QVERIFY(bar->isHidden());

    // Esc in the text closes it as well; with the bar hidden, Esc does nothing there.
    view.findAction()->trigger();
    QVERIFY(bar->isVisible());
    QTest::keyClick(view.editor(), Qt::Key_Escape);
    QVERIFY(bar->isHidden());
}

void CodeViewTest::shortcutsWork()
{
    CodeView view;
    view.resize(800, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.activateWindow();
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));
    view.editor()->setFocus();
    QTRY_VERIFY(view.editor()->hasFocus());

    QTest::keyClick(view.editor(), Qt::Key_F8);
    QCOMPARE(selectedLines(view), qMakePair(16, 23));
    QTest::keyClick(view.editor(), Qt::Key_F8, Qt::ShiftModifier);
    QCOMPARE(selectedLines(view), qMakePair(37, 43));

    QTest::keyClick(view.editor(), Qt::Key_G, Qt::ControlModifier);
    QVERIFY(view.findBar()->isVisible());
    QLineEdit* lineField = view.findBar()->lineField();
    QTRY_VERIFY(lineField->hasFocus());
    QCOMPARE(lineField->text(), QStringLiteral("37"));
    lineField->selectAll();
    QTest::keyClicks(lineField, QStringLiteral("12"));
    QTest::keyClick(lineField, Qt::Key_Return);
    QCOMPARE(cursorLine(view), 12);
    QTRY_VERIFY(view.editor()->hasFocus());

    QTest::keyClick(view.editor(), Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(view.findBar()->findField()->hasFocus());
}

void CodeViewTest::binaryFileShowsMessage()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("kernel.so"),
        QByteArray("\x7f"
                   "ELF\x02\x01\x01\0\0\0",
            10));
    CodeView view;
    QSignalSpy failed(&view, &CodeView::loadFailed);
    view.showFile(path, nullptr);
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.first().first().toString(), path);
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("binary")));
    QVERIFY(view.message().contains(QStringLiteral("binary")));
    QVERIFY(view.message().contains(QStringLiteral("kernel.so")));
    QVERIFY(view.editor()->toPlainText().isEmpty());
    QVERIFY(!view.isLoading());

    // A good file afterwards replaces the message.
    QVERIFY(loadInto(view, writeFile(dir, QStringLiteral("ok.py"), "x = 1\n")));
    QVERIFY(view.message().isEmpty());
}

void CodeViewTest::invalidUtf8AndCrLf()
{
    QTemporaryDir dir;
    const QString path = writeFile(
        dir, QStringLiteral("weird.log"), QByteArray("caf\xc3\xa9 \xff\xfe ok\r\nline 2\r\nline 3\rend"));
    CodeView view;
    QVERIFY(loadInto(view, path));
    QTextDocument* document = view.editor()->document();
    QCOMPARE(document->blockCount(), 4);
    QCOMPARE(document->findBlockByNumber(0).text(), QStringLiteral("café \uFFFD\uFFFD ok"));
    QCOMPARE(document->findBlockByNumber(1).text(), QStringLiteral("line 2"));
    QCOMPARE(document->findBlockByNumber(2).text(), QStringLiteral("line 3"));
    QCOMPARE(document->findBlockByNumber(3).text(), QStringLiteral("end"));
    QVERIFY(!view.editor()->toPlainText().contains(QLatin1Char('\r')));
    QVERIFY(view.note().contains(QStringLiteral("UTF-8")));

    // Clean UTF-8 has no note.
    QVERIFY(loadInto(view, writeFile(dir, QStringLiteral("clean.log"), "caf\xc3\xa9\n")));
    QVERIFY(view.note().isEmpty());
    QCOMPARE(view.editor()->toPlainText(), QStringLiteral("café\n"));

    // An empty file is fine too.
    QVERIFY(loadInto(view, writeFile(dir, QStringLiteral("empty.py"), QByteArray())));
    QCOMPARE(view.editor()->blockCount(), 1);
    view.goToLine(3);
    QCOMPARE(cursorLine(view), 1);
}

// A U+2029 (a model docstring's paragraph separator copied into a comment) is no line end for core, so
// it must not be one here either: the marks after it stayed a line early (the "one line off" legend).
void CodeViewTest::paragraphSeparatorKeepsMarksOnTheirLines()
{
    QFile fixture(testutil::fixture(kOutputCode));
    QVERIFY(fixture.open(QIODevice::ReadOnly));
    QByteArray bytes = fixture.readAll();
    const qsizetype firstLineEnd = bytes.indexOf('\n');
    bytes.insert(firstLineEnd, " # a\xe2\x80\xa9paragraph and a frame mark \xef\xb7\x90");
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("output_code.py"), bytes);
    dvmlens::OutputCode code = fixtureCode();
    code.path = path.toStdString();
    CodeView view;
    QVERIFY(loadInto(view, path, &code));
    QCOMPARE(view.editor()->blockCount(), 59); // 58 lines, as core counts them
    const QString first = view.editor()->document()->firstBlock().text();
    QVERIFY(first.contains(QChar::LineSeparator));
    QVERIFY(!first.contains(QChar::ParagraphSeparator));
    view.resize(900, 1400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const CodeColors colors = codeColorsFor(view.editor()->palette());
    QCOMPARE(bandColorAt(view, 15), colors.base);
    QCOMPARE(bandColorAt(view, 16), colors.dvmBand);
    QCOMPARE(bandColorAt(view, 23), colors.dvmBand);
    QCOMPARE(bandColorAt(view, 24), colors.base);
    QCOMPARE(bandColorAt(view, 53), colors.fallbackBand);
    // Each block holds its file line: the fallback call's line reads as in the file.
    QCOMPARE(
        view.editor()->document()->findBlockByNumber(52).text(), QString::fromUtf8(bytes.split('\n').at(52)));
}

// Nothing shown (no file yet, or a run selected) draws no line number: the margin is its background only.
void CodeViewTest::emptyViewShowsNoLineNumber()
{
    CodeView view;
    view.resize(600, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto marginIsBlank = [&view] {
        auto* editor = static_cast<CodeEditor*>(view.editor());
        const QImage image = editor->margin()->grab().toImage();
        const QColor background = codeColorsFor(editor->palette()).marginBackground;
        for (int y = 0; y < image.height(); y += 1) {
            for (int x = 0; x < image.width(); ++x) {
                if (image.pixelColor(x, y) != background)
                    return false;
            }
        }
        return true;
    };
    QVERIFY(marginIsBlank());
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));
    QVERIFY(!marginIsBlank()); // numbers and stripes once there is text
    view.clear();
    QVERIFY(marginIsBlank());
}

void CodeViewTest::tooLargeFileIsRefused()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("big.log"), QByteArray(101, 'x'));
    const FileText refused = readFileText(path, dvmlens::fileSystem(), 100);
    QCOMPARE(refused.status, FileText::Status::TooLarge);
    QVERIFY(refused.text.isEmpty());
    QVERIFY(refused.message.contains(QStringLiteral("larger than")));
    const FileText accepted = readFileText(path, dvmlens::fileSystem(), 101);
    QCOMPARE(accepted.status, FileText::Status::Ok);
    QCOMPARE(accepted.text, QString(101, QLatin1Char('x')));
}

void CodeViewTest::missingFileFails()
{
    CodeView view;
    const QList<QAction*> textActions { view.findAction(), view.goToLineAction(), view.nextDvmKernelAction(),
        view.previousDvmKernelAction() };
    const auto enabled = [&textActions] {
        return std::count_if(
            textActions.begin(), textActions.end(), [](QAction* a) { return a->isEnabled(); });
    };
    QCOMPARE(enabled(), 0); // nothing loaded: nothing to find or go to
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode)));
    QCOMPARE(enabled(), 4);
    QSignalSpy failed(&view, &CodeView::loadFailed);
    QTemporaryDir dir;
    view.showFile(dir.filePath(QStringLiteral("nope.py")), nullptr);
    QCOMPARE(enabled(), 0); // loading
    QVERIFY(failed.wait(10000));
    QVERIFY(view.message().contains(QStringLiteral("does not exist")));
    QCOMPARE(enabled(), 0);

    view.showFile(dir.path(), nullptr); // a folder
    QVERIFY(failed.wait(10000));
    QVERIFY(view.message().contains(QStringLiteral("folder")));
}

// A FIFO clicked in the file list loaded for ever (one blocked thread a click) before, and
// output_code.py -> /etc/passwd showed /etc/passwd.
void CodeViewTest::specialFilesAndLinksOutAreNotShown()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("output_code.py"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
    QElapsedTimer timer;
    timer.start();
    const FileText fromFifo = readFileText(fifo, dvmlens::fileSystem());
    QCOMPARE(fromFifo.status, FileText::Status::Unreadable);
    QVERIFY2(fromFifo.message.contains(QStringLiteral("FIFO")), qPrintable(fromFifo.message));
    QVERIFY(timer.elapsed() < 5000);

    const QString link = dir.filePath(QStringLiteral("passwd.py"));
    QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), link));
    const FileText fromLink = readFileText(link, dvmlens::fileSystem());
    QCOMPARE(fromLink.status, FileText::Status::Unreadable);
    QVERIFY(fromLink.text.isEmpty());
    QVERIFY2(fromLink.message.contains(QStringLiteral("leads out of the scanned tree")),
        qPrintable(fromLink.message));

    CodeView view;
    QSignalSpy failed(&view, &CodeView::loadFailed);
    view.showFile(fifo, nullptr);
    QVERIFY(failed.wait(10000));
    QVERIFY(view.message().contains(QStringLiteral("FIFO")));
    QVERIFY(!view.isLoading());
}

void CodeViewTest::staleLoadIsDropped()
{
    QTemporaryDir dir;
    const QString first = writeFile(dir, QStringLiteral("first.py"), "first = 1\n");
    const QString second = writeFile(dir, QStringLiteral("second.py"), "second = 2\n");
    CodeView view;
    QSignalSpy loaded(&view, &CodeView::loaded);
    view.showFile(first, nullptr);
    view.showFile(second, nullptr);
    QVERIFY(loaded.wait(10000));
    QTest::qWait(100); // give a stale result the chance to arrive (it must not)
    QCOMPARE(loaded.size(), 1);
    QCOMPARE(loaded.first().first().toString(), second);
    QCOMPARE(view.editor()->toPlainText(), QStringLiteral("second = 2\n"));
    QCOMPARE(view.currentPath(), second);
}

void CodeViewTest::paletteChangeUpdatesBands()
{
    CodeView view;
    const dvmlens::OutputCode code = fixtureCode();
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode), &code));
    QPalette dark = view.palette();
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    dark.setColor(QPalette::Text, QColor(0xdf, 0xe1, 0xe5));
    view.setPalette(dark);
    const CodeColors colors = codeColorsFor(dark);
    QVERIFY(colors.dark);
    view.resize(900, 1400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(bandColorAt(view, 16), colors.dvmBand);
    QCOMPARE(bandColorAt(view, 24), colors.base);
    // A selected DVM kernel keeps its green, only stronger: never the blue of a Triton kernel.
    view.goToLine(16, 23);
    const QColor selected = bandColorAt(view, 18);
    QCOMPARE(selected, codeMarkSelectedBand(CodeMarkKind::DvmKernel, colors));
    QVERIFY2(
        selected.green() > selected.blue() && selected.green() > selected.red(), qPrintable(selected.name()));
    QVERIFY(selected != colors.dvmBand && selected != colors.otherBand);
    QTRY_VERIFY(view.highlighter()->isFinished());
#if !DVMLENS_HAVE_KSYNTAXHIGHLIGHTING // KSyntaxHighlighting's dark theme has its own colours
    // "import torch" on line 3: the keyword now has the dark palette's colour.
    const QTextBlock block = view.editor()->document()->findBlockByNumber(2);
    QCOMPARE(block.layout()->formats().first().format.foreground().color(), colors.keyword);
#endif
}

void CodeViewTest::realTritonSampleMarksWhatCoreFound()
{
    // A real CUDA/Triton output_code.py through core's parser: every kernel and fallback mark sits
    // on the line the parser named, the view draws nothing core did not report, and F8 finds no
    // DVM kernel.
    const QString path = testutil::realSample(QStringLiteral("lenet-cuda-triton-v2.6/output_code.py"));
    if (!QFileInfo::exists(path))
        QSKIP("../shared/real-samples is not available");
    std::string scratch;
    const dvmlens::OutputCode code =
        dvmlens::parseOutputCodeFile(dvmlens::fileSystem(), path.toStdString(), scratch);
    QVERIFY(!code.kernels.empty());
    QVERIFY(!code.fallbacks.empty());
    CodeView view;
    QVERIFY(loadInto(view, path, &code));
    QCOMPARE(view.marks().size(), qsizetype(code.kernels.size() + code.fallbacks.size()));
    QTextDocument* document = view.editor()->document();
    for (const dvmlens::Kernel& kernel : code.kernels) {
        const CodeMark* mark = static_cast<CodeEditor*>(view.editor())->markAt(kernel.line);
        QVERIFY(mark);
        QCOMPARE(mark->kind, CodeMarkKind::OtherKernel);
        QCOMPARE(mark->lastLine, kernel.endLine);
        QVERIFY(document->findBlockByNumber(kernel.line - 1)
                    .text()
                    .startsWith(QString::fromStdString(kernel.name)));
    }
    for (const dvmlens::Fallback& fallback : code.fallbacks) {
        const CodeMark* mark = static_cast<CodeEditor*>(view.editor())->markAt(fallback.line);
        QVERIFY(mark);
        QCOMPARE(mark->kind, CodeMarkKind::FallbackCall);
        QVERIFY(document->findBlockByNumber(fallback.line - 1)
                    .text()
                    .contains(QStringLiteral("extern_kernels.")));
    }
    view.goToLine(3);
    view.nextDvmKernelAction()->trigger();
    QCOMPARE(cursorLine(view), 3);
}

void CodeViewTest::tenMegabyteFileKeepsEventLoopTurning()
{
    // The fixture repeated to 10 MB, with the marks of every copy (about 45 000 of them).
    QFile fixture(testutil::fixture(kOutputCode));
    QVERIFY(fixture.open(QIODevice::ReadOnly));
    const QByteArray one = fixture.readAll();
    const int copies = int((10 * 1024 * 1024) / one.size()) + 1;
    QByteArray bytes;
    bytes.reserve(qsizetype(one.size()) * copies);
    dvmlens::OutputCode code;
    for (int i = 0; i < copies; ++i) {
        bytes += one;
        const dvmlens::OutputCode copy = fixtureCode(58 * i);
        code.kernels.insert(code.kernels.end(), copy.kernels.begin(), copy.kernels.end());
        code.fallbacks.insert(code.fallbacks.end(), copy.fallbacks.begin(), copy.fallbacks.end());
    }
    code.lines = 58 * copies;
    code.dvmImportLine = 5;
    QVERIFY(bytes.size() >= 10 * 1024 * 1024);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("output_code.py"), bytes);

    CodeView view;
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    // A heartbeat every 5 ms; the longest gap between beats is the longest GUI-thread stall. The
    // GUI thread's CPU time over that gap is logged too: on a busy machine the wall-clock gap also
    // counts time the thread spent waiting for a core.
    QElapsedTimer sinceBeat;
    qint64 longestGap = 0;
    qint64 longestGapCpu = 0;
    qint64 cpuAtBeat = threadCpuMs();
    QTimer heartbeat;
    heartbeat.setInterval(5);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        const qint64 gap = sinceBeat.restart();
        const qint64 cpu = threadCpuMs();
        if (gap > longestGap) {
            longestGap = gap;
            longestGapCpu = cpu - cpuAtBeat;
        }
        cpuAtBeat = cpu;
    });
    QElapsedTimer total;
    total.start();
    sinceBeat.start();
    heartbeat.start();

    QSignalSpy loaded(&view, &CodeView::loaded);
    view.showFile(path, nullptr, &code);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.size() == 1, 30000);
    const qint64 loadedMs = total.elapsed();
    const qint64 longestGapUntilLoaded = longestGap;
    QVERIFY(view.highlighter());
    QTRY_VERIFY_WITH_TIMEOUT(view.highlighter()->isFinished(), 120000);
    const qint64 highlightedMs = total.elapsed();

    // Scrolling to the end and jumping between kernels repaints with all bands.
    QCOMPARE(view.marks().size(), qsizetype(6) * copies + 1); // six per copy, and the one dvm import line
    view.goToLine(view.editor()->blockCount() - 10);
    view.previousDvmKernelAction()->trigger();
    QCOMPARE(cursorLine(view), 58 * (copies - 1) + 37);
    QTest::qWait(50);
    // Leaving the big file: its document is torn down off the GUI thread.
    QVERIFY(loadInto(view, testutil::fixture(kOutputCode)));
    QTest::qWait(50);
    heartbeat.stop();

    qInfo("10 MB (%d lines, %d marks): text in after %lld ms, highlighted after %lld ms; longest GUI stall "
          "%lld ms until loaded, %lld ms overall (%lld ms of GUI-thread CPU in it)",
        58 * copies + 1, 6 * copies + 1, loadedMs, highlightedMs, longestGapUntilLoaded, longestGap,
        longestGapCpu);
    // The GUI thread works for a fraction of a second in the worst gap (QPlainTextEdit lays out
    // every block once when the document is set). The wall-clock bound is looser because on a
    // shared two-core machine a ready thread can wait for a core longer than it runs.
    QVERIFY2(longestGapCpu < 500, qPrintable(QString::number(longestGapCpu)));
    QVERIFY2(longestGap < 3000, qPrintable(QString::number(longestGap)));
}

void CodeViewTest::dvmLaunchSitesAreMarked()
{
    // The entry code's calls of DVM kernels get a mark in DVM's colour, as fallback calls get theirs;
    // Triton launches do not.
    dvmlens::OutputCode code;
    code.lines = 58;
    dvmlens::Kernel dvm = kernel("dvm_fused_add_relu_0", Backend::Dvm, 16, 23);
    dvm.launchLines = { 50, 54 };
    dvmlens::Kernel triton = kernel("triton_poi_fused_0", Backend::Triton, 29, 34);
    triton.launchLines = { 52 };
    code.kernels = { dvm, triton };
    const QVector<CodeMark> marks = codeMarksFor(code);
    QCOMPARE(marks.size(), 4);
    QCOMPARE(marks[2],
        (CodeMark {
            50, 50, CodeMarkKind::DvmLaunch, QStringLiteral("launch of DVM kernel dvm_fused_add_relu_0") }));
    QCOMPARE(marks[3].firstLine, 54);
    QCOMPARE(marks[3].kind, CodeMarkKind::DvmLaunch);
    QCOMPARE(codeMarkGroup(CodeMarkKind::DvmLaunch), CodeMarkGroup::DvmKernel);
    const CodeColors colors = codeColorsFor(QPalette());
    QCOMPARE(codeMarkStripe(CodeMarkKind::DvmLaunch, colors), colors.dvmStripe);
}

QTEST_MAIN(CodeViewTest)
#include "tst_codeview.moc"
