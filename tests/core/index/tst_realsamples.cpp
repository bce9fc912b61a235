// SPDX-License-Identifier: MIT
// The five real Inductor output_code.py files in ../shared/real-samples (PyTorch 2.0 to 2.9, Triton
// and C++): exact kernels, launches, fallbacks, sizes and header, established by reading the files.
// Skipped when the shared folder is absent.
#include "core/io/container.h"
#include "core/parse/outputcodeparser.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace dvmlens;

namespace {

struct ExpectedKernel
{
    const char* name;
    Backend backend;
    int line;
    int endLine;
    std::vector<int> launchLines;
};

struct ExpectedFallback
{
    const char* target;
    FallbackKind kind;
    int line;
};

struct ExpectedFile
{
    const char* sample;
    std::uint64_t bytes;
    int lines;
    std::optional<std::string> aotId;
    std::vector<ExpectedKernel> kernels;
    std::vector<ExpectedFallback> fallbacks;
};

const std::vector<ExpectedFile>& expectedFiles()
{
    static const std::vector<ExpectedFile> files = {
        { "lenet-cuda-triton-v2.6/output_code.py", 51392, 722, "0_inference",
            {
                { "triton_per_fused__native_batch_norm_legit_functional_convolution_relu_0", Backend::Triton,
                    67, 142, { 623 } },
                { "triton_poi_fused__native_batch_norm_legit_functional_convolution_max_pool2d_with_indices_"
                  "relu_1",
                    Backend::Triton, 163, 202, { 632 } },
                { "triton_poi_fused__native_batch_norm_legit_functional_convolution_max_pool2d_with_indices_"
                  "relu_2",
                    Backend::Triton, 225, 258, { 637 } },
                { "triton_per_fused__native_batch_norm_legit_functional_convolution_max_pool2d_with_indices_"
                  "relu_3",
                    Backend::Triton, 292, 356, { 648 } },
                { "triton_poi_fused__native_batch_norm_legit_functional_convolution_max_pool2d_with_indices_"
                  "relu_4",
                    Backend::Triton, 389, 433, { 654 } },
                { "triton_per_fused_addmm_5", Backend::Triton, 443, 487, { 663 } },
                { "triton_per_fused_addmm_relu_6", Backend::Triton, 500, 545, { 670 } },
                { "triton_poi_fused_add_7", Backend::Triton, 555, 583, { 683, 687 } },
            },
            {
                { "extern_kernels.convolution", FallbackKind::Extern, 616 },
                { "extern_kernels.convolution", FallbackKind::Extern, 640 },
                { "extern_kernels.bias_addmm", FallbackKind::Extern, 677 },
            } },
        { "linear-relu-cuda-train-fwd-v2.0/output_code.py", 3666, 90, std::nullopt,
            { { "triton_fused_relu_threshold_backward_0", Backend::Triton, 25, 47, { 65 } } },
            { { "extern_kernels.addmm", FallbackKind::Extern, 59 } } },
        { "mlp-cuda-templates-v2.7.1/output_code.py", 18989, 363, "0_inference",
            {
                { "triton_tem_fused_addmm_0", Backend::Triton, 42, 130, { 329 } },
                { "triton_per_fused_add_addmm_mean_mul_pow_relu_rsqrt_1", Backend::Triton, 148, 199,
                    { 335 } },
                { "triton_tem_fused_add_addmm_mean_mul_pow_relu_rsqrt_2", Backend::Triton, 219, 309,
                    { 341 } },
            },
            {} },
        { "toy-cpu-cpp-dynamic-fwd-v2.9/output_code.py", 7798, 154, "1_forward",
            { { "cpp_fused_abs_add_div_mul_sum_0", Backend::Cpp, 33, 108, { 134 } } }, {} },
        { "toy-cpu-cpp-dynamic-bwd-v2.9/output_code.py", 11998, 223, "1_backward",
            { { "cpp_fused_abs_add_div_expand_mul_neg_sgn_sum_0", Backend::Cpp, 33, 169, { 196 } } }, {} },
    };
    return files;
}

QByteArray readSample(const char* sample)
{
    QFile file(testutil::realSample(QString::fromLatin1(sample)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

} // namespace

class TestRealSamples : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFile::exists(testutil::realSample(QString::fromLatin1(expectedFiles().front().sample))))
            QSKIP("../shared/real-samples is absent");
    }

    void parsesExactly_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < expectedFiles().size(); ++i)
            QTest::newRow(expectedFiles()[i].sample) << int(i);
    }

    void parsesExactly()
    {
        QFETCH(int, index);
        const ExpectedFile& expected = expectedFiles()[std::size_t(index)];
        const std::string path = testutil::realSample(QString::fromLatin1(expected.sample)).toStdString();
        std::string scratch;
        const OutputCode code = parseOutputCodeFile(fileSystem(), path, scratch);

        QCOMPARE(code.path, path);
        QCOMPARE(code.bytes, expected.bytes);
        QCOMPARE(code.lines, expected.lines);
        QCOMPARE(code.aotId, expected.aotId);
        QVERIFY(code.diagnostics.empty());
        QVERIFY(!code.dvmImport);
        QVERIFY(!code.dvmEngaged);
        QCOMPARE(code.dvmCoverage, std::optional<double>(0.0));

        QCOMPARE(code.kernels.size(), expected.kernels.size());
        for (std::size_t i = 0; i < expected.kernels.size(); ++i) {
            const Kernel& kernel = code.kernels[i];
            const ExpectedKernel& want = expected.kernels[i];
            QCOMPARE(kernel.name, std::string(want.name));
            QCOMPARE(kernel.backend, want.backend);
            QCOMPARE(kernel.line, want.line);
            QCOMPARE(kernel.endLine, want.endLine);
            QCOMPARE(kernel.launchLines, want.launchLines);
            QCOMPARE(kernel.launches, int(want.launchLines.size()));
            QVERIFY(kernel.ops.empty() && kernel.inputs.empty() && !kernel.ktype);
        }
        QCOMPARE(code.fallbacks.size(), expected.fallbacks.size());
        for (std::size_t i = 0; i < expected.fallbacks.size(); ++i) {
            QCOMPARE(code.fallbacks[i].target, std::string(expected.fallbacks[i].target));
            QCOMPARE(code.fallbacks[i].kind, expected.fallbacks[i].kind);
            QCOMPARE(code.fallbacks[i].line, expected.fallbacks[i].line);
        }
    }

    void crlfCopiesParseAlike_data()
    {
        parsesExactly_data();
    }

    void crlfCopiesParseAlike()
    {
        QFETCH(int, index);
        const ExpectedFile& expected = expectedFiles()[std::size_t(index)];
        const QByteArray lf = readSample(expected.sample);
        QVERIFY(!lf.isEmpty());
        QByteArray crlf = lf;
        crlf.replace("\n", "\r\n");
        const OutputCode a = parseOutputCode(std::string_view(lf.constData(), std::size_t(lf.size())), "a");
        const OutputCode b =
            parseOutputCode(std::string_view(crlf.constData(), std::size_t(crlf.size())), "b");
        QCOMPARE(b.lines, a.lines);
        QCOMPARE(b.aotId, a.aotId);
        QCOMPARE(b.kernels.size(), a.kernels.size());
        for (std::size_t i = 0; i < a.kernels.size(); ++i) {
            QCOMPARE(b.kernels[i].name, a.kernels[i].name);
            QCOMPARE(b.kernels[i].line, a.kernels[i].line);
            QCOMPARE(b.kernels[i].endLine, a.kernels[i].endLine);
            QCOMPARE(b.kernels[i].launchLines, a.kernels[i].launchLines);
        }
        QCOMPARE(b.fallbacks.size(), a.fallbacks.size());
    }
};

QTEST_GUILESS_MAIN(TestRealSamples)
#include "tst_realsamples.moc"
