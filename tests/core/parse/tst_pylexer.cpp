// SPDX-License-Identifier: MIT
// PyLexer: logical lines with strings and comments masked, bracket and backslash joins, exact
// physical line numbers, CRLF, and where a cut file stops.
#include "core/parse/pylexer.h"

#include <QTest>

using namespace dvmlens;

namespace {

struct Seen
{
    std::string code;
    std::vector<std::string> literals;
    int firstLine;
    int lastLine;
    int indent;
};

std::vector<Seen> lex(std::string_view bytes, PyLexer** keep = nullptr)
{
    static std::unique_ptr<PyLexer> lexer;
    lexer = std::make_unique<PyLexer>(bytes);
    std::vector<Seen> lines;
    LogicalLine line;
    while (lexer->next(line)) {
        Seen seen { std::string(line.code), {}, line.firstLine, line.lastLine, line.indent };
        for (std::string_view literal : *line.literals)
            seen.literals.emplace_back(literal);
        lines.push_back(std::move(seen));
    }
    if (keep)
        *keep = lexer.get();
    return lines;
}

} // namespace

class TestPyLexer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void masksStringsAndComments()
    {
        PyLexer* lexer = nullptr;
        const auto lines = lex("x = 'a#b'  # torch.ops.aten.mm(\n"
                               "\n"
                               "  # only a comment\n"
                               "y = f(\"q\", r'''\n"
                               "def call(args):\n"
                               "''', Rb\"\\\"\") + u'' \n",
            &lexer);
        QCOMPARE(lines.size(), std::size_t(2));
        QCOMPARE(lines[0].code, std::string("x = \""));
        QCOMPARE(lines[0].literals, std::vector<std::string>({ "a#b" }));
        QCOMPARE(lines[0].firstLine, 1);
        QCOMPARE(lines[0].lastLine, 1);
        QCOMPARE(lines[1].code, std::string("y = f(\", \", \") + \""));
        QCOMPARE(lines[1].literals, std::vector<std::string>({ "q", "\ndef call(args):\n", "\\\"", "" }));
        QCOMPARE(lines[1].firstLine, 4);
        QCOMPARE(lines[1].lastLine, 6);
        QCOMPARE(lexer->physicalLines(), 6);
        QVERIFY(!lexer->truncatedAt());
    }

    void identifiersEndingInPrefixLettersStayCode()
    {
        const auto lines = lex("bar'x'\nfoo(rb'y', fr\"z\")\n");
        QCOMPARE(lines[0].code, std::string("bar\""));
        QCOMPARE(lines[1].code, std::string("foo(\", \")"));
    }

    void joinsBracketsAndBackslashes()
    {
        const auto lines = lex("def f():\n"
                               "    a = g(1,\n"
                               "          2)  # ) not a bracket\n"
                               "    b = 1 + \\\n"
                               "        2\n"
                               "\tc = [\n"
                               "]\n");
        QCOMPARE(lines.size(), std::size_t(4));
        QCOMPARE(lines[1].code, std::string("a = g(1," + std::string(11, ' ') + "2)"));
        QCOMPARE(lines[1].indent, 4);
        QCOMPARE(lines[1].firstLine, 2);
        QCOMPARE(lines[1].lastLine, 3);
        QCOMPARE(lines[2].code, std::string("b = 1 +          2"));
        QCOMPARE(lines[2].lastLine, 5);
        QCOMPARE(lines[3].indent, 8);
    }

    void lineOfEveryOffset()
    {
        PyLexer lexer("call(a,\n  '''x\ny''', b,\n  c)\n");
        LogicalLine line;
        QVERIFY(lexer.next(line));
        QCOMPARE(line.code, std::string_view("call(a,   \", b,   c)"));
        QCOMPARE(line.lineAt(line.code.find('a')), 1);
        QCOMPARE(line.lineAt(line.code.find('"')), 2);
        QCOMPARE(line.lineAt(line.code.find('b')), 3);
        QCOMPARE(line.lineAt(line.code.rfind('c')), 4);
        QCOMPARE(line.literalAt(line.code.find('"')), std::optional<std::string_view>("x\ny"));
        QCOMPARE(line.literalAt(0), std::nullopt);
        QVERIFY(!lexer.next(line));
        QCOMPARE(lexer.physicalLines(), 4);
    }

    void escapedQuotesDoNotCloseStrings()
    {
        const auto lines = lex("a = '''x \\''' y\\\\'''\nb = 'it\\'s'\nc = \"\"\"q\"\"\"\n");
        QCOMPARE(lines.size(), std::size_t(3));
        QCOMPARE(lines[0].literals, std::vector<std::string>({ "x \\''' y\\\\" }));
        QCOMPARE(lines[1].literals, std::vector<std::string>({ "it\\'s" }));
        QCOMPARE(lines[2].literals, std::vector<std::string>({ "q" }));
    }

    void crlfCountsLikeLf()
    {
        PyLexer* lexer = nullptr;
        const auto lines = lex("a = (1,\r\n 2)\r\n\r\nb = '''\r\n'''\r\nc", &lexer);
        QCOMPARE(lines.size(), std::size_t(3));
        QCOMPARE(lines[0].code, std::string("a = (1,  2)"));
        QCOMPARE(lines[0].lastLine, 2);
        QCOMPARE(lines[1].firstLine, 4);
        QCOMPARE(lines[1].lastLine, 5);
        QCOMPARE(lines[2].firstLine, 6);
        QCOMPARE(lexer->physicalLines(), 6); // a last line without newline counts
    }

    void unterminatedSingleQuoteEndsAtLineBreak()
    {
        const auto lines = lex("a = 'oops\nb = 1\n");
        QCOMPARE(lines.size(), std::size_t(2));
        QCOMPARE(lines[1].code, std::string("b = 1"));
    }

    void reportsWhereACutFileStops_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<int>("line");
        QTest::addColumn<bool>("inString");
        QTest::addColumn<int>("lines");
        QTest::newRow("triple quote") << QByteArray("x = 1\ny = f('''\nabc\n") << 2 << true << 3;
        QTest::newRow("single quote") << QByteArray("x = 'abc") << 1 << true << 1;
        QTest::newRow("bracket") << QByteArray("x = f(\n  [1,\n") << 1 << false << 2;
        QTest::newRow("complete") << QByteArray("x = f()\n") << 0 << false << 1;
    }

    void reportsWhereACutFileStops()
    {
        QFETCH(QByteArray, source);
        QFETCH(int, line);
        QFETCH(bool, inString);
        QFETCH(int, lines);
        PyLexer* lexer = nullptr;
        const auto seen = lex(std::string_view(source.constData(), std::size_t(source.size())), &lexer);
        QCOMPARE(lexer->truncatedAt(), line ? std::optional<int>(line) : std::nullopt);
        QCOMPARE(lexer->truncatedInString(), inString);
        QCOMPARE(lexer->physicalLines(), lines);
        QVERIFY(!seen.empty());
        QCOMPARE(seen.back().lastLine, lines);
    }

    void emptyAndBlankInput()
    {
        PyLexer* lexer = nullptr;
        QVERIFY(lex("", &lexer).empty());
        QCOMPARE(lexer->physicalLines(), 0);
        QVERIFY(lex("\n  \n# c\n", &lexer).empty());
        QCOMPARE(lexer->physicalLines(), 3);
    }
};

QTEST_GUILESS_MAIN(TestPyLexer)
#include "tst_pylexer.moc"
