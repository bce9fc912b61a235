// SPDX-License-Identifier: MIT
// The details pane: finding the FX graph dump above a definition, and what a kernel shows.
#include "kerneldetails.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

class TestKernelDetails : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void docstringAbove_data()
    {
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<int>("definitionLine");
        QTest::addColumn<QString>("expected");
        const QStringList dump { "x = 1", "\"\"\"",
            "class GraphModule(torch.nn.Module):", "    def forward(self):", "\"\"\"",
            "@dvm.kernel(ktype='vector', dyn_shape=False)" };
        QTest::newRow("right above") << dump << 6
                                     << "class GraphModule(torch.nn.Module):\n    def forward(self):";
        QStringList spaced = dump;
        spaced.insert(5, QString());
        spaced.insert(6, QStringLiteral("# kernel path: /tmp/x.py"));
        QTest::newRow("blank and comment lines between")
            << spaced << 8 << "class GraphModule(torch.nn.Module):\n    def forward(self):";
        QTest::newRow("one line") << QStringList { "\"\"\"graph\"\"\"", "k = async_compile.import_fx('k')" }
                                  << 2 << "graph";
        QTest::newRow("code above") << QStringList { "x = 1", "@dvm.kernel(ktype='vector')" } << 2
                                    << QString();
        QTest::newRow("unterminated") << QStringList { "text", "\"\"\"", "@dvm.kernel()" } << 3 << QString();
        QTest::newRow("first line") << QStringList { "@dvm.kernel()" } << 1 << QString();
    }

    void docstringAbove()
    {
        QFETCH(QStringList, lines);
        QFETCH(int, definitionLine);
        QFETCH(QString, expected);
        QCOMPARE(::docstringAbove(lines, definitionLine), expected);
    }

    void showsKernelFacts()
    {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString path = temp.filePath(QStringLiteral("output_code.py"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("import torch\n\"\"\"\nclass GraphModule(torch.nn.Module):\n    mul = "
                   "torch.ops.aten.mul.Tensor(a, b)\n"
                   "\"\"\"\n@dvm.kernel(ktype='mix', dyn_shape=True)\ndef k_build(k):\n");
        file.close();

        auto index = std::make_shared<dvmlens::Index>();
        index->runs.emplace_back();
        dvmlens::Graph graph;
        graph.name = "model__0_forward_0.0";
        graph.outputCode.emplace();
        graph.outputCode->path = path.toStdString();
        dvmlens::Kernel kernel;
        kernel.name = "dvm_fused_mul_0";
        kernel.backend = dvmlens::Backend::Dvm;
        kernel.line = 6;
        kernel.endLine = 9;
        kernel.launches = 2;
        kernel.launchLines = { 30, 41 };
        kernel.ktype = "mix";
        kernel.dynShape = true;
        kernel.framing = "mlir_fusion";
        kernel.ops = { "view_load", "mul" };
        kernel.inputs = { { "arg0_1", "view_load", std::vector<std::int64_t> { -1, 64 },
            std::vector<std::int64_t> { 64, 1 }, "bfloat16" } };
        kernel.outputs = { { "mul", "float32" } };
        graph.outputCode->kernels.push_back(kernel);
        index->runs[0].graphs.push_back(graph);
        const dvmlens::Graph* shownGraph = &index->runs[0].graphs[0];

        KernelDetails details;
        details.showKernel(index, &shownGraph->outputCode->kernels[0], shownGraph);
        const QString text = details.toPlainText();
        QVERIFY2(text.contains(QLatin1String("dvm_fused_mul_0")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("view_load → mul")));
        QVERIFY(text.contains(QLatin1String("[-1,64]")));
        QVERIFY(text.contains(QLatin1String("[64,1]")));
        QVERIFY(text.contains(QLatin1String("bf16")));
        QVERIFY(text.contains(QLatin1String("mix")));
        QVERIFY(text.contains(QLatin1String("mul = torch.ops.aten.mul.Tensor(a, b)")));
        QVERIFY(!text.contains(QLatin1String("import torch")));
        QVERIFY(!text.contains(QLatin1String("FX fallback")));
        QVERIFY(details.toHtml().contains(QLatin1String("line:41")));

        QSignalSpy activated(&details, &KernelDetails::lineActivated);
        details.anchorClicked(QUrl(QStringLiteral("line:41")));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), path);
        QCOMPARE(activated.at(0).at(1).toInt(), 41);

        details.clearKernel();
        QVERIFY(details.toPlainText().isEmpty());
    }
};

QTEST_MAIN(TestKernelDetails)
#include "tst_kerneldetails.moc"
