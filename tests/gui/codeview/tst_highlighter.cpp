// SPDX-License-Identifier: MIT
// The highlighters behind CodeHighlighter: exact formats of the built-in Python, log and JSON
// highlighters, triple-quoted strings across lines, idle-time chunking of long documents,
// palette-derived colours with enough contrast, and the KSyntaxHighlighting path when present.
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codehighlighter.h"
#include "gui/codeview/codejsonhighlighter.h"
#include "gui/codeview/codeloghighlighter.h"
#include "gui/codeview/pythonhighlighter.h"

#include <QElapsedTimer>
#include <QPlainTextDocumentLayout>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

#include <memory>

namespace {

std::unique_ptr<QTextDocument> plainDocument(const QString& text)
{
    auto document = std::make_unique<QTextDocument>();
    document->setDocumentLayout(new QPlainTextDocumentLayout(document.get()));
    document->setPlainText(text);
    return document;
}

QPalette lightPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    palette.setColor(QPalette::Text, Qt::black);
    return palette;
}

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    palette.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    palette.setColor(QPalette::Text, QColor(0xdf, 0xe1, 0xe5));
    return palette;
}

// The format range that covers exactly [start, start + length) of `line`, if there is one.
std::optional<QTextCharFormat> formatOf(const QTextDocument& document, int line, int start, int length)
{
    const QTextBlock block = document.findBlockByNumber(line);
    for (const QTextLayout::FormatRange& range : block.layout()->formats()) {
        if (range.start == start && range.length == length)
            return range.format;
    }
    return std::nullopt;
}

// The foreground of exactly that range, or an invalid colour.
QColor rangeColor(const QTextDocument& document, int line, int start, int length)
{
    const auto format = formatOf(document, line, start, length);
    return format ? format->foreground().color() : QColor();
}

// The foreground at `column`, or an invalid colour when no range covers it.
QColor colorAt(const QTextDocument& document, int line, int column)
{
    const QTextBlock block = document.findBlockByNumber(line);
    for (const QTextLayout::FormatRange& range : block.layout()->formats()) {
        if (column >= range.start && column < range.start + range.length)
            return range.format.foreground().color();
    }
    return QColor();
}

} // namespace

class HighlighterTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pythonFormatsAtExactPositions();
    void tripleQuotedStringCarriesAcrossLines();
    void logHighlighting();
    void jsonHighlighting();
    void factoryChoosesByFileName();
    void longDocumentIsHighlightedInChunks();
    void paletteChangeRecolours();
    void coloursContrastInLightAndDark_data();
    void coloursContrastInLightAndDark();
    void ksyntaxHighlightingBackend();
};

void HighlighterTest::pythonFormatsAtExactPositions()
{
    const QString text = QStringLiteral("@dvm.kernel(ktype='vector', dyn_shape=False)\n" // 0
                                        "def build(k):  # the builder\n" // 1
                                        "    x = k.add(a, 12)\n" // 2
                                        "    y = torch.ops.aten.mm.default(x)\n" // 3
                                        "@staticmethod\n" // 4
                                        "z = r'raw' if True else 0x1F + len(q) + 1e-05\n" // 5
                                        "w = self.k.add(u) # k.add( in a comment\n"); // 6
    auto document = plainDocument(text);
    const QPalette palette = lightPalette();
    const CodeColors colors = codeColorsFor(palette);
    PythonHighlighter highlighter(document.get(), palette);
    QVERIFY(highlighter.isFinished());

    const auto decorator = formatOf(*document, 0, 0, 11);
    QVERIFY(decorator);
    QCOMPARE(decorator->foreground().color(), colors.dvmDecorator);
    QCOMPARE(decorator->fontWeight(), int(QFont::Bold));
    QCOMPARE(rangeColor(*document, 0, 18, 8), colors.string); // 'vector'
    QCOMPARE(rangeColor(*document, 0, 38, 5), colors.keyword); // False
    QVERIFY(!colorAt(*document, 0, 12).isValid()); // ktype: a plain name

    QCOMPARE(rangeColor(*document, 1, 0, 3), colors.keyword); // def
    QCOMPARE(rangeColor(*document, 1, 4, 5), colors.definition); // build
    const auto comment = formatOf(*document, 1, 15, 13);
    QVERIFY(comment);
    QCOMPARE(comment->foreground().color(), colors.comment);
    QVERIFY(comment->fontItalic());

    QCOMPARE(rangeColor(*document, 2, 8, 5), colors.dvmOp); // k.add
    QCOMPARE(rangeColor(*document, 2, 17, 2), colors.number); // 12
    QVERIFY(!colorAt(*document, 2, 14).isValid()); // a

    QCOMPARE(rangeColor(*document, 3, 8, 25), colors.torchOp); // torch.ops.aten.mm.default

    const auto plainDecorator = formatOf(*document, 4, 0, 13);
    QVERIFY(plainDecorator);
    QCOMPARE(plainDecorator->foreground().color(), colors.decorator);
    QVERIFY(plainDecorator->fontWeight() != int(QFont::Bold));

    QCOMPARE(rangeColor(*document, 5, 4, 6), colors.string); // r'raw'
    QCOMPARE(rangeColor(*document, 5, 14, 4), colors.keyword); // True
    QCOMPARE(rangeColor(*document, 5, 24, 4), colors.number); // 0x1F
    QCOMPARE(rangeColor(*document, 5, 31, 3), colors.builtin); // len
    QCOMPARE(rangeColor(*document, 5, 40, 5), colors.number); // 1e-05

    // self.k.add is an attribute chain, not a builder call; nothing inside a comment counts.
    QCOMPARE(rangeColor(*document, 6, 4, 4), colors.builtin); // self
    QVERIFY(!colorAt(*document, 6, 9).isValid());
    QCOMPARE(rangeColor(*document, 6, 18, 21), colors.comment);
    QCOMPARE(document->findBlockByNumber(6).layout()->formats().size(), 2);
}

void HighlighterTest::tripleQuotedStringCarriesAcrossLines()
{
    const QString text = QStringLiteral("s = \"\"\"first # not a comment\n" // 0
                                        "def middle ''' still inside\n" // 1
                                        "end\"\"\" + len(s)\n" // 2
                                        "t = '''one'''  # closed on its line\n" // 3
                                        "u = f'''open\n" // 4
                                        "import x\n" // 5
                                        "'''\n" // 6
                                        "import y\n"); // 7
    auto document = plainDocument(text);
    const CodeColors colors = codeColorsFor(lightPalette());
    PythonHighlighter highlighter(document.get(), lightPalette());

    QCOMPARE(rangeColor(*document, 0, 4, 24), colors.string);
    QCOMPARE(document->findBlockByNumber(0).layout()->formats().size(), 1);
    QCOMPARE(rangeColor(*document, 1, 0, 27), colors.string);
    QCOMPARE(document->findBlockByNumber(1).layout()->formats().size(), 1);
    QCOMPARE(rangeColor(*document, 2, 0, 6), colors.string);
    QCOMPARE(rangeColor(*document, 2, 9, 3), colors.builtin); // len
    QCOMPARE(rangeColor(*document, 3, 4, 9), colors.string);
    QCOMPARE(rangeColor(*document, 3, 15, 20), colors.comment);
    QCOMPARE(rangeColor(*document, 4, 4, 8), colors.string); // f'''open
    QCOMPARE(rangeColor(*document, 5, 0, 8), colors.string); // import x, inside
    QCOMPARE(rangeColor(*document, 6, 0, 3), colors.string);
    QCOMPARE(rangeColor(*document, 7, 0, 6), colors.keyword); // import, outside again
}

void HighlighterTest::logHighlighting()
{
    auto document = plainDocument(QStringLiteral("I1120 10:00:00 compiling graph\n"
                                                 "W1120 10:00:01 WARNING fallback to aten\n"
                                                 "Traceback (most recent call last):\n"
                                                 "  File \"x.py\", line 3, in f\n"
                                                 "RuntimeError: boom\n"
                                                 "call torch.ops.npu.npu_fusion_attention.default now\n"));
    const CodeColors colors = codeColorsFor(lightPalette());
    CodeLogHighlighter highlighter(document.get(), lightPalette());
    QVERIFY(document->findBlockByNumber(0).layout()->formats().isEmpty());
    QCOMPARE(rangeColor(*document, 1, 0, 39), colors.warning);
    const auto traceback = formatOf(*document, 2, 0, 34);
    QVERIFY(traceback);
    QCOMPARE(traceback->foreground().color(), colors.error);
    QCOMPARE(traceback->fontWeight(), int(QFont::Bold));
    QCOMPARE(rangeColor(*document, 3, 0, 27), colors.comment);
    QCOMPARE(rangeColor(*document, 4, 0, 18), colors.error);
    QCOMPARE(rangeColor(*document, 5, 5, 42), colors.torchOp);
}

void HighlighterTest::jsonHighlighting()
{
    auto document =
        plainDocument(QStringLiteral("{\"schema\": \"dvmlens.scan/1\", \"n\": -12.5e3, \"ok\": true}"));
    const CodeColors colors = codeColorsFor(lightPalette());
    CodeJsonHighlighter highlighter(document.get(), lightPalette());
    QCOMPARE(rangeColor(*document, 0, 1, 8), colors.jsonKey);
    QCOMPARE(rangeColor(*document, 0, 11, 16), colors.string);
    QCOMPARE(rangeColor(*document, 0, 29, 3), colors.jsonKey);
    QCOMPARE(rangeColor(*document, 0, 34, 7), colors.number);
    QCOMPARE(rangeColor(*document, 0, 49, 4), colors.keyword);
}

void HighlighterTest::factoryChoosesByFileName()
{
    auto document = plainDocument(QStringLiteral("x = 1\n"));
    QVERIFY(createHighlighter(document.get(), QStringLiteral("/t/output_code.py"), lightPalette()));
    QVERIFY(createHighlighter(document.get(), QStringLiteral("fx_graph_readable.py"), lightPalette()));
    QVERIFY(createHighlighter(document.get(), QStringLiteral("ir_post_fusion.txt"), lightPalette()));
    QVERIFY(createHighlighter(document.get(), QStringLiteral("debug.log"), lightPalette()));
    QVERIFY(createHighlighter(document.get(), QStringLiteral("scan.json"), lightPalette()));
    QVERIFY(!createHighlighter(nullptr, QStringLiteral("a.py"), lightPalette()));
#if !DVMLENS_HAVE_KSYNTAXHIGHLIGHTING
    QCOMPARE(CodeHighlighter::engineName(), QStringLiteral("built-in highlighter"));
    QVERIFY(dynamic_cast<PythonHighlighter*>(
        createHighlighter(document.get(), QStringLiteral("output_code.py"), lightPalette()).get()));
    QVERIFY(!createHighlighter(document.get(), QStringLiteral("model.bin"), lightPalette()));
#endif
}

void HighlighterTest::longDocumentIsHighlightedInChunks()
{
    QString text;
    for (int i = 0; i < 200000; ++i)
        text += QStringLiteral("    buf%1 = k.add(arg0_1, %1)  # step\n").arg(i);
    text += QStringLiteral("s = '''\n"); // an open string at the very end still resolves
    auto document = plainDocument(text);
    const CodeColors colors = codeColorsFor(lightPalette());

    QElapsedTimer clock;
    clock.start();
    PythonHighlighter highlighter(document.get(), lightPalette());
    const qint64 firstChunkMs = clock.elapsed();
    QVERIFY(!highlighter.isFinished());
    QVERIFY2(firstChunkMs < 100, qPrintable(QString::number(firstChunkMs)));
    QCOMPARE(rangeColor(*document, 0, 11, 5), colors.dvmOp);
    QVERIFY(document->lastBlock().previous().layout()->formats().isEmpty());

    QSignalSpy finished(&highlighter, &CodeHighlighter::finished);
    QTRY_VERIFY_WITH_TIMEOUT(highlighter.isFinished(), 60000);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(rangeColor(*document, 199999, 16, 5), colors.dvmOp);
    QCOMPARE(rangeColor(*document, 200000, 4, 3), colors.string);
}

void HighlighterTest::paletteChangeRecolours()
{
    auto document = plainDocument(QStringLiteral("import torch\n"));
    PythonHighlighter highlighter(document.get(), lightPalette());
    QCOMPARE(colorAt(*document, 0, 0), codeColorsFor(lightPalette()).keyword);
    highlighter.setPalette(darkPalette());
    QTRY_VERIFY(highlighter.isFinished());
    QCOMPARE(colorAt(*document, 0, 0), codeColorsFor(darkPalette()).keyword);
    QVERIFY(codeColorsFor(lightPalette()).keyword != codeColorsFor(darkPalette()).keyword);
}

void HighlighterTest::coloursContrastInLightAndDark_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("dark");
    QTest::addRow("light") << lightPalette() << false;
    QTest::addRow("dark") << darkPalette() << true;
    QPalette solarized; // a mid-light custom base: contrast comes from adjustment, not from the table
    solarized.setColor(QPalette::Base, QColor(0xfd, 0xf6, 0xe3));
    solarized.setColor(QPalette::Text, QColor(0x65, 0x7b, 0x83));
    QTest::addRow("solarized-light") << solarized << false;
}

void HighlighterTest::coloursContrastInLightAndDark()
{
    QFETCH(QPalette, palette);
    QFETCH(bool, dark);
    const CodeColors c = codeColorsFor(palette);
    QCOMPARE(c.dark, dark);
    for (const QColor& syntax : { c.keyword, c.builtin, c.string, c.number, c.decorator, c.dvmDecorator,
             c.dvmOp, c.torchOp, c.definition, c.error, c.warning, c.jsonKey }) {
        QVERIFY2(contrastRatio(syntax, c.base) >= 4.5, qPrintable(syntax.name()));
        // Text stays readable on every band too.
        for (const QColor& band : { c.dvmBand, c.fallbackBand, c.otherBand, c.importBand })
            QVERIFY2(contrastRatio(syntax, band) >= 3.0,
                qPrintable(syntax.name() + QLatin1Char('/') + band.name()));
    }
    QVERIFY(contrastRatio(c.comment, c.base) >= 4.5);
    for (const QColor& stripe : { c.dvmStripe, c.fallbackStripe, c.otherStripe, c.importStripe })
        QVERIFY2(contrastRatio(stripe, c.base) >= 3.0, qPrintable(stripe.name()));
    // Bands are faint: close to the base, but distinguishable from it and from each other.
    for (const QColor& band : { c.dvmBand, c.fallbackBand, c.otherBand, c.importBand }) {
        QVERIFY(contrastRatio(band, c.base) < 1.6);
        QVERIFY(band != c.base);
    }
    QVERIFY(c.dvmBand != c.fallbackBand && c.fallbackBand != c.otherBand && c.otherBand != c.importBand);
}

void HighlighterTest::ksyntaxHighlightingBackend()
{
#if DVMLENS_HAVE_KSYNTAXHIGHLIGHTING
    QVERIFY(CodeHighlighter::engineName().startsWith(QStringLiteral("KSyntaxHighlighting ")));
    auto document = plainDocument(QStringLiteral("import torch\n# comment\n"));
    auto highlighter = createHighlighter(document.get(), QStringLiteral("output_code.py"), lightPalette());
    QVERIFY(highlighter);
    QVERIFY(!dynamic_cast<PythonHighlighter*>(highlighter.get()));
    QTRY_VERIFY(!document->findBlockByNumber(0).layout()->formats().isEmpty());
    highlighter->setPalette(darkPalette());
    QTRY_VERIFY(!document->findBlockByNumber(1).layout()->formats().isEmpty());
#else
    QSKIP("KF6SyntaxHighlighting was not found at configure time");
#endif
}

QTEST_MAIN(HighlighterTest)
#include "tst_highlighter.moc"
