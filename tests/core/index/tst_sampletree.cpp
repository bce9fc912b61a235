// SPDX-License-Identifier: MIT
// The sample tree shipped in resources/samples/torch_compile_debug (README Quick start, screenshots,
// compare demo): run 4101 has DVM engaged in every graph, run 4102 silently lost it. Exact verdicts,
// kernels, fallbacks, logs and the missing-output-code diagnostic.
#include "core/index/indexer.h"
#include "core/verdict/summary.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>

using namespace dvmlens;

namespace {

const QString kSample = QStringLiteral("resources/samples/torch_compile_debug");

// "name backend xN" per kernel, in file order.
QStringList kernelsOf(const Graph& graph)
{
    QStringList list;
    for (const Kernel& kernel : graph.outputCode.value().kernels)
        list << QStringLiteral("%1 %2 x%3")
                    .arg(QString::fromStdString(kernel.name), QString::fromUtf8(backendName(kernel.backend)))
                    .arg(kernel.launches);
    return list;
}

QStringList fallbacksOf(const Graph& graph)
{
    QStringList list;
    for (const Fallback& fallback : graph.outputCode.value().fallbacks)
        list << QString::fromStdString(fallback.target) + QLatin1Char(' ')
                + QString::fromUtf8(fallbackKindName(fallback.kind));
    return list;
}

QStringList strings(const std::vector<std::string>& values)
{
    QStringList list;
    for (const std::string& value : values)
        list << QString::fromStdString(value);
    return list;
}

const QStringList kGraphFiles { QStringLiteral("fx_graph_readable.py"),
    QStringLiteral("fx_graph_runnable.py"), QStringLiteral("fx_graph_transformed.py"),
    QStringLiteral("ir_post_fusion.txt"), QStringLiteral("ir_pre_fusion.txt"),
    QStringLiteral("output_code.py") };

} // namespace

class TestSampleTree : public QObject
{
    Q_OBJECT

    Index m_index;

private Q_SLOTS:
    void initTestCase()
    {
        std::string error;
        IndexOptions options;
        options.jobs = 2;
        std::optional<Index> index = buildIndex(testutil::sourcePath(kSample).toStdString(), options, error);
        QVERIFY2(index, error.c_str());
        m_index = std::move(*index);
        QCOMPARE(m_index.runs.size(), std::size_t(2));
        QVERIFY(m_index.diagnostics.empty());
    }

    void runs()
    {
        const Run& engaged = m_index.runs[0];
        QCOMPARE(engaged.name.value(), std::string("run_2026_07_20_10_15_30_123456-pid_4101"));
        QCOMPARE(engaged.pid.value(), 4101);
        QCOMPARE(engaged.started.value(), std::string("2026-07-20T10:15:30.123456"));
        const Run& lost = m_index.runs[1];
        QCOMPARE(lost.pid.value(), 4102);
        QCOMPARE(lost.started.value(), std::string("2026-07-20T11:02:07.654321"));
        for (const Run* run : { &engaged, &lost }) {
            QCOMPARE(run->graphs.size(), std::size_t(3));
            QCOMPARE(run->graphs[0].name, std::string("model__0_forward_1.0"));
            QCOMPARE(run->graphs[1].name, std::string("model__0_backward_2.1"));
            QCOMPARE(run->graphs[2].name, std::string("model__1_inference_3.2"));
            const QString path = QString::fromStdString(run->path);
            QCOMPARE(strings(run->logs),
                (QStringList { path + QStringLiteral("/torchdynamo/debug.log"),
                    path + QStringLiteral("/torchinductor/aot_model___0_debug.log"),
                    path + QStringLiteral("/torchinductor/aot_model___1_debug.log") }));
        }
    }

    void engagedForward()
    {
        const Graph& graph = m_index.runs[0].graphs[0];
        QCOMPARE(strings(graph.files), kGraphFiles);
        QCOMPARE(graphVerdict(graph), Verdict::Engaged);
        QVERIFY(graph.diagnostics.empty());
        QCOMPARE(kernelsOf(graph),
            (QStringList { QStringLiteral("dvm_fused__to_copy_add_mean_mul_pow_rsqrt_0 dvm x1"),
                QStringLiteral("dvm_fused_add_mul_1 dvm x1"), QStringLiteral("dvm_fused_silu_view_2 dvm x1"),
                QStringLiteral("dvm_fused_add_mul_view_3 dvm x1") }));
        QCOMPARE(fallbacksOf(graph),
            (QStringList {
                QStringLiteral("aten.mm.default aten"), QStringLiteral("extern_kernels.addmm extern") }));
        const Kernel& spec = graph.outputCode->kernels[0];
        QCOMPARE(spec.ktype.value(), std::string("spec"));
        QCOMPARE(spec.dynShape.value(), false);
        QCOMPARE(spec.framing.value(), std::string("mlir_fusion"));
        QVERIFY(std::find(spec.ops.begin(), spec.ops.end(), "sum") != spec.ops.end());
        QCOMPARE(spec.inputs.size(), std::size_t(2));
        QCOMPARE(spec.outputs.size(), std::size_t(2));
        QCOMPARE(graph.outputCode->dvmCoverage.value(), 4.0 / 6.0);
    }

    void engagedBackwardWithImportFxFallback()
    {
        const Graph& graph = m_index.runs[0].graphs[1];
        QCOMPARE(graphVerdict(graph), Verdict::Engaged);
        QCOMPARE(kernelsOf(graph),
            (QStringList { QStringLiteral("dvm_fused_mul_view_0 dvm x1"),
                QStringLiteral("dvm_fused_silu_backward_1 import_fx x1"),
                QStringLiteral("dvm_fused__to_copy_add_mul_pow_sum_view_2 dvm x1") }));
        QCOMPARE(fallbacksOf(graph),
            (QStringList { QStringLiteral("aten.mm.default aten"), QStringLiteral("aten.mm.default aten"),
                QStringLiteral("aten.mm.default aten") }));
        QCOMPARE(graph.outputCode->kernels[2].ktype.value(), std::string("spec"));
    }

    void engagedDynamicInference()
    {
        const Graph& graph = m_index.runs[0].graphs[2];
        QCOMPARE(graphVerdict(graph), Verdict::Engaged);
        QCOMPARE(kernelsOf(graph),
            (QStringList { QStringLiteral("dvm_graph_fused_7 dvm x1"),
                QStringLiteral("dvm_fused_add_div_relu_0 dvm x1") }));
        QVERIFY(fallbacksOf(graph).isEmpty());
        const Kernel& split = graph.outputCode->kernels[0];
        QCOMPARE(split.ktype.value(), std::string("split"));
        QCOMPARE(split.framing.value(), std::string("graph_fusion"));
        QCOMPARE(split.inputs.at(1).op, std::string("view_load"));
        QCOMPARE(split.inputs[1].stride.value(), (std::vector<std::int64_t> { 1, -1 }));
        const Kernel& dynamic = graph.outputCode->kernels[1];
        QCOMPARE(dynamic.dynShape.value(), true);
        QCOMPARE(dynamic.inputs.at(0).shape.value(), (std::vector<std::int64_t> { -1, 128 }));
        QCOMPARE(dynamic.inputs.at(2).op, std::string("scalar"));
        QCOMPARE(dynamic.inputs[2].dtype.value(), std::string("int64"));
    }

    void lostForwardFellBackToTriton()
    {
        const Graph& graph = m_index.runs[1].graphs[0];
        QCOMPARE(graphVerdict(graph), Verdict::NotEngaged);
        QVERIFY(!graph.outputCode->dvmImport);
        QCOMPARE(kernelsOf(graph),
            (QStringList { QStringLiteral("triton_unk_fused__to_copy_add_mean_0 triton x1"),
                QStringLiteral("triton_unk_fused_add_mul_1 triton x1"),
                QStringLiteral("dvm_fused_silu_view_2 import_fx x1"),
                QStringLiteral("triton_unk_fused_add_mul_view_3 triton x1") }));
        QCOMPARE(notEngagedReasons(graph),
            (std::vector<std::string> { "no `from torch_npu._inductor import dvm`",
                "no @dvm.kernel definitions",
                "only import_fx FX fallbacks named like DVM kernels (dvm_fused_silu_view_2), which are not "
                "DVM code" }));
    }

    void lostBackwardIsACacheHit()
    {
        const Graph& graph = m_index.runs[1].graphs[1];
        QCOMPARE(graphVerdict(graph), Verdict::NoCode);
        QCOMPARE(strings(graph.files), QStringList { QStringLiteral(".gitkeep") });
        QCOMPARE(graph.diagnostics.size(), std::size_t(1));
        const Diagnostic& missing = graph.diagnostics[0];
        QCOMPARE(missing.code, std::string("missing-output-code"));
        QCOMPARE(missing.severity, Severity::Warning);
        QCOMPARE(missing.path, graph.path);
        QVERIFY2(missing.message.find("FX graph cache hit") != std::string::npos, missing.message.c_str());
        QVERIFY(notEngagedReasons(graph).empty());
    }

    void lostInferenceHasOnlyImportFx()
    {
        const Graph& graph = m_index.runs[1].graphs[2];
        QCOMPARE(graphVerdict(graph), Verdict::NotEngaged);
        QVERIFY(graph.outputCode->dvmImport);
        QCOMPARE(kernelsOf(graph),
            (QStringList { QStringLiteral("dvm_fused__to_copy_mul_permute_0 import_fx x1"),
                QStringLiteral("dvm_fused_add_div_relu_1 import_fx x1") }));
        QCOMPARE(fallbacksOf(graph),
            (QStringList { QStringLiteral("npu.npu_fusion_attention.default npu"),
                QStringLiteral("aten.mm.default aten") }));
        QCOMPARE(notEngagedReasons(graph),
            (std::vector<std::string> { "no @dvm.kernel definitions",
                "only import_fx FX fallbacks named like DVM kernels (dvm_fused__to_copy_mul_permute_0, "
                "dvm_fused_add_div_relu_1), which are not DVM code" }));
    }

    void totals()
    {
        const Summary engaged = summarize(m_index.runs[0]);
        QCOMPARE(engaged.dvmEngagedGraphs, 3);
        QVERIFY(engaged.dvmEngaged);
        QCOMPARE(engaged.kernelCount(Backend::Dvm), 8);
        const Summary all = summarize(m_index);
        QCOMPARE(all.runs, 2);
        QCOMPARE(all.graphs, 6);
        QCOMPARE(all.graphsWithOutputCode, 5);
        QCOMPARE(all.dvmEngagedGraphs, 3);
        QCOMPARE(all.kernelCount(Backend::Dvm), 8);
        QCOMPARE(all.kernelCount(Backend::ImportFx), 4);
        QCOMPARE(all.kernelCount(Backend::Triton), 3);
        QCOMPARE(all.kernels, 15);
        QCOMPARE(all.launches, 15);
        QCOMPARE(all.fallbackCount(FallbackKind::Aten), 6);
        QCOMPARE(all.fallbackCount(FallbackKind::Npu), 1);
        QCOMPARE(all.fallbackCount(FallbackKind::Extern), 2);
        QCOMPARE(all.diagnosticCount(Severity::Warning), 1);
        QVERIFY(!all.dvmEngaged);
    }
};

QTEST_GUILESS_MAIN(TestSampleTree)
#include "tst_sampletree.moc"
