// SPDX-License-Identifier: MIT
// An index kept small (KernelDetail::Summary, or Full with a kernel body budget) writes the same
// dvmlens.scan/1 bytes as a full one, because the writer reads the missing bodies again; a file that
// changed in between is reported instead of mixed in.
#include "core/compare/compare.h"
#include "core/index/indexer.h"
#include "core/io/container.h"
#include "core/json/comparejson.h"
#include "core/json/scanjson.h"
#include "core/parse/kernelbodies.h"
#include "core/parse/outputcodeparser.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

QByteArray jsonOf(const OutputCode& code)
{
    return QByteArray::fromStdString(outputCodeJson(code).dump(2));
}

std::size_t opsIn(const OutputCode& code)
{
    std::size_t ops = 0;
    for (const Kernel& kernel : code.kernels)
        ops += kernel.ops.size() + kernel.inputs.size() + kernel.outputs.size();
    return ops;
}

} // namespace

class TestKernelBodies : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_path;

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("output_code.py")).toStdString();
        QFile::remove(QString::fromStdString(m_path));
        QVERIFY(QFile::copy(testutil::fixture(QStringLiteral("output_code/dvm_mlir_fusion.py")),
            QString::fromStdString(m_path)));
    }

    void bodiesReadAgainEqualAFullParse()
    {
        std::string scratch;
        const OutputCode full = parseOutputCodeFile(fileSystem(), m_path, scratch, KernelDetail::Full);
        const OutputCode summary = parseOutputCodeFile(fileSystem(), m_path, scratch, KernelDetail::Summary);
        QVERIFY(full.kernelBodies);
        QVERIFY(!summary.kernelBodies);
        QVERIFY(opsIn(full) > 0);
        QCOMPARE(opsIn(summary), std::size_t(0));
        QVERIFY(kernelBodyBytes(full) > 0);
        QCOMPARE(kernelBodyBytes(summary), std::size_t(0));

        std::optional<Diagnostic> problem;
        const OutputCode completed = withKernelBodies(fileSystem(), summary, scratch, problem);
        QVERIFY(!problem);
        QVERIFY(completed.kernelBodies);
        QCOMPARE(jsonOf(completed), jsonOf(full));

        // A full one is returned as it is, without reading anything.
        QVERIFY(QFile::remove(QString::fromStdString(m_path)));
        QCOMPARE(jsonOf(withKernelBodies(fileSystem(), full, scratch, problem)), jsonOf(full));
        QVERIFY(!problem);
    }

    void aFileThatChangedIsReported_data()
    {
        QTest::addColumn<bool>("removed");
        QTest::newRow("grown") << false;
        QTest::newRow("removed") << true;
    }

    void aFileThatChangedIsReported()
    {
        QFETCH(bool, removed);
        std::string scratch;
        const OutputCode summary = parseOutputCodeFile(fileSystem(), m_path, scratch, KernelDetail::Summary);
        QFile file(QString::fromStdString(m_path));
        if (removed) {
            QVERIFY(file.remove());
        } else {
            QVERIFY(file.open(QIODevice::Append));
            file.write("triton_late = async_compile.triton('triton_late', '''\n''')\n");
            file.close();
        }
        std::optional<Diagnostic> problem;
        const OutputCode result = withKernelBodies(fileSystem(), summary, scratch, problem);
        QVERIFY(problem);
        QCOMPARE(problem->code, std::string("changed-during-scan"));
        QCOMPARE(problem->severity, Severity::Warning);
        QCOMPARE(problem->path, m_path);
        QCOMPARE(jsonOf(result), jsonOf(summary)); // what the index saw, not a mix
    }

    void smallIndexesWriteTheSameDocument_data()
    {
        QTest::addColumn<int>("detail");
        QTest::addColumn<qulonglong>("budget");
        QTest::addColumn<int>("jobs");
        QTest::newRow("summary") << int(KernelDetail::Summary) << 0ull << 2;
        QTest::newRow("budget of one byte, 1 job") << int(KernelDetail::Full) << 1ull << 1;
        QTest::newRow("budget of one byte, 2 jobs") << int(KernelDetail::Full) << 1ull << 2;
    }

    void smallIndexesWriteTheSameDocument()
    {
        QFETCH(int, detail);
        QFETCH(qulonglong, budget);
        QFETCH(int, jobs);
        const std::string root =
            testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")).toStdString();
        std::string error;
        IndexOptions full;
        const std::optional<Index> reference = buildIndex(root, full, error);
        QVERIFY2(reference, error.c_str());

        IndexOptions small;
        small.jobs = jobs;
        small.kernelDetail = static_cast<KernelDetail>(detail);
        small.kernelBodyBudget = budget;
        const std::optional<Index> index = buildIndex(root, small, error);
        QVERIFY(index);
        int withoutBodies = 0;
        int files = 0;
        for (const Run& run : index->runs) {
            for (const Graph& graph : run.graphs) {
                if (graph.outputCode && !graph.outputCode->path.empty()) {
                    ++files;
                    withoutBodies += !graph.outputCode->kernelBodies;
                }
            }
        }
        QVERIFY(files >= 5);
        // Summary keeps no bodies. A budget of one byte keeps those of the files parsed before the
        // first DVM kernel bodies were counted (the walk's order decides which), and none after.
        if (small.kernelDetail == KernelDetail::Summary) {
            QCOMPARE(withoutBodies, files);
        } else {
            QVERIFY(withoutBodies > 0);
            QVERIFY(withoutBodies < files);
        }
        QCOMPARE(QByteArray::fromStdString(scanJsonText(*index)),
            QByteArray::fromStdString(scanJsonText(*reference)));
    }

    void compareReadsTheBodiesItNeeds()
    {
        // The same DVM kernel in two runs, with one op more in B: the change is found whether the
        // indexes hold the kernel bodies or not (compare reads them again, pair by pair).
        QTemporaryDir tree;
        QVERIFY(tree.isValid());
        const auto writeRun = [&](const char* run, const char* ops) {
            const QString folder =
                tree.filePath(QString::fromLatin1(run) + u"/torchinductor/model__0_forward_1.0"_s);
            QVERIFY(QDir().mkpath(folder));
            QFile file(folder + u"/output_code.py"_s);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray("from torch_npu._inductor import dvm\n"
                                  "@dvm.kernel(ktype='vector', dyn_shape=False)\n"
                                  "def dvm_fused_add_0_build(k):\n"
                                  "    a = k.load([8, 16], dvm.float32)\n")
                + ops
                + "    k.store(b, dvm.float32)\n\n"
                  "dvm_fused_add_0 = dvm_fused_add_0_build\n\n"
                  "def call(args):\n    dvm_fused_add_0(args[0])\n");
        };
        writeRun("run_2026_01_01_00_00_00_000000-pid_1", "    b = k.add(a, a)\n");
        writeRun("run_2026_01_01_00_00_01_000000-pid_2", "    b = k.mul(k.add(a, a), a)\n");

        const std::string root = tree.path().toStdString();
        std::string error;
        const std::optional<Index> full = buildIndex(root, {}, error);
        QVERIFY2(full, error.c_str());
        IndexOptions small;
        small.kernelDetail = KernelDetail::Summary;
        const std::optional<Index> bare = buildIndex(root, small, error);
        QVERIFY(bare);
        QVERIFY(!bare->runs[0].graphs[0].outputCode->kernelBodies);
        CompareOptions options;
        options.runA = 0;
        options.runB = 1;
        const CompareResult result = compareIndexes(*full, *full, options);
        QCOMPARE(result.graphs.size(), std::size_t(1));
        QCOMPARE(result.graphs[0].fusions.size(), std::size_t(1));
        QVERIFY(!result.graphs[0].fusions[0].changes.empty()); // the ops differ
        QCOMPARE(QByteArray::fromStdString(compareToJson(compareIndexes(*bare, *bare, options))),
            QByteArray::fromStdString(compareToJson(result)));
    }
};

QTEST_GUILESS_MAIN(TestKernelBodies)
#include "tst_kernelbodies.moc"
