// SPDX-License-Identifier: MIT
// Each rank's compiles on one time axis: bars placed by their first record's time after the first compile
// of all logs, as long as duration_us (else the Dynamo time, else first record to metrics), in words for
// tooltips, screen readers and `compile`'s Timeline section, in English and Chinese.
#include "core/compile/compiletimeline.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QTest>

using namespace std::string_literals;
using namespace dvmlens;

class TestCompileTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void barsPerRank()
    {
        const CompileTimeline timeline =
            compileTimeline({ compileEventsFromText(testutil::timelineLog(1), "/l/r1.log"),
                compileEventsFromText(testutil::timelineLog(0), "/l/r0.log") });
        QCOMPARE(timeline.rows.size(), std::size_t(2));
        QCOMPARE(timeline.rows[0].rank, std::optional<std::int64_t>(0));
        QCOMPARE(timeline.rows[0].bars.size(), std::size_t(2));
        QCOMPARE(timeline.rows[0].bars[1].startUs, std::int64_t(3400000));
        QCOMPARE(timeline.rows[0].bars[1].durationUs, std::int64_t(1200000));
        QCOMPARE(timeline.rows[0].bars[1].compile.log, std::size_t(1));
        QCOMPARE(timeline.rows[0].bars[1].compile.id, "0/1"s);
        QVERIFY(timeline.rows[0].bars[1].recompile);
        QCOMPARE(timeline.rows[1].bars[0].startUs, std::int64_t(500000));
        QCOMPARE(timeline.rows[1].bars[0].durationUs, std::int64_t(800000)); // duration_us, not the records'
        QCOMPARE(timeline.spanUs, std::int64_t(4600000));
        const LocalizedText words = timelineBarText(timeline.rows[0], timeline.rows[0].bars[1]);
        QCOMPARE(words.en, "rank 0: [0/1] forward, recompile, 1.20 s at +3.40 s"s);
        QCOMPARE(words.zh, "rank 0：[0/1] forward，重新编译，+3.40 s 起 1.20 s"s);
        QCOMPARE(compileTimelineText(timeline),
            "timeline (start after the first compile, length as PyTorch measured it):\n"
            "  rank 0: 2 compiles, 2.40 s compiling\n"
            "    [0/0] forward, first compile, 1.20 s at +0 µs\n"
            "    [0/1] forward, recompile, 1.20 s at +3.40 s\n"
            "  rank 1: 1 compile, 800.0 ms compiling\n"
            "    [0/0] forward, first compile, 800.0 ms at +500.0 ms\n"s);
    }

    void noCompilesNoRows()
    {
        QVERIFY(compileTimeline({}).empty());
        QVERIFY(compileTimeline({ compileEventsFromText("", "/l/empty.log") }).empty());
    }
};

QTEST_APPLESS_MAIN(TestCompileTimeline)
#include "tst_compiletimeline.moc"
