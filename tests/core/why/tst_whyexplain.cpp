// SPDX-License-Identifier: MIT
// Why not DVM, per kernel and fallback call: a DVM file with import_fx groups (float64 input, an op
// without an emitter, an int64 mul, a group where every node passes) and ATen/NPU calls (permute,
// mm with and without the matmul variable, div with rounding mode, an NPU custom op, an op kept
// whole, an int64 full, an op the file cannot explain), under recorded environments; and the real
// NPU Triton files, whose reason is the backend.
#include "core/parse/outputcodeparser.h"
#include "core/why/fxdocgraph.h"
#include "core/why/whyexplain.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace dvmlens;

namespace {

std::string readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll().toStdString();
}

// The 1-based line of the first line containing `needle`.
int lineOf(const std::string& text, const std::string& needle)
{
    const std::size_t at = text.find(needle);
    if (at == std::string::npos)
        qFatal("no %s", needle.c_str());
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
}

struct Explained
{
    std::string text;
    OutputCode code;
    GraphWhy why;
};

Explained explainFixture(const WhyEnvironment& environment, const QString& path = QString())
{
    Explained out;
    const QString file = path.isEmpty() ? testutil::fixture(QStringLiteral("why/dvm_fallbacks.py")) : path;
    out.text = readAll(file);
    out.code = parseOutputCode(out.text, file.toStdString());
    out.why = explainOutputCode(out.code, out.text, environment, builtinWhyRules());
    return out;
}

WhyEnvironment recorded(std::vector<std::pair<std::string, std::string>> variables)
{
    WhyEnvironment environment;
    environment.recorded = true;
    environment.source = "/t/fx_graph_runnable.py";
    environment.variables = std::move(variables);
    if (const std::string* backend = environment.value("TORCHINDUCTOR_NPU_BACKEND"))
        environment.npuBackend = *backend;
    return environment;
}

const WhyReason& fallbackReason(const Explained& explained, const std::string& target)
{
    for (std::size_t i = 0; i < explained.code.fallbacks.size(); ++i) {
        if (explained.code.fallbacks[i].target == target)
            return explained.why.fallbacks[i];
    }
    qFatal("no fallback %s", target.c_str());
}

const std::vector<std::string> kNewReleases { "26.2-0day", "26.2b-pt2.7", "26.2b-pt2.10", "26.2b-pt2.13",
    "master" };

} // namespace

class TestWhyExplain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void docstringGraphIsRead()
    {
        const FxDocGraph graph =
            parseFxDocGraph("class runnable_gm(torch.nn.Module):\n"
                            "    def forward(self, arg0_1: \"f64[8, 16]\", arg1_1: \"Sym(s0)\"):\n"
                            "        where: \"f32[s0]\" = torch.ops.aten.where.self(gt, arg0_1, "
                            "full_default, out = None);  gt = None\n",
                10);
        QCOMPARE(graph.placeholders.size(), std::size_t(2));
        QCOMPARE(graph.placeholders[0].annotation.dtype.value_or(""), std::string("float64"));
        QCOMPARE(graph.placeholders[0].line, 11);
        QVERIFY(!graph.placeholders[1].annotation.dtype);
        QCOMPARE(graph.nodes.size(), std::size_t(1));
        QCOMPARE(graph.nodes[0].target, std::string("aten.where.self"));
        QCOMPARE(graph.nodes[0].annotation.shape, std::vector<std::string> { "s0" });
        QCOMPARE(graph.nodes[0].positional.size(), std::size_t(3));
        QCOMPARE(graph.nodes[0].positional[2], std::vector<std::string> { "full_default" });
        QCOMPARE(
            graph.nodes[0].keyword, std::vector<std::string> {}); // None is no value name... and no dtype
        QCOMPARE(parseFxAnnotation("bf16[8, 16][16, 1]npu:0")->dtype.value_or(""), std::string("bfloat16"));
        QVERIFY(!parseFxAnnotation("q9[1]"));
    }

    void importFxGroups()
    {
        const Explained e = explainFixture(WhyEnvironment {});
        QCOMPARE(e.why.releases, kNewReleases); // 2-argument set_kernel_info: 26.2 or later
        QCOMPARE(e.code.kernels.size(), std::size_t(5));
        QVERIFY(!e.why.kernels[0]); // the real DVM kernel

        const WhyReason& f64 = *e.why.kernels[1];
        QCOMPARE(f64.code, std::string("group-placeholder-dtype"));
        QCOMPARE(f64.evidence.input, std::string("arg1_1"));
        QCOMPARE(f64.evidence.dtype, std::string("float64"));
        QCOMPARE(f64.evidence.line.value_or(0), lineOf(e.text, "arg1_1: \"f64[8, 16]\""));
        QCOMPARE(f64.releases, kNewReleases);
        QCOMPARE(f64.text,
            std::string(
                "DVM skipped this fused group: input `arg1_1` is float64 (DVM loads only bfloat16, float16, "
                "float32, int32, bool, int64)."));
        QVERIFY(f64.fix.zh.find("float64") != std::string::npos);

        const WhyReason& noEmitter = *e.why.kernels[2];
        QCOMPARE(noEmitter.code, std::string("group-no-emitter"));
        QCOMPARE(noEmitter.evidence.node, std::string("lift_fresh_copy"));
        QCOMPARE(noEmitter.evidence.op, std::string("aten.lift_fresh_copy.default"));
        QCOMPARE(noEmitter.evidence.line.value_or(0), lineOf(e.text, "lift_fresh_copy: \"f32[]\""));

        const WhyReason& int64Mul = *e.why.kernels[3];
        QCOMPARE(int64Mul.code, std::string("group-node-dtype"));
        QCOMPARE(int64Mul.evidence.node, std::string("mul")); // add passes: int64 add is DVM from 26.2
        QCOMPARE(int64Mul.evidence.dtype, std::string("int64"));
        QCOMPARE(int64Mul.evidence.allowed, std::string("bfloat16, float16, float32, int32"));

        const WhyReason& forced = *e.why.kernels[4];
        QCOMPARE(forced.code, std::string("group-forced"));
        QVERIFY(forced.text.find("force_fallback_kernel_names") != std::string::npos);
    }

    // The same int64 group read as torch_npu 26.1 (release markers say so): the input is refused first.
    void releaseDecidesTheGroup()
    {
        WhyEnvironment environment = recorded({ { "TORCHINDUCTOR_NPU_BACKEND", "dvm" } });
        environment.torchNpu = "2.9.0.post6"; // a COMPATIBILITY row of 26.1, whatever the text says
        environment.torch = "2.9.0+cpu";
        const Explained e = explainFixture(environment);
        QCOMPARE(e.why.releases, std::vector<std::string> { "26.1-pt2.9" });
        QCOMPARE(e.why.kernels[3]->code, std::string("group-placeholder-dtype"));
        QCOMPARE(e.why.kernels[3]->evidence.dtype, std::string("int64"));
        QCOMPARE(e.why.kernels[2]->code, std::string("group-no-emitter")); // lift_fresh_copy is no emitter
    }

    void atenAndNpuCalls()
    {
        const Explained e = explainFixture(recorded({ { "TORCHINDUCTOR_NPU_BACKEND", "dvm" } }));
        const WhyReason& permute = fallbackReason(e, "aten.permute.default");
        QCOMPARE(permute.code, std::string("not-in-lowering-list"));
        QCOMPARE(permute.evidence.line.value_or(0), lineOf(e.text, "buf1 = torch.ops.aten.permute"));
        QCOMPARE(permute.releases, kNewReleases);
        QVERIFY(permute.text.find("torch_npu 26.2-0day, 26.2b-pt2.7, 26.2b-pt2.10, 26.2b-pt2.13, master")
            != std::string::npos);

        const WhyReason& mm = fallbackReason(e, "aten.mm.default");
        QCOMPARE(mm.code, std::string("matmul-fusion-off"));
        QVERIFY(
            mm.evidence.setting.find("INDUCTOR_DVM_ENABLE_MATMUL_FUSION is not set") != std::string::npos);
        QCOMPARE(mm.releases,
            (std::vector<std::string> { "26.2b-pt2.7", "26.2b-pt2.10", "26.2b-pt2.13", "master" }));
        QCOMPARE(mm.alternatives.size(), std::size_t(1)); // 26.2-0day: no matmul fusion at all
        QCOMPARE(mm.alternatives[0].releases, std::vector<std::string> { "26.2-0day" });

        QCOMPARE(fallbackReason(e, "aten.div.Tensor_mode").code, std::string("special-form"));
        QCOMPARE(fallbackReason(e, "npu.npu_rms_norm.default").code, std::string("no-lowering"));
        QCOMPARE(fallbackReason(e, "aten._log_softmax.default").code, std::string("kept-whole"));
        const WhyReason& full = fallbackReason(e, "aten.full.default");
        QCOMPARE(full.code, std::string("dtype-refused"));
        QCOMPARE(full.evidence.dtype, std::string("int64"));
        QCOMPARE(fallbackReason(e, "aten.sum.dim_IntList").code, std::string("unknown")); // dtypes not shown
        QCOMPARE(fallbackReason(e, "aten.add.Tensor").code, std::string("unknown"));
    }

    void matmulVariable()
    {
        const Explained on = explainFixture(recorded(
            { { "TORCHINDUCTOR_NPU_BACKEND", "dvm" }, { "INDUCTOR_DVM_ENABLE_MATMUL_FUSION", "1" } }));
        QCOMPARE(fallbackReason(on, "aten.mm.default").code, std::string("matmul-refused"));
        // No recorded environment: off or refused cannot be told.
        const Explained unknown = explainFixture(WhyEnvironment {});
        QCOMPARE(fallbackReason(unknown, "aten.mm.default").code, std::string("unknown"));
    }

    void userSettings()
    {
        const Explained listed = explainFixture(recorded({ { "TORCHINDUCTOR_NPU_BACKEND", "dvm" },
            { "NPU_INDUCTOR_FALLBACK_LIST", "aten.add, aten.sum.dim_IntList" } }));
        const WhyReason& add = fallbackReason(listed, "aten.add.Tensor");
        QCOMPARE(add.code, std::string("user-forced-op"));
        QCOMPARE(add.evidence.setting,
            std::string(
                "NPU_INDUCTOR_FALLBACK_LIST='aten.add, aten.sum.dim_IntList' in /t/fx_graph_runnable.py"));
        // An overload name is ignored by torch_npu, so it explains nothing.
        QCOMPARE(fallbackReason(listed, "aten.sum.dim_IntList").code, std::string("unknown"));

        const Explained all = explainFixture(recorded(
            { { "TORCHINDUCTOR_NPU_BACKEND", "dvm" }, { "NPU_INDUCTOR_FALLBACK_LIST", "allfallback" } }));
        for (const WhyReason& reason : all.why.fallbacks)
            QCOMPARE(reason.code, std::string("user-forced-all"));
    }

    // Real Ascend files from the Triton backends: every kernel and call is there because of the backend.
    void realNpuFilesSayTheBackend_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char* name :
            { "npu-triton-60869962735", "npu-triton-65734279247", "npu-triton-66155746800",
                "npu-triton-68312512260", "npu-triton-68396700559", "npu-triton-68630872720" })
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void realNpuFilesSayTheBackend()
    {
        QFETCH(QString, sample);
        const QString path = testutil::realSample(sample + QStringLiteral("/output_code.py"));
        if (!QFile::exists(path))
            QSKIP("../shared/real-samples is not here");
        const Explained plain = explainFixture(WhyEnvironment {}, path);
        QVERIFY(plain.code.kernels.size() + plain.code.fallbacks.size() > 0);
        for (const auto& kernel : plain.why.kernels)
            QCOMPARE(kernel->code, std::string("backend-not-dvm"));
        for (const WhyReason& fallback : plain.why.fallbacks)
            QCOMPARE(fallback.code, std::string("backend-not-dvm"));

        const Explained unset = explainFixture(recorded({ { "TORCH_COMPILE_DEBUG", "1" } }), path);
        for (const WhyReason& fallback : unset.why.fallbacks)
            QCOMPARE(fallback.code, std::string("backend-not-requested"));

        WhyEnvironment asked = recorded({ { "TORCHINDUCTOR_NPU_BACKEND", "dvm" } });
        asked.torchNpu = "v2.11.0-26.1.0";
        const Explained lost = explainFixture(asked, path);
        for (const auto& kernel : lost.why.kernels) {
            QCOMPARE(kernel->code, std::string("backend-not-available"));
            QVERIFY(kernel->text.find("ships no DVM backend") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestWhyExplain)
#include "tst_whyexplain.moc"
