// SPDX-License-Identifier: MIT
// Graph breaks read from torchdynamo/debug.log text: the ≤2.3 stack form with its exception, a suppressed
// duplicate taking the full message's type, the ≥2.6 form (TORCH_LOGS=graph_breaks), the Tensor.item()
// WARNING, and other lines left alone.
#include "core/compile/debuglogbreaks.h"

#include <QTest>

using namespace std::string_literals;
using namespace dvmlens;

class TestDebugLogBreaks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void forms()
    {
        const std::string log = "Step 1: torchdynamo start tracing forward /m/layers.py:200\n"
                                "Graph break: from user code at:\n"
                                "  File \"/m/model.py\", line 40, in forward\n"
                                "    y = self.layers(x)\n"
                                "  File \"/m/layers.py\", line 210, in forward\n"
                                "    n = x.sum().item()\n"
                                "Traceback (most recent call last):\n"
                                "  File \"torch/_dynamo/symbolic_convert.py\", line 1, in step\n"
                                "    getattr(self, inst.opname)(inst)\n"
                                "torch._dynamo.exc.Unsupported: Tensor.item\n"
                                "Unsupported break in user code at /m/layers.py:210 (details suppressed)\n"
                                "Graph break in user code at /m/layers.py:230\n"
                                "Graph Break Reason: Data-dependent branching\n"
                                "  Explanation: Detected data-dependent branching\n"
                                "  Hint: Use `torch.cond`\n"
                                "\n"
                                "User code traceback:\n"
                                "  File \"/m/layers.py\", line 230, in forward\n"
                                "    if x.sum() > 0:\n"
                                "Step 2: torchdynamo done tracing forward (RETURN_VALUE)\n"
                                "Graph break from `Tensor.item()`, consider setting:\n"
                                "    torch._dynamo.config.capture_scalar_outputs = True\n"
                                "Graph break: from user code at:\n"
                                "  File \"/m/head.py\", line 12, in forward\n"
                                "    k = int(t.item())\n";
        const std::vector<GraphBreak> breaks = graphBreaksFromDebugLog(log);
        QCOMPARE(breaks.size(), std::size_t(4));
        QCOMPARE(breaks[0].file, "/m/layers.py"s);
        QCOMPARE(breaks[0].line, 210);
        QCOMPARE(breaks[0].type, "Tensor.item"s);
        QCOMPARE(breaks[0].reason, "torch._dynamo.exc.Unsupported: Tensor.item"s);
        QCOMPARE(breaks[0].recordLine, 2);
        QCOMPARE(breaks[1].line, 210);
        QCOMPARE(breaks[1].file, "/m/layers.py"s);
        QCOMPARE(breaks[1].type, "Tensor.item"s); // the duplicate takes the full message's type
        QCOMPARE(breaks[2].file, "/m/layers.py"s);
        QCOMPARE(breaks[2].line, 230);
        QCOMPARE(breaks[2].type, "Data-dependent branching"s);
        QCOMPARE(breaks[2].hints, std::vector<std::string> { "Use `torch.cond`" });
        QVERIFY(breaks[2].userStack.find("line 230") != std::string::npos);
        QCOMPARE(breaks[3].file, "/m/head.py"s);
        QCOMPARE(breaks[3].line, 12);
        QCOMPARE(breaks[3].type, "Graph break from `Tensor.item()`"s);
        QVERIFY(graphBreaksFromDebugLog("Step 1: nothing\n\n").empty());
        QVERIFY(graphBreaksFromDebugLog("").empty());
    }
};

QTEST_GUILESS_MAIN(TestDebugLogBreaks)
#include "tst_debuglogbreaks.moc"
