// SPDX-License-Identifier: MIT
// jsonNestingWithin: the depth check every DOM parse of untrusted JSON makes first.
#include "core/io/jsonnesting.h"

#include <QTest>

#include <string>

using dvmlens::jsonNestingWithin;

class TestJsonNesting : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsArraysAndObjects()
    {
        QVERIFY(jsonNestingWithin("", 0));
        QVERIFY(jsonNestingWithin("1", 0));
        QVERIFY(!jsonNestingWithin("[]", 0));
        QVERIFY(jsonNestingWithin("[1, [2]]", 2));
        QVERIFY(!jsonNestingWithin("[1, [2]]", 1));
        QVERIFY(jsonNestingWithin("{\"a\": {\"b\": [1]}, \"c\": []}", 3));
        QVERIFY(!jsonNestingWithin("{\"a\": {\"b\": [1]}, \"c\": []}", 2));
        // Siblings do not add up: depth goes back down on each close.
        QVERIFY(jsonNestingWithin("[[]] [[]] [[]]", 2));
    }

    void bracketsInStringsDoNotCount()
    {
        QVERIFY(jsonNestingWithin("[\"[[[[{{{{\"]", 1));
        QVERIFY(jsonNestingWithin("[\"\\\"[[[[\"]", 1)); // an escaped quote does not end the string
        QVERIFY(!jsonNestingWithin("[\"\\\\\", [[]]]", 2)); // an escaped backslash does
    }

    void millionsOfLevelsAreRefusedAtTheBound()
    {
        const std::string deep = std::string(3000000, '[') + std::string(3000000, ']');
        QVERIFY(!jsonNestingWithin(deep));
        const std::string atBound =
            std::string(dvmlens::kMaxJsonNesting, '[') + std::string(dvmlens::kMaxJsonNesting, ']');
        QVERIFY(jsonNestingWithin(atBound));
        QVERIFY(!jsonNestingWithin("[" + atBound + "]"));
    }
};

QTEST_APPLESS_MAIN(TestJsonNesting)
#include "tst_jsonnesting.moc"
