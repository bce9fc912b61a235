// SPDX-License-Identifier: MIT
// The rule book as a boundary for untrusted rule files: types and ranges checked with
// file:line:col errors, never an exception past the loader (these aborted the process before),
// short errors for huge values, special files refused, RE2 regexes (linear time; the built-in
// rules' syntax accepted), and a literal prefilter that never makes a valid rule miss.
#include "core/rules/logmatching.h"
#include "core/rules/requiredliteral.h"
#include "core/rules/rulebook.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace dvmlens;

namespace {

// One log rule around `pattern` (a JSON value), and `extra` members for the rule.
std::string ruleFile(const std::string& pattern, const std::string& extra = std::string())
{
    return "{\"rules\": [\n  {\"id\": \"r\", \"title\": \"t\", \"cause\": \"c\", \"fix\": \"f\",\n   "
           "\"match\": "
           "{\"anyOf\": ["
        + pattern + "]}" + extra + "}]}\n";
}

std::string errorOf(const std::string& text)
{
    std::string error;
    const auto book = parseRuleBook(text, "user.json", error);
    if (book)
        return "(loaded)";
    return error;
}

bool matchesLine(const std::string& pattern, const std::string& line)
{
    std::string error;
    const auto book = parseRuleBook(ruleFile(pattern), "user.json", error);
    if (!book)
        qFatal("%s", error.c_str());
    LogMatcher matcher(*book);
    matcher.line(1, line);
    return !matcher.findings("x.log").empty();
}

} // namespace

class TestRuleBook : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Each of these aborted the process (exit 134) or was accepted wrongly before.
    void badValuesAreErrorsWithPositions_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const std::string& text, const char* error) {
            QTest::newRow(name) << QString::fromStdString(text) << QString::fromUtf8(error);
        };
        row("ignoreCase string", ruleFile(R"({"substring": "a", "ignoreCase": "yes"})"),
            "user.json:2:3: rule 'r' has an \"ignoreCase\" in match.anyOf that is not true or false");
        row("number overflow", ruleFile(R"("a")", R"(, "context": {"within": 1e400, "anyOf": ["b"]})"),
            "user.json:3:53: invalid JSON: number overflow parsing '1e400'");
        row("within beyond int",
            ruleFile(R"("a")", R"(, "context": {"within": 9223372036854775807, "anyOf": ["b"]})"),
            "user.json:2:3: rule 'r' has a \"context.within\" of 9223372036854775807 (expected 0 to 1000000 "
            "lines)");
        row("within beyond uint64",
            ruleFile(R"("a")", R"(, "context": {"within": 18446744073709551615, "anyOf": ["b"]})"),
            "user.json:2:3: rule 'r' has a \"context.within\" of 18446744073709551615 (expected 0 to 1000000 "
            "lines)");
        row("within negative", ruleFile(R"("a")", R"(, "context": {"within": -1, "anyOf": ["b"]})"),
            "user.json:2:3: rule 'r' has a \"context.within\" of -1 (expected 0 to 1000000 lines)");
        row("zh not a string",
            R"({"rules": [{"id": "r", "title": {"en": "t", "zh": 5}, "cause": "c", "fix": "f", "match": {"anyOf": ["a"]}}]})",
            "user.json:1:12: rule 'r' has a \"title\" whose \"zh\" is not a string");
        row("allOf not a list",
            R"({"rules": [{"id": "r", "title": "t", "cause": "c", "fix": "f", "match": {"allOf": "a"}}]})",
            "user.json:1:12: rule 'r' has a \"match.allOf\" that is not a list");
        row("language not a string",
            R"({"rules": [{"id": "r", "title": "t", "cause": "c", "fix": "f", "fixCode": {"text": "x", "language": 1}, "match": {"anyOf": ["a"]}}]})",
            "user.json:1:12: rule 'r' has a \"fixCode\" whose \"language\" is not a string");
        row("backreference", ruleFile(R"x({"regex": "(?P<n>foo) (?P=n)"})x"),
            "user.json:2:3: rule 'r' has a regex in match.anyOf that cannot be used: '(?P<n>foo) (?P=n)': "
            "invalid perl operator: (?P (RE2 syntax: no backreferences or lookarounds)");
        row("not a rule file", "[1, 2]",
            "user.json:1:1: not a rule file: expected an object with a \"rules\" list");
    }

    void badValuesAreErrorsWithPositions()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QCOMPARE(QString::fromStdString(errorOf(text.toStdString())), error);
    }

    void withinInRangeIsKept()
    {
        std::string error;
        const auto book = parseRuleBook(
            ruleFile(R"("a")", R"(, "context": {"within": 1000000, "anyOf": ["b"]})"), "u.json", error);
        QVERIFY2(book, error.c_str());
        QCOMPARE(book->rules[0].contextWithin, 1000000);
    }

    // A 3 MB regex was echoed whole on stderr: the error quotes its start only.
    void hugeValuesAreNotEchoed()
    {
        const std::string huge(3 * 1024 * 1024, '(');
        const std::string error = errorOf(ruleFile("{\"regex\": \"" + huge + "\"}"));
        QVERIFY2(error.size() < 600, error.substr(0, 600).c_str());
        QVERIFY2(error.find("(3145728 bytes)") != std::string::npos, error.c_str());
        const std::string longId(100000, 'i');
        const std::string idError = errorOf("{\"rules\": [{\"id\": \"" + longId + "\", \"kind\": \"x\"}]}");
        QVERIFY2(idError.size() < 400, idError.c_str());
    }

    // `--rules FIFO` hung and `--rules /dev/zero` grew to 8.7 GB before.
    void specialFilesAreRefused()
    {
        QTemporaryDir dir;
        const std::string fifo = QFile::encodeName(dir.filePath(QStringLiteral("rules.json"))).toStdString();
        QVERIFY(::mkfifo(fifo.c_str(), 0644) == 0);
        QElapsedTimer timer;
        timer.start();
        std::string error;
        QVERIFY(!loadRuleFile(fifo, error));
        QCOMPARE(error, fifo + ": cannot read the rule file: it is a FIFO, not a regular file");
        QVERIFY(!loadRuleFile("/dev/zero", error));
        QCOMPARE(
            error, std::string("/dev/zero: cannot read the rule file: it is a device, not a regular file"));
        QVERIFY(timer.elapsed() < 5000);
        // The policy: a bad file adds a problem and nothing else; the built-in rules apply.
        const LoadedRules loaded = loadRules(fifo);
        QCOMPARE(loaded.problems.size(), std::size_t(1));
        QCOMPARE(loaded.problems[0].code, std::string("bad-rules-file"));
        QCOMPARE(loaded.book.rules.size(), builtinRules().rules.size());
    }

    // The built-in rules are RE2 syntax, and the rewritten port rule keeps its meaning: 16666 as
    // a number of its own (not part of 166660 or 1.16666) on an HCCL line.
    void builtinRulesRunInRe2()
    {
        const Rule* port = builtinRules().find("hccl-port-in-use");
        QVERIFY(port);
        const auto hit = [&](const std::string& line) {
            LogMatcher matcher(builtinRules());
            matcher.line(1, line);
            const auto findings = matcher.findings("x.log");
            return std::any_of(findings.begin(), findings.end(),
                [](const Finding& f) { return f.rule.id == "hccl-port-in-use"; });
        };
        QVERIFY(hit("[ERROR] HCCL bind port 16666 failed: address already in use"));
        QVERIFY(hit("16666 hccp: Address already in use"));
        QVERIFY(!hit("[ERROR] HCCL bind port 166660 failed: address already in use"));
        QVERIFY(!hit("[ERROR] HCCL bind port 1.16666 failed: address already in use"));
        QVERIFY(!hit("[ERROR] NCCL bind port 16666 failed: address already in use"));
    }

    // (a+)+$ cost ~15 ms a line before (a 1 MB log > 60 s): RE2 is linear.
    void catastrophicPatternsStayLinear()
    {
        std::string error;
        const auto book =
            parseRuleBook(ruleFile(R"({"regex": "(a+)+$"}, {"regex": "(x+x+)+y"})"), "u.json", error);
        QVERIFY2(book, error.c_str());
        LogMatcher matcher(*book);
        const std::string line = std::string(30, 'a') + "!" + std::string(2000, 'x');
        QElapsedTimer timer;
        timer.start();
        for (int i = 1; i <= 20000; ++i)
            matcher.line(i, line);
        const qint64 elapsed = timer.elapsed();
        qInfo("20000 lines of 2 KB against (a+)+$ and (x+x+)+y: %lld ms", elapsed);
        QVERIFY(matcher.findings("x.log").empty());
        QVERIFY2(elapsed < 20000, qPrintable(QString::number(elapsed)));
    }

    // These valid rules never matched before: the prefilter demanded a literal they do not hold.
    void prefilterIsSound_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("literal");
        const auto row = [](const char* name, const char* pattern, const char* line, const char* literal) {
            QTest::newRow(name) << QString::fromUtf8(pattern) << QString::fromUtf8(line)
                                << QString::fromUtf8(literal);
        };
        row("hex escapes", R"(\x41\x42)", "xxABxx", "");
        row("braced hex", R"(\x{41}\x{42}CD)", "ABCD", "CD");
        row("octal escapes", R"(\101\102)", "AB", "");
        row("inline flag mid-pattern", "a(?i)bcd", "aBCD", "");
        row("flag group", "(?i:abc)def", "ABCdef", "");
        row("class with ] first", "[]x]yz", "]yz", "yz");
        row("unicode class", R"(\p{Han}ab)", "中ab", "ab");
        row("escaped literal", R"(foo\.bar)", "foo.bar", "foo.bar");
        row("word boundaries keep the literal", R"(\bEI0019\b)", "code EI0019 here", "EI0019");
        row("optional char", "abc?d", "abd", "ab");
        row("non-ASCII literal", "né", "né", "");
    }

    void prefilterIsSound()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, line);
        QFETCH(QString, literal);
        QCOMPARE(QString::fromStdString(requiredLiteral(pattern.toStdString())), literal);
        QJsonValue quoted(pattern);
        const std::string json = "{\"regex\": "
            + QJsonDocument(QJsonArray { quoted })
                  .toJson(QJsonDocument::Compact)
                  .mid(1)
                  .chopped(1)
                  .toStdString()
            + "}";
        QVERIFY2(matchesLine(json, line.toStdString()), json.c_str());
    }

    // (?<n>foo) \k<n> never matched before; RE2 has no backreferences, so it is refused with a
    // reason, and the prefilter would not have invented "<n>" either.
    void backreferencesAreRefusedNotSilent()
    {
        QCOMPARE(requiredLiteral(R"((?<n>foo) \k<n>)"), std::string());
        QCOMPARE(requiredLiteral(R"(\k<name>xy)"), std::string("xy"));
        const std::string error = errorOf(ruleFile(R"({"regex": "(?<n>foo) \\k<n>"})"));
        QVERIFY2(
            error.rfind("user.json:2:3: rule 'r' has a regex in match.anyOf that cannot be used", 0) == 0,
            error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRuleBook)
#include "tst_rulebook.moc"
