// SPDX-License-Identifier: MIT
// Provenance JSONs and FX graph dumps that are large (issue 30): a list of 400,000 distinct names,
// 200,000 distinct `# File:` lines and a provenance file of tens of MB read in linear time and
// without a document of the whole file; the shapes read stay as they were.
#include "core/sources/fxgraphtext.h"
#include "core/sources/provenancefiles.h"

#include <QElapsedTimer>
#include <QTest>

#include <string>

using namespace dvmlens;

class TestProvenanceScale : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Was past 120 s: each name was searched for in the list so far.
    void longListInLinearTime()
    {
        std::string text = R"({"pyCodeToPost": {"k": [)";
        for (int i = 0; i < 400000; ++i)
            text += (i ? ", \"node_" : "\"node_") + std::to_string(i) + '"';
        text += R"(, "node_7", "node_7"]}})";
        ProvenanceMaps maps;
        QElapsedTimer timer;
        timer.start();
        QVERIFY(addProvenanceJson(maps, text, true));
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(maps.kernelToPost.at("k").size(), std::size_t(400000));
        QCOMPARE(maps.kernelToPost.at("k")[399999], std::string("node_399999"));
    }

    // What is read, and what is left alone, of each file's shape.
    void shapes()
    {
        ProvenanceMaps maps;
        QVERIFY(addProvenanceJson(maps,
            R"({"preToPost": {"a": ["x", "y", "x", 3, ["z"], {"w": "v"}], "b": "no list", "c": {"d": ["e"]}},
                "postToPre": {"x": ["a"]}, "cppCodeToPost": {"k1": ["x"]}, "pyCodeToPost": {"k1": ["y", "x"]},
                "other": {"k2": ["q"]}, "preToPostList": [["a"]]})",
            true));
        QVERIFY(maps.any);
        QCOMPARE(maps.preToPost.at("a"), (std::vector<std::string> { "x", "y" }));
        QVERIFY(maps.preToPost.at("b").empty());
        QVERIFY(maps.preToPost.at("c").empty());
        QVERIFY(!maps.preToPost.contains("d"));
        QCOMPARE(maps.postToPre.at("x"), (std::vector<std::string> { "a" }));
        QCOMPARE(maps.kernelToPost.at("k1"), (std::vector<std::string> { "x", "y" }));
        QVERIFY(!maps.kernelToPost.contains("k2"));
        // {kernel: [post…]} files.
        QVERIFY(addProvenanceJson(maps, R"({"k3": ["p", "p", "q"], "k4": {"x": ["r"]}})", false));
        QCOMPARE(maps.kernelToPost.at("k3"), (std::vector<std::string> { "p", "q" }));
        QVERIFY(maps.kernelToPost.at("k4").empty());
        QVERIFY(!maps.kernelToPost.contains("x"));
        // Stack traces: a text, or a list of texts.
        QVERIFY(addKernelStackTracesJson(maps, R"({"k5": "trace", "k6": ["t1", "t1", "t2"], "k7": 4})"));
        QCOMPARE(maps.kernelStacks.at("k5"), (std::vector<std::string> { "trace" }));
        QCOMPARE(maps.kernelStacks.at("k6"), (std::vector<std::string> { "t1", "t2" }));
        QVERIFY(maps.kernelStacks.at("k7").empty());
        // No object, or broken halfway: false, and nothing added.
        ProvenanceMaps none;
        QVERIFY(!addProvenanceJson(none, R"(["k"])", false));
        QVERIFY(!addProvenanceJson(none, R"("k")", true));
        QVERIFY(!addProvenanceJson(none, R"({"k8": ["p"], "k9": [)", false));
        QVERIFY(!addKernelStackTracesJson(none, R"({"k8": "t", "k9": 1e400})"));
        QVERIFY(!none.any);
        QVERIFY(none.kernelToPost.empty() && none.kernelStacks.empty());
    }

    // Was 87 s: each new frame was searched for in the frames so far.
    void manyDistinctFramesInLinearTime()
    {
        std::string text = "class GraphModule(torch.nn.Module):\n    def forward(self, x):\n";
        for (int i = 0; i < 200000; ++i) {
            text += "        # File: /w/model.py:" + std::to_string(i + 1) + " in forward, code: y = x + "
                + std::to_string(i) + "\n";
            text += "        add_" + std::to_string(i) + ": \"f32[4]\" = torch.ops.aten.add.Tensor(x, 1)\n";
        }
        // The same frame again, spaced differently: the same frame.
        text += "        #  File: /w/model.py:1 in forward, code: y = x + 0\n";
        text += "        again = torch.ops.aten.add.Tensor(x, 1)\n";
        QElapsedTimer timer;
        timer.start();
        const FxGraphText graph = parseFxGraphText(text);
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(graph.frames.size(), std::size_t(200000));
        QCOMPARE(graph.nodes.size(), std::size_t(200001));
        QCOMPARE(graph.node("add_199999")->frame, std::optional<std::size_t>(199999));
        QCOMPARE(graph.frames[199999].line, 200000);
    }
};

QTEST_GUILESS_MAIN(TestProvenanceScale)
#include "tst_provenancescale.moc"
