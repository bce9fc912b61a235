// SPDX-License-Identifier: MIT
// Toolchain versions from fx_graph_runnable.py headers: the real 2.7.1 sample, NPU-style headers,
// and files that say nothing.
#include "core/io/container.h"
#include "core/parse/versions.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace dvmlens;

namespace {

void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

const char kNpuHeader[] = "\nimport os\n"
                          "os.environ['TORCH_COMPILE_DEBUG'] = '1'\n"
                          "os.environ['TORCHINDUCTOR_NPU_BACKEND'] = 'dvm'\n"
                          "os.environ[\"TORCHINDUCTOR_CACHE_DIR\"] = \"/tmp/torchinductor_dvm\"\n"
                          "\nimport torch\nimport torch._inductor.config\n"
                          "torch._inductor.config.debug = True\n\n"
                          "# torch version: 2.14.0.dev20260719+cpu\n"
                          "# torch cuda version: None\n"
                          "# torch git version: 0123456789abcdef0123456789abcdef01234567\n"
                          "# torch_npu version: 2.14.0.dev20260719+gitfe48c44\n"
                          "# python version: 3.12.13\n"
                          "# NPU Info: \n# Ascend910B2 : 8 \n# CANN version: 9.1.0\n\n\n"
                          "class Repro(torch.nn.Module):\n"
                          "    # torch version: 9.9 (inside the body: ignored)\n";

} // namespace

class TestVersions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsNpuHeader()
    {
        const Versions versions = parseReproHeader(kNpuHeader);
        QCOMPARE(versions.torch, std::optional<std::string>("2.14.0.dev20260719+cpu"));
        QCOMPARE(versions.torchCuda, std::optional<std::string>("None"));
        QCOMPARE(versions.torchGit, std::optional<std::string>("0123456789abcdef0123456789abcdef01234567"));
        QCOMPARE(versions.torchNpu, std::optional<std::string>("2.14.0.dev20260719+gitfe48c44"));
        QCOMPARE(versions.python, std::optional<std::string>("3.12.13"));
        QCOMPARE(versions.cann, std::optional<std::string>("9.1.0"));
        QCOMPARE(versions.npuBackend, std::optional<std::string>("dvm"));
        const std::vector<std::pair<std::string, std::string>> environment = { { "TORCH_COMPILE_DEBUG", "1" },
            { "TORCHINDUCTOR_NPU_BACKEND", "dvm" }, { "TORCHINDUCTOR_CACHE_DIR", "/tmp/torchinductor_dvm" } };
        QCOMPARE(versions.environment, environment);
    }

    void readsBackendFromInductorConfig()
    {
        const Versions versions =
            parseReproHeader("import torch\ntorch._inductor.config.npu_backend = 'dvm'\r\n");
        QCOMPARE(versions.npuBackend, std::optional<std::string>("dvm"));
        QVERIFY(!versions.torch);
    }

    void emptyAndBinaryTextSayNothing()
    {
        QVERIFY(parseReproHeader("").empty());
        QVERIFY(parseReproHeader(std::string_view("\0\xff\xfe# torch version\n", 18)).empty());
        QVERIFY(parseReproHeader("# torch version:   \n").empty());
    }

    void readsRealSample()
    {
        const QString path = testutil::realSample(QStringLiteral(
            "mlp-cuda-templates-v2.7.1/debug-tree/run_2025_07_22_06_42_33_163715-pid_896731/torchinductor/"
            "model__0_inference_0.0/fx_graph_runnable.py"));
        if (!QFileInfo::exists(path))
            QSKIP("real samples are not available");
        const auto versions = readReproHeader(fileSystem(), path.toStdString());
        QVERIFY(versions);
        QCOMPARE(versions->torch, std::optional<std::string>("2.7.1+cu126"));
        QCOMPARE(versions->torchCuda, std::optional<std::string>("12.6"));
        QCOMPARE(versions->torchGit, std::optional<std::string>("e2d141dbde55c2a4370fac5165b0561b6af4798b"));
        QVERIFY(!versions->torchNpu);
        QVERIFY(!versions->npuBackend);
        QCOMPARE(versions->environment,
            (std::vector<std::pair<std::string, std::string>> {
                { "TORCHINDUCTOR_CACHE_DIR", "/tmp/torchinductor_root" } }));
        QCOMPARE(versions->source, std::optional<std::string>(path.toStdString()));
    }

    void runVersionsTakeFirstGraphAndFillGaps()
    {
        QTemporaryDir dir;
        Run run;
        run.path = dir.path().toStdString();
        for (const char* name : { "model__0_forward_1.0", "model__0_backward_2.1", "model__1_forward_4.2" }) {
            Graph graph;
            graph.name = name;
            graph.path = run.path + "/torchinductor/" + name;
            run.graphs.push_back(graph);
        }
        // The first graph has no fx_graph_runnable.py; the second lacks the backend; the third has it.
        run.graphs[1].files = { "fx_graph_runnable.py" };
        writeFile(
            QString::fromStdString(run.graphs[1].path + "/fx_graph_runnable.py"), "# torch version: 2.9.0\n");
        run.graphs[2].files = { "fx_graph_runnable.py", "output_code.py" };
        writeFile(QString::fromStdString(run.graphs[2].path + "/fx_graph_runnable.py"),
            "os.environ['TORCHINDUCTOR_NPU_BACKEND'] = 'mlir'\n# torch version: 2.9.1\n");
        const Versions versions = runVersions(fileSystem(), run, std::string());
        QCOMPARE(versions.torch, std::optional<std::string>("2.9.0"));
        QCOMPARE(versions.npuBackend, std::optional<std::string>("mlir"));
        QCOMPARE(versions.source, std::optional<std::string>(run.graphs[1].path + "/fx_graph_runnable.py"));
        QVERIFY(runVersions(fileSystem(), Run(), std::string()).empty());
    }

    // A FIFO named fx_graph_runnable.py hung `report` and `scan` before; a link out of the tree
    // was read and printed.
    void fifosAndLinksOutAreNotRead()
    {
        QTemporaryDir dir;
        QTemporaryDir outside;
        Run run;
        run.path = dir.path().toStdString();
        for (const char* name : { "model__0_forward_1.0", "model__0_backward_2.1" }) {
            Graph graph;
            graph.name = name;
            graph.path = run.path + "/torchinductor/" + name;
            graph.files = { "fx_graph_runnable.py" };
            QDir().mkpath(QString::fromStdString(graph.path));
            run.graphs.push_back(graph);
        }
        QVERIFY(::mkfifo((run.graphs[0].path + "/fx_graph_runnable.py").c_str(), 0644) == 0);
        writeFile(
            outside.filePath(QStringLiteral("fx_graph_runnable.py")), "# torch version: 6.6.6-secret\n");
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("fx_graph_runnable.py")),
            QString::fromStdString(run.graphs[1].path + "/fx_graph_runnable.py")));
        QVERIFY(!readReproHeader(fileSystem(), run.graphs[0].path + "/fx_graph_runnable.py", run.path));
        QVERIFY(runVersions(fileSystem(), run, run.path).empty());
        // Without a tree bound the link is followed (what the bound prevents).
        QCOMPARE(
            runVersions(fileSystem(), run, std::string()).torch, std::optional<std::string>("6.6.6-secret"));
    }
};

QTEST_GUILESS_MAIN(TestVersions)
#include "tst_versions.moc"
