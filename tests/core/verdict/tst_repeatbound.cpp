// SPDX-License-Identifier: MIT
// RepeatBound (repeatbound.h): the first 20 of a kind are listed, the rest counted per kind in one
// "… and N more" line; which graphs repeat (a folder without output_code.py and nothing else).
#include "core/verdict/repeatbound.h"

#include <QTest>

using namespace dvmlens;

class TestRepeatBound : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsTheFirstOfEachKindAndCountsTheRest()
    {
        RepeatBound bound;
        std::size_t listed = 0;
        for (int i = 0; i < 1000000; ++i)
            listed += bound.list("missing-output-code") ? 1 : 0;
        for (int i = 0; i < 3; ++i)
            QVERIFY(bound.list("binary-file")); // another kind has a bound of its own
        QCOMPARE(listed, RepeatBound::kListedPerKind);
        QCOMPARE(bound.leftOut().size(), std::size_t(1));
        QCOMPARE(bound.leftOut().at("missing-output-code"), std::size_t(999980));
        QCOMPARE(bound.moreLines("  "),
            std::string("  … and 999,980 more graph folders without output_code.py\n"));
    }

    void countsEveryKindLeftOut()
    {
        RepeatBound bound(2);
        for (int i = 0; i < 5; ++i) {
            bound.list("binary-file");
            bound.list("unreadable");
        }
        QCOMPARE(bound.moreLines(""),
            std::string("… and 3 more [binary-file] diagnostics\n… and 3 more [unreadable] diagnostics\n"));
        QCOMPARE(moreLine("missing-output-code", 1),
            std::string("… and 1 more graph folder without output_code.py"));
        QCOMPARE(groupedCount(0), std::string("0"));
        QCOMPARE(groupedCount(999), std::string("999"));
        QCOMPARE(groupedCount(1000), std::string("1,000"));
        QCOMPARE(groupedCount(1234567), std::string("1,234,567"));
    }

    void onlyAFolderWithoutOutputCodeRepeats()
    {
        Graph empty;
        empty.diagnostics.push_back({ "/t/g", std::nullopt, Severity::Warning, "missing-output-code", "m" });
        QCOMPARE(repeatedGraphKind(empty), std::string_view("missing-output-code"));
        Graph unreadable = empty; // a problem of its own: always listed
        unreadable.diagnostics.push_back({ "/t/g", std::nullopt, Severity::Error, "unreadable", "m" });
        QVERIFY(repeatedGraphKind(unreadable).empty());
        Graph withCode = empty;
        withCode.outputCode = OutputCode {};
        QVERIFY(repeatedGraphKind(withCode).empty());
        QVERIFY(repeatedGraphKind(Graph {}).empty());
    }
};

QTEST_GUILESS_MAIN(TestRepeatBound)
#include "tst_repeatbound.moc"
