// SPDX-License-Identifier: MIT
// The one Python tokenizer behind the code view and the HTML report: Python 3's 35 keywords, the
// same tokens for a line in UTF-8 and UTF-16, triple-quoted strings carried to the next line, and
// the HTML report colouring every keyword (it knew 24 of them before).
#include "core/report/reporthtml.h"
#include "core/text/pythontokens.h"

#include <QTest>

using namespace dvmlens;

namespace {

struct Shown
{
    python::TokenKind kind;
    std::string text;
    bool operator==(const Shown& other) const
    {
        return kind == other.kind && text == other.text;
    }
};

std::vector<Shown> tokensOf(std::string_view line, python::LineState state = python::LineState::Normal)
{
    std::vector<python::Token> tokens;
    python::LineTokenizer<char>::tokenize(line, state, tokens);
    std::vector<Shown> shown;
    for (const python::Token& token : tokens)
        shown.push_back({ token.kind, std::string(line.substr(token.start, token.length)) });
    return shown;
}

} // namespace

class TestPythonTokens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keywordsArePythons()
    {
        // keyword.kwlist of Python 3.11, sorted as the binary search needs.
        const std::vector<std::string_view> python3 = { "False", "None", "True", "and", "as", "assert",
            "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally",
            "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
            "raise", "return", "try", "while", "with", "yield" };
        QCOMPARE(std::vector<std::string_view>(python::kKeywords.begin(), python::kKeywords.end()), python3);
        QVERIFY(std::is_sorted(python::kBuiltins.begin(), python::kBuiltins.end()));
    }

    void oneLineInTokens()
    {
        using K = python::TokenKind;
        const std::vector<Shown> expected = { { K::Name, "buf0" }, { K::Builtin, "len" },
            { K::String, "r'a\\'b'" }, { K::Number, "1e-05" }, { K::Name, "x" }, { K::Name, "yield" },
            { K::Keyword, "if" }, { K::Name, "k" }, { K::Name, "add" }, { K::Comment, "# done" } };
        QCOMPARE(tokensOf("buf0 = len(r'a\\'b') + 1e-05 * x.yield if k.add() # done"), expected);
        QCOMPARE(tokensOf("    @dvm.kernel(ktype='vector')").front().text, std::string("@dvm.kernel"));
    }

    void utf8AndUtf16Agree()
    {
        const std::string_view utf8 = "def f(x): return x.sum() if x else \"\"\"doc";
        const std::u16string utf16(utf8.begin(), utf8.end());
        std::vector<python::Token> a;
        std::vector<python::Token> b;
        const auto stateA = python::LineTokenizer<char>::tokenize(utf8, python::LineState::Normal, a);
        const auto stateB = python::LineTokenizer<char16_t>::tokenize(utf16, python::LineState::Normal, b);
        QCOMPARE(stateA, python::LineState::InDoubleTriple);
        QCOMPARE(stateB, stateA);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].kind, b[i].kind);
            QCOMPARE(a[i].start, b[i].start);
            QCOMPARE(a[i].length, b[i].length);
        }
        // The next line starts inside the string and leaves it after the closing quotes.
        const std::vector<Shown> next = tokensOf("still doc\"\"\" + None", python::LineState::InDoubleTriple);
        QCOMPARE(next.size(), std::size_t(2));
        QCOMPARE(next[0].text, std::string("still doc\"\"\""));
        QCOMPARE(next[1].kind, python::TokenKind::Keyword);
    }

    void htmlReportColoursEveryKeyword()
    {
        QCOMPARE(highlightPythonLine("while x: yield k.add(a)"),
            std::string("<span class=\"kw\">while</span> x: <span class=\"kw\">yield</span> "
                        "k.<span class=\"op\">add</span>(a)"));
        QCOMPARE(highlightPythonLine("    x = k.load([2, 8], dvm.float32)  # in"),
            std::string("    x = k.<span class=\"op\">load</span>([<span class=\"num\">2</span>, "
                        "<span class=\"num\">8</span>], dvm.<span class=\"ty\">float32</span>)  "
                        "<span class=\"com\"># in</span>"));
    }
};

QTEST_GUILESS_MAIN(TestPythonTokens)
#include "tst_pythontokens.moc"
