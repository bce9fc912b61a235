// SPDX-License-Identifier: MIT
// Line and intra-line diff of two texts (libdtl underneath): exact hunks, pairs, ranges and the
// line mapping the side-by-side view scrolls with.
#include "core/compare/diffposition.h"
#include "core/compare/textdiff.h"

#include <QTest>

#include <ctime>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

QString lines(const QStringList& list)
{
    return list.join(u'\n') + u'\n';
}

// CPU time of this thread, so a loaded machine does not count: a quadratic diff of the 1 MB
// inputs below takes minutes, the linear-space one well under a second.
qint64 threadCpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

} // namespace

class TestTextDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identicalTexts()
    {
        const QString text = lines({ u"a"_s, u"b"_s, u"c"_s });
        const TextDiff diff = diffTexts(text, text);
        QCOMPARE(diff.linesA, 3);
        QCOMPARE(diff.linesB, 3);
        QVERIFY(diff.hunks.empty());
        QVERIFY(!diff.lineEndingsDiffer);
        QCOMPARE(alignedLineInB(diff, 2), 2);
        QCOMPARE(alignedLineInA(diff, 3), 3);
    }

    void lineCounting()
    {
        QCOMPARE(diffTexts(u"", u"").linesA, 0);
        QCOMPARE(diffTexts(u"x", u"").linesA, 1);
        QCOMPARE(diffTexts(u"x\n", u"").linesA, 1);
        QCOMPARE(diffTexts(u"\n\n", u"").linesA, 2);
        QCOMPARE(diffTexts(u"x\ny", u"").linesA, 2);
    }

    void emptySideA()
    {
        const TextDiff diff = diffTexts(u"", lines({ u"one"_s, u"two"_s }));
        QCOMPARE(diff.hunks.size(), std::size_t(1));
        const DiffHunk& hunk = diff.hunks[0];
        QCOMPARE(hunk.startA, 1);
        QCOMPARE(hunk.countA, 0);
        QCOMPARE(hunk.startB, 1);
        QCOMPARE(hunk.countB, 2);
        QVERIFY(hunk.changed.empty());
    }

    void emptySideB()
    {
        const TextDiff diff = diffTexts(lines({ u"one"_s, u"two"_s, u"three"_s }), u"");
        QCOMPARE(diff.hunks.size(), std::size_t(1));
        QCOMPARE(diff.hunks[0].startA, 1);
        QCOMPARE(diff.hunks[0].countA, 3);
        QCOMPARE(diff.hunks[0].startB, 1);
        QCOMPARE(diff.hunks[0].countB, 0);
        QCOMPARE(alignedLineInB(diff, 2), 1); // B has no line: stays on its first
    }

    void insertionDeletionAndChange()
    {
        const QString a = lines({ u"keep 1"_s, u"gone"_s, u"keep 2"_s, u"x = dvm_fused_add_0(buf0)"_s,
            u"keep 3"_s, u"keep 4"_s });
        const QString b = lines({ u"keep 1"_s, u"keep 2"_s, u"x = triton_poi_fused_add_0(buf0)"_s,
            u"keep 3"_s, u"new a"_s, u"new b"_s, u"keep 4"_s });
        const TextDiff diff = diffTexts(a, b);
        QCOMPARE(diff.linesA, 6);
        QCOMPARE(diff.linesB, 7);
        QCOMPARE(diff.hunks.size(), std::size_t(3));

        const DiffHunk& removed = diff.hunks[0];
        QCOMPARE(removed.startA, 2);
        QCOMPARE(removed.countA, 1);
        QCOMPARE(removed.startB, 2);
        QCOMPARE(removed.countB, 0);
        QVERIFY(removed.changed.empty());

        const DiffHunk& changed = diff.hunks[1];
        QCOMPARE(changed.startA, 4);
        QCOMPARE(changed.countA, 1);
        QCOMPARE(changed.startB, 3);
        QCOMPARE(changed.countB, 1);
        QCOMPARE(changed.changed.size(), std::size_t(1));
        QCOMPARE(changed.changed[0].lineA, 4);
        QCOMPARE(changed.changed[0].lineB, 3);
        // Whole identifiers differ: "dvm_fused_add_0" at 4 and "triton_poi_fused_add_0" at 4.
        QCOMPARE(changed.changed[0].rangesA, (std::vector<CharRange> { { 4, 15 } }));
        QCOMPARE(changed.changed[0].rangesB, (std::vector<CharRange> { { 4, 22 } }));
        QVERIFY(changed.changed[0].similar); // 5 of 6 words and symbols are common

        const DiffHunk& added = diff.hunks[2];
        QCOMPARE(added.startA, 6);
        QCOMPARE(added.countA, 0);
        QCOMPARE(added.startB, 5);
        QCOMPARE(added.countB, 2);

        // Scroll mapping: shifted by the hunks above; B waits on A's removed line.
        QCOMPARE(alignedLineInB(diff, 1), 1);
        QCOMPARE(alignedLineInB(diff, 2), 2); // removed line: B waits at "keep 2"
        QCOMPARE(alignedLineInB(diff, 3), 2);
        QCOMPARE(alignedLineInB(diff, 4), 3);
        QCOMPARE(alignedLineInB(diff, 5), 4);
        QCOMPARE(alignedLineInB(diff, 6), 7); // "keep 4" sits below the two added lines
        QCOMPARE(alignedLineInA(diff, 5), 6); // added lines: A waits at "keep 4"
        QCOMPARE(alignedLineInA(diff, 6), 6);
        QCOMPARE(alignedLineInA(diff, 7), 6);
        QCOMPARE(alignedLineInA(diff, 2), 3);
    }

    // Where a line lies among the hunks: inside one, or after the last starting before it (a hunk with
    // no lines on that side sits in front of its start line).
    void positionsAmongHunks()
    {
        // A: 1 2 3 4 5 6; B: 1 X 3 4 5 Y 6 (line 2 changed, Y inserted in front of A's 6).
        const TextDiff diff = diffTexts(lines({ u"1"_s, u"2"_s, u"3"_s, u"4"_s, u"5"_s, u"6"_s }),
            lines({ u"1"_s, u"X"_s, u"3"_s, u"4"_s, u"5"_s, u"Y"_s, u"6"_s }));
        QCOMPARE(diff.hunks.size(), std::size_t(2));
        const auto at = [&](int a, int b) {
            const DiffPosition p = diffPositionOf(diff, a, b);
            return std::pair(p.hunk, p.inside);
        };
        QCOMPARE(at(1, 0), std::pair(-1, false));
        QCOMPARE(at(2, 0), std::pair(0, true));
        QCOMPARE(at(4, 0), std::pair(0, false));
        QCOMPARE(at(6, 0), std::pair(1, false)); // Y goes in front of A's line 6
        QCOMPARE(at(0, 6), std::pair(1, true)); // on B, Y is a line of its own
        QCOMPARE(at(0, 0), std::pair(-1, false));
    }

    void unevenHunkPairsInOrder()
    {
        const TextDiff diff = diffTexts(lines({ u"top"_s, u"a1"_s, u"a2"_s, u"a3"_s, u"bottom"_s }),
            lines({ u"top"_s, u"b1"_s, u"bottom"_s }));
        QCOMPARE(diff.hunks.size(), std::size_t(1));
        const DiffHunk& hunk = diff.hunks[0];
        QCOMPARE(hunk.startA, 2);
        QCOMPARE(hunk.countA, 3);
        QCOMPARE(hunk.startB, 2);
        QCOMPARE(hunk.countB, 1);
        QCOMPARE(hunk.changed.size(), std::size_t(1));
        QCOMPARE(hunk.changed[0].lineA, 2);
        QCOMPARE(hunk.changed[0].lineB, 2);
        QVERIFY(!hunk.changed[0].similar); // "a1" / "b1": nothing in common
        QVERIFY(hunk.changed[0].rangesA.empty());
        QCOMPARE(alignedLineInB(diff, 3), 3); // A's extra lines: B waits at "bottom"
        QCOMPARE(alignedLineInB(diff, 4), 3);
        QCOMPARE(alignedLineInB(diff, 5), 3);
    }

    void intraLineRanges()
    {
        const TextDiff diff = diffTexts(u"@dvm.kernel(ktype=\"vector\", dyn_shape=False)\n",
            u"@dvm.kernel(ktype=\"spec\", dyn_shape=True)\n");
        QCOMPARE(diff.hunks.size(), std::size_t(1));
        const ChangedLine& line = diff.hunks[0].changed.at(0);
        QCOMPARE(line.rangesA, (std::vector<CharRange> { { 19, 6 }, { 38, 5 } }));
        QCOMPARE(line.rangesB, (std::vector<CharRange> { { 19, 4 }, { 36, 4 } }));
    }

    void adjacentChangedTokensMerge()
    {
        const TextDiff diff = diffTexts(u"f(a, b)\n", u"f(x+y)\n");
        const ChangedLine& line = diff.hunks.at(0).changed.at(0);
        QCOMPARE(line.rangesA, (std::vector<CharRange> { { 2, 4 } })); // "a, b"
        QCOMPARE(line.rangesB, (std::vector<CharRange> { { 2, 3 } })); // "x+y"
    }

    void replacedLinesAreNotSimilar()
    {
        const TextDiff diff = diffTexts(u"        pow_1 = torch.ops.aten.pow(x, 2)\n",
            u"        # kernel path: /tmp/torchinductor_root/ab/cabcdef.py\n");
        const ChangedLine& line = diff.hunks.at(0).changed.at(0);
        QVERIFY(!line.similar); // only the indentation and "." are common
        QVERIFY(line.rangesA.empty());
        QVERIFY(line.rangesB.empty());

        const TextDiff edited =
            diffTexts(u"from torch_npu._inductor import dvm\n", u"from torch._inductor import dvm\n");
        QVERIFY(edited.hunks.at(0).changed.at(0).similar);
        QCOMPARE(edited.hunks.at(0).changed.at(0).rangesA, (std::vector<CharRange> { { 5, 9 } }));
        QCOMPARE(edited.hunks.at(0).changed.at(0).rangesB, (std::vector<CharRange> { { 5, 5 } }));
    }

    void longLinesAreNotComparedByCharacter()
    {
        TextDiffOptions options;
        options.maxIntraLineLength = 8;
        const TextDiff diff =
            diffTexts(u"short\nthis line is long\n", u"short\nthis line is longer\n", options);
        QCOMPARE(diff.hunks.size(), std::size_t(1));
        const ChangedLine& line = diff.hunks[0].changed.at(0);
        QCOMPARE(line.lineA, 2);
        QVERIFY(line.similar);
        QVERIFY(line.rangesA.empty());
        QVERIFY(line.rangesB.empty());
    }

    void crlfEqualsLf()
    {
        const TextDiff diff = diffTexts(u"a\r\nb\r\nc\r\n", u"a\nb\nc\n");
        QVERIFY(diff.hunks.empty());
        QVERIFY(diff.lineEndingsDiffer);
        QCOMPARE(diff.linesA, 3);

        const TextDiff changed = diffTexts(u"a\r\nold\r\nc\r\n", u"a\nnew\nc\n");
        QCOMPARE(changed.hunks.size(), std::size_t(1));
        QCOMPARE(changed.hunks[0].startA, 2);
        QCOMPARE(changed.hunks[0].changed.at(0).lineB, 2);
        QVERIFY(!changed.hunks[0].changed.at(0).similar);
        QVERIFY(changed.lineEndingsDiffer);

        QVERIFY(!diffTexts(u"a\r\nb\r\n", u"a\r\nc\r\n").lineEndingsDiffer);
    }

    void megabyteFilesAreQuick()
    {
        // ~2.2 MB per side, 30 000 lines, a changed line every 100 lines and a removed one every
        // 1 000: larger than a big output_code.py.
        QString a;
        QString b;
        for (int i = 0; i < 30000; ++i) {
            const QString line =
                QStringLiteral("    buf%1 = torch.ops.aten.mm.default(arg%1_1, buf%2)  # line %1\n")
                    .arg(i)
                    .arg(i / 3);
            a += line;
            if (i % 100 == 50)
                b += QStringLiteral("    buf%1 = triton_poi_fused_add_%1.run(arg%1_1, buf%2)  # line %1\n")
                         .arg(i)
                         .arg(i / 3);
            else if (i % 1000 != 999)
                b += line;
        }
        const qint64 started = threadCpuMs();
        const TextDiff diff = diffTexts(a, b);
        const qint64 elapsed = threadCpuMs() - started;
        qInfo("diff of %lld + %lld characters: %lld ms, %zu hunks", qlonglong(a.size()), qlonglong(b.size()),
            elapsed, diff.hunks.size());
        QCOMPARE(diff.linesA, 30000);
        QCOMPARE(diff.linesB, 29970);
        QCOMPARE(diff.hunks.size(), std::size_t(330));
        QCOMPARE(diff.hunks[0].startA, 51);
        QCOMPARE(diff.hunks[0].changed.size(), std::size_t(1));
#if !defined(__SANITIZE_ADDRESS__) // instrumented code is several times slower
        QVERIFY2(elapsed < 2000, "a 1 MB diff must stay interactive");
#endif
    }

    void unrelatedMegabyteFilesAreQuick()
    {
        // The worst case for a line diff: nothing in common but blank lines.
        QString a;
        QString b;
        for (int i = 0; i < 25000; ++i) {
            a += QStringLiteral("    a%1 = triton_poi_fused_add_%1.run(x, y, z)\n").arg(i);
            b += QStringLiteral("    b%1 = extern_kernels.mm(arg_%1, weight_%1)\n").arg(i);
            if (i % 10 == 0) {
                a += u'\n';
                b += u'\n';
            }
        }
        const qint64 started = threadCpuMs();
        const TextDiff diff = diffTexts(a, b);
        const qint64 elapsed = threadCpuMs() - started;
        qInfo("unrelated diff of %lld + %lld characters: %lld ms, %zu hunks", qlonglong(a.size()),
            qlonglong(b.size()), elapsed, diff.hunks.size());
        QCOMPARE(diff.hunks.size(), std::size_t(2501)); // the changed lines between the blank lines
        QCOMPARE(diff.hunks[0].countA, 1);
        QCOMPARE(diff.hunks[1].startA, 3);
        QCOMPARE(diff.hunks[1].countA, 10);
        QCOMPARE(diff.hunks[1].changed.size(), std::size_t(10));
#if !defined(__SANITIZE_ADDRESS__) // instrumented code is several times slower
        QVERIFY2(elapsed < 3000, "unrelated 1 MB files must stay interactive");
#endif
    }
};

QTEST_GUILESS_MAIN(TestTextDiff)
#include "tst_textdiff.moc"
