// SPDX-License-Identifier: MIT
// The code view's why-not-DVM marks on the why fixture, whose reasons core's tests know: each
// non-DVM kernel and fallback call's mark carries its reason (title, core's sentence, fix), the
// margin's tooltip says it, and a dot is painted left of the stripe on the mark's first line only
// where there is a reason. Reasons given after the file is in replace the marks, not the text.
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codeeditor.h"
#include "gui/codeview/codemarks.h"
#include "gui/codeview/codeview.h"
#include "gui/whyfixture.h"
#include "testutil.h"

#include <QHelpEvent>
#include <QImage>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextCursor>
#include <QToolTip>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const CodeMark* markOn(const QVector<CodeMark>& marks, int line)
{
    for (const CodeMark& mark : marks) {
        if (mark.firstLine == line)
            return &mark;
    }
    return nullptr;
}

// How many pixels of the margin's dot room (between the line number and the stripe) on `line`
// are not the margin's background.
int dotPixels(CodeView& view, int line)
{
    auto* editor = static_cast<CodeEditor*>(view.editor());
    const QImage image = editor->margin()->grab().toImage();
    const QColor background = codeColorsFor(editor->palette()).marginBackground;
    const QTextBlock block = editor->document()->findBlockByNumber(line - 1);
    const QRect rect = editor->cursorRect(QTextCursor(block)); // the viewport's y is the margin's
    const double cell = editor->fontMetrics().horizontalAdvance(QLatin1Char('9'));
    const int stripeLeft = image.width() / int(image.devicePixelRatio()) - std::max(3, int(cell * 0.6 + 0.5));
    const int numberRight = stripeLeft - int(cell * 0.5);
    int count = 0;
    for (int y = rect.top(); y < rect.bottom(); ++y) {
        for (int x = numberRight; x < stripeLeft; ++x) {
            if (y >= 0 && y < image.height() && image.pixelColor(x, y) != background)
                ++count;
        }
    }
    return count;
}

} // namespace

class TestWhyMarks : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<whyfixture::Explained> m_fixture;
    const dvmlens::OutputCode* m_code = nullptr;
    const dvmlens::GraphWhy* m_graphWhy = nullptr;

private Q_SLOTS:
    void initTestCase()
    {
        m_fixture = whyfixture::explained();
        QVERIFY2(m_fixture->index, m_fixture->error.c_str());
        m_code = &*m_fixture->graph->outputCode;
        m_graphWhy = m_fixture->why->graphWhy(*m_fixture->graph);
        QVERIFY(m_graphWhy);
    }

    void marksCarryTheReasons()
    {
        const QVector<CodeMark> marks = codeMarksFor(*m_code, m_graphWhy);
        QCOMPARE(marks, [this] {
            QVector<CodeMark> plain = codeMarksFor(*m_code);
            for (CodeMark& mark : plain)
                mark.why = markOn(codeMarksFor(*m_code, m_graphWhy), mark.firstLine)->why;
            return plain;
        }()); // the same marks, with reasons
        const dvmlens::Kernel& dvm = m_code->kernels[0];
        const dvmlens::Kernel& f64 = m_code->kernels[1];
        QCOMPARE(markOn(marks, dvm.line)->why, QString()); // DVM: no reason
        QCOMPARE(markOn(marks, dvm.launchLines.at(0))->why, QString());
        const CodeMark* importFx = markOn(marks, f64.line);
        QVERIFY(importFx);
        const QString explanation =
            u"Why not DVM: Fused group refused: input dtype\n"
            "DVM skipped this fused group: input `arg1_1` is float64 (DVM loads only bfloat16, float16, "
            "float32, int32, bool, int64).\nFix: "_s
            + QString::fromStdString(m_graphWhy->kernels[1]->fix.en);
        QCOMPARE(importFx->why, explanation);
        QCOMPARE(codeMarkToolTip(*importFx), importFx->label + u'\n' + explanation);
        const CodeMark* permute = markOn(marks, m_code->fallbacks.at(0).line);
        QVERIFY(permute);
        QCOMPARE(permute->label, u"fallback call aten.permute.default"_s);
        QVERIFY2(permute->why.startsWith(u"Why not DVM: Op not in DVM's lowering list\n"_s),
            qPrintable(permute->why));
        QCOMPARE(codeMarkToolTip(*markOn(marks, dvm.line)), markOn(marks, dvm.line)->label);
        // No reasons, or fewer than the kernels (a stale or odd model): no reason, no crash.
        dvmlens::GraphWhy short_;
        short_.kernels.resize(1);
        for (const CodeMark& mark : codeMarksFor(*m_code, &short_))
            QCOMPARE(mark.why, QString());
    }

    void marginMarksAndSaysTheReason()
    {
        CodeView view;
        view.resize(700, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy loaded(&view, &CodeView::loaded);
        const QString path = QString::fromStdString(m_code->path);
        view.showFile(path, nullptr, m_code);
        QVERIFY(loaded.wait(10000));
        const int f64 = m_code->kernels[1].line;
        const int dvm = m_code->kernels[0].line;
        const int permute = m_code->fallbacks.at(0).line;
        QCOMPARE(dotPixels(view, f64), 0); // no reasons yet

        // The reasons come after the file: the marks change, the text and its place stay.
        view.editor()->verticalScrollBar()->setValue(2);
        view.setMarkReasons(*m_code, m_graphWhy);
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(view.editor()->verticalScrollBar()->value(), 2);
        view.editor()->verticalScrollBar()->setValue(0);
        QVERIFY(dotPixels(view, f64) > 0);
        QCOMPARE(dotPixels(view, dvm), 0);
        QCOMPARE(dotPixels(view, f64 + 1), 0); // the first line of the mark only (import_fx is one line)
        view.editor()->verticalScrollBar()->setValue(permute - 3); // QPlainTextEdit scrolls by lines
        QVERIFY(dotPixels(view, permute) > 0);
        QCOMPARE(dotPixels(view, permute - 1), 0); // its comment line
        view.editor()->verticalScrollBar()->setValue(0);

        auto* editor = static_cast<CodeEditor*>(view.editor());
        const QTextBlock block = editor->document()->findBlockByNumber(f64 - 1);
        const QPoint at(2, editor->cursorRect(QTextCursor(block)).center().y());
        QHelpEvent help(QEvent::ToolTip, at, editor->margin()->mapToGlobal(at));
        QCoreApplication::sendEvent(editor->margin(), &help);
        QTRY_COMPARE(QToolTip::text(), codeMarkToolTip(*editor->markAt(f64)));
        QVERIFY(QToolTip::text().contains(u"Fused group refused: input dtype"_s));
    }
};

QTEST_MAIN(TestWhyMarks)
#include "tst_whymarks.moc"
