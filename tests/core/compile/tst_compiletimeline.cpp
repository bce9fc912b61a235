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
        QCOMPARE(timeline.rows[0].spanUs, std::int64_t(4600000)); // one axis: the logs overlap
        QCOMPARE(timeline.rows[1].spanUs, std::int64_t(4600000));
        QVERIFY(!timeline.rows[0].ownAxis && !timeline.rows[1].ownAxis);
        QCOMPARE(timelineRowNote(timeline.rows[0]).en, ""s);
        QCOMPARE(timeline.rows[0].name, "rank 0"s);
        QCOMPARE(timeline.rows[0].log, "/l/r0.log"s);
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

    // A row per log: unranked logs by their file names, two logs of one rank by rank and file name.
    void rowsNamedByTheirLogs()
    {
        const auto log = [](int rank, const std::string& path) {
            return compileEventsFromText(
                testutil::timedCompile(0, 0, rank, "1203 10:00:00.000000", "1203 10:00:01.000000"), path);
        };
        const CompileTimeline timeline = compileTimeline({ log(-1, "/l/a/dedicated_log_torch_trace_x1.log"),
            log(0, "/l/dedicated_log_torch_trace_rank_0_b.log"),
            log(-1, "/l/b/dedicated_log_torch_trace_x2.log"), log(1, "/l/r1.log"),
            log(0, "/l/dedicated_log_torch_trace_rank_0_a.log") });
        std::vector<std::string> names, paths;
        for (const TimelineRow& row : timeline.rows) {
            names.push_back(row.name);
            paths.push_back(row.log);
        }
        QCOMPARE(names,
            (std::vector<std::string> { "rank 0 \u00b7 dedicated_log_torch_trace_rank_0_b.log",
                "rank 0 \u00b7 dedicated_log_torch_trace_rank_0_a.log", "rank 1",
                "dedicated_log_torch_trace_x1.log", "dedicated_log_torch_trace_x2.log" }));
        QCOMPARE(paths[3], "/l/a/dedicated_log_torch_trace_x1.log"s);
        QCOMPARE(timelineBarText(timeline.rows[4], timeline.rows[4].bars[0]).en,
            "dedicated_log_torch_trace_x2.log: [0/0] forward, first compile, 1.00 s at +0 µs"s);
        QCOMPARE(timelineBarText(timeline.rows[4], timeline.rows[4].bars[0]).zh,
            "dedicated_log_torch_trace_x2.log：[0/0] forward，首次编译，+0 µs 起 1.00 s"s);
    }

    // Excerpts of different days: on one axis each would be a sliver; the logs that overlap share an axis,
    // the one a day later has its own, and says so.
    void logsThatDoNotOverlapGetTheirOwnAxis()
    {
        const CompileTimeline timeline =
            compileTimeline({ compileEventsFromText(testutil::timelineLog(0), "/l/r0.log"),
                compileEventsFromText(testutil::timelineLog(1), "/l/r1.log"),
                compileEventsFromText(
                    testutil::timedCompile(0, 0, 2, "1204 09:00:00.000000", "1204 09:00:00.300000")
                        + testutil::timedCompile(0, 1, 2, "1204 09:00:02.000000", "1204 09:00:02.500000"),
                    "/l/r2.log") });
        QCOMPARE(timeline.rows.size(), std::size_t(3));
        QCOMPARE(timeline.rows[0].spanUs, std::int64_t(4600000)); // ranks 0 and 1 overlap: one axis
        QCOMPARE(timeline.rows[1].spanUs, std::int64_t(4600000));
        QCOMPARE(timeline.rows[1].bars[0].startUs, std::int64_t(500000));
        QCOMPARE(timeline.rows[2].spanUs, std::int64_t(2500000)); // rank 2's own, a day later
        QCOMPARE(timeline.rows[2].bars[0].startUs, std::int64_t(0));
        QCOMPARE(timeline.rows[2].bars[1].startUs, std::int64_t(2000000));
        QCOMPARE(timeline.rows[2].bars[1].durationUs, std::int64_t(500000));
        QCOMPARE(timeline.spanUs, std::int64_t(4600000));
        for (const TimelineRow& row : timeline.rows)
            QVERIFY(row.ownAxis);
        QCOMPARE(timelineRowNote(timeline.rows[2]).en, "own time axis: logs do not overlap"s);
        QCOMPARE(timelineRowNote(timeline.rows[2]).zh, "独立时间轴：各日志的时间不重叠"s);
        QCOMPARE(compileTimelineText(timeline),
            "timeline (start after the first compile, length as PyTorch measured it):\n"
            "  rank 0: 2 compiles, 2.40 s compiling (own time axis: logs do not overlap)\n"
            "    [0/0] forward, first compile, 1.20 s at +0 µs\n"
            "    [0/1] forward, recompile, 1.20 s at +3.40 s\n"
            "  rank 1: 1 compile, 800.0 ms compiling (own time axis: logs do not overlap)\n"
            "    [0/0] forward, first compile, 800.0 ms at +500.0 ms\n"
            "  rank 2: 2 compiles, 800.0 ms compiling (own time axis: logs do not overlap)\n"
            "    [0/0] forward, first compile, 300.0 ms at +0 µs\n"
            "    [0/1] forward, recompile, 500.0 ms at +2.00 s\n"s);

        // Less than a minute apart: still one axis.
        const CompileTimeline close =
            compileTimeline({ compileEventsFromText(testutil::timelineLog(0), "/l/r0.log"),
                compileEventsFromText(
                    testutil::timedCompile(0, 0, 1, "1203 10:00:50.000000", "1203 10:00:51.000000"),
                    "/l/r1.log") });
        QVERIFY(!close.rows[1].ownAxis);
        QCOMPARE(close.rows[1].bars[0].startUs, std::int64_t(50000000));
        QCOMPARE(close.rows[0].spanUs, std::int64_t(51000000));
    }

    void noCompilesNoRows()
    {
        QVERIFY(compileTimeline({}).empty());
        QVERIFY(compileTimeline({ compileEventsFromText("", "/l/empty.log") }).empty());
    }
};

QTEST_APPLESS_MAIN(TestCompileTimeline)
#include "tst_compiletimeline.moc"
