// SPDX-License-Identifier: MIT
// Bug reports: Markdown and JSON against golden files (DVMLENS_UPDATE_GOLDEN=1 rewrites them),
// HTML parsed as XML, the tables both writers render, the short summary, the code highlighter, and reports on
// unreadable trees.
#include "core/report/report.h"
#include "core/report/reporthtml.h"
#include "core/report/reportjson.h"
#include "core/report/reportmarkdown.h"
#include "core/report/reporttables.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace dvmlens;

namespace {

const QString kTreePlaceholder = QStringLiteral("@TREE@");

std::string treeRoot()
{
    return QDir(testutil::fixture(QStringLiteral("reports/tree"))).absolutePath().toStdString();
}

DvmInput load(const std::string& name)
{
    DvmInput input;
    input.name = name;
    input.op = "load";
    input.shape = std::vector<std::int64_t> { 128, 128 };
    input.dtype = "float32";
    return input;
}

Kernel kernel(const std::string& name, Backend backend, int line, int endLine, int launchLine)
{
    Kernel k;
    k.name = name;
    k.backend = backend;
    k.line = line;
    k.endLine = endLine;
    k.launches = 1;
    k.launchLines = { launchLine };
    return k;
}

Fallback fallback(const std::string& target, FallbackKind kind, int line)
{
    Fallback f;
    f.target = target;
    f.kind = kind;
    f.line = line;
    return f;
}

Graph graphFolder(
    const std::string& runPath, const std::string& name, int aotId, const std::string& kind, int nth, int seq)
{
    Graph graph;
    graph.name = name;
    graph.path = runPath + "/torchinductor/" + name;
    graph.model = "model";
    graph.aotId = aotId;
    graph.kind = kind;
    graph.nthGraph = nth;
    graph.seq = seq;
    return graph;
}

OutputCode outputCode(const Graph& graph, std::vector<Kernel> kernels, std::vector<Fallback> fallbacks)
{
    OutputCode code;
    code.path = graph.path + "/output_code.py";
    code.dvmImport = true;
    code.dvmImportLine = 6;
    code.kernels = std::move(kernels);
    code.fallbacks = std::move(fallbacks);
    long long dvm = 0;
    long long all = static_cast<long long>(code.fallbacks.size());
    for (const Kernel& k : code.kernels) {
        all += k.launches;
        dvm += k.backend == Backend::Dvm ? k.launches : 0;
        code.dvmEngaged = code.dvmEngaged || k.backend == Backend::Dvm;
    }
    if (all > 0)
        code.dvmCoverage = static_cast<double>(dvm) / static_cast<double>(all);
    return code;
}

// The tree in tests/fixtures/reports/tree, as the indexer would describe it: a DVM graph, a graph
// whose DVM-named kernel is an import_fx fallback, and a graph folder without output_code.py.
Index fixtureIndex(const std::string& root, bool secondGraphHasDvm = false)
{
    Index index;
    index.root = root;
    Run run;
    run.name = "run_2026_07_20_10_15_30_123456-pid_4242";
    run.path = root + "/" + *run.name;
    run.pid = 4242;
    run.started = "2026-07-20T10:15:30.123456";
    run.logs = { run.path + "/torchdynamo/debug.log" };

    Graph first = graphFolder(run.path, "model__0_forward_1.0", 0, "forward", 1, 0);
    first.files = { "fx_graph_runnable.py", "output_code.py" };
    Kernel dvm = kernel("dvm_fused_add_mul_relu_0", Backend::Dvm, 13, 22, 32);
    dvm.ktype = "vector";
    dvm.dynShape = false;
    dvm.framing = "mlir_fusion";
    dvm.ops = { "mul", "add", "maximum" };
    dvm.inputs = { load("arg0_1"), load("arg1_1") };
    dvm.outputs = { DvmOutput { "relu", std::string("float32") } };
    first.outputCode = outputCode(first, { dvm }, { fallback("aten.sort.stable", FallbackKind::Aten, 33) });
    run.graphs.push_back(first);

    Graph second = graphFolder(run.path, "model__1_forward_3.1", 1, "forward", 3, 1);
    second.files = { "output_code.py" };
    std::vector<Kernel> kernels;
    if (secondGraphHasDvm) {
        Kernel sum = kernel("dvm_fused_sum_0", Backend::Dvm, 10, 14, 21);
        sum.ktype = "vector";
        sum.dynShape = false;
        sum.ops = { "sum" };
        kernels.push_back(sum);
    } else {
        kernels.push_back(kernel("triton_unk_fused_sum_0", Backend::Triton, 10, 14, 21));
    }
    kernels.push_back(kernel("dvm_fused_topk_1", Backend::ImportFx, 16, 16, 22));
    second.outputCode = outputCode(second, kernels,
        { fallback("aten.mm.default", FallbackKind::Aten, 20),
            fallback("npu.npu_fusion_attention.default", FallbackKind::Npu, 23) });
    run.graphs.push_back(second);

    run.graphs.push_back(graphFolder(run.path, "model__2_inference_5.2", 2, "inference", 5, 2));
    index.runs.push_back(run);
    return index;
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Compares with tests/fixtures/reports/<name>; on a mismatch prints the first differing line with
// three lines of context. DVMLENS_UPDATE_GOLDEN=1 rewrites the file instead.
void compareWithGolden(const QString& name, std::string actualText)
{
    QByteArray actual = QByteArray::fromStdString(actualText);
    actual.replace(QByteArray::fromStdString(treeRoot()), kTreePlaceholder.toUtf8());
    const QString path = testutil::fixture(QStringLiteral("reports/") + name);
    if (qEnvironmentVariable("DVMLENS_UPDATE_GOLDEN") == QLatin1String("1")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(actual), qint64(actual.size()));
        qInfo("rewrote %s", qPrintable(path));
        return;
    }
    const QByteArray expected = readFile(path);
    QVERIFY2(!expected.isEmpty(),
        qPrintable(path + QStringLiteral(" is missing (run with DVMLENS_UPDATE_GOLDEN=1)")));
    if (actual == expected)
        return;
    const QList<QByteArray> expectedLines = expected.split('\n');
    const QList<QByteArray> actualLines = actual.split('\n');
    qsizetype line = 0;
    while (
        line < expectedLines.size() && line < actualLines.size() && expectedLines[line] == actualLines[line])
        ++line;
    QString message = QStringLiteral("%1 differs at line %2:\n").arg(name).arg(line + 1);
    for (qsizetype i = std::max<qsizetype>(0, line - 3); i < line; ++i)
        message += QStringLiteral("    %1\n").arg(QString::fromUtf8(expectedLines[i]));
    message += QStringLiteral("  - %1\n")
                   .arg(line < expectedLines.size() ? QString::fromUtf8(expectedLines[line])
                                                    : QStringLiteral("<end of file>"));
    message += QStringLiteral("  + %1\n")
                   .arg(line < actualLines.size() ? QString::fromUtf8(actualLines[line])
                                                  : QStringLiteral("<end of file>"));
    message += QStringLiteral("(DVMLENS_UPDATE_GOLDEN=1 rewrites the golden file)");
    QFAIL(qPrintable(message));
}

// Every element closed in order, every entity known: the HTML is also well-formed XML.
QString xmlProblem(const std::string& html, QStringList* headings = nullptr)
{
    QXmlStreamReader reader(QByteArray::fromStdString(html));
    QString currentHeading;
    bool inHeading = false;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement() && (reader.name() == QLatin1String("h2"))) {
            inHeading = true;
            currentHeading.clear();
        } else if (reader.isCharacters() && inHeading) {
            currentHeading += reader.text();
        } else if (reader.isEndElement() && reader.name() == QLatin1String("h2")) {
            inHeading = false;
            if (headings)
                headings->append(currentHeading);
        }
    }
    if (reader.hasError())
        return QStringLiteral("line %1: %2").arg(reader.lineNumber()).arg(reader.errorString());
    return QString();
}

} // namespace

class TestReports : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
    }

    void markdownMatchesGolden()
    {
        const Index index = fixtureIndex(treeRoot());
        ReportInput input;
        input.index = &index;
        compareWithGolden(QStringLiteral("report.md"), renderReport(input, ReportFormat::Markdown));
    }

    void jsonMatchesGolden()
    {
        const Index index = fixtureIndex(treeRoot());
        ReportInput input;
        input.index = &index;
        const std::string text = renderReport(input, ReportFormat::Json);
        const auto json = nlohmann::json::parse(text);
        QCOMPARE(json["schema"].get<std::string>(), std::string("dvmlens.report/1"));
        QCOMPARE(json["known_failures"].size(), std::size_t(4));
        compareWithGolden(QStringLiteral("report.json"), text);
    }

    void comparisonPutsRegressionsFirst()
    {
        const Index index = fixtureIndex(treeRoot());
        const Index baseline = fixtureIndex("/baseline/torch_compile_debug", true);
        ReportInput input;
        input.index = &index;
        input.baseline = &baseline;
        input.generatedAt = "2026-07-20T12:00:00Z";
        const std::string markdown = renderReport(input, ReportFormat::Markdown);
        const std::size_t regressions = markdown.find("## Regressions against the baseline");
        QVERIFY(regressions != std::string::npos);
        QVERIFY(regressions < markdown.find("## Known failures"));
        QVERIFY(markdown.find("| Generated | 2026-07-20T12:00:00Z |") != std::string::npos);
        // The table is ours; the <details> block below it is comparetext.h's own text.
        QVERIFY(
            markdown.find("| `model__1_forward_3` | engaged → not engaged | 1 → 0 | dvm_fused_sum_0 | — |\n")
            != std::string::npos);
        QVERIFY(markdown.find("<details><summary>Full comparison</summary>") != std::string::npos);

        const auto json = nlohmann::json::parse(renderReport(input, ReportFormat::Json));
        QCOMPARE(
            json["comparison"]["baseline"].get<std::string>(), std::string("/baseline/torch_compile_debug"));
        QCOMPARE(json["comparison"]["regressions"].size(), std::size_t(1));
        QCOMPARE(json["comparison"]["regressions"][0]["key"].get<std::string>(),
            std::string("model__1_forward_3"));
        QCOMPARE(json["generated_at"].get<std::string>(), std::string("2026-07-20T12:00:00Z"));
    }

    void htmlIsWellFormedAndSelfContained()
    {
        const Index index = fixtureIndex(treeRoot());
        const Index baseline = fixtureIndex("/baseline/torch_compile_debug", true);
        ReportInput input;
        input.index = &index;
        input.baseline = &baseline;
        const std::string html = renderReport(input, ReportFormat::Html);
        QStringList headings;
        const QString problem = xmlProblem(html, &headings);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(headings,
            QStringList({ QStringLiteral("Toolchain"), QStringLiteral("Regressions against the baseline"),
                QStringLiteral("Known failures"), QStringLiteral("Graphs"), QStringLiteral("DVM kernels"),
                QStringLiteral("Fallback calls") }));
        QVERIFY(html.find("prefers-color-scheme: dark") != std::string::npos);
        QVERIFY(html.find("src=") == std::string::npos);
        QVERIFY(html.find("href=") == std::string::npos);
        QVERIFY(html.find("<script") == std::string::npos);
        // The builder source, escaped and highlighted, with its file line numbers.
        QVERIFY(html.find("<span class=\"ln\">13</span><span class=\"dec\">@dvm.kernel</span>(ktype=<span "
                          "class=\"str\">&#39;vector&#39;</span>, dyn_shape=<span class=\"kw\">False</span>)")
            != std::string::npos);
        QVERIFY(html.find("<span class=\"ln\">23</span>buf3 = torch.ops.npu.npu_fusion_attention.default(")
            != std::string::npos);
        QVERIFY(html.find("&#39;FallbackKernel&#39; object has no attribute &#39;data&#39;")
            != std::string::npos);
        QCOMPARE(renderReport(input, ReportFormat::Html), html); // deterministic
    }

    // The graphs table and the known-failure entries are decided once (reporttables.h); each
    // writer renders the same cells with its own escaping and marks.
    void graphsAndFindingsComeFromOneTableModel()
    {
        const Index index = fixtureIndex(treeRoot());
        ReportInput input;
        input.index = &index;
        const ReportModel model = buildReportModel(input);
        const ReportTable graphs = graphsTable(model.runs[0]);
        QCOMPARE(graphs.headers,
            std::vector<std::string>(
                { "Graph", "Verdict", "DVM coverage", "Kernels", "Fallback calls", "Why not DVM" }));
        QCOMPARE(graphs.rows.size(), std::size_t(3));
        const std::vector<ReportCell>& notEngaged = graphs.rows[1];
        QCOMPARE(notEngaged[0].text, std::string("model__1_forward_3.1"));
        QCOMPARE(notEngaged[1].text, std::string("not engaged"));
        QVERIFY(notEngaged[1].verdict == Verdict::NotEngaged);
        QCOMPARE(notEngaged[3].text, std::string("import_fx 1, triton 1"));
        QCOMPARE(notEngaged[5].kind, ReportCell::Kind::Marked);
        QCOMPARE(graphs.rows[2][2].text, std::string("—")); // no output_code.py, no coverage

        const ReportFindings findings = findingsEntries(model);
        QCOMPARE(findings.entries.size(), model.findings.size());
        QVERIFY(!findings.entries.empty());
        std::vector<std::string> labels;
        for (const ReportField& field : findings.entries[0].fields)
            labels.push_back(field.label);
        const bool hasEvidence = !model.findings[0].excerpt.empty();
        QCOMPARE(labels,
            hasEvidence ? std::vector<std::string>({ "Rule", "Where", "Evidence", "Cause", "Fix" })
                        : std::vector<std::string>({ "Rule", "Where", "Cause", "Fix" }));
        QCOMPARE(findings.entries[0].fields[0].value[0].text, model.findings[0].rule.id);

        const std::string markdown = renderReport(input, ReportFormat::Markdown);
        const std::string html = renderReport(input, ReportFormat::Html);
        QVERIFY(markdown.find("| `model__1_forward_3.1` | ❌ not engaged | 0.0% | import_fx 1, triton 1 |")
            != std::string::npos);
        QVERIFY(html.find("<tr><td><code>model__1_forward_3.1</code></td><td class=\"not-engaged\">not "
                          "engaged</td><td>0.0%</td><td>import_fx 1, triton 1</td>")
            != std::string::npos);
        QVERIFY(markdown.find("- **Rule:** `" + model.findings[0].rule.id + "` · ") != std::string::npos);
        QVERIFY(html.find("<tr><th>Rule</th><td><code>" + model.findings[0].rule.id + "</code> · ")
            != std::string::npos);
    }

    void highlightsPython_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("html");
        QTest::addRow("dvm op and dtype")
            << "    mul = k.mul(arg0_1, 2.0)  # x < y & z"
            << "    mul = k.<span class=\"op\">mul</span>(arg0_1, <span "
               "class=\"num\">2.0</span>)  <span class=\"com\"># x &lt; y &amp; "
               "z</span>";
        QTest::addRow("dtype and keyword")
            << "def f(k): return k.load([1], dvm.bfloat16)"
            << "<span class=\"kw\">def</span> f(k): <span "
               "class=\"kw\">return</span> k.<span class=\"op\">load</span>([<span "
               "class=\"num\">1</span>], dvm.<span class=\"ty\">bfloat16</span>)";
        QTest::addRow("string with quote and markup")
            << "x = \"a\\\"<b>\""
            << "x = <span class=\"str\">&quot;a\\&quot;&lt;b&gt;&quot;</span>";
        QTest::addRow("unterminated string") << "s = 'abc"
                                             << "s = <span class=\"str\">&#39;abc</span>";
    }

    void highlightsPython()
    {
        QFETCH(QString, line);
        QFETCH(QString, html);
        QCOMPARE(QString::fromStdString(highlightPythonLine(line.toStdString())), html);
    }

    void summaryMarkdownIsShort()
    {
        const Index index = fixtureIndex(treeRoot());
        QByteArray summary = QByteArray::fromStdString(summaryMarkdown(index));
        summary.replace(QByteArray::fromStdString(treeRoot()), kTreePlaceholder.toUtf8());
        QCOMPARE(QString::fromUtf8(summary),
            QStringLiteral(
                "**DVM Lens:** DVM partly engaged (1 of 2 graphs) · DVM coverage 16.7%\n\n"
                "- Tree: `@TREE@`\n"
                "- Kernels: 3 (dvm 1, import_fx 1, triton 1)\n"
                "- Fallback calls: 3 (aten 2, npu 1)\n"
                "- torch `2.14.0.dev20260719+cpu` · torch_npu — · NPU backend `dvm` · kernels from `dvm, "
                "import_fx, triton`\n"
                "- ❌ 'FallbackKernel' object has no attribute 'data' "
                "(`run_2026_07_20_10_15_30_123456-pid_4242/torchdynamo/debug.log:10`)\n"
                "- ⚠️ Graph compiled without any DVM kernel while other graphs have them "
                "(`run_2026_07_20_10_15_30_123456-pid_4242/torchinductor/model__1_forward_3.1/"
                "output_code.py`)\n"
                "- ⚠️ DVM-named kernel is an import_fx fallback "
                "(`run_2026_07_20_10_15_30_123456-pid_4242/torchinductor/model__1_forward_3.1/"
                "output_code.py:16`)\n"
                "- ⚠️ Graph folder without output_code.py (FX graph cache hit) "
                "(`run_2026_07_20_10_15_30_123456-pid_4242/torchinductor/model__2_inference_5.2`)\n"));
    }

    // Outputs read as in Kernel Details and scan --json: dtype and shape from the launch site, the
    // stride when known, and "name dtype" alone when the shape is unknown (the golden files).
    void dvmKernelOutputsShowTheirShapes()
    {
        Index index = fixtureIndex(treeRoot());
        index.runs[0].graphs[0].outputCode->kernels[0].outputs = {
            DvmOutput { "relu", std::string("bfloat16"), std::vector<std::int64_t> { 2, 1024, 3072 } },
            DvmOutput { "sum_1", std::string("float32"), std::vector<std::int64_t> { -1, 64 },
                std::vector<std::int64_t> { 64, 1 } },
            DvmOutput { "amax", std::string("float32") },
        };
        ReportInput input;
        input.index = &index;
        const std::string outputs =
            "relu bfloat16[2, 1024, 3072]; sum_1 float32[-1, 64] stride [64, 1]; amax float32";
        const std::string markdown = renderReport(input, ReportFormat::Markdown);
        QVERIFY2(markdown.find("| `dvm_fused_add_mul_relu_0` | 13 | vector | false | mul, add, maximum | "
                               "load float32[128, 128]; load float32[128, 128] | "
                     + outputs + " | 1 |\n")
                != std::string::npos,
            markdown.c_str());
        QVERIFY(
            renderReport(input, ReportFormat::Html).find("<td>" + outputs + "</td>") != std::string::npos);
        const auto json = nlohmann::json::parse(renderReport(input, ReportFormat::Json));
        const auto& written = json["runs"][0]["graphs"][0]["dvm_kernels"][0]["outputs"];
        QVERIFY(written[0]["shape"] == nlohmann::json({ 2, 1024, 3072 }));
        QVERIFY(written[0]["stride"].is_null());
        QVERIFY(written[1]["stride"] == nlohmann::json({ 64, 1 }));
        QVERIFY(written[2]["shape"].is_null());
    }

    // Files that vanished since the scan: no excerpts, an unreadable-log problem, no crash.
    void reportsOnVanishedFiles()
    {
        QTemporaryDir dir;
        const Index index = fixtureIndex(dir.path().toStdString());
        ReportInput input;
        input.index = &index;
        const ReportModel model = buildReportModel(input);
        QCOMPARE(model.problems.size(), std::size_t(1));
        QCOMPARE(model.problems[0].code, std::string("unreadable-log"));
        QVERIFY(model.runs[0].graphs[0].dvmKernels[0].source.empty());
        QCOMPARE(model.runs[0].graphs[0].dvmKernels[0].sourceFirstLine, 0);
        QVERIFY(model.runs[0].graphs[0].fallbacks[0].sourceLine.empty());
        QVERIFY(model.runs[0].versions.empty());
        for (ReportFormat format : { ReportFormat::Markdown, ReportFormat::Html, ReportFormat::Json })
            QVERIFY(!renderReport(input, format).empty());
        QVERIFY(xmlProblem(renderReport(input, ReportFormat::Html)).isEmpty());
        const auto json = nlohmann::json::parse(renderReport(input, ReportFormat::Json));
        QVERIFY(json["runs"][0]["graphs"][0]["dvm_kernels"][0]["source"].is_null());
        // The unreadable log is listed under the known failures in both writers.
        const std::string where = "`" + model.relative(model.problems[0].path) + "`: ";
        QVERIFY(renderReport(input, ReportFormat::Markdown)
                    .find("\n- ⚠️ " + where + "The log could not be read: ")
            != std::string::npos);
        QVERIFY(renderReport(input, ReportFormat::Html)
                    .find("<ul>\n<li><code>" + model.relative(model.problems[0].path)
                        + "</code>: The log could not be read: ")
            != std::string::npos);
    }

    // Excerpts after a 10 KB line (minified data in a comment) still come from the right lines.
    void excerptsSurviveOverlongLines()
    {
        QTemporaryDir dir;
        Index index = fixtureIndex(dir.path().toStdString());
        Graph& graph = index.runs[0].graphs[1];
        QDir().mkpath(QString::fromStdString(graph.path));
        QFile file(QString::fromStdString(graph.outputCode->path));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray text = "# " + QByteArray(10000, 'x') + "\n";
        for (int line = 2; line <= 30; ++line)
            text += "line_" + QByteArray::number(line) + " = torch.ops.aten.mm.default(a, b)\n";
        file.write(text);
        file.close();
        ReportInput input;
        input.index = &index;
        const ReportModel model = buildReportModel(input);
        const auto& fallbacks = model.runs[0].graphs[1].fallbacks;
        QCOMPARE(fallbacks[0].sourceLine, std::string("line_20 = torch.ops.aten.mm.default(a, b)"));
        QCOMPARE(fallbacks[1].sourceLine, std::string("line_23 = torch.ops.aten.mm.default(a, b)"));
    }

    // Lines end as Python ends them (LF, CRLF, lone CR), as the parser counts them, also when a
    // CRLF is split across two reads (the first line fills the 64 KiB read but one byte).
    void excerptsFollowEveryLineEnd_data()
    {
        QTest::addColumn<QByteArray>("end");
        QTest::addColumn<int>("firstLineBytes");
        QTest::newRow("lf") << QByteArray("\n") << 10;
        QTest::newRow("crlf") << QByteArray("\r\n") << 10;
        QTest::newRow("cr") << QByteArray("\r") << 10;
        QTest::newRow("crlf across reads") << QByteArray("\r\n") << 65535;
    }

    void excerptsFollowEveryLineEnd()
    {
        QFETCH(QByteArray, end);
        QFETCH(int, firstLineBytes);
        QTemporaryDir dir;
        Index index = fixtureIndex(dir.path().toStdString());
        Graph& graph = index.runs[0].graphs[1];
        QDir().mkpath(QString::fromStdString(graph.path));
        QFile file(QString::fromStdString(graph.outputCode->path));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray text = "#" + QByteArray(firstLineBytes - 1, 'x') + end;
        for (int line = 2; line <= 30; ++line)
            text += "line_" + QByteArray::number(line) + " = torch.ops.aten.mm.default(a, b)" + end;
        file.write(text);
        file.close();
        ReportInput input;
        input.index = &index;
        const ReportModel model = buildReportModel(input);
        const auto& fallbacks = model.runs[0].graphs[1].fallbacks;
        QCOMPARE(fallbacks[0].sourceLine, std::string("line_20 = torch.ops.aten.mm.default(a, b)"));
        QCOMPARE(fallbacks[1].sourceLine, std::string("line_23 = torch.ops.aten.mm.default(a, b)"));
    }

    // Non-DVM kernels with no source line: the section counts them and lists an unknown location,
    // never "No model source line has fallbacks or non-DVM kernels" (which read as "nothing fell back").
    void whereItFellBackCountsUnknownLocations()
    {
        ReportModel model;
        model.sources = SourceSummary {};
        QCOMPARE(whereItFellBackLead(model),
            std::string("No model source line has fallbacks or non-DVM kernels."));
        QVERIFY(!whereItFellBackHasRows(model));
        model.sources->unattributed.kernels[std::size_t(Backend::Triton)] = 3;
        model.sources->unattributed.kernels[std::size_t(Backend::Dvm)] = 2;
        model.sources->unattributed.fallbacks[std::size_t(FallbackKind::Aten)] = 1;
        QCOMPARE(whereItFellBackLead(model),
            std::string("No model source line is known for what did not go to DVM: 3 non-DVM kernels and 1 "
                        "fallback call have no source line (unknown location):"));
        QVERIFY(whereItFellBackHasRows(model));
        const ReportTable table = whereItFellBackTable(model);
        QCOMPARE(table.rows.size(), std::size_t(1));
        std::vector<std::string> cells;
        for (const ReportCell& cell : table.rows[0])
            cells.push_back(cell.text);
        QCOMPARE(cells,
            (std::vector<std::string> { "unknown location", "—", "2", "triton 3", "aten 1", "—", "—", "—" }));
        SourceLocationSummary located;
        located.frame.file = "/m/layers.py";
        located.frame.line = 7;
        located.counts.kernels[std::size_t(Backend::ImportFx)] = 1;
        model.sources->locations.push_back(located);
        QCOMPARE(whereItFellBackLead(model),
            std::string("Model source lines with fallback calls or non-DVM kernels, worst first; 3 non-DVM "
                        "kernels and 1 fallback call with no source line last, as unknown location:"));
        QCOMPARE(whereItFellBackTable(model).rows.size(), std::size_t(2));
    }

    void emptyIndex()
    {
        Index index;
        index.root = "/nowhere";
        ReportInput input;
        input.index = &index;
        const std::string markdown = renderReport(input, ReportFormat::Markdown);
        QVERIFY(markdown.find("> **no output_code.py to check** · DVM coverage n/a · 0 known failures")
            != std::string::npos);
        QVERIFY(xmlProblem(renderReport(input, ReportFormat::Html)).isEmpty());
    }

    void formatNames()
    {
        QCOMPARE(reportFormatFromName("md"), std::optional<ReportFormat>(ReportFormat::Markdown));
        QCOMPARE(reportFormatFromName("markdown"), std::optional<ReportFormat>(ReportFormat::Markdown));
        QCOMPARE(reportFormatFromName("html"), std::optional<ReportFormat>(ReportFormat::Html));
        QCOMPARE(reportFormatFromName("json"), std::optional<ReportFormat>(ReportFormat::Json));
        QVERIFY(!reportFormatFromName("pdf"));
        QCOMPARE(percentText(std::nullopt), std::string("n/a"));
        QCOMPARE(percentText(1.0 / 6.0), std::string("16.7%"));
    }

private:
    QTemporaryDir m_config;
};

QTEST_GUILESS_MAIN(TestReports)
#include "tst_reports.moc"
