// SPDX-License-Identifier: MIT
// dvmlens.scan/1: exact keys in their order at every level, nulls never left out, DVM-only kernel
// keys, the summary, non-UTF-8 paths, and the pretty text form.
#include "core/json/scanjson.h"
#include "core/verdict/summary.h"

#include <QTest>

using namespace dvmlens;
using nlohmann::ordered_json;

// QCOMPARE cannot take JSON values (their implicit conversions make it ambiguous); show both on failure.
#define JSON_COMPARE(actual, expected)                                                                       \
    QVERIFY2((actual) == (expected),                                                                         \
        qPrintable(QStringLiteral("%1\n!=\n%2")                                                              \
                       .arg(QString::fromStdString((actual).dump()),                                         \
                           QString::fromStdString(ordered_json(expected).dump()))))

namespace {

QStringList keysOf(const ordered_json& object)
{
    QStringList keys;
    for (auto it = object.begin(); it != object.end(); ++it)
        keys << QString::fromStdString(it.key());
    return keys;
}

QStringList split(const char* keys)
{
    return QString::fromLatin1(keys).split(QLatin1Char(','));
}

Diagnostic diagnostic(std::string path, std::optional<int> line, Severity severity, std::string code)
{
    Diagnostic result;
    result.path = std::move(path);
    result.line = line;
    result.severity = severity;
    result.code = std::move(code);
    result.message = "message for " + result.code;
    return result;
}

Index sampleIndex()
{
    Kernel dvm;
    dvm.name = "dvm_fused_add_div_relu_0";
    dvm.backend = Backend::Dvm;
    dvm.line = 40;
    dvm.endLine = 52;
    dvm.launches = 2;
    dvm.launchLines = { 80, 90 };
    dvm.ktype = "vector";
    dvm.dynShape = true;
    dvm.framing = "mlir_fusion";
    dvm.ops = { "add", "maximum", "div" };
    dvm.inputs = { { "arg1_1", "view_load", std::vector<std::int64_t> { -1, 128 },
                       std::vector<std::int64_t> { 128, 1 }, "float32" },
        { "arg0_1", "scalar", std::nullopt, std::nullopt, "int64" } };
    dvm.outputs = { { "div", "float32", std::vector<std::int64_t> { -1, 128 },
                        std::vector<std::int64_t> { 128, 1 } },
        { "relu", std::nullopt } };

    Kernel triton;
    triton.name = "triton_unk_fused_add_1";
    triton.backend = Backend::Triton;
    triton.line = 60;
    triton.endLine = 70;
    triton.launches = 1;
    triton.ktype = "ignored"; // DVM-only fields never show for other backends

    OutputCode code;
    code.path = "/t/run/torchinductor/model__1_inference_3.2/output_code.py";
    code.bytes = 5351;
    code.lines = 120;
    code.dvmImport = true;
    code.dvmEngaged = true;
    code.dvmCoverage = 0.5;
    code.kernels = { dvm, triton };
    code.fallbacks = { { "npu.npu_fusion_attention.default", FallbackKind::Npu, 95 } };

    Graph parsed;
    parsed.name = "model__1_inference_3.2";
    parsed.path = "/t/run/torchinductor/model__1_inference_3.2";
    parsed.model = "model";
    parsed.aotId = 1;
    parsed.kind = "inference";
    parsed.nthGraph = 3;
    parsed.seq = 2;
    parsed.files = { "output_code.py", "storages/" };
    parsed.outputCode = code;
    parsed.diagnostics = { diagnostic(code.path, 12, Severity::Info, "note") };

    Graph odd;
    odd.name = "odd";
    odd.path = "/t/run/torchinductor/odd";
    odd.diagnostics = { diagnostic(odd.path, std::nullopt, Severity::Warning, "missing-output-code") };

    Run named;
    named.name = "run_2026_07_20_10_15_30_123456-pid_4101";
    named.path = "/t/run";
    named.pid = 4101;
    named.started = "2026-07-20T10:15:30.123456";
    named.graphs = { parsed, odd };
    named.logs = { "/t/run/torchdynamo/debug.log" };

    Run runless;
    runless.path = "/t";

    Index index;
    index.root = "/t";
    index.runs = { runless, named };
    index.diagnostics = { diagnostic("/t/loop", std::nullopt, Severity::Warning, "link-loop") };
    return index;
}

} // namespace

class TestScanJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysInOrder()
    {
        const ordered_json json = scanJson(sampleIndex());
        QCOMPARE(keysOf(json), split("schema,root,runs,diagnostics,diagnostics_left_out,summary,ranks"));
        JSON_COMPARE(json["schema"], ordered_json("dvmlens.scan/1"));
        JSON_COMPARE(json["root"], ordered_json("/t"));
        QCOMPARE(json["runs"].size(), std::size_t(2));
        const ordered_json& run = json["runs"][1];
        QCOMPARE(keysOf(run), split("name,pid,started,rank,graphs,verdict"));
        JSON_COMPARE(run["rank"], ordered_json(nullptr));
        const ordered_json& graph = run["graphs"][0];
        QCOMPARE(keysOf(graph),
            split("name,path,model,aot_id,kind,nth_graph,seq,files,output_code,diagnostics,verdict,origin"));
        QCOMPARE(keysOf(graph["origin"]), split("kind,file,line,compile_id,cache,code_hash"));
        JSON_COMPARE(graph["origin"]["kind"], ordered_json("debug-tree"));
        JSON_COMPARE(graph["origin"]["file"], graph["output_code"]["path"]);
        JSON_COMPARE(graph["files"], ordered_json({ "output_code.py", "storages/" }));
        const ordered_json& code = graph["output_code"];
        QCOMPARE(
            keysOf(code), split("path,bytes,lines,dvm_import,dvm_engaged,dvm_coverage,kernels,fallbacks"));
        JSON_COMPARE(code["bytes"], ordered_json(5351));
        JSON_COMPARE(code["dvm_coverage"], ordered_json(0.5));
        QCOMPARE(keysOf(code["kernels"][0]),
            split("name,backend,line,end_line,launches,ktype,dyn_shape,framing,ops,inputs,outputs"));
        QCOMPARE(keysOf(code["kernels"][1]), split("name,backend,line,end_line,launches"));
        JSON_COMPARE(code["kernels"][1]["backend"], ordered_json("triton"));
        QCOMPARE(keysOf(code["kernels"][0]["inputs"][0]), split("name,op,shape,stride,dtype"));
        QCOMPARE(keysOf(code["kernels"][0]["outputs"][0]), split("name,dtype,shape,stride"));
        QCOMPARE(keysOf(code["fallbacks"][0]), split("target,kind,line"));
        JSON_COMPARE(code["fallbacks"][0]["kind"], ordered_json("npu"));
        QCOMPARE(keysOf(graph["diagnostics"][0]), split("path,line,severity,code,message"));
        QCOMPARE(keysOf(json["diagnostics"][0]), split("path,line,severity,code,message"));
    }

    void dvmKernelValues()
    {
        const ordered_json kernel =
            scanJson(sampleIndex())["runs"][1]["graphs"][0]["output_code"]["kernels"][0];
        const ordered_json expected = ordered_json::parse(R"({
            "name": "dvm_fused_add_div_relu_0", "backend": "dvm", "line": 40, "end_line": 52, "launches": 2,
            "ktype": "vector", "dyn_shape": true, "framing": "mlir_fusion", "ops": ["add", "maximum", "div"],
            "inputs": [
                {"name": "arg1_1", "op": "view_load", "shape": [-1, 128], "stride": [128, 1], "dtype": "float32"},
                {"name": "arg0_1", "op": "scalar", "shape": null, "stride": null, "dtype": "int64"}],
            "outputs": [{"name": "div", "dtype": "float32", "shape": [-1, 128], "stride": [128, 1]},
                        {"name": "relu", "dtype": null, "shape": null, "stride": null}]})");
        JSON_COMPARE(kernel, expected);
    }

    void nullsAreWritten()
    {
        const ordered_json json = scanJson(sampleIndex());
        const ordered_json& runless = json["runs"][0];
        QVERIFY(runless["name"].is_null());
        QVERIFY(runless["pid"].is_null());
        QVERIFY(runless["started"].is_null());
        QVERIFY(runless["graphs"].is_array() && runless["graphs"].empty());
        // Every rung has its word: a run of no graphs is "no code", the odd folder too.
        JSON_COMPARE(runless["verdict"], ordered_json("no code"));
        JSON_COMPARE(json["runs"][1]["verdict"], ordered_json("engaged"));
        JSON_COMPARE(json["runs"][1]["graphs"][0]["verdict"], ordered_json("engaged"));
        JSON_COMPARE(json["runs"][1]["graphs"][1]["verdict"], ordered_json("no code"));
        const ordered_json& odd = json["runs"][1]["graphs"][1];
        for (const char* key : { "model", "aot_id", "kind", "nth_graph", "seq", "output_code" })
            QVERIFY2(odd[key].is_null(), key);
        QVERIFY(odd["files"].is_array() && odd["files"].empty());
        QVERIFY(odd["diagnostics"][0]["line"].is_null());
        JSON_COMPARE(json["runs"][1]["graphs"][0]["diagnostics"][0]["line"], ordered_json(12));

        Index unknownCoverage = sampleIndex();
        unknownCoverage.runs[1].graphs[0].outputCode->dvmCoverage.reset();
        QVERIFY(scanJson(unknownCoverage)["runs"][1]["graphs"][0]["output_code"]["dvm_coverage"].is_null());
    }

    void summary()
    {
        const ordered_json summary = scanJson(sampleIndex())["summary"];
        const ordered_json expected = ordered_json::parse(R"({
            "runs": 2, "graphs": 2, "graphs_with_output_code": 1, "dvm_engaged_graphs": 1,
            "kernels": {"dvm": 1, "import_fx": 0, "triton": 1, "cpp": 0, "mlir": 0, "akg": 0, "mps": 0, "other": 0},
            "kernels_total": 2, "launches": 3,
            "fallbacks": {"aten": 0, "npu": 1, "extern": 0, "other": 0}, "fallbacks_total": 1,
            "diagnostics": {"info": 1, "warning": 2, "error": 0},
            "dvm_engaged": true, "verdict": "engaged", "graphs_not_indexed": 0,
            "graphs_unreadable": 0})");
        JSON_COMPARE(summary, expected);
        QCOMPARE(keysOf(summary), keysOf(expected));
        QCOMPARE(keysOf(summary["kernels"]), split("dvm,import_fx,triton,cpp,mlir,akg,mps,other"));

        // No graph with output_code.py: nothing engaged.
        Index bare = sampleIndex();
        bare.runs[1].graphs[0].outputCode.reset();
        JSON_COMPARE(scanJson(bare)["summary"]["dvm_engaged"], ordered_json(false));
        // One graph not engaged: the whole index is not.
        Index mixed = sampleIndex();
        Graph second = mixed.runs[1].graphs[0];
        second.outputCode->dvmEngaged = false;
        mixed.runs[1].graphs.push_back(second);
        const Summary counts = summarize(mixed);
        QCOMPARE(counts.graphsWithOutputCode, 2);
        QCOMPARE(counts.dvmEngagedGraphs, 1);
        QVERIFY(!counts.dvmEngaged);
    }

    void dvmKernelNames()
    {
        QVERIFY(hasDvmKernelName("dvm_fused_add_mul_relu_0"));
        QVERIFY(hasDvmKernelName("dvm_graph_fused_7"));
        QVERIFY(hasDvmKernelName("mfusion_dvm_fused_add_mul_0"));
        QVERIFY(!hasDvmKernelName("triton_unk_fused_dvm_0"));
        QVERIFY(!hasDvmKernelName("mlir_fused_mul_0"));
    }

    void textIsPrettyAndParses()
    {
        const Index index = sampleIndex();
        const std::string text = scanJsonText(index);
        QVERIFY(text.rfind("{\n  \"schema\": \"dvmlens.scan/1\",\n  \"root\": \"/t\",", 0) == 0);
        QCOMPARE(text.back(), '\n');
        JSON_COMPARE(ordered_json::parse(text), scanJson(index));
    }

    void nonUtf8PathsDoNotThrow()
    {
        Index index = sampleIndex();
        index.root = "/t/caf\xe9";
        index.runs[1].graphs[0].files.push_back("\xff\xfe.bin");
        std::string text;
        try {
            text = scanJsonText(index);
        } catch (const std::exception& error) {
            QFAIL(error.what());
        }
        QVERIFY(text.find("\"/t/caf\xef\xbf\xbd\"") != std::string::npos); // U+FFFD
        QVERIFY(ordered_json::parse(text).is_object());
    }
};

QTEST_GUILESS_MAIN(TestScanJson)
#include "tst_scanjson.moc"
