// SPDX-License-Identifier: MIT
// parseOutputCode on hand-written output_code.py fixtures: every DVM framing and body form, every
// kernel backend, launches and fallbacks only in entry code, the verdict, and bad input (empty,
// binary, truncated, CRLF, Latin-1 / invalid UTF-8, unreadable).
// Over 600 lines: the cases of one parser, each short; split by feature when it grows further.
#include "core/io/container.h"
#include "core/parse/outputcodeparser.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

QByteArray readFixture(const QString& name)
{
    QFile file(testutil::fixture(QStringLiteral("output_code/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

OutputCode parseBytes(const QByteArray& bytes, const std::string& path = "/tree/output_code.py")
{
    return parseOutputCode(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), path);
}

OutputCode parseFixture(const QString& name)
{
    return parseBytes(readFixture(name), "/fixtures/" + name.toStdString());
}

QString joined(const std::vector<int>& values)
{
    QStringList parts;
    for (int value : values)
        parts << QString::number(value);
    return parts.join(QLatin1Char(','));
}

// One readable line per kernel: "name backend line-endLine launches [launchLines]".
QStringList kernelSummary(const OutputCode& code)
{
    QStringList lines;
    for (const Kernel& kernel : code.kernels) {
        lines << QStringLiteral("%1 %2 %3-%4 x%5 [%6]")
                     .arg(QString::fromStdString(kernel.name), QString::fromUtf8(backendName(kernel.backend)))
                     .arg(kernel.line)
                     .arg(kernel.endLine)
                     .arg(kernel.launches)
                     .arg(joined(kernel.launchLines));
    }
    return lines;
}

QStringList fallbackSummary(const OutputCode& code)
{
    QStringList lines;
    for (const Fallback& fallback : code.fallbacks) {
        lines << QStringLiteral("%1 %2 @%3")
                     .arg(QString::fromStdString(fallback.target),
                         QString::fromUtf8(fallbackKindName(fallback.kind)))
                     .arg(fallback.line);
    }
    return lines;
}

QString dims(const std::optional<std::vector<std::int64_t>>& values)
{
    if (!values)
        return QStringLiteral("null");
    QStringList parts;
    for (std::int64_t value : *values)
        parts << QString::number(value);
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

QString text(const std::optional<std::string>& value)
{
    return value ? QString::fromStdString(*value) : QStringLiteral("null");
}

QStringList inputSummary(const Kernel& kernel)
{
    QStringList lines;
    for (const DvmInput& input : kernel.inputs) {
        lines << QStringLiteral("%1 %2 %3 %4 %5")
                     .arg(QString::fromStdString(input.name), QString::fromStdString(input.op),
                         dims(input.shape), dims(input.stride), text(input.dtype));
    }
    return lines;
}

QStringList outputSummary(const Kernel& kernel)
{
    QStringList lines;
    for (const DvmOutput& output : kernel.outputs)
        lines << QString::fromStdString(output.name) + QLatin1Char(' ') + text(output.dtype);
    return lines;
}

// "name shape stride" of each output, null when unknown.
QStringList outputShapes(const Kernel& kernel)
{
    QStringList lines;
    for (const DvmOutput& output : kernel.outputs)
        lines << QString::fromStdString(output.name) + QLatin1Char(' ') + dims(output.shape)
                + QLatin1Char(' ') + dims(output.stride);
    return lines;
}

QStringList ops(const Kernel& kernel)
{
    QStringList names;
    for (const std::string& op : kernel.ops)
        names << QString::fromStdString(op);
    return names;
}

QStringList diagnosticCodes(const OutputCode& code)
{
    QStringList codes;
    for (const Diagnostic& diagnostic : code.diagnostics)
        codes << QString::fromStdString(diagnostic.code);
    return codes;
}

// Everything the parser derives from the text (not the byte count, which CRLF changes).
QStringList everything(const OutputCode& code)
{
    QStringList lines = kernelSummary(code) + fallbackSummary(code) + diagnosticCodes(code);
    for (const Kernel& kernel : code.kernels) {
        lines << ops(kernel) << inputSummary(kernel) << outputSummary(kernel);
        lines << text(kernel.ktype) << text(kernel.framing)
              << (kernel.dynShape ? QString::number(*kernel.dynShape) : QStringLiteral("null"))
              << (kernel.mfusion ? QString::number(*kernel.mfusion) : QStringLiteral("null"));
    }
    lines << QString::number(code.lines) << QString::number(code.dvmImport)
          << QString::number(code.dvmImportLine.value_or(-1)) << QString::number(code.dvmEngaged)
          << (code.dvmCoverage ? QString::number(*code.dvmCoverage) : QStringLiteral("null"))
          << text(code.aotId);
    return lines;
}

const QStringList kAllFixtures = { QStringLiteral("dvm_mlir_fusion.py"),
    QStringLiteral("dvm_graph_fusion.py"), QStringLiteral("import_fx_only.py"),
    QStringLiteral("dvm_no_import.py"), QStringLiteral("zero_kernels.py"),
    QStringLiteral("all_backends.py") };

} // namespace

class TestOutputCodeParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // What makes a lone file a wrapper module: AsyncCompile imported or called, not named in prose
    // (README.md was once judged a wrapper through a line of text naming it).
    void wrapperModuleMarkers_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("wrapper");
        QTest::newRow("import") << QByteArray("from torch._inductor.async_compile import AsyncCompile\n")
                                << true;
        QTest::newRow("call") << QByteArray("async_compile = AsyncCompile()\n") << true;
        QTest::newRow("prose") << QByteArray(
            "- the markers (`AsyncCompile`, `call` / `Runner`) of a wrapper\n")
                               << false;
        QTest::newRow("name only") << QByteArray("x = AsyncCompile\n") << false;
    }

    void wrapperModuleMarkers()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, wrapper);
        QCOMPARE(parseOutputCode(std::string_view(text.constData(), std::size_t(text.size())), "/f.py")
                     .wrapperModule,
            wrapper);
    }

    void mlirFusionFile()
    {
        const OutputCode code = parseFixture(QStringLiteral("dvm_mlir_fusion.py"));
        QCOMPARE(code.path, std::string("/fixtures/dvm_mlir_fusion.py"));
        QCOMPARE(code.bytes, std::uint64_t(readFixture(QStringLiteral("dvm_mlir_fusion.py")).size()));
        QCOMPARE(code.lines, 140);
        QCOMPARE(code.aotId, std::optional<std::string>("0_forward"));
        QVERIFY(code.dvmImport);
        QCOMPARE(code.dvmImportLine, std::optional<int>(9)); // not line 85, inside the Triton source
        QVERIFY(code.diagnostics.empty());

        // The docstring's @dvm.kernel text, and the Triton source's def call / .run( / torch.ops.aten,
        // and everything in the benchmark tail and in comments and strings of call() do not count.
        QCOMPARE(kernelSummary(code),
            QStringList({ QStringLiteral("dvm_fused_add_mul_relu_0 dvm 30-44 x2 [111,124]"),
                QStringLiteral("dvm_fused_div_rsqrt_sum_1 dvm 52-69 x1 [113]"),
                QStringLiteral("dvm_fused_gelu_2 import_fx 77-77 x1 [119]"),
                QStringLiteral("triton_unk_fused_mul_3 triton 82-98 x1 [123]") }));
        QCOMPARE(fallbackSummary(code),
            QStringList({ QStringLiteral("aten.mm.default aten @115"),
                QStringLiteral("npu.npu_fusion_attention.default npu @117"),
                QStringLiteral("extern_kernels.mm extern @118"), QStringLiteral("aten.relu aten @120"),
                QStringLiteral("aten.add.Tensor aten @121"),
                QStringLiteral("dvm.fused_graph_1_1.default other @121") }));

        const Kernel& first = code.kernels[0];
        QCOMPARE(first.ktype, std::optional<std::string>("vector"));
        QCOMPARE(first.dynShape, std::optional<bool>(false));
        QCOMPARE(first.mfusion, std::nullopt);
        QCOMPARE(first.framing, std::optional<std::string>("mlir_fusion"));
        QCOMPARE(ops(first), QStringList({ u"mul"_s, u"add"_s, u"maximum"_s }));
        QCOMPARE(inputSummary(first),
            QStringList(
                { u"arg0_1 load [128,128] null float32"_s, u"arg1_1 load [128,128] null float32"_s }));
        QCOMPARE(outputSummary(first), QStringList({ u"relu float32"_s }));

        const Kernel& spec = code.kernels[1];
        QCOMPARE(spec.ktype, std::optional<std::string>("spec"));
        QCOMPARE(spec.dynShape, std::optional<bool>(true));
        QCOMPARE(spec.framing, std::optional<std::string>("mlir_fusion"));
        // Nested calls in textual order of their k. tokens; store/spec_next/set_kernel_info excluded.
        QCOMPARE(ops(spec),
            QStringList(
                { u"cast"_s, u"sum"_s, u"div"_s, u"sqrt"_s, u"select"_s, u"greater"_s, u"minimum"_s }));
        QCOMPARE(inputSummary(spec),
            QStringList(
                { u"arg2_1 view_load [-1,64] [128,1] bfloat16"_s, u"arg3_1 scalar null null int64"_s }));
        QCOMPARE(outputSummary(spec), QStringList({ u"big bfloat16"_s, u"big bool"_s }));

        QCOMPARE(code.kernels[2].ktype, std::nullopt);
        QCOMPARE(code.kernels[2].framing, std::nullopt);
        QVERIFY(code.kernels[2].ops.empty());
        QVERIFY(code.dvmEngaged);
        // DVM launches 3 of 5 launches + 6 fallback calls.
        QVERIFY(code.dvmCoverage);
        QCOMPARE(*code.dvmCoverage, 3.0 / 11.0);
    }

    // Output shapes come from the launch site: the arguments after the inputs, each looked up in
    // the entry function's allocations (empty_strided, empty_strided_npu, reinterpret_tensor) or
    // read inline; the first launch whose argument is found wins; never guessed.
    void outputShapesFromLaunchSites()
    {
        const OutputCode code = parseFixture(QStringLiteral("dvm_output_shapes.py"));
        QVERIFY(code.diagnostics.empty());
        QCOMPARE(code.kernels.size(), std::size_t(7));
        const auto shapesOf = [&](std::size_t kernel) { return outputShapes(code.kernels[kernel]); };
        // A later launch with another buffer does not replace the first one found.
        QCOMPARE(shapesOf(0), QStringList({ u"add [128,128] [128,1]"_s }));
        // In place: buf0 is an input and the output; the first launch's arg2_1 is a graph input.
        QCOMPARE(shapesOf(1), QStringList({ u"mul [128,128] [128,1]"_s }));
        // A reinterpret_tensor view assigned to a name, and one written in the call itself.
        QCOMPARE(shapesOf(2), QStringList({ u"relu [64,256] [256,1]"_s, u"relu [256,64] [1,256]"_s }));
        // A size symbol is a dynamic dim; the _uwu_ temporary is the scalar input.
        QCOMPARE(shapesOf(3), QStringList({ u"neg [-1,128] [128,1]"_s }));
        // Reassigned (`buf4 = buf0[0]`), too few or too many arguments, a graph input, another
        // entry function's buffer: unknown.
        QCOMPARE(shapesOf(4), QStringList({ u"exp null null"_s }));
        QCOMPARE(shapesOf(5), QStringList({ u"x null null"_s })); // never launched
        QCOMPARE(shapesOf(6), QStringList({ u"x null null"_s })); // graph_fusion returns its outputs

        // The Summary detail reads no bodies, so no shapes either.
        const QByteArray bytes = readFixture(QStringLiteral("dvm_output_shapes.py"));
        const OutputCode summary = parseOutputCode(
            std::string_view(bytes.constData(), std::size_t(bytes.size())), "/f.py", KernelDetail::Summary);
        QVERIFY(summary.kernels[0].outputs.empty());

        const OutputCode mlir = parseFixture(QStringLiteral("dvm_mlir_fusion.py"));
        QCOMPARE(outputShapes(mlir.kernels[0]), QStringList({ u"relu [128,128] [128,1]"_s }));
        QCOMPARE(
            outputShapes(mlir.kernels[1]), QStringList({ u"big [128,1] [1,1]"_s, u"big [128,1] [1,1]"_s }));
    }

    void graphFusionAndMfusion()
    {
        const OutputCode code = parseFixture(QStringLiteral("dvm_graph_fusion.py"));
        QCOMPARE(code.lines, 82);
        QCOMPARE(code.aotId, std::optional<std::string>("3_inference"));
        QCOMPARE(code.dvmImportLine, std::optional<int>(3)); // `import dvm as …`
        // Calls in Runner.__init__, other Runner methods and at module level are not entry code.
        QCOMPARE(kernelSummary(code),
            QStringList({ QStringLiteral("dvm_graph_fused_0 dvm 13-25 x1 [53]"),
                QStringLiteral("mfusion_dvm_0 dvm 28-39 x1 [56]"),
                QStringLiteral("handwritten_relu dvm 42-45 x1 [72]") }));
        QCOMPARE(fallbackSummary(code), QStringList({ QStringLiteral("aten.view.default aten @73") }));

        const Kernel& graph = code.kernels[0];
        QCOMPARE(graph.framing, std::optional<std::string>("graph_fusion"));
        QCOMPARE(graph.ktype, std::optional<std::string>("split"));
        QCOMPARE(graph.dynShape, std::optional<bool>(true));
        // Interleaved inputs keep their order; torch.* dtypes; intref/floatref; symbolic dims.
        QCOMPARE(inputSummary(graph),
            QStringList({ u"arg4_1 load [-1,1] null bfloat16"_s,
                u"permute view_load [-1,-1,-1] [-1,-1,1] bfloat16"_s, u"arg5_1 load [1,-1] null bfloat16"_s,
                u"s0 intref null null int64"_s, u"f0 floatref null null float32"_s }));
        QCOMPARE(ops(graph), QStringList({ u"mul"_s, u"add"_s, u"mul"_s, u"broadcast_scalar"_s, u"cast"_s }));
        QCOMPARE(outputSummary(graph), QStringList({ u"cast float32"_s, u"filled null"_s }));
        QCOMPARE(outputShapes(graph), QStringList({ u"cast null null"_s, u"filled null null"_s }));

        const Kernel& mfusion = code.kernels[1];
        QCOMPARE(mfusion.framing, std::optional<std::string>("mfusion"));
        QCOMPARE(mfusion.ktype, std::optional<std::string>("mix")); // kwargs in any order and spacing
        QCOMPARE(mfusion.dynShape, std::optional<bool>(false));
        QCOMPARE(mfusion.mfusion, std::optional<bool>(true));
        // 4-arg view_load (offset 0 before the dtype), matmul with 5 args, plain alias, full with None.
        QCOMPARE(inputSummary(mfusion),
            QStringList({ u"a view_load [4,8] [16,1] float16"_s, u"b load [8,2] null float16"_s,
                u"bias load [2] null float16"_s }));
        QCOMPARE(
            ops(mfusion), QStringList({ u"matmul"_s, u"full"_s, u"is_finite"_s, u"select"_s, u"equal"_s }));
        QCOMPARE(outputSummary(mfusion), QStringList({ u"mm float16"_s, u"flag bool"_s }));

        // A decorated builder with another name is called directly, like graph_fusion.
        const Kernel& handwritten = code.kernels[2];
        QCOMPARE(handwritten.framing, std::optional<std::string>("graph_fusion"));
        QCOMPARE(inputSummary(handwritten), QStringList({ u"x load [] null int32"_s }));
        QCOMPARE(ops(handwritten), QStringList({ u"maximum"_s }));
        QCOMPARE(outputSummary(handwritten), QStringList({ u"k.maximum(x, 0) int32"_s }));

        QVERIFY(code.dvmEngaged);
        QCOMPARE(code.dvmCoverage, std::optional<double>(0.75));
    }

    // The FX graph dump a kernel fused: the bare string statement right above its definition.
    void fxGraphDumpAboveDefinitions_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        const QByteArray builder = "def dvm_fused_mul_0_build(k):\n    a = k.load([4], dvm.float32)\n"
                                   "    k.store(a, dvm.float32)\n";
        QTest::newRow("right above") << QByteArray("x = 1\n\"\"\"\nclass GraphModule(torch.nn.Module):\n"
                                                   "    def forward(self):\n\"\"\"\n"
                                                   "@dvm.kernel(ktype='vector', dyn_shape=False)\n")
                + builder << 2 << 5;
        QTest::newRow("blank and comment lines between")
            << QByteArray("\"\"\"\ngraph\n\"\"\"\n\n# kernel path: /tmp/x.py\n"
                          "@dvm.kernel(ktype='vector', dyn_shape=False)\n")
                + builder
            << 1 << 3;
        QTest::newRow("one line, import_fx")
            << QByteArray("\"\"\"graph\"\"\"\ndvm_fused_mul_0 = async_compile.import_fx('dvm_fused_mul_0')\n")
            << 1 << 1;
        QTest::newRow("code above") << QByteArray("x = 1\n@dvm.kernel(ktype='vector', dyn_shape=False)\n")
                + builder << 0 << 0;
        QTest::newRow("string not right above")
            << QByteArray("\"\"\"graph\"\"\"\nx = 1\n@dvm.kernel(ktype='vector', dyn_shape=False)\n")
                + builder
            << 0 << 0;
        QTest::newRow("first line") << QByteArray("@dvm.kernel(ktype='vector', dyn_shape=False)\n") + builder
                                    << 0 << 0;
    }

    void fxGraphDumpAboveDefinitions()
    {
        QFETCH(QByteArray, source);
        QFETCH(int, first);
        QFETCH(int, last);
        const OutputCode code = parseBytes(source);
        QCOMPARE(code.kernels.size(), std::size_t(1));
        const Kernel& kernel = code.kernels.front();
        QCOMPARE(kernel.fxGraphLine.value_or(0), first);
        QCOMPARE(kernel.fxGraphEndLine.value_or(0), last);
    }

    void everyBackend()
    {
        const OutputCode code = parseFixture(QStringLiteral("all_backends.py"));
        QCOMPARE(code.lines, 98);
        QCOMPARE(code.aotId, std::optional<std::string>("7_backward")); // after an empty first line
        QCOMPARE(kernelSummary(code),
            QStringList({ QStringLiteral("triton__0 triton 8-14 x1 [76]"),
                QStringLiteral("triton_poi_fused_add_1 triton 17-21 x2 [77,94]"),
                QStringLiteral("triton_red_fused_sum_2 triton 24-36 x1 [78]"),
                QStringLiteral("cpp_fused_mul_3 cpp 39-45 x1 [85]"),
                QStringLiteral("cpp_fused_add_4 cpp 46-49 x1 [86]"),
                QStringLiteral("mlir_fused_mul_5 mlir 50-50 x1 [87]"),
                QStringLiteral("mlir_fused_add_6 mlir 51-51 x1 [88]"),
                QStringLiteral("mlir_fused_sub_7 akg 52-52 x1 [89]"),
                QStringLiteral("mps_lib_0 mps 53-56 x1 [90]"),
                QStringLiteral("cuda_fused_8 other 57-57 x1 [91]"),
                QStringLiteral("catlass_gemm_9 other 58-58 x1 [92]") }));
        QCOMPARE(
            fallbackSummary(code), QStringList({ QStringLiteral("extern_kernels.convolution extern @93") }));
        QVERIFY(!code.dvmImport);
        QVERIFY(!code.dvmEngaged);
        QCOMPARE(code.dvmCoverage, std::optional<double>(0.0));
    }

    void importFxOnlyIsNotEngaged()
    {
        const OutputCode code = parseFixture(QStringLiteral("import_fx_only.py"));
        QCOMPARE(kernelSummary(code),
            QStringList({ QStringLiteral("dvm_fused_add_0 import_fx 12-12 x1 [34]"),
                QStringLiteral("mlir_fused_mul_1 import_fx 20-23 x1 [35]") }));
        QVERIFY(code.fallbacks.empty());
        QVERIFY(code.dvmImport);
        QVERIFY(!code.dvmEngaged);
        QCOMPARE(code.dvmCoverage, std::optional<double>(0.0));
    }

    void dvmKernelWithoutImportIsNotEngaged()
    {
        const OutputCode code = parseFixture(QStringLiteral("dvm_no_import.py"));
        // The import only in a comment, a string and an indented block is not a module-level import.
        QVERIFY(!code.dvmImport);
        QCOMPARE(code.dvmImportLine, std::nullopt);
        QCOMPARE(kernelSummary(code), QStringList({ QStringLiteral("dvm_fused_neg_0 dvm 9-15 x1 [20]") }));
        QCOMPARE(ops(code.kernels[0]), QStringList({ u"mul"_s }));
        QVERIFY(!code.dvmEngaged);
        QCOMPARE(code.dvmCoverage, std::optional<double>(1.0));
        QCOMPARE(code.aotId, std::nullopt);
    }

    void zeroKernels()
    {
        const OutputCode code = parseFixture(QStringLiteral("zero_kernels.py"));
        QVERIFY(code.kernels.empty());
        // The 2.0 shape: return inside the with-block; a call spread over lines counts at its first line.
        QCOMPARE(fallbackSummary(code),
            QStringList({ QStringLiteral("aten._scaled_dot_product_efficient_attention.default aten @19"),
                QStringLiteral("aten.copy_ aten @23") }));
        QCOMPARE(code.dvmCoverage, std::optional<double>(0.0));
        QVERIFY(code.diagnostics.empty());
    }

    void launchesByAliasAndBuilderName()
    {
        const OutputCode code = parseBytes("@dvm.kernel(ktype='vector', dyn_shape=False)\n"
                                           "def dvm_fused_a_0_build(k):\n"
                                           "    k.store(k.load([1], dvm.float32))\n"
                                           "dvm_fused_a_0 = dvm_fused_a_0_build\n"
                                           "x = async_compile.triton('''x''')\n"
                                           "x = async_compile.triton('''y''')\n"
                                           "def call(args):\n"
                                           "    dvm_fused_a_0.run(a, stream=stream0)\n"
                                           "    dvm_fused_a_0_build(a)\n"
                                           "    dvm_fused_a_0_builder(a)\n"
                                           "    x.run(a)\n");
        // A name defined twice: the later definition is the one the module holds.
        QCOMPARE(kernelSummary(code),
            QStringList({ QStringLiteral("dvm_fused_a_0 dvm 1-4 x2 [8,9]"),
                QStringLiteral("x triton 5-5 x0 []"), QStringLiteral("x triton 6-6 x1 [11]") }));
    }

    void nothingToCountHasNullCoverage()
    {
        const OutputCode code = parseBytes("import torch\n\ndef call(args):\n    return ()\n");
        QCOMPARE(code.lines, 4);
        QCOMPARE(code.dvmCoverage, std::nullopt);
        QVERIFY(!code.dvmEngaged);
        QVERIFY(code.diagnostics.empty());
    }

    void dvmImportForms_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<int>("line");
        QTest::newRow("plain") << QByteArray("import torch\nfrom torch_npu._inductor import dvm\n") << 2;
        QTest::newRow("as") << QByteArray("from torch_npu._inductor import dvm as d\n") << 1;
        QTest::newRow("list") << QByteArray("from torch_npu._inductor import config, dvm\n") << 1;
        QTest::newRow("parenthesised")
            << QByteArray("from torch_npu._inductor import (\n    config,\n    dvm,\n)\n") << 1;
        QTest::newRow("module import") << QByteArray("import os, torch_npu._inductor.dvm as dvm\n") << 1;
        QTest::newRow("continued") << QByteArray("x = 1\nfrom torch_npu._inductor \\\n    import dvm\n") << 2;
        QTest::newRow("comment") << QByteArray("# from torch_npu._inductor import dvm\n") << 0;
        QTest::newRow("string") << QByteArray("s = '''\nfrom torch_npu._inductor import dvm\n'''\n") << 0;
        QTest::newRow("other module") << QByteArray("from torch_npu._inductor.dvm import dvm\n") << 0;
        QTest::newRow("other name") << QByteArray("from torch_npu._inductor import dvm_utils\n") << 0;
        QTest::newRow("indented") << QByteArray(
            "try:\n    from torch_npu._inductor import dvm\nexcept: pass\n")
                                  << 0;
    }

    void dvmImportForms()
    {
        QFETCH(QByteArray, source);
        QFETCH(int, line);
        const OutputCode code = parseBytes(source);
        QCOMPARE(code.dvmImport, line > 0);
        QCOMPARE(code.dvmImportLine, line > 0 ? std::optional<int>(line) : std::nullopt);
    }

    void aotIdHeader_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QString>("aotId");
        QTest::newRow("first line") << QByteArray("# AOT ID: ['0_inference']\nimport torch\n")
                                    << "0_inference";
        QTest::newRow("after ruff") << QByteArray("# ruff: noqa\n# AOT ID: ['12_backward']\n")
                                    << "12_backward";
        QTest::newRow("after empty line") << QByteArray("\n# AOT ID: ['1_forward']\n") << "1_forward";
        QTest::newRow("crlf") << QByteArray("# AOT ID: ['2_forward']\r\nimport torch\r\n") << "2_forward";
        QTest::newRow("absent") << QByteArray("import torch\n") << QString();
        QTest::newRow("after code") << QByteArray("import torch\n# AOT ID: ['0_inference']\n") << QString();
    }

    void aotIdHeader()
    {
        QFETCH(QByteArray, source);
        QFETCH(QString, aotId);
        const OutputCode code = parseBytes(source);
        QCOMPARE(code.aotId,
            aotId.isEmpty() ? std::optional<std::string>() : std::optional<std::string>(aotId.toStdString()));
    }

    void crlfParsesLikeLf_data()
    {
        QTest::addColumn<QString>("fixture");
        for (const QString& fixture : kAllFixtures)
            QTest::newRow(qPrintable(fixture)) << fixture;
    }

    void crlfParsesLikeLf()
    {
        QFETCH(QString, fixture);
        QByteArray lf = readFixture(fixture);
        QByteArray crlf = lf;
        crlf.replace("\n", "\r\n");
        const OutputCode fromLf = parseBytes(lf);
        const OutputCode fromCrlf = parseBytes(crlf);
        QCOMPARE(fromCrlf.bytes, fromLf.bytes + std::uint64_t(lf.count('\n')));
        QCOMPARE(everything(fromCrlf), everything(fromLf));
        QVERIFY(!fromLf.kernels.empty() || !fromLf.fallbacks.empty());
    }

    // Python reads a lone CR as a line end; these were NOT ENGAGED with no diagnostic before.
    void crOnlyParsesLikeLf_data()
    {
        QTest::addColumn<QString>("fixture");
        for (const QString& fixture : kAllFixtures)
            QTest::newRow(qPrintable(fixture)) << fixture;
    }

    void crOnlyParsesLikeLf()
    {
        QFETCH(QString, fixture);
        QByteArray lf = readFixture(fixture);
        QByteArray cr = lf;
        cr.replace('\n', '\r');
        const OutputCode fromLf = parseBytes(lf);
        const OutputCode fromCr = parseBytes(cr);
        QCOMPARE(fromCr.bytes, fromLf.bytes);
        QCOMPARE(everything(fromCr), everything(fromLf));
        // Mixed: CR, LF and CRLF in one file.
        QByteArray mixed = lf;
        for (qsizetype i = 0, n = 0; i < mixed.size(); ++i) {
            if (mixed[i] == '\n' && ++n % 3 == 1)
                mixed[i] = '\r';
            else if (mixed[i] == '\n' && n % 3 == 2)
                mixed.insert(i++, '\r');
        }
        QCOMPARE(everything(parseBytes(mixed)), everything(fromLf));
    }

    void nonUtf8BytesParseLikeClean()
    {
        const QByteArray clean = readFixture(QStringLiteral("dvm_mlir_fusion.py"));
        QByteArray dirty = clean;
        // Latin-1 in a comment, invalid UTF-8 in a docstring and a string; same line count.
        dirty.replace("# ruff: noqa", "# ruff: noqa caf\xe9 \xff\xfe");
        dirty.replace("code: value = x * y", "code: valeur = x \xd7 y \xc3\x28");
        dirty.replace("'traced_graph_hash': 'abc'", "'traced_graph_hash': '\xe9\x80'");
        QVERIFY(dirty != clean);
        QCOMPARE(everything(parseBytes(dirty)), everything(parseBytes(clean)));
    }

    void textFromTheFileIsValidUtf8()
    {
        const OutputCode code = parseBytes("@dvm.kernel(ktype='vec\xe9tor', dyn_shape=False)\n"
                                           "def dvm_graph_fused_0(k):\n"
                                           "    x = k.load([2], dvm.float\xff)\n"
                                           "    k.store(x\xfe, dvm.float32)\n");
        QCOMPARE(code.kernels.size(), std::size_t(1));
        QCOMPARE(code.kernels[0].ktype, std::optional<std::string>("vec\xEF\xBF\xBDtor"));
        QCOMPARE(code.kernels[0].inputs[0].dtype, std::optional<std::string>("float\xEF\xBF\xBD"));
        QCOMPARE(code.kernels[0].outputs[0].name, std::string("x\xEF\xBF\xBD"));
    }

    void emptyFile()
    {
        const OutputCode code = parseBytes(QByteArray(), "/tree/g/output_code.py");
        QCOMPARE(diagnosticCodes(code), QStringList({ u"empty-file"_s }));
        QCOMPARE(code.diagnostics[0].path, std::string("/tree/g/output_code.py"));
        QCOMPARE(code.diagnostics[0].line, std::nullopt);
        QCOMPARE(code.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(code.bytes, std::uint64_t(0));
        QCOMPARE(code.lines, 0);
        QVERIFY(code.kernels.empty());
        QCOMPARE(code.dvmCoverage, std::nullopt);
    }

    void binaryFile()
    {
        QByteArray bytes(
            "@dvm.kernel(ktype='vector', dyn_shape=False)\ndef dvm_graph_fused_0(k):\n    pass\n");
        bytes.append('\0');
        bytes.append("\x89PNG\r\n", 6);
        const OutputCode code = parseBytes(bytes);
        QCOMPARE(diagnosticCodes(code), QStringList({ u"binary-file"_s }));
        QCOMPARE(code.diagnostics[0].severity, Severity::Error);
        QVERIFY(code.kernels.empty());
        QCOMPARE(code.bytes, std::uint64_t(bytes.size()));
        QCOMPARE(code.lines, 4);
    }

    void truncatedInsideTripleQuotedSource()
    {
        QByteArray bytes = readFixture(QStringLiteral("dvm_mlir_fusion.py"));
        bytes.truncate(bytes.indexOf("    tl.store(out_ptr0, x * 2)"));
        const OutputCode code = parseBytes(bytes);
        QCOMPARE(diagnosticCodes(code), QStringList({ u"truncated"_s }));
        QCOMPARE(code.diagnostics[0].line, std::optional<int>(82));
        QCOMPARE(code.diagnostics[0].severity, Severity::Error);
        QCOMPARE(code.diagnostics[0].message,
            std::string("The file ends inside a string literal that starts on line 82."));
        QCOMPARE(code.lines, 89);
        // What came before the cut is still read; the cut definition is not a kernel.
        QCOMPARE(kernelSummary(code),
            QStringList({ QStringLiteral("dvm_fused_add_mul_relu_0 dvm 30-44 x0 []"),
                QStringLiteral("dvm_fused_div_rsqrt_sum_1 dvm 52-69 x0 []"),
                QStringLiteral("dvm_fused_gelu_2 import_fx 77-77 x0 []"),
                QStringLiteral("triton_unk_fused_mul_3 triton 82-89 x0 []") }));
    }

    void truncatedInsideBracket()
    {
        const OutputCode code =
            parseBytes("import torch\ndef call(args):\n    buf0 = torch.ops.aten.mm.default(\n"
                       "        args[0],\n");
        QCOMPARE(diagnosticCodes(code), QStringList({ u"truncated"_s }));
        QCOMPARE(code.diagnostics[0].line, std::optional<int>(3));
        QCOMPARE(
            code.diagnostics[0].message, std::string("The file ends inside a bracket opened on line 3."));
        QCOMPARE(fallbackSummary(code), QStringList({ QStringLiteral("aten.mm.default aten @3") }));
    }

    void hugeCutLogicalLine()
    {
        // An unclosed bracket makes the rest of the file one logical line: every call still gets
        // its own physical line, and the cut is reported.
        QByteArray bytes("def call(args):\n    buf0 = f(\n");
        constexpr int calls = 100000;
        for (int i = 0; i < calls; ++i)
            bytes += "        aten.mm(a),\n";
        const OutputCode code = parseBytes(bytes);
        QCOMPARE(code.lines, calls + 2);
        QCOMPARE(code.fallbacks.size(), std::size_t(calls));
        QCOMPARE(code.fallbacks.front().line, 3);
        QCOMPARE(code.fallbacks.back().line, calls + 2);
        QCOMPARE(diagnosticCodes(code), QStringList({ u"truncated"_s }));
        QCOMPARE(code.diagnostics[0].line, std::optional<int>(2));
    }

    void summaryDetailDropsOnlyBuilderBodies()
    {
        // Every fixture: KernelDetail::Summary gives the same file, kernels, launches, fallbacks,
        // verdict and diagnostics as Full, with the ops, inputs and outputs left empty.
        const QStringList names = QDir(testutil::fixture(QStringLiteral("output_code")))
                                      .entryList({ QStringLiteral("*.py") }, QDir::Files, QDir::Name);
        QVERIFY(names.size() >= 6);
        int bodiesDropped = 0;
        for (const QString& name : names) {
            const QByteArray bytes = readFixture(name);
            const std::string_view view(bytes.constData(), static_cast<std::size_t>(bytes.size()));
            const OutputCode full = parseOutputCode(view, "/f.py", KernelDetail::Full);
            const OutputCode summary = parseOutputCode(view, "/f.py", KernelDetail::Summary);
            QCOMPARE(kernelSummary(summary), kernelSummary(full));
            QCOMPARE(fallbackSummary(summary), fallbackSummary(full));
            QCOMPARE(summary.lines, full.lines);
            QCOMPARE(summary.dvmImport, full.dvmImport);
            QCOMPARE(summary.dvmEngaged, full.dvmEngaged);
            QCOMPARE(summary.dvmCoverage, full.dvmCoverage);
            QCOMPARE(summary.diagnostics.size(), full.diagnostics.size());
            for (std::size_t i = 0; i < full.kernels.size(); ++i) {
                const Kernel& a = full.kernels[i];
                const Kernel& b = summary.kernels[i];
                QCOMPARE(b.ktype, a.ktype);
                QCOMPARE(b.dynShape, a.dynShape);
                QCOMPARE(b.mfusion, a.mfusion);
                QCOMPARE(b.framing, a.framing);
                QCOMPARE(b.fxGraphLine, a.fxGraphLine);
                QVERIFY(b.ops.empty() && b.inputs.empty() && b.outputs.empty());
                bodiesDropped += !a.ops.empty() || !a.inputs.empty() || !a.outputs.empty();
            }
        }
        QVERIFY(bodiesDropped >= 4);
    }

    void readsFilesThroughScratch()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("output_code.py"));
        QVERIFY(QFile::copy(testutil::fixture(QStringLiteral("output_code/dvm_graph_fusion.py")), path));
        std::string scratch;
        const OutputCode fromFile = parseOutputCodeFile(fileSystem(), path.toStdString(), scratch);
        QCOMPARE(fromFile.path, path.toStdString());
        QCOMPARE(everything(fromFile), everything(parseFixture(QStringLiteral("dvm_graph_fusion.py"))));
        // The same scratch serves the next file.
        const OutputCode again = parseOutputCodeFile(
            fileSystem(), testutil::fixturePath(QStringLiteral("output_code/zero_kernels.py")), scratch);
        QCOMPARE(again.fallbacks.size(), std::size_t(2));
    }

    void unreadableFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::string scratch;
        for (const QString& path : { dir.filePath(QStringLiteral("missing.py")), dir.path() }) {
            const OutputCode code = parseOutputCodeFile(fileSystem(), path.toStdString(), scratch);
            QCOMPARE(diagnosticCodes(code), QStringList({ u"unreadable"_s }));
            QCOMPARE(code.diagnostics[0].path, path.toStdString());
            QCOMPARE(code.diagnostics[0].severity, Severity::Error);
            QVERIFY(code.diagnostics[0].message.find("could not be read") != std::string::npos);
            QVERIFY(code.kernels.empty());
        }
    }

    // A FIFO under the name (swapped in after the walk) hung open(2) before; a link out of the
    // tree was read.
    void specialAndOutsideFilesAreNotRead()
    {
        QTemporaryDir dir;
        QTemporaryDir outside;
        const QString fifo = dir.filePath(QStringLiteral("output_code.py"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
        QFile::copy(testutil::fixture(QStringLiteral("output_code/dvm_graph_fusion.py")),
            outside.filePath(QStringLiteral("output_code.py")));
        const QString link = dir.filePath(QStringLiteral("linked.py"));
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("output_code.py")), link));
        std::string scratch;
        const OutputCode fromFifo = parseOutputCodeFile(
            fileSystem(), fifo.toStdString(), scratch, KernelDetail::Full, dir.path().toStdString());
        QCOMPARE(diagnosticCodes(fromFifo), QStringList({ u"unreadable"_s }));
        QVERIFY2(
            fromFifo.diagnostics[0].message.find("it is a FIFO, not a regular file") != std::string::npos,
            fromFifo.diagnostics[0].message.c_str());
        const OutputCode fromLink = parseOutputCodeFile(
            fileSystem(), link.toStdString(), scratch, KernelDetail::Full, dir.path().toStdString());
        QCOMPARE(diagnosticCodes(fromLink), QStringList({ u"unreadable"_s }));
        QVERIFY(fromLink.diagnostics[0].message.find("leads out of the scanned tree") != std::string::npos);
        QVERIFY(fromLink.kernels.empty());
        // The same link with no tree to stay in (a file the user named) is read.
        QVERIFY(!parseOutputCodeFile(fileSystem(), link.toStdString(), scratch).kernels.empty());
    }
};

QTEST_GUILESS_MAIN(TestOutputCodeParser)
#include "tst_outputcodeparser.moc"
