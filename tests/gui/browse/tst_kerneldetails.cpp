// SPDX-License-Identifier: MIT
// The details pane: finding the FX graph dump above a definition, what a kernel shows, and why a
// graph did not engage DVM in English and in Chinese.
#include "core/index/indexer.h"
#include "core/verdict/verdict.h"
#include "gui/browse/kerneldetails.h"
#include "gui/shell/translations.h"
#include "testutil.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextLayout>
#include <QTextTable>
#include <QTranslator>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The sample tree's run 4102 forward graph: no dvm import, no @dvm.kernel, one DVM-named import_fx.
const dvmlens::Graph* lostForward(const dvmlens::Index& index)
{
    for (const dvmlens::Run& run : index.runs) {
        for (const dvmlens::Graph& graph : run.graphs) {
            if (run.pid == 4102 && graph.name == "model__0_forward_1.0")
                return &graph;
        }
    }
    return nullptr;
}

// The pane's text for that graph with `language`'s translators installed (none left afterwards).
QString notEngagedGraphText(const QString& language)
{
    std::string error;
    std::optional<dvmlens::Index> built = dvmlens::buildIndex(
        testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")).toStdString(), {},
        error);
    if (!built)
        return QString::fromStdString(error);
    const auto index = std::make_shared<const dvmlens::Index>(std::move(*built));
    const dvmlens::Graph* graph = lostForward(*index);
    if (!graph)
        return QStringLiteral("no pid 4102 forward graph");
    const QString applied = installTranslations(language);
    QString text;
    {
        KernelDetails details;
        details.showGraph(index, graph);
        text = details.toPlainText();
    }
    for (QTranslator* translator : qApp->findChildren<QTranslator*>())
        QCoreApplication::removeTranslator(translator);
    return applied == language ? text : QStringLiteral("no %1 translation").arg(language);
}

// An index of one run with one graph whose output_code.py is `path` and whose only kernel is `kernel`.
std::shared_ptr<dvmlens::Index> indexWithKernel(const QString& path, const dvmlens::Kernel& kernel)
{
    auto index = std::make_shared<dvmlens::Index>();
    index->runs.emplace_back();
    dvmlens::Graph graph;
    graph.name = "model__0_forward_0.0";
    graph.outputCode.emplace();
    graph.outputCode->path = path.toStdString();
    graph.outputCode->kernels.push_back(kernel);
    index->runs[0].graphs.push_back(graph);
    return index;
}

} // namespace

class TestKernelDetails : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Where the dump is is core's decision (Kernel::fxGraphLine, tested with the parser); the
    // pane only drops the quotes and blank edge lines.
    void stringStatementText_data()
    {
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<QString>("expected");
        QTest::newRow("several lines") << QStringList { QStringLiteral("\"\"\""),
            u"class GraphModule(torch.nn.Module):"_s, u"    def forward(self):"_s, QStringLiteral("\"\"\"") }
                                       << "class GraphModule(torch.nn.Module):\n    def forward(self):";
        QTest::newRow("one line") << QStringList { QStringLiteral("\"\"\"graph\"\"\"") } << u"graph"_s;
        QTest::newRow("raw prefix, blank edges") << QStringList { QStringLiteral("r\"\"\""), u""_s, u"body"_s,
            u""_s, QStringLiteral("\"\"\"") } << u"body"_s;
        QTest::newRow("nothing") << QStringList {} << QString();
    }

    void stringStatementText()
    {
        QFETCH(QStringList, lines);
        QFETCH(QString, expected);
        QCOMPARE(::stringStatementText(lines), expected);
    }

    void dumpFarIntoABigCrlfFile()
    {
        // 52,428 CRLF lines of 40 bytes before the dump: it starts 32 bytes before the second 1 MiB
        // read chunk ends, so its class line straddles the boundary; it closes the file without a
        // line break.
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString path = temp.filePath(QStringLiteral("output_code.py"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray text;
        for (int i = 0; i < 52428; ++i)
            text +=
                "x_" + QByteArray::number(i).rightJustified(5, '0') + " = torch.empty(1024)   # filler\r\n";
        text += "\"\"\"\r\nclass GraphModule(torch.nn.Module):\r\n    add = torch.ops.aten.add.Tensor(a, "
                "b)\r\n\"\"\"";
        file.write(text);
        file.close();

        dvmlens::Kernel kernel;
        kernel.name = "dvm_fused_add_0";
        kernel.backend = dvmlens::Backend::Dvm;
        kernel.line = 52433;
        kernel.endLine = 52433;
        kernel.fxGraphLine = 52429;
        kernel.fxGraphEndLine = 52432;
        const std::shared_ptr<dvmlens::Index> index = indexWithKernel(path, kernel);
        const dvmlens::Graph* shown = &index->runs[0].graphs[0];

        KernelDetails details;
        details.showKernel(index, &shown->outputCode->kernels[0], shown);
        const QString shownText = details.toPlainText();
        QVERIFY2(shownText.contains(QLatin1String(
                     "class GraphModule(torch.nn.Module):\n    add = torch.ops.aten.add.Tensor(a, b)")),
            qPrintable(shownText));
        QVERIFY(!shownText.contains(QLatin1String("filler")));
        QVERIFY(!shownText.contains(QLatin1Char('\r')));
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

        dvmlens::Kernel kernel;
        kernel.name = "dvm_fused_mul_0";
        kernel.backend = dvmlens::Backend::Dvm;
        kernel.line = 6;
        kernel.endLine = 9;
        kernel.fxGraphLine = 2; // where the parser finds the dump above the decorator
        kernel.fxGraphEndLine = 5;
        kernel.launches = 2;
        kernel.launchLines = { 30, 41 };
        kernel.ktype = "mix";
        kernel.dynShape = true;
        kernel.framing = "mlir_fusion";
        kernel.ops = { "view_load", "mul" };
        kernel.inputs = { { "arg0_1", "view_load", std::vector<std::int64_t> { -1, 64 },
            std::vector<std::int64_t> { 64, 1 }, "bfloat16" } };
        // One output whose launch site allocates it, one no launch site says anything about.
        kernel.outputs = { { "mul", "float32", std::vector<std::int64_t> { 4096, 64 },
                               std::vector<std::int64_t> { 64, 1 } },
            { "flag", "bool" } };
        const std::shared_ptr<dvmlens::Index> index = indexWithKernel(path, kernel);
        const dvmlens::Graph* shownGraph = &index->runs[0].graphs[0];

        KernelDetails details;
        details.showKernel(index, &shownGraph->outputCode->kernels[0], shownGraph);
        const QString text = details.toPlainText();
        QVERIFY2(text.contains(QLatin1String("dvm_fused_mul_0")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("view_load → mul")));
        QVERIFY(text.contains(QLatin1String("[-1, 64]")));
        QVERIFY(text.contains(QLatin1String("[64, 1]")));
        QVERIFY(text.contains(QLatin1String("bf16")));
        // Outputs: shape, stride and dtype in their row (cells end in line breaks as plain text); the
        // unknown one says so in words.
        const QString outputs = text.mid(text.indexOf(QLatin1String("Outputs")));
        QVERIFY2(outputs.contains(QStringLiteral("Shape\nStride\ndtype\n0\nmul\n[4096, 64]\n[64, 1]\nf32\n")),
            qPrintable(outputs));
        QVERIFY(outputs.contains(QStringLiteral("\n1\nflag\n—\n—\nb8\n")));
        QVERIFY(outputs.contains(QLatin1String("not known")));
        QVERIFY(text.contains(QLatin1String("mix")));
        QVERIFY(text.contains(QLatin1String("mul = torch.ops.aten.mul.Tensor(a, b)")));
        QVERIFY(!text.contains(QLatin1String("import torch")));
        QVERIFY(!text.contains(QLatin1String("FX fallback")));
        QVERIFY(details.toHtml().contains(QLatin1String("line:41")));
        QVERIFY2(text.contains(QStringLiteral("lines 6–9")), qPrintable(text));

        // A one-line kernel reads "line 6", not "lines 6–6".
        dvmlens::Kernel oneLine = kernel;
        oneLine.endLine = 6;
        const std::shared_ptr<dvmlens::Index> oneLineIndex = indexWithKernel(path, oneLine);
        const dvmlens::Graph* oneLineGraph = &oneLineIndex->runs[0].graphs[0];
        KernelDetails oneLineDetails;
        oneLineDetails.showKernel(oneLineIndex, &oneLineGraph->outputCode->kernels[0], oneLineGraph);
        const QString oneLineText = oneLineDetails.toPlainText();
        QVERIFY2(oneLineText.contains(QStringLiteral("line 6 ·")), qPrintable(oneLineText));
        QVERIFY(!oneLineText.contains(QLatin1String("lines 6")));

        // Label and value of the facts table sit at the top of their row, so a taller (Chinese) label
        // and its value share a baseline.
        QTextTable* facts = nullptr;
        for (QTextFrame* frame : details.document()->rootFrame()->childFrames()) {
            if ((facts = qobject_cast<QTextTable*>(frame)))
                break;
        }
        QVERIFY(facts);
        for (int r = 0; r < facts->rows(); ++r) {
            for (int c = 0; c < facts->columns(); ++c)
                QCOMPARE(facts->cellAt(r, c).format().verticalAlignment(), QTextCharFormat::AlignTop);
        }

        QSignalSpy activated(&details, &KernelDetails::lineActivated);
        details.anchorClicked(QUrl(QStringLiteral("line:41")));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), path);
        QCOMPARE(activated.at(0).at(1).toInt(), 41);

        details.clearKernel();
        QVERIFY(details.toPlainText().isEmpty());
    }

    void strideOnlyWhenKnownAndTokensNeverCut()
    {
        dvmlens::Kernel kernel;
        kernel.name = "dvm_fused_add_0";
        kernel.backend = dvmlens::Backend::Dvm;
        kernel.line = 6;
        kernel.endLine = 9;
        kernel.inputs = { { "primals_1", "load", std::vector<std::int64_t> { 2, 1024, 3072 }, std::nullopt,
            "bfloat16" } };
        const std::shared_ptr<dvmlens::Index> index =
            indexWithKernel(u"/nonexistent/output_code.py"_s, kernel);
        const dvmlens::Graph* graph = &index->runs[0].graphs[0];
        KernelDetails details;
        QCOMPARE(details.wordWrapMode(), QTextOption::WordWrap);
        details.showKernel(index, &graph->outputCode->kernels[0], graph);
        QVERIFY(!details.toPlainText().contains(u"Stride"_s)); // no input has one
        // Narrow: the shape stays on one line (its text is one block line of the table cell).
        details.resize(160, 400);
        details.show();
        QVERIFY(QTest::qWaitForWindowExposed(&details));
        const QTextDocument* document = details.document();
        bool found = false;
        for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
            if (block.text().replace(QChar(QChar::Nbsp), u' ') == u"[2, 1024, 3072]"_s) {
                QCOMPARE(block.layout()->lineCount(), 1);
                found = true;
            }
        }
        QVERIFY(found);

        kernel.inputs.push_back({ "arg1_1", "view_load", std::vector<std::int64_t> { -1, 64 },
            std::vector<std::int64_t> { 64, 1 }, "float32" });
        const std::shared_ptr<dvmlens::Index> withStride =
            indexWithKernel(u"/nonexistent/output_code.py"_s, kernel);
        const dvmlens::Graph* strided = &withStride->runs[0].graphs[0];
        details.showKernel(withStride, &strided->outputCode->kernels[0], strided);
        QVERIFY(details.toPlainText().contains(u"Stride"_s));
    }

    void graphAndRunCoverage()
    {
        dvmlens::Kernel dvm;
        dvm.name = "dvm_fused_add_0";
        dvm.backend = dvmlens::Backend::Dvm;
        dvm.launches = 3;
        const std::shared_ptr<dvmlens::Index> index = indexWithKernel(u"/nonexistent/output_code.py"_s, dvm);
        dvmlens::Graph& graph = index->runs[0].graphs[0];
        graph.outputCode->dvmImport = true;
        graph.outputCode->indexed = true;
        graph.outputCode->wrapperModule = true;
        graph.outputCode->fallbacks.resize(1);
        graph.outputCode->dvmCoverage = dvmlens::dvmCoverage(*graph.outputCode);
        dvmlens::Graph other;
        other.name = "model__0_backward_1.1";
        other.outputCode.emplace();
        dvmlens::Kernel triton;
        triton.backend = dvmlens::Backend::Triton;
        triton.launches = 4;
        other.outputCode->kernels.push_back(triton);
        index->runs[0].graphs.push_back(other);
        KernelDetails details;
        details.showGraph(index, &index->runs[0].graphs[0]);
        const QString text = details.toPlainText();
        const QStringList lines = text.split(u'\n');
        const qsizetype graphRow = lines.indexOf(u"DVM coverage"_s);
        QVERIFY2(graphRow >= 0, qPrintable(text));
        QCOMPARE(lines.value(graphRow + 1), u"75.0% of kernel launches and fallback calls"_s);
        const qsizetype runRow = lines.indexOf(u"DVM coverage of the run"_s);
        QVERIFY2(runRow >= 0, qPrintable(text));
        QCOMPARE(lines.value(runRow + 1), u"37.5%"_s); // 3 DVM launches of 3 + 1 fallback + 4 Triton
    }

    void notEngagedReasonsInEnglish()
    {
        const QString text = notEngagedGraphText(QStringLiteral("en"));
        QVERIFY2(text.contains(QStringLiteral("DVM not engaged\n"
                                              "no `from torch_npu._inductor import dvm`\n"
                                              "no @dvm.kernel definitions\n"
                                              "only import_fx FX fallbacks named like DVM kernels "
                                              "(dvm_fused_silu_view_2), which are not DVM code\n")),
            qPrintable(text));
    }

    void notEngagedReasonsInChinese()
    {
        const QString text = notEngagedGraphText(QStringLiteral("zh_CN"));
        QVERIFY2(text.contains(QStringLiteral("DVM 未生效\n"
                                              "缺少 `from torch_npu._inductor import dvm`\n"
                                              "没有 @dvm.kernel 定义\n"
                                              "只有名称像 DVM 内核的 import_fx FX 回退"
                                              "（dvm_fused_silu_view_2），它们不是 DVM 代码\n")),
            qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("definitions")), qPrintable(text));
    }
};

QTEST_MAIN(TestKernelDetails)
#include "tst_kerneldetails.moc"
