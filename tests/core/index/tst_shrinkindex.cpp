// SPDX-License-Identifier: MIT
// shrinkToFit: every vector the parser grew is at its size afterwards, and the index says exactly
// what it said before (its scan JSON is byte for byte the same), on the sample tree and on a file
// of many kernels, where the parser's vectors did grow past their size.
#include "core/index/indexer.h"
#include "core/index/shrinkindex.h"
#include "core/json/scanjson.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace dvmlens;

namespace {

Index indexOf(const std::string& path)
{
    std::string error;
    std::optional<Index> built = buildIndex(path, {}, error);
    if (!built)
        qFatal("cannot index %s: %s", path.c_str(), error.c_str());
    return std::move(*built);
}

// Vectors whose capacity is above their size, over the whole index.
int slackVectors(const Index& index)
{
    int slack = 0;
    const auto count = [&slack](const auto& vector) { slack += vector.capacity() > vector.size(); };
    count(index.runs);
    count(index.diagnostics);
    for (const Run& run : index.runs) {
        count(run.graphs);
        count(run.logs);
        for (const Graph& graph : run.graphs) {
            count(graph.files);
            count(graph.diagnostics);
            if (!graph.outputCode)
                continue;
            count(graph.outputCode->kernels);
            count(graph.outputCode->fallbacks);
            count(graph.outputCode->diagnostics);
            for (const Kernel& kernel : graph.outputCode->kernels) {
                count(kernel.launchLines);
                count(kernel.ops);
                count(kernel.inputs);
                count(kernel.outputs);
            }
        }
    }
    return slack;
}

} // namespace

class TestShrinkIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleTreeSaysTheSame()
    {
        Index index = indexOf(testutil::sampleTree().toStdString());
        const std::string before = scanJsonText(index);
        QVERIFY(slackVectors(index) > 0);
        shrinkToFit(index);
        QCOMPARE(slackVectors(index), 0);
        QCOMPARE(scanJsonText(index), before);
    }

    void manyKernelsSayTheSame()
    {
        // 33 kernels, each launched 3 times, and 40 fallback calls: vectors that grew by doubling.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("output_code.py")).toStdString();
        {
            std::ofstream out(path);
            out << "from torch._inductor.async_compile import AsyncCompile\n"
                   "async_compile = AsyncCompile()\n";
            for (int k = 0; k < 33; ++k)
                out << "triton_k" << k << " = async_compile.triton('triton_k" << k << "', '''src''')\n";
            out << "def call(args):\n";
            for (int k = 0; k < 33; ++k) {
                for (int launch = 0; launch < 3; ++launch)
                    out << "    triton_k" << k << ".run(buf0)\n";
            }
            for (int f = 0; f < 40; ++f)
                out << "    buf" << f << " = torch.ops.aten.mm.default(a, b)\n";
            out << "    return ()\n";
        }
        Index index = indexOf(path);
        const OutputCode& code = index.runs.at(0).graphs.at(0).outputCode.value();
        QCOMPARE(code.kernels.size(), std::size_t(33));
        QCOMPARE(code.kernels.front().launches, 3);
        QCOMPARE(code.fallbacks.size(), std::size_t(40));
        // The parser hands its kernel and fallback lists over shrunk; launch lines (3 of a capacity of 4)
        // still have room.
        QCOMPARE(code.kernels.capacity(), code.kernels.size());
        QVERIFY(code.kernels.front().launchLines.capacity() > code.kernels.front().launchLines.size());
        QVERIFY(slackVectors(index) > 0);
        const std::string before = scanJsonText(index);
        shrinkToFit(index);
        QCOMPARE(slackVectors(index), 0);
        QCOMPARE(index.runs.at(0).graphs.at(0).outputCode->kernels.capacity(), std::size_t(33));
        QCOMPARE(
            index.runs.at(0).graphs.at(0).outputCode->kernels.front().launchLines.capacity(), std::size_t(3));
        QCOMPARE(scanJsonText(index), before);
    }
};

QTEST_GUILESS_MAIN(TestShrinkIndex)
#include "tst_shrinkindex.moc"
