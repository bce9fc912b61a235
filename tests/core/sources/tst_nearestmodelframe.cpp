// SPDX-License-Identifier: MIT
// The nearest model frame: an item whose FX nodes were traced inside library code (torch/,
// torch_npu/) shows the model line that called it, from the stacks of
// inductor_provenance_tracking_kernel_stack_traces.json; its library frames are kept.
#include "core/index/indexer.h"
#include "core/sources/fxgraphtext.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "testutil.h"

#include <QTest>

using namespace dvmlens;

namespace {

QStringList locations(const std::vector<const SourceFrame*>& frames)
{
    QStringList list;
    for (const SourceFrame* frame : frames)
        list << QString::fromStdString(shortLocation(*frame));
    return list;
}

} // namespace

class TestNearestModelFrame : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stackTrace()
    {
        const std::vector<SourceFrame> frames =
            parseStackTrace("  File \"/w/train.py\", line 40, in step\n"
                            "    out = model(x)\n"
                            "          ^^^^^^^^\n"
                            "  File \"/x/site-packages/torch/nn/functional.py\", "
                            "line 2929, in rms_norm\n"
                            "not a frame\n"
                            "  File \"broken, line x\n");
        QCOMPARE(frames.size(), std::size_t(2));
        QCOMPARE(frames[0].file, std::string("/w/train.py"));
        QCOMPARE(frames[0].line, 40);
        QCOMPARE(frames[0].function, std::string("step"));
        QCOMPARE(frames[0].code, std::string("out = model(x)"));
        QVERIFY(!frames[0].library);
        QVERIFY(frames[1].library);
        QCOMPARE(frames[1].code, std::string("not a frame")); // the line after a File line is its code
    }

    void libraryOnlyItemShowsItsCaller()
    {
        std::string error;
        const std::optional<Index> index = buildIndex(
            testutil::fixturePath(QStringLiteral("provenance/model__0_forward_1.0")), IndexOptions {}, error);
        QVERIFY2(index, error.c_str());
        const SourceMap map = buildSourceMap(*index, 1);
        QVERIFY(map.diagnostics.empty());
        // dvm_fused_pow_1's docstring names functional.py:2929 only: the stack's caller is shown.
        const SourceItemRef pow { 0, 0, false, 1 };
        QCOMPARE(locations(itemFrames(map, pow)), QStringList { QStringLiteral("layers.py:97") });
        QCOMPARE(locations(itemFrames(map, pow, true)),
            (QStringList { QStringLiteral("functional.py:2929"), QStringLiteral("layers.py:97") }));
        const SourceFrame& caller = *itemFrames(map, pow).front();
        QCOMPARE(caller.code, std::string("x_norm = F.rms_norm(x, (4,))"));
        QCOMPARE(caller.function, std::string("forward"));
        QVERIFY(!caller.library);
        // dvm_fused_add_mul_0 has a model frame of its own (layers.py:113): its stack is not used.
        QCOMPARE(locations(itemFrames(map, SourceItemRef { 0, 0, false, 0 })),
            QStringList { QStringLiteral("layers.py:113") });
        // The sum by location counts pow_1 at layers.py:97, not at the library line.
        const SourceSummary summary = summarizeSources(*index, map);
        bool found = false;
        for (const SourceLocationSummary& row : summary.locations) {
            QVERIFY(shortLocation(row.frame) != "functional.py:2929");
            found = found || shortLocation(row.frame) == "layers.py:97";
        }
        QVERIFY(found);
    }
};

QTEST_GUILESS_MAIN(TestNearestModelFrame)
#include "tst_nearestmodelframe.moc"
