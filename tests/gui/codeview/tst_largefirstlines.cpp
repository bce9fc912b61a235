// SPDX-License-Identifier: MIT
// A large file's first lines are on screen before the whole document is built: the editor holds
// its first kPrefixLines lines while the load still runs, with the margin already as wide as the
// whole file needs; then the whole file replaces them, a go-to-line asked meanwhile applies, and a
// small file comes once, whole.
#include "gui/codeview/codeeditor.h"
#include "gui/codeview/codeview.h"
#include "gui/codeview/filetextloader.h"

#include <QFile>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTimer>

#include <algorithm>
#include <vector>

namespace {

constexpr int kLines = 200000; // about 3.5 MB

QString writeNumberedLines(const QTemporaryDir& dir, int lines)
{
    QByteArray bytes;
    bytes.reserve(qsizetype(lines) * 18);
    for (int line = 1; line <= lines; ++line)
        bytes += "x = " + QByteArray::number(line) + "  # line\n";
    const QString path = dir.filePath(QStringLiteral("big.py"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// What the editor held when its block count changed, and whether the load still ran.
struct Shown
{
    int blocks = 0;
    bool loading = false;
    QString firstLine;
    int marginWidth = 0;
};

} // namespace

class TestLargeFirstLines : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstLinesComeBeforeTheWholeFile()
    {
        QTemporaryDir dir;
        const QString path = writeNumberedLines(dir, kLines);
        QVERIFY(QFileInfo(path).size() > kPrefixFromChars);
        CodeView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* editor = static_cast<CodeEditor*>(view.editor());
        // What the editor holds between events while the load runs (the parts arrive as events).
        std::vector<Shown> shown;
        QTimer watch;
        watch.setInterval(1);
        connect(&watch, &QTimer::timeout, this, [&] {
            const int blocks = editor->blockCount();
            if (shown.empty() || shown.back().blocks != blocks)
                shown.push_back({ blocks, view.isLoading(), editor->document()->firstBlock().text(),
                    editor->margin()->width() });
        });
        watch.start();
        QSignalSpy loaded(&view, &CodeView::loaded);
        view.showFile(path, nullptr);
        view.goToLine(150000); // waits for the whole file
        QVERIFY(loaded.wait(60000));
        watch.stop();
        shown.push_back({ editor->blockCount(), view.isLoading(), {}, editor->margin()->width() });

        const auto prefix = std::find_if(
            shown.begin(), shown.end(), [](const Shown& each) { return each.blocks == kPrefixLines; });
        QVERIFY2(prefix != shown.end(), "the first lines were never shown on their own");
        QVERIFY(prefix->loading);
        QCOMPARE(prefix->firstLine, QStringLiteral("x = 1  # line"));
        QCOMPARE(shown.back().blocks, kLines + 1); // the last line's '\n' ends with an empty block
        QVERIFY(!view.isLoading());
        QCOMPARE(editor->margin()->width(), prefix->marginWidth); // no jump when the rest comes
        QCOMPARE(editor->textCursor().block().blockNumber(), 150000 - 1);
        QCOMPARE(editor->textCursor().block().text(), QStringLiteral("x = 150000  # line"));
        QCOMPARE(loaded.count(), 1); // loaded() means the whole file
    }

    void smallFileComesOnceWhole()
    {
        QTemporaryDir dir;
        const QString path = writeNumberedLines(dir, 1000);
        CodeView view;
        view.show();
        auto* editor = view.editor();
        std::vector<int> counts;
        QTimer watch;
        watch.setInterval(1);
        connect(&watch, &QTimer::timeout, this, [&] {
            if (counts.empty() || counts.back() != editor->blockCount())
                counts.push_back(editor->blockCount());
        });
        watch.start();
        QSignalSpy loaded(&view, &CodeView::loaded);
        view.showFile(path, nullptr);
        QVERIFY(loaded.wait(30000));
        QTest::qWait(20);
        // The empty view (when a tick saw it), then the whole file: never its first lines alone.
        QCOMPARE(counts.back(), 1001);
        for (const int blocks : counts)
            QVERIFY2(blocks == 1 || blocks == 1001, qPrintable(QString::number(blocks)));
    }
};

QTEST_MAIN(TestLargeFirstLines)
#include "tst_largefirstlines.moc"
