// SPDX-License-Identifier: MIT
// scanTree and the folder-name readers: every input level (debug root under any name, run,
// torchinductor, aot_torchinductor, graph folder, one file), name parsing, file lists, logs,
// missing output_code.py, links (loop, out of the tree, inside it), unreadable and vanished
// entries, empty and deeply nested trees, the callback naming each output_code.py. Trees are built in a
// QTemporaryDir at test time.
// Over 600 lines: the cases of one walk, each short; split by feature when it grows further.
#include "core/model/graphname.h"
#include "core/rules/knownfailures.h"
#include "core/scan/treescanner.h"
#include "indexfixture.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace dvmlens;

namespace {

constexpr const char* kRun = "run_2026_07_20_10_15_30_123456-pid_4101";
constexpr const char* kEarlyRun = "run_2026_07_20_09_00_00_000001-pid_77";

void writeFile(const QString& path, const QByteArray& bytes = QByteArrayLiteral("x = 1\n"))
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

void makeDir(const QString& path)
{
    if (!QDir().mkpath(path))
        qFatal("cannot create %s", qPrintable(path));
}

void makeLink(const QString& target, const QString& link)
{
    if (::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()) != 0)
        qFatal("cannot link %s", qPrintable(link));
}

Index scan(const QString& path)
{
    std::string error;
    std::optional<Index> index = scanTree(path.toStdString(), error);
    if (!index)
        qFatal("scan of %s failed: %s", qPrintable(path), error.c_str());
    return *index;
}

QStringList names(const std::vector<std::string>& values)
{
    QStringList list;
    for (const std::string& value : values)
        list << QString::fromStdString(value);
    return list;
}

QStringList graphsOf(const Run& run)
{
    QStringList list;
    for (const Graph& graph : run.graphs)
        list << QString::fromStdString(graph.name);
    return list;
}

// "code@path-relative-to-root" for each diagnostic, to compare whole lists at once.
QStringList diagnosticKeys(const std::vector<Diagnostic>& diagnostics, const QString& root)
{
    QStringList list;
    for (const Diagnostic& diagnostic : diagnostics)
        list << QString::fromStdString(diagnostic.code) + QLatin1Char('@')
                + QDir(root).relativeFilePath(QString::fromStdString(diagnostic.path));
    return list;
}

QStringList codes(const std::vector<Diagnostic>& diagnostics)
{
    return testutil::diagnosticCodes(diagnostics);
}

// A debug root with two runs: the later one has a complete graph, an FX-cache-hit (empty) graph,
// a crashed graph and logs at every level; the earlier one has only an AOTI graph.
struct SampleTree
{
    QTemporaryDir dir;
    QString root;
    QString run;
    QString inductor;

    SampleTree()
    {
        root = dir.filePath(QStringLiteral(".triton_cache")); // debug_dir_root may rename the root
        run = root + QLatin1Char('/') + QLatin1String(kRun);
        inductor = run + QStringLiteral("/torchinductor");
        writeFile(run + QStringLiteral("/torchdynamo/debug.log"));
        writeFile(inductor + QStringLiteral("/aot_model___0_debug.log"));
        const QString forward = inductor + QStringLiteral("/model__0_forward_1.0");
        for (const char* name :
            { "output_code.py", "fx_graph_readable.py", "fx_graph_runnable.py", "debug.log" })
            writeFile(forward + QLatin1Char('/') + QLatin1String(name));
        writeFile(forward + QStringLiteral("/storages/blob.log"));
        makeDir(inductor + QStringLiteral("/model__0_backward_2.1"));
        writeFile(inductor + QStringLiteral("/model__1_inference_3.2/fx_graph_runnable.py"));
        writeFile(inductor + QStringLiteral("/model__1_inference_3.2/ir_pre_fusion.txt"));
        writeFile(inductor + QStringLiteral("/model__1_inference_3.2/fx_graph_readable.py"));
        writeFile(root + QLatin1Char('/') + QLatin1String(kEarlyRun)
            + QStringLiteral("/torchinductor/model___9.0/output_code.cpp"));
    }
};

// Runs `check` in a child process that, when this one is root, drops to "nobody" first: root
// reads folders whatever their permissions, so only there do unlistable folders exist. Returns the
// child's exit code (0: passed).
template <typename Check> int unprivileged(Check check)
{
    const pid_t child = ::fork();
    if (child == 0) {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(99);
        ::_exit(check());
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 98;
}

} // namespace

class TestTreeScanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<qint64>("pid");
        QTest::addColumn<QString>("started");
        QTest::newRow("typical") << QString::fromLatin1(kRun) << true << qint64(4101)
                                 << QStringLiteral("2026-07-20T10:15:30.123456");
        QTest::newRow("big pid") << QStringLiteral("run_2023_03_01_08_20_52_143510-pid_180167") << true
                                 << qint64(180167) << QStringLiteral("2023-03-01T08:20:52.143510");
        QTest::newRow("no microseconds")
            << QStringLiteral("run_2023_03_01_08_20_52-pid_1") << false << qint64(0) << QString();
        QTest::newRow("suffix") << QStringLiteral("run_2023_03_01_08_20_52_143510-pid_1.bak") << false
                                << qint64(0) << QString();
        QTest::newRow("no pid") << QStringLiteral("run_2023_03_01_08_20_52_143510") << false << qint64(0)
                                << QString();
        QTest::newRow("pid too long")
            << QStringLiteral("run_2023_03_01_08_20_52_143510-pid_1234567890123456789") << false << qint64(0)
            << QString();
    }

    void runNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        const std::optional<RunName> run = parseRunName(name.toStdString());
        QCOMPARE(run.has_value(), valid);
        if (!valid)
            return;
        QFETCH(qint64, pid);
        QFETCH(QString, started);
        QCOMPARE(run->pid, pid);
        QCOMPARE(QString::fromStdString(run->started), started);
    }

    void graphNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("aotId"); // -1 = null
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("nthGraph");
        QTest::addColumn<int>("seq"); // -1 = null
        QTest::newRow("forward") << "model__0_forward_1.0" << true << "model" << 0 << "forward" << 1 << 0;
        QTest::newRow("lazy backward")
            << "model__0_backward_12.1" << true << "model" << 0 << "backward" << 12 << 1;
        QTest::newRow("underscored model")
            << "tf_mixnet_l__0_inference_0.0" << true << "tf_mixnet_l" << 0 << "inference" << 0 << 0;
        QTest::newRow("double underscore in model")
            << "my__model__12_backward_34.5" << true << "my__model" << 12 << "backward" << 34 << 5;
        QTest::newRow("AOTI") << "model___9.0" << true << "model" << -1 << "" << 9 << 0;
        QTest::newRow("pre-2.0") << "model_forward_0" << true << "model" << -1 << "forward" << 0 << -1;
        QTest::newRow("joint is not a folder") << "model__0_joint_1.0" << false << "" << -1 << "" << 0 << -1;
        QTest::newRow("odd") << "autofused_add_mul_1a2b" << false << "" << -1 << "" << 0 << -1;
        QTest::newRow("no seq digits") << "model__0_forward_1." << false << "" << -1 << "" << 0 << -1;
        QTest::newRow("overflow") << "model__99999999999_forward_1.0" << false << "" << -1 << "" << 0 << -1;
    }

    void graphNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        const std::optional<GraphName> graph = parseGraphName(name.toStdString());
        QCOMPARE(graph.has_value(), valid);
        if (!valid)
            return;
        QFETCH(QString, model);
        QFETCH(int, aotId);
        QFETCH(QString, kind);
        QFETCH(int, nthGraph);
        QFETCH(int, seq);
        QCOMPARE(QString::fromStdString(graph->model), model);
        QCOMPARE(graph->aotId.value_or(-1), aotId);
        QCOMPARE(QString::fromStdString(graph->kind), kind);
        QCOMPARE(graph->nthGraph.value_or(-1), nthGraph);
        QCOMPARE(graph->seq.value_or(-1), seq);
    }

    void pairingKey()
    {
        QCOMPARE(graphPairingKey("model__0_forward_1.0"), std::string("model__0_forward_1"));
        QCOMPARE(graphPairingKey("model__0_forward_1.17"), std::string("model__0_forward_1"));
        QCOMPARE(graphPairingKey("model___9.0"), std::string("model___9"));
        QCOMPARE(graphPairingKey("model_forward_0"), std::string("model_forward_0"));
        QCOMPARE(graphPairingKey("weird.name"), std::string("weird.name"));
        QCOMPARE(graphPairingKey("trailing."), std::string("trailing."));
    }

    void debugRoot()
    {
        SampleTree tree;
        const Index index = scan(tree.root + QLatin1Char('/')); // a trailing slash is tolerated
        QCOMPARE(QString::fromStdString(index.root), tree.root);
        QCOMPARE(index.runs.size(), std::size_t(2));
        QVERIFY(index.diagnostics.empty());

        const Run& early = index.runs[0];
        QCOMPARE(QString::fromStdString(early.name.value()), QString::fromLatin1(kEarlyRun));
        QCOMPARE(early.pid.value(), 77);
        QCOMPARE(QString::fromStdString(early.started.value()), QStringLiteral("2026-07-20T09:00:00.000001"));
        QCOMPARE(graphsOf(early), QStringList { QStringLiteral("model___9.0") });
        const Graph& aoti = early.graphs[0];
        QCOMPARE(aoti.kind.value(), std::string());
        QVERIFY(!aoti.aotId);
        QVERIFY(!aoti.outputCode);
        QCOMPARE(names(aoti.files), QStringList { QStringLiteral("output_code.cpp") });
        QCOMPARE(aoti.diagnostics.size(), std::size_t(1));
        QCOMPARE(aoti.diagnostics[0].code, std::string("missing-output-code"));
        QVERIFY(aoti.diagnostics[0].message.find("output_code.cpp") != std::string::npos);

        const Run& run = index.runs[1];
        QCOMPARE(QString::fromStdString(run.path), tree.run);
        QCOMPARE(graphsOf(run),
            (QStringList { QStringLiteral("model__0_forward_1.0"), QStringLiteral("model__0_backward_2.1"),
                QStringLiteral("model__1_inference_3.2") }));
        QCOMPARE(names(run.logs),
            (QStringList { tree.run + QStringLiteral("/torchdynamo/debug.log"),
                tree.inductor + QStringLiteral("/aot_model___0_debug.log"),
                tree.inductor + QStringLiteral("/model__0_forward_1.0/debug.log"),
                tree.inductor + QStringLiteral("/model__0_forward_1.0/storages/blob.log") }));

        const Graph& forward = run.graphs[0];
        QCOMPARE(
            QString::fromStdString(forward.path), tree.inductor + QStringLiteral("/model__0_forward_1.0"));
        QCOMPARE(forward.model.value(), std::string("model"));
        QCOMPARE(forward.aotId.value(), 0);
        QCOMPARE(forward.kind.value(), std::string("forward"));
        QCOMPARE(forward.nthGraph.value(), 1);
        QCOMPARE(forward.seq.value(), 0);
        QCOMPARE(names(forward.files),
            (QStringList { QStringLiteral("debug.log"), QStringLiteral("fx_graph_readable.py"),
                QStringLiteral("fx_graph_runnable.py"), QStringLiteral("output_code.py"),
                QStringLiteral("storages/") }));
        QVERIFY(forward.outputCode);
        QCOMPARE(QString::fromStdString(forward.outputCode->path),
            QString::fromStdString(forward.path) + QStringLiteral("/output_code.py"));
        QVERIFY(forward.outputCode->kernels.empty()); // the scanner does not parse
        QVERIFY(forward.diagnostics.empty());

        const Graph& cacheHit = run.graphs[1];
        QVERIFY(cacheHit.files.empty());
        QVERIFY(!cacheHit.outputCode);
        QCOMPARE(cacheHit.diagnostics.size(), std::size_t(1));
        const Diagnostic& empty = cacheHit.diagnostics[0];
        QCOMPARE(empty.code, std::string("missing-output-code"));
        QCOMPARE(empty.severity, Severity::Warning);
        QCOMPARE(empty.path, cacheHit.path);
        QVERIFY(empty.message.find("FX graph cache hit") != std::string::npos);
        QVERIFY(empty.message.find("TORCHINDUCTOR_CACHE_DIR") != std::string::npos);
        QVERIFY(empty.message.find("nothing to verify DVM against") != std::string::npos);

        const Graph& crashed = run.graphs[2];
        QCOMPARE(crashed.diagnostics.size(), std::size_t(1));
        // A guess is said as one: the compile may have stopped there, or (#185621) a cache hit wrote them.
        const std::string& reason = crashed.diagnostics[0].message;
        QVERIFY2(reason.find("the last of those here is ir_pre_fusion.txt: the compile may have stopped")
                != std::string::npos,
            reason.c_str());
        QVERIFY2(reason.find("#185621") != std::string::npos, reason.c_str());
        QVERIFY(reason.find("likely crashed") == std::string::npos);
    }

    void runFolder()
    {
        SampleTree tree;
        const Index index = scan(tree.run);
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(index.runs[0].name.value()), QString::fromLatin1(kRun));
        QCOMPARE(index.runs[0].graphs.size(), std::size_t(3));
        QCOMPARE(index.runs[0].logs.size(), std::size_t(4));
    }

    void torchinductorFolder()
    {
        SampleTree tree;
        const Index index = scan(tree.inductor);
        QCOMPARE(index.runs.size(), std::size_t(1));
        const Run& run = index.runs[0];
        QCOMPARE(QString::fromStdString(run.name.value()), QString::fromLatin1(kRun)); // from the ancestors
        QCOMPARE(QString::fromStdString(run.path), tree.run);
        QCOMPARE(run.pid.value(), 4101);
        QCOMPARE(run.graphs.size(), std::size_t(3));
        QCOMPARE(run.logs.size(), std::size_t(3)); // only logs inside what was scanned
    }

    void torchinductorWithoutRun_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("torchinductor") << QStringLiteral("torchinductor");
        QTest::newRow("legacy alias") << QStringLiteral("aot_torchinductor");
    }

    void torchinductorWithoutRun()
    {
        QFETCH(QString, folder);
        QTemporaryDir dir;
        const QString inductor = dir.filePath(QStringLiteral("debug/") + folder);
        writeFile(inductor + QStringLiteral("/model___9.0/output_code.py"));
        writeFile(inductor + QStringLiteral("/odd name/output_code.py"));
        writeFile(inductor + QStringLiteral("/aot_model___0_debug.log"));
        for (const QString& input : { inductor, dir.filePath(QStringLiteral("debug")) }) {
            const Index index = scan(input);
            QCOMPARE(index.runs.size(), std::size_t(1));
            const Run& run = index.runs[0];
            QVERIFY(!run.name);
            QVERIFY(!run.pid);
            QVERIFY(!run.started);
            QCOMPARE(QString::fromStdString(run.path), input);
            QCOMPARE(names(run.logs), QStringList { inductor + QStringLiteral("/aot_model___0_debug.log") });
            // Every sub-folder of torchinductor/ is a graph; odd names keep null fields and sort last.
            QCOMPARE(
                graphsOf(run), (QStringList { QStringLiteral("model___9.0"), QStringLiteral("odd name") }));
            QVERIFY(!run.graphs[1].model);
            QVERIFY(!run.graphs[1].kind);
            QVERIFY(!run.graphs[1].seq);
            QVERIFY(run.graphs[1].outputCode);
        }
    }

    void graphFolder()
    {
        SampleTree tree;
        const QString folder = tree.inductor + QStringLiteral("/model__0_forward_1.0");
        const Index index = scan(folder);
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(index.runs[0].name.value()), QString::fromLatin1(kRun));
        QCOMPARE(graphsOf(index.runs[0]), QStringList { QStringLiteral("model__0_forward_1.0") });
        QCOMPARE(index.runs[0].graphs[0].files.size(), std::size_t(5));
        QCOMPARE(index.runs[0].logs.size(), std::size_t(2));

        // A folder of any name holding output_code.py is a graph folder too.
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("copied/output_code.py")));
        const Index copied = scan(dir.filePath(QStringLiteral("copied")));
        QCOMPARE(graphsOf(copied.runs.at(0)), QStringList { QStringLiteral("copied") });
        QVERIFY(!copied.runs[0].name);
        QVERIFY(copied.runs[0].graphs[0].outputCode);
    }

    void singleFile()
    {
        SampleTree tree;
        const QString file = tree.inductor + QStringLiteral("/model__0_forward_1.0/output_code.py");
        const Index index = scan(file);
        QCOMPARE(QString::fromStdString(index.root), file);
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(index.runs[0].name.value()), QString::fromLatin1(kRun));
        const Graph& graph = index.runs[0].graphs.at(0);
        QCOMPARE(graph.name, std::string("model__0_forward_1.0"));
        QCOMPARE(graph.kind.value(), std::string("forward"));
        QCOMPARE(QString::fromStdString(graph.outputCode.value().path), file);
        QCOMPARE(graph.files.size(), std::size_t(5));

        // Any *.py name, with no run above: one run-less run.
        QTemporaryDir dir;
        const QString loose = dir.filePath(QStringLiteral("wrapper_module.py"));
        writeFile(loose);
        const Index looseIndex = scan(loose);
        QVERIFY(!looseIndex.runs.at(0).name);
        QCOMPARE(QString::fromStdString(looseIndex.runs[0].graphs.at(0).outputCode.value().path), loose);
        QVERIFY(looseIndex.runs[0].graphs[0].diagnostics.empty());
    }

    void missingAndUnreadablePath()
    {
        std::string error;
        QVERIFY(!scanTree("/no/such/dvmlens/path", error));
        QVERIFY2(error.find("/no/such/dvmlens/path") != std::string::npos, error.c_str());
        QVERIFY(error.find("No such file") != std::string::npos);
        error.clear();
        QVERIFY(!scanTree("", error));
        QVERIFY(!error.empty());

        QTemporaryDir dir;
        const QString locked = dir.filePath(QStringLiteral("locked"));
        makeDir(locked);
        QFile::setPermissions(locked, QFileDevice::Permissions());
        const bool bypassed = ::access(QFile::encodeName(locked).constData(), R_OK | X_OK) == 0;
        if (!bypassed) {
            error.clear();
            QVERIFY(!scanTree(locked.toStdString(), error));
            QVERIFY2(error.find("Permission denied") != std::string::npos, error.c_str());
        }
        QFile::setPermissions(
            locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        if (bypassed)
            QSKIP("running as root: permissions do not lock folders");
    }

    void emptyTree()
    {
        QTemporaryDir dir;
        const Index index = scan(dir.path());
        QVERIFY(index.runs.empty());
        QVERIFY(index.diagnostics.empty());
        // Logs outside any run or torchinductor/ belong to no compile.
        writeFile(dir.filePath(QStringLiteral("build.log")));
        writeFile(dir.filePath(QStringLiteral("notes/train.log")));
        QVERIFY(scan(dir.path()).runs.empty());
    }

    void linkLoop()
    {
        SampleTree tree;
        makeLink(tree.run, tree.run + QStringLiteral("/torchdynamo/back_to_run"));
        makeLink(QStringLiteral(".."), tree.inductor + QStringLiteral("/model__0_forward_1.0/up"));
        makeLink(QStringLiteral("."), tree.inductor + QStringLiteral("/self"));
        const Index index = scan(tree.root);
        QCOMPARE(diagnosticKeys(index.diagnostics, tree.root),
            (QStringList { QStringLiteral("link-loop@%1/torchdynamo/back_to_run").arg(QLatin1String(kRun)),
                QStringLiteral("link-loop@%1/torchinductor/self").arg(QLatin1String(kRun)),
                QStringLiteral("link-loop@%1/torchinductor/model__0_forward_1.0/up")
                    .arg(QLatin1String(kRun)) }));
        QCOMPARE(index.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(index.runs.size(), std::size_t(2));
        QCOMPARE(index.runs[1].graphs.size(), std::size_t(3)); // "self" is no graph
        QVERIFY(names(index.runs[1].graphs[0].files).contains(QStringLiteral("up"))); // listed, not followed
    }

    void linkOutsideTree()
    {
        SampleTree tree;
        QTemporaryDir outside;
        writeFile(outside.filePath(QStringLiteral("elsewhere/output_code.py")));
        writeFile(outside.filePath(QStringLiteral("run_2026_01_01_00_00_00_000000-pid_9/torchinductor/"
                                                  "model__0_forward_1.0/output_code.py")));
        const QString graph = tree.inductor + QStringLiteral("/model__0_backward_2.1");
        makeLink(outside.filePath(QStringLiteral("elsewhere/output_code.py")),
            graph + QStringLiteral("/output_code.py"));
        makeLink(outside.filePath(QStringLiteral("run_2026_01_01_00_00_00_000000-pid_9")),
            tree.root + QStringLiteral("/run_2026_01_01_00_00_00_000000-pid_9"));
        const Index index = scan(tree.root);
        QCOMPARE(diagnosticKeys(index.diagnostics, tree.root),
            (QStringList { QStringLiteral("link-outside-tree@run_2026_01_01_00_00_00_000000-pid_9"),
                QStringLiteral("link-outside-tree@%1/torchinductor/model__0_backward_2.1/output_code.py")
                    .arg(QLatin1String(kRun)) }));
        QCOMPARE(index.runs.size(), std::size_t(2)); // the linked run is not followed
        const Graph& backward = index.runs[1].graphs[1];
        QCOMPARE(names(backward.files), QStringList { QStringLiteral("output_code.py") });
        // Something is there under the name: the reader, which refuses the link, makes it unreadable.
        QVERIFY(backward.outputCode);
        QVERIFY(backward.outputCode->path.ends_with("model__0_backward_2.1/output_code.py"));
        QVERIFY(backward.diagnostics.empty()); // the link diagnostic already says why
    }

    void linksInsideTree()
    {
        SampleTree tree;
        writeFile(tree.root + QStringLiteral("/shared/code.py"));
        const QString graph = tree.inductor + QStringLiteral("/model__0_backward_2.1");
        makeLink(QStringLiteral("../../../shared/code.py"), graph + QStringLiteral("/output_code.py"));
        makeLink(QLatin1String(kRun), tree.root + QStringLiteral("/latest"));
        const Index index = scan(tree.root);
        QVERIFY(index.diagnostics.empty());
        QCOMPARE(index.runs.size(), std::size_t(2)); // "latest" does not duplicate the run
        const Graph& backward = index.runs[1].graphs[1];
        QCOMPARE(QString::fromStdString(backward.outputCode.value().path),
            graph + QStringLiteral("/output_code.py"));
        QVERIFY(backward.diagnostics.empty());
    }

    void linkToAGraphFolderAddsNothing()
    {
        QTemporaryDir dir;
        const QString root = dir.filePath(QStringLiteral("tcd"));
        writeFile(root + QStringLiteral("/store/model__5_inference_6.7/output_code.py"));
        makeDir(root + QStringLiteral("/") + QLatin1String(kRun) + QStringLiteral("/torchinductor"));
        makeLink(QStringLiteral("../../store/model__5_inference_6.7"),
            root + QStringLiteral("/") + QLatin1String(kRun)
                + QStringLiteral("/torchinductor/model__5_inference_6.7"));
        const Index index = scan(root);
        QVERIFY(index.diagnostics.empty());
        // store/ is walked first and owns the graph folder; the link to it adds nothing.
        std::size_t graphs = 0;
        for (const Run& run : index.runs)
            graphs += run.graphs.size();
        QCOMPARE(graphs, std::size_t(1));
    }

    void brokenAndVanishedEntries()
    {
        SampleTree tree;
        const QString graph = tree.inductor + QStringLiteral("/model__1_inference_3.2");
        writeFile(tree.root + QStringLiteral("/gone.py"));
        makeLink(tree.root + QStringLiteral("/gone.py"), graph + QStringLiteral("/output_code.py"));
        QVERIFY(QFile::remove(tree.root + QStringLiteral("/gone.py")));
        const Index index = scan(tree.root);
        QCOMPARE(diagnosticKeys(index.diagnostics, tree.root),
            QStringList { QStringLiteral("unreadable@%1/torchinductor/model__1_inference_3.2/output_code.py")
                              .arg(QLatin1String(kRun)) });
        const Graph& inference = index.runs[1].graphs[2];
        QVERIFY(inference.outputCode); // unreadable once read, not "no output_code.py"
        QVERIFY(names(inference.files).contains(QStringLiteral("output_code.py")));
    }

    // Folders that cannot be listed get their own code, and a graph folder among them is no FX
    // cache hit (nothing says it is empty). As root, the scan runs in a child without root's bypass.
    void unlistableFolders()
    {
        SampleTree tree;
        const QString graph = tree.inductor + QStringLiteral("/model__0_forward_1.0");
        const QString dynamo = tree.run + QStringLiteral("/torchdynamo");
        for (QString folder = tree.root; folder.startsWith(tree.dir.path());
             folder = QFileInfo(folder).path())
            QFile::setPermissions(folder, QFileDevice::Permissions(0x7755));
        QFile::setPermissions(graph, QFileDevice::Permissions());
        QFile::setPermissions(dynamo, QFileDevice::Permissions());
        const std::string root = tree.root.toStdString();
        const int failed = unprivileged([&]() -> int {
            std::string error;
            const std::optional<Index> index = scanTree(root, error);
            if (!index)
                return 10;
            const QStringList top = diagnosticKeys(index->diagnostics, tree.root);
            if (top
                != QStringList {
                    QStringLiteral("unlistable-folder@%1/torchdynamo").arg(QLatin1String(kRun)) })
                return 11;
            const Graph& forward = index->runs[1].graphs[0];
            if (forward.outputCode
                || diagnosticKeys(forward.diagnostics, tree.root)
                    != QStringList { QStringLiteral("unlistable-folder@%1/torchinductor/model__0_forward_1.0")
                                         .arg(QLatin1String(kRun)) })
                return 12;
            if (forward.diagnostics[0].message.find("cache hit") != std::string::npos)
                return 13;
            for (const Finding& finding : findKnownFailures(*index, builtinRules())) {
                if (finding.path == forward.path)
                    return 14; // no "fx-cache-hit-no-output-code" for a folder nobody could list
            }
            return 0;
        });
        const auto restore = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner;
        QFile::setPermissions(graph, restore);
        QFile::setPermissions(dynamo, restore);
        QCOMPARE(failed, 0);
    }

    // A FIFO, socket, device or folder under an artifact's name has its own diagnostic; none is
    // "likely crashed", none is read, none is silently skipped.
    void specialFilesUnderArtifactNames()
    {
        SampleTree tree;
        const QString backward = tree.inductor + QStringLiteral("/model__0_backward_2.1");
        QVERIFY(
            ::mkfifo(QFile::encodeName(backward + QStringLiteral("/output_code.py")).constData(), 0644) == 0);
        const QString extra = tree.inductor + QStringLiteral("/model__2_forward_4.4");
        makeDir(extra + QStringLiteral("/output_code.py"));
        writeFile(extra + QStringLiteral("/fx_graph_runnable.py"));
        makeLink(QStringLiteral("/dev/null"), tree.inductor + QStringLiteral("/model__3_forward_5.5"));
        QVERIFY(
            ::mkfifo(QFile::encodeName(tree.inductor + QStringLiteral("/fifo.log")).constData(), 0644) == 0);
        makeLink(QStringLiteral("/dev/zero"),
            tree.run + QStringLiteral("/torchdynamo/zero.log")); // out of the tree
        QVERIFY(::mkfifo(QFile::encodeName(backward + QStringLiteral("/pipe.log")).constData(), 0644) == 0);
        const Index index = scan(tree.root);
        const QString run = QLatin1String(kRun);
        QCOMPARE(diagnosticKeys(index.diagnostics, tree.root),
            (QStringList { QStringLiteral("link-outside-tree@%1/torchdynamo/zero.log").arg(run),
                QStringLiteral("log-not-a-file@%1/torchinductor/fifo.log").arg(run),
                QStringLiteral("link-outside-tree@%1/torchinductor/model__3_forward_5.5").arg(run),
                QStringLiteral("log-not-a-file@%1/torchinductor/model__0_backward_2.1/pipe.log").arg(run) }));
        const Graph& fifo = index.runs[1].graphs[1];
        QCOMPARE(fifo.name, std::string("model__0_backward_2.1"));
        QVERIFY(fifo.outputCode); // the reader refuses it: unreadable, not "no output_code.py"
        QCOMPARE(diagnosticKeys(fifo.diagnostics, tree.root),
            (QStringList {
                QStringLiteral("output-code-not-a-file@%1/torchinductor/model__0_backward_2.1/output_code.py")
                    .arg(run) }));
        QVERIFY2(fifo.diagnostics[0].message.find("a FIFO, not a regular file") != std::string::npos,
            fifo.diagnostics[0].message.c_str());
        QVERIFY(index.diagnostics[1].message.find("a FIFO") != std::string::npos);
        QVERIFY(
            std::none_of(index.runs[1].logs.begin(), index.runs[1].logs.end(), [](const std::string& log) {
                return log.find("fifo.log") != std::string::npos || log.find("pipe.log") != std::string::npos;
            }));
        const auto folder = std::find_if(index.runs[1].graphs.begin(), index.runs[1].graphs.end(),
            [](const Graph& graph) { return graph.name == "model__2_forward_4.4"; });
        QVERIFY(folder != index.runs[1].graphs.end());
        QCOMPARE(codes(folder->diagnostics), QStringList { QStringLiteral("output-code-not-a-file") });
        QVERIFY(folder->diagnostics[0].message.find("a folder") != std::string::npos);
        // The tree rules add no "FX cache hit" to either.
        for (const Finding& finding : findKnownFailures(index, builtinRules()))
            QVERIFY2(finding.rule.id != "fx-cache-hit-no-output-code", finding.path.c_str());
    }

    // A link to itself is a loop, not an unreadable entry; a graph folder holding only such a link
    // is not said to have crashed "after writing" it.
    void selfLinkIsLinkLoop()
    {
        SampleTree tree;
        const QString graph = tree.inductor + QStringLiteral("/model__5_forward_6.6");
        makeDir(graph);
        makeLink(QStringLiteral("self"), graph + QStringLiteral("/self"));
        makeLink(QStringLiteral("."), graph + QStringLiteral("/here"));
        const Index index = scan(tree.root);
        const QString run = QLatin1String(kRun);
        QCOMPARE(diagnosticKeys(index.diagnostics, tree.root),
            (QStringList { QStringLiteral("link-loop@%1/torchinductor/model__5_forward_6.6/here").arg(run),
                QStringLiteral("link-loop@%1/torchinductor/model__5_forward_6.6/self").arg(run) }));
        const auto found = std::find_if(index.runs[1].graphs.begin(), index.runs[1].graphs.end(),
            [](const Graph& g) { return g.name == "model__5_forward_6.6"; });
        QVERIFY(found != index.runs[1].graphs.end());
        QCOMPARE(codes(found->diagnostics), QStringList { QStringLiteral("missing-output-code") });
        const std::string& reason = found->diagnostics[0].message;
        QVERIFY2(reason.find("after writing") == std::string::npos, reason.c_str());
        QVERIFY2(reason.find("none of the files Inductor writes") != std::string::npos, reason.c_str());
    }

    void deepNesting()
    {
        QTemporaryDir dir;
        QString path = dir.path();
        for (int depth = 0; depth < 300; ++depth)
            path += QStringLiteral("/d");
        writeFile(path + QLatin1Char('/') + QLatin1String(kRun)
            + QStringLiteral("/torchinductor/model__0_forward_1.0/output_code.py"));
        const Index index = scan(dir.path());
        QCOMPARE(index.runs.size(), std::size_t(1));
        QCOMPARE(index.runs[0].graphs.size(), std::size_t(1));
        QVERIFY(index.runs[0].graphs[0].outputCode);
    }

    void nonUtf8Names()
    {
        QTemporaryDir dir;
        const std::string graph = dir.path().toStdString() + "/torchinductor/model__0_forward_1.0";
        writeFile(QString::fromStdString(graph) + QStringLiteral("/output_code.py"));
        const std::string odd = graph + "/caf\xe9.txt";
        FILE* file = std::fopen(odd.c_str(), "w");
        QVERIFY(file);
        std::fclose(file);
        const Index index = scan(dir.path());
        const std::vector<std::string>& files = index.runs.at(0).graphs.at(0).files;
        QCOMPARE(files.size(), std::size_t(2));
        QCOMPARE(files[0], std::string("caf\xe9.txt")); // bytes kept as they are; writers sanitise
        std::remove(odd.c_str()); // QTemporaryDir cannot name it to remove it
    }

    // The callback names every output_code.py the result holds, once each, as the walk finds it.
    void outputCodeCallback()
    {
        SampleTree tree;
        QTemporaryDir outside;
        writeFile(outside.filePath(QStringLiteral("output_code.py")));
        makeLink(outside.filePath(QStringLiteral("output_code.py")),
            tree.inductor + QStringLiteral("/model__0_backward_2.1/output_code.py"));
        writeFile(tree.run + QStringLiteral("/torchinductor/model__4_forward_5.3/output_code.py"));
        makeLink(QStringLiteral("model__4_forward_5.3"), tree.inductor + QStringLiteral("/latest"));
        std::vector<std::string> found;
        std::string error;
        const std::optional<Index> index = scanTree(
            tree.root.toStdString(), error, [&found](const std::string& path) { found.push_back(path); });
        QVERIFY(index);
        std::vector<std::string> expected;
        for (const Run& run : index->runs) {
            for (const Graph& graph : run.graphs) {
                if (graph.outputCode)
                    expected.push_back(graph.outputCode->path);
            }
        }
        // The link out of the tree is named too (the reader refuses it); the linked copy adds none.
        QCOMPARE(expected.size(), std::size_t(3));
        std::sort(found.begin(), found.end());
        std::sort(expected.begin(), expected.end());
        QCOMPARE(found, expected);

        found.clear();
        const QString file = tree.inductor + QStringLiteral("/model__0_forward_1.0/output_code.py");
        QVERIFY(scanTree(
            file.toStdString(), error, [&found](const std::string& path) { found.push_back(path); }));
        QCOMPARE(found, std::vector<std::string> { file.toStdString() });

        found.clear();
        QVERIFY(!scanTree(
            "/no/such/dvmlens/path", error, [&found](const std::string& path) { found.push_back(path); }));
        QVERIFY(found.empty());
    }
};

QTEST_GUILESS_MAIN(TestTreeScanner)
#include "tst_treescanner.moc"
