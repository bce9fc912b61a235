// SPDX-License-Identifier: MIT
// Known-failure rules: the built-in rule file, matching on fixture logs (each seed failure and the
// near misses that must not match), rule-file errors, user overrides, and the tree rules.
#include "core/index/indexer.h"
#include "core/io/container.h"
#include "core/rules/knownfailures.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace dvmlens;

namespace {

std::vector<Finding> scan(const QString& fixtureLog, const RuleBook& rules = builtinRules())
{
    std::string error;
    auto findings = scanLogForKnownFailures(fileSystem(), testutil::fixturePath(fixtureLog), rules, error);
    if (!findings)
        qFatal("%s", error.c_str());
    return *findings;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

Kernel kernel(const std::string& name, Backend backend, int line)
{
    Kernel k;
    k.name = name;
    k.backend = backend;
    k.line = line;
    k.endLine = line + 5;
    k.launches = 1;
    return k;
}

Graph graph(const std::string& runPath, const std::string& name, std::vector<Kernel> kernels, bool dvmImport)
{
    Graph g;
    g.name = name;
    g.path = runPath + "/torchinductor/" + name;
    g.files = { "fx_graph_readable.py", "output_code.py" };
    OutputCode code;
    code.path = g.path + "/output_code.py";
    code.dvmImport = dvmImport;
    code.kernels = std::move(kernels);
    code.dvmEngaged = dvmImport && std::any_of(code.kernels.begin(), code.kernels.end(), [](const Kernel& k) {
        return k.backend == Backend::Dvm;
    });
    g.outputCode = code;
    return g;
}

// One run: a DVM graph, a Triton-only graph, a graph whose dvm_fused_* kernel is an import_fx
// fallback, an empty folder (cache hit) and a folder with files but no output_code.py.
Index mixedTree()
{
    Index index;
    index.root = "/t/torch_compile_debug";
    Run run;
    run.path = index.root + "/run_2026_07_20_10_15_30_123456-pid_1";
    run.graphs.push_back(graph(
        run.path, "model__0_forward_1.0", { kernel("dvm_fused_add_mul_relu_0", Backend::Dvm, 40) }, true));
    run.graphs.push_back(graph(run.path, "model__1_forward_3.1",
        { kernel("triton_unk_fused_sum_0", Backend::Triton, 30),
            kernel("triton_unk_fused_mul_1", Backend::Triton, 60) },
        false));
    run.graphs.push_back(graph(run.path, "model__2_forward_5.2",
        { kernel("dvm_fused_sort_0", Backend::ImportFx, 25), kernel("dvm_fused_add_1", Backend::Dvm, 50),
            kernel("dvm_fused_topk_2", Backend::ImportFx, 70) },
        true));
    Graph empty;
    empty.name = "model__3_inference_7.3";
    empty.path = run.path + "/torchinductor/" + empty.name;
    run.graphs.push_back(empty);
    Graph partial = empty;
    partial.name = "model__4_inference_8.4";
    partial.path = run.path + "/torchinductor/" + partial.name;
    partial.files = { "fx_graph_readable.py", "fx_graph_runnable.py", "ir_pre_fusion.txt" };
    run.graphs.push_back(partial);
    index.runs.push_back(run);
    return index;
}

std::string copyFixture(const QTemporaryDir& dir, const QString& fixture, const QString& relative)
{
    QFile source(testutil::fixture(fixture));
    if (!source.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(fixture));
    return writeFile(dir, relative, source.readAll()).toStdString();
}

std::vector<std::string> ids(const std::vector<Finding>& findings)
{
    std::vector<std::string> result;
    for (const Finding& finding : findings)
        result.push_back(finding.rule.id);
    return result;
}

} // namespace

class TestKnownFailures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Keep the developer's own ~/.config rules out of the tests.
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
    }

    void builtinRulesAreComplete()
    {
        const RuleBook& rules = builtinRules();
        std::vector<std::string> ruleIds;
        for (const Rule& rule : rules.rules) {
            ruleIds.push_back(rule.text.id);
            QVERIFY2(!rule.text.title.en.empty() && !rule.text.title.zh.empty(), rule.text.id.c_str());
            QVERIFY2(!rule.text.cause.en.empty() && !rule.text.cause.zh.empty(), rule.text.id.c_str());
            QVERIFY2(!rule.text.fix.en.empty() && !rule.text.fix.zh.empty(), rule.text.id.c_str());
            QVERIFY2(!rule.text.layer.empty(), rule.text.id.c_str());
            QCOMPARE(rule.origin, std::string("built-in"));
        }
        const std::vector<std::string> expected = { "fallbackkernel-no-data", "hccl-port-in-use",
            "hccl-connect-timeout", "graph-without-dvm-kernel", "dvm-named-import-fx",
            "fx-cache-hit-no-output-code", "dvm-never-engaged", "torch-npu-release-without-dvm",
            "compile-failed" };
        QCOMPARE(ruleIds, expected);
        const Rule* fallback = rules.find("fallbackkernel-no-data");
        QVERIFY(fallback);
        QVERIFY(fallback->text.fixCode.find("+            ir.FallbackKernel,") != std::string::npos);
        QCOMPARE(fallback->text.fixCodeLanguage, std::string("diff"));
        QVERIFY(
            rules.find("hccl-port-in-use")->text.fixCode.find("HCCL_NPU_SOCKET_PORT_RANGE=\"16700-16799\"")
            != std::string::npos);
    }

    void matchesSeedFailures_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("confidence");
        QTest::addColumn<int>("occurrences");
        QTest::addRow("FallbackKernel with the patch frame before it")
            << "logs/fallbackkernel-traceback.log"
            << "fallbackkernel-no-data" << 10 << "high" << 2;
        QTest::addRow("FallbackKernel alone") << "logs/fallbackkernel-bare.log"
                                              << "fallbackkernel-no-data" << 3 << "medium" << 1;
        QTest::addRow("FallbackKernel with the patch frame after it")
            << "logs/fallbackkernel-context-after.log"
            << "fallbackkernel-no-data" << 1 << "high" << 1;
        QTest::addRow("FallbackKernel in CRLF, non-UTF-8, NUL bytes")
            << "logs/fallbackkernel-crlf-nonutf8.log"
            << "fallbackkernel-no-data" << 3 << "medium" << 1;
        QTest::addRow("HCCL listen on port[16666] fail") << "logs/hccl-port-listen.log"
                                                         << "hccl-port-in-use" << 2 << "high" << 1;
        QTest::addRow("EJ0003 Failed to bind the IP port") << "logs/hccl-port-bind.log"
                                                           << "hccl-port-in-use" << 3 << "high" << 2;
        QTest::addRow("hccl bind 16666 Address already in use") << "logs/hccl-port-generic.log"
                                                                << "hccl-port-in-use" << 1 << "medium" << 1;
        QTest::addRow("EI0006 socket timeout") << "logs/hccl-connect-timeout.log"
                                               << "hccl-connect-timeout" << 2 << "medium" << 1;
    }

    void matchesSeedFailures()
    {
        QFETCH(QString, log);
        QFETCH(QString, rule);
        QFETCH(int, line);
        QFETCH(QString, confidence);
        QFETCH(int, occurrences);
        std::vector<Finding> findings = scan(log);
        // The FallbackKernel tracebacks surface as BackendCompilerFailed: in a graph's own log that
        // is also compile-failed (which a tree only applies to graph-folder logs).
        const auto compileFailed = std::find_if(
            findings.begin(), findings.end(), [](const Finding& f) { return f.rule.id == "compile-failed"; });
        QFile file(testutil::fixture(log));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        const bool compileError = text.contains("BackendCompilerFailed") || text.contains("LoweringException")
            || text.contains("torch._inductor.exc.InductorError");
        QCOMPARE(compileFailed != findings.end(), compileError);
        if (compileFailed != findings.end())
            findings.erase(compileFailed);
        QCOMPARE(findings.size(), std::size_t(1));
        const Finding& finding = findings.front();
        QCOMPARE(QString::fromStdString(finding.rule.id), rule);
        QCOMPARE(finding.line, std::optional<int>(line));
        QCOMPARE(QString::fromUtf8(confidenceName(finding.confidence)), confidence);
        QCOMPARE(finding.occurrences, occurrences);
        QCOMPARE(finding.path, testutil::fixturePath(log));
        QVERIFY(!finding.excerpt.empty());
        QVERIFY(
            QString::fromStdString(finding.excerpt).toUtf8() == QByteArray::fromStdString(finding.excerpt));
    }

    void excerptIsCleanText()
    {
        const auto findings = scan(QStringLiteral("logs/fallbackkernel-crlf-nonutf8.log"));
        QCOMPARE(findings.front().excerpt,
            std::string("AttributeError: 'FallbackKernel' object has no attribute 'data' \xEF\xBF\xBD("));
    }

    void ignoresNearMisses_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addRow("other attribute, other class, the word alone, the frame alone")
            << "logs/fallbackkernel-near-miss.log";
        QTest::addRow("port 16666 in INFO lines, step numbers, look-alike codes")
            << "logs/hccl-near-miss.log";
    }

    void ignoresNearMisses()
    {
        QFETCH(QString, log);
        const auto findings = scan(log);
        QVERIFY2(findings.empty(), findings.empty() ? "" : findings.front().excerpt.c_str());
    }

    void reportsBadRuleFiles_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::addRow("syntax error")
            << QByteArray("{\n  \"rules\": [\n    { \"id\": \"x\" ,, }\n  ]\n}\n")
            << "rules.json:3:18: invalid JSON: syntax error while parsing object key";
        QTest::addRow("truncated") << QByteArray("{\n  \"rules\": [\n")
                                   << "rules.json:3:1: invalid JSON: syntax error";
        QTest::addRow("not UTF-8") << QByteArray("{\"rules\": [\"\xff\"]}")
                                   << "rules.json:1:13: invalid JSON: syntax error";
        QTest::addRow("binary") << QByteArray("\x00\x01\x02", 3)
                                << "rules.json:1:1: invalid JSON: a NUL byte";
        QTest::addRow("empty") << QByteArray() << "rules.json:1:1: invalid JSON: syntax error";
        QTest::addRow("not a rule file") << QByteArray(
            "[1, 2]") << "rules.json:1:1: not a rule file: expected an object with a \"rules\" list";
        QTest::addRow("missing id") << QByteArray(
            "{\"rules\": [\n  {\"id\": \"a\", \"title\": \"A\", \"cause\": \"c\", \"fix\": \"f\", "
            "\"match\": {\"anyOf\": [\"x\"]}},\n  {\"title\": \"B\"}\n]}")
                                    << "rules.json:3:3: rule #2 has no \"id\" (a non-empty string)";
        QTest::addRow("bad regex") << QByteArray(
            "{\"rules\": [\n\n  {\"id\": \"broken\", \"title\": \"T\", \"cause\": \"c\", \"fix\": \"f\",\n"
            "   \"match\": {\"anyOf\": [{\"regex\": \"port\\\\[(\\\\d+\"}]}}\n]}")
                                   << "rules.json:3:3: rule 'broken' has a regex in match.anyOf that cannot "
                                      "be used: "
                                      "'port\\[(\\d+': missing ): port\\[(\\d+";
        QTest::addRow("missing title")
            << QByteArray("{\"rules\": [{\"id\": \"t\", \"cause\": \"c\", \"fix\": \"f\", "
                          "\"match\": {\"anyOf\": [\"x\"]}}]}")
            << "rules.json:1:12: rule 't' has no \"title\"";
        QTest::addRow("unknown tree check") << QByteArray(
            "{\"rules\": [{\"id\": \"t\", \"kind\": \"tree\", \"check\": \"nope\", \"title\": \"T\", "
            "\"cause\": \"c\", \"fix\": \"f\"}]}")
                                            << "rules.json:1:12: rule 't' has an unknown \"check\" 'nope'";
        QTest::addRow("duplicate id") << QByteArray(
            "{\"rules\": [\n{\"id\": \"d\", \"title\": \"T\", \"cause\": \"c\", \"fix\": \"f\", "
            "\"match\": {\"anyOf\": [\"x\"]}},\n{\"id\": \"d\", \"title\": \"T\", \"cause\": \"c\", "
            "\"fix\": \"f\", \"match\": {\"anyOf\": [\"y\"]}}]}")
                                      << "rules.json:3:1: rule 'd' is defined twice in this file";
    }

    void reportsBadRuleFiles()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        std::string error;
        const auto book = parseRuleBook(json.toStdString(), "rules.json", error);
        QVERIFY(!book);
        QVERIFY2(QString::fromStdString(error).startsWith(expected), error.c_str());
    }

    void userRulesOverrideAndAdd()
    {
        QTemporaryDir dir;
        // The default user file replaces a built-in rule by id…
        writeFile(m_config, QStringLiteral("dvmlens/known-failures.json"),
            R"({"schema": "dvmlens.rules/1", "rules": [
                 {"id": "hccl-connect-timeout", "title": {"en": "Team override", "zh": "覆盖"},
                  "cause": "ours", "fix": "ours", "severity": "warning",
                  "match": {"anyOf": ["Getting socket times out"]}}]})");
        // …and --rules FILE adds one.
        const QString extra = writeFile(dir, QStringLiteral("extra.json"),
            R"({"rules": [{"id": "team-oom", "layer": "NPU memory", "title": "Out of NPU memory",
                 "cause": "c", "fix": "f", "match": {"allOf": ["NPU out of memory"]}}]})");
        std::string error;
        const LoadedRules loaded = loadRules(extra.toStdString());
        QVERIFY(loaded.problems.empty());
        const RuleBook* book = &loaded.book;
        QCOMPARE(book->rules.size(), builtinRules().rules.size() + 1);
        const Rule* overridden = book->find("hccl-connect-timeout");
        QCOMPARE(overridden->text.title.en, std::string("Team override"));
        QCOMPARE(overridden->text.severity, Severity::Warning);
        QCOMPARE(overridden->origin, defaultUserRulesPath());
        QCOMPARE(book->rules[2].text.id, std::string("hccl-connect-timeout")); // replaced in place
        QCOMPARE(book->rules.back().text.id, std::string("team-oom"));

        const QString log =
            writeFile(dir, QStringLiteral("train.log"), "ok\nRuntimeError: NPU out of memory\n");
        const auto findings = scanLogForKnownFailures(fileSystem(), log.toStdString(), *book, error);
        QCOMPARE(ids(*findings), std::vector<std::string> { "team-oom" });
        QCOMPARE(findings->front().line, std::optional<int>(2));

        // One policy: a broken user file is a bad-rules-file problem naming file:line:col, not
        // silently ignored, and the built-in rules still apply; a missing --rules file too.
        writeFile(m_config, QStringLiteral("dvmlens/known-failures.json"), "{ broken");
        const LoadedRules broken = loadRules(std::nullopt);
        QCOMPARE(broken.problems.size(), std::size_t(1));
        QCOMPARE(broken.problems[0].code, std::string("bad-rules-file"));
        QCOMPARE(broken.problems[0].severity, Severity::Error);
        QCOMPARE(broken.problems[0].path, defaultUserRulesPath());
        QVERIFY2(
            broken.problems[0].message.find("known-failures.json:1:3: invalid JSON") != std::string::npos,
            broken.problems[0].message.c_str());
        QCOMPARE(broken.book.rules.size(), builtinRules().rules.size());
        QFile::remove(m_config.filePath(QStringLiteral("dvmlens/known-failures.json")));
        const LoadedRules missing = loadRules(dir.filePath(QStringLiteral("missing.json")).toStdString());
        QCOMPARE(missing.problems.size(), std::size_t(1));
        QVERIFY2(
            missing.problems[0].message.find("missing.json: cannot read the rule file") != std::string::npos,
            missing.problems[0].message.c_str());
        QCOMPARE(missing.book.rules.size(), builtinRules().rules.size());
        QVERIFY(loadRules(std::nullopt).problems.empty());
    }

    void treeRulesOnMixedTree()
    {
        const Index index = mixedTree();
        const auto findings = findKnownFailures(index, builtinRules());
        // The folder with dumps but no output_code.py (graph 4) is a crash, not a cache hit.
        const std::vector<std::string> expected = { "graph-without-dvm-kernel", "dvm-named-import-fx",
            "fx-cache-hit-no-output-code" };
        QCOMPARE(ids(findings), expected);
        const std::string torchinductor = index.runs[0].path + "/torchinductor/";

        QCOMPARE(findings[0].path, torchinductor + "model__1_forward_3.1/output_code.py");
        QCOMPARE(findings[0].excerpt, std::string("2 kernels (2 triton), 0 fallback calls, no @dvm.kernel"));
        QCOMPARE(findings[0].graph, std::optional<std::size_t>(1));

        QCOMPARE(findings[1].path, torchinductor + "model__2_forward_5.2/output_code.py");
        QCOMPARE(findings[1].line, std::optional<int>(25));
        QCOMPARE(findings[1].occurrences, 2);
        QCOMPARE(findings[1].excerpt,
            std::string("dvm_fused_sort_0, dvm_fused_topk_2 = async_compile.import_fx(…)"));

        QCOMPARE(findings[2].path, torchinductor + "model__3_inference_7.3");
        QCOMPARE(findings[2].confidence, Confidence::High);
        QCOMPARE(findings[2].excerpt, std::string("the graph folder is empty"));
    }

    void dotfilesDoNotMakeAFolderNonEmpty()
    {
        Index index = mixedTree();
        index.runs[0].graphs[3].files = { ".gitkeep" };
        const auto findings = findKnownFailures(index, builtinRules());
        QCOMPARE(findings[2].excerpt, std::string("the graph folder is empty"));
        QCOMPARE(findings[2].confidence, Confidence::High);
    }

    void dvmNeverEngaged()
    {
        Index index = mixedTree();
        auto& graphs = index.runs[0].graphs;
        graphs.erase(graphs.begin() + 3, graphs.end());
        // Take the real DVM kernels away: the import and dvm-named fallbacks remain.
        for (Graph& g : graphs) {
            auto& kernels = g.outputCode->kernels;
            kernels.erase(std::remove_if(kernels.begin(), kernels.end(),
                              [](const Kernel& k) { return k.backend == Backend::Dvm; }),
                kernels.end());
            g.outputCode->dvmEngaged = false;
        }
        const auto findings = findKnownFailures(index, builtinRules());
        QCOMPARE(ids(findings), (std::vector<std::string> { "dvm-named-import-fx", "dvm-never-engaged" }));
        QCOMPARE(findings[1].path, index.root);
        QCOMPARE(findings[1].run, std::optional<std::size_t>());
        QCOMPARE(findings[1].excerpt,
            "the dvm import in " + graphs[0].outputCode->path
                + "; 0 of 3 output_code.pys define a @dvm.kernel");

        // A CUDA tree with nothing DVM about it is not a DVM failure.
        Index cuda;
        cuda.root = "/t/cuda";
        Run run;
        run.path = "/t/cuda/run_x";
        run.graphs.push_back(graph(
            run.path, "model__0_inference_0.0", { kernel("triton_poi_fused_0", Backend::Triton, 9) }, false));
        cuda.runs.push_back(run);
        QVERIFY(findKnownFailures(cuda, builtinRules()).empty());
    }

    void dvmRequestedInReproHeader()
    {
        QTemporaryDir dir;
        Index index;
        index.root = dir.path().toStdString();
        Run run;
        run.path = index.root + "/run_2026_07_20_10_15_30_123456-pid_7";
        Graph g = graph(run.path, "model__0_forward_1.0",
            { kernel("triton_unk_fused_add_0", Backend::Triton, 20) }, false);
        g.files.push_back("fx_graph_runnable.py");
        writeFile(dir, QString::fromStdString(g.path.substr(index.root.size() + 1) + "/fx_graph_runnable.py"),
            "\nimport os\nos.environ['TORCHINDUCTOR_NPU_BACKEND'] = 'dvm'\nimport torch\n# torch version: "
            "2.14.0\n");
        run.graphs.push_back(g);
        index.runs.push_back(run);
        const auto findings = findKnownFailures(index, builtinRules());
        QCOMPARE(ids(findings), std::vector<std::string> { "dvm-never-engaged" });
        QCOMPARE(findings[0].excerpt,
            "TORCHINDUCTOR_NPU_BACKEND='dvm' in " + g.path
                + "/fx_graph_runnable.py; 0 of 1 output_code.py define a "
                  "@dvm.kernel");
    }

    void torchNpuReleasesWithoutDvm()
    {
        for (const char* version : { "2.10.0-26.0.0", "v2.11.0-26.1.0", "2.12.0-26.1.0.post1",
                 "v26.1.0-pytorch2.11.0", "26.1.0-pytorch2.12.0+gitabc", " 2.11.0-26.1.0 " })
            QVERIFY2(isTorchNpuReleaseWithoutDvm(version), version);
        for (const char* version :
            { "2.10.0", "2.7.1-26.1.0", "2.9.0-26.0.0", "2.11.0-26.1.01", "2.10.0-26.1.0", "" })
            QVERIFY2(!isTorchNpuReleaseWithoutDvm(version), version);
    }

    // dvm-format.md §8: on these releases TORCHINDUCTOR_NPU_BACKEND=dvm silently loads Triton.
    void dvmRequestedOnAReleaseWithoutDvm_data()
    {
        QTest::addColumn<QByteArray>("torchNpu");
        QTest::addColumn<bool>("found");
        QTest::newRow("v2.11.0-26.1.0") << QByteArray("2.11.0-26.1.0") << true;
        QTest::newRow("v26.1.0-pytorch2.12.0") << QByteArray("v26.1.0-pytorch2.12.0") << true;
        QTest::newRow("a release with DVM") << QByteArray("2.7.1-26.1.0") << false;
    }

    void dvmRequestedOnAReleaseWithoutDvm()
    {
        QFETCH(QByteArray, torchNpu);
        QFETCH(bool, found);
        QTemporaryDir dir;
        Index index;
        index.root = dir.path().toStdString();
        Run run;
        run.path = index.root + "/run_2026_07_20_10_15_30_123456-pid_7";
        Graph g = graph(run.path, "model__0_forward_1.0",
            { kernel("triton_unk_fused_add_0", Backend::Triton, 20) }, false);
        g.files.push_back("fx_graph_runnable.py");
        const std::string runnable = g.path + "/fx_graph_runnable.py";
        writeFile(dir, QString::fromStdString(runnable.substr(index.root.size() + 1)),
            "\nimport os\nos.environ['TORCHINDUCTOR_NPU_BACKEND'] = 'dvm'\nimport torch\n# torch version: "
            "2.11.0\n"
            "# torch_npu version: "
                + torchNpu + "\n");
        run.graphs.push_back(g);
        index.runs.push_back(run);
        const auto findings = findKnownFailures(index, builtinRules());
        if (!found) {
            QCOMPARE(ids(findings), std::vector<std::string> { "dvm-never-engaged" });
            return;
        }
        QCOMPARE(ids(findings),
            (std::vector<std::string> { "dvm-never-engaged", "torch-npu-release-without-dvm" }));
        const Finding& release = findings[1];
        QCOMPARE(release.rule.severity, Severity::Error);
        QCOMPARE(release.rule.title.en,
            std::string("DVM requested but this torch_npu has no DVM backend; it silently used Triton"));
        QCOMPARE(release.path, runnable);
        QCOMPARE(
            release.excerpt, "torch_npu " + torchNpu.toStdString() + ", TORCHINDUCTOR_NPU_BACKEND='dvm'");
        QCOMPARE(release.run, std::optional<std::size_t>(0));
        QVERIFY(!release.graph);
    }

    // pytorch #161615: output_code.py is written even when its compile failed; the graph's log says so.
    void compileFailedInTheGraphsLog()
    {
        QTemporaryDir dir;
        Index index;
        index.root = dir.path().toStdString();
        Run run;
        run.path = index.root + "/run_2026_07_20_10_15_30_123456-pid_7";
        Graph g =
            graph(run.path, "model__0_forward_1.0", { kernel("dvm_fused_add_0", Backend::Dvm, 20) }, true);
        const std::string log = g.path + "/debug.log";
        writeFile(dir, QString::fromStdString(log.substr(index.root.size() + 1)),
            "compiling\nTraceback (most recent call last):\n"
            "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nLoweringException: boom\n");
        run.logs.push_back(log);
        run.graphs.push_back(g);
        index.runs.push_back(run);
        applyKnownFailures(index, builtinRules());
        const std::vector<Diagnostic>& diagnostics = index.runs[0].graphs[0].diagnostics;
        QCOMPARE(diagnostics.size(), std::size_t(1));
        QCOMPARE(diagnostics[0].code, std::string("compile-failed"));
        QCOMPARE(diagnostics[0].severity, Severity::Error);
        QCOMPARE(diagnostics[0].line, std::optional<int>(3));
        QVERIFY2(diagnostics[0].message.rfind("Compile failed; this code never ran: ", 0) == 0,
            diagnostics[0].message.c_str());
        QVERIFY(index.diagnostics.empty());
    }

    void applyPlacesDiagnostics()
    {
        QTemporaryDir dir;
        Index index = mixedTree();
        Run& run = index.runs[0];
        // Logs are read from disk: the first graph's folder and the run's torchdynamo/ live in `dir`.
        const std::string graphFolder =
            dir.filePath(QStringLiteral("torchinductor/model__0_forward_1.0")).toStdString();
        run.graphs[0].path = graphFolder;
        const std::string graphLog = copyFixture(dir, QStringLiteral("logs/hccl-port-listen.log"),
            QStringLiteral("torchinductor/model__0_forward_1.0/debug.log"));
        const std::string runLog = copyFixture(dir, QStringLiteral("logs/fallbackkernel-traceback.log"),
            QStringLiteral("torchdynamo/debug.log"));
        run.logs = { graphLog, runLog, dir.filePath(QStringLiteral("gone.log")).toStdString() };
        index.root = dir.path().toStdString(); // logs are read only inside the tree

        applyKnownFailures(index, builtinRules());
        const auto& graphDiagnostics = index.runs[0].graphs[0].diagnostics;
        QCOMPARE(graphDiagnostics.size(), std::size_t(1));
        QCOMPARE(graphDiagnostics[0].code, std::string("hccl-port-in-use"));
        QCOMPARE(graphDiagnostics[0].path, graphLog);
        QCOMPARE(graphDiagnostics[0].line, std::optional<int>(2));
        QCOMPARE(graphDiagnostics[0].severity, Severity::Error);
        QCOMPARE(graphDiagnostics[0].message,
            std::string(
                "HCCL could not bind its socket port (port conflict): The HCCL socket port (16666 by default "
                "for NPU sockets) is already used by another job or a leftover process, so link setup "
                "between "
                "ranks fails."));

        const auto& treeDiagnostics = index.diagnostics;
        QCOMPARE(treeDiagnostics.size(), std::size_t(2));
        QCOMPARE(treeDiagnostics[0].code, std::string("unreadable-log"));
        QCOMPARE(treeDiagnostics[1].code, std::string("fallbackkernel-no-data"));
        QCOMPARE(treeDiagnostics[1].path, runLog);
        QCOMPARE(treeDiagnostics[1].line, std::optional<int>(10));
        QVERIFY(treeDiagnostics[1].message.find("(2 occurrences)") != std::string::npos);
        QCOMPARE(index.runs[0].graphs[1].diagnostics[0].code, std::string("graph-without-dvm-kernel"));
        QCOMPARE(index.runs[0].graphs[2].diagnostics[0].code, std::string("dvm-named-import-fx"));
        QCOMPARE(index.runs[0].graphs[2].diagnostics[0].line, std::optional<int>(25));
        QCOMPARE(index.runs[0].graphs[3].diagnostics[0].code, std::string("fx-cache-hit-no-output-code"));
    }

    // The scanner's own missing-output-code diagnostic is not repeated; the finding stays for reports.
    void applyDoesNotRepeatScannerDiagnostics()
    {
        Index index = mixedTree();
        Graph& empty = index.runs[0].graphs[3];
        Diagnostic scanner;
        scanner.path = empty.path;
        scanner.code = "missing-output-code";
        scanner.message = "The graph folder is empty…";
        empty.diagnostics.push_back(scanner);
        QCOMPARE(
            ids(findKnownFailures(index, builtinRules())).back(), std::string("fx-cache-hit-no-output-code"));
        applyKnownFailures(index, builtinRules());
        QCOMPARE(index.runs[0].graphs[3].diagnostics.size(), std::size_t(1));
        QCOMPARE(index.runs[0].graphs[3].diagnostics[0].message, scanner.message);
    }

    // The stage runs after indexing, apart from it: buildIndex adds no findings, applyKnownFailures
    // on its result adds them (what `dvmlens-cli scan` does).
    void stageRunsAfterIndexing()
    {
        const std::string tree = testutil::fixturePath(QStringLiteral("reports/tree"));
        std::string error;
        IndexOptions options;
        auto index = buildIndex(tree, options, error);
        QVERIFY2(index, error.c_str());
        const auto hasCode = [](const std::vector<Diagnostic>& diagnostics, const std::string& code) {
            return std::any_of(
                diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
        };
        QVERIFY(!hasCode(index->diagnostics, "fallbackkernel-no-data"));
        applyKnownFailures(*index, builtinRules());
        QVERIFY(hasCode(index->diagnostics, "fallbackkernel-no-data"));
    }

private:
    QTemporaryDir m_config;
};

QTEST_GUILESS_MAIN(TestKnownFailures)
#include "tst_knownfailures.moc"
