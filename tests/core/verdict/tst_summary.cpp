// SPDX-License-Identifier: MIT
// Why a graph did not engage DVM, as data (notEngagedReasonList): the exact kinds and kernel names
// for the sample tree's run 4102, for output_code.py files that are empty, binary or unreadable, and
// the English clause of each kind that the CLI and the reports print.
#include "core/index/indexer.h"
#include "core/io/container.h"
#include "core/parse/outputcodeparser.h"
#include "core/verdict/summary.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

using Kind = NotEngagedReasonKind;

const Graph* findGraph(const Index& index, std::int64_t pid, const std::string& name)
{
    for (const Run& run : index.runs) {
        if (run.pid != pid)
            continue;
        for (const Graph& graph : run.graphs) {
            if (graph.name == name)
                return &graph;
        }
    }
    return nullptr;
}

// A one-graph tree whose output_code.py holds `bytes`, indexed.
std::optional<Index> treeWithOutputCode(const QTemporaryDir& temp, const QByteArray& bytes)
{
    const QString graphDir = temp.filePath(
        QStringLiteral("run_2026_01_01_00_00_00_000000-pid_1/torchinductor/model__0_forward_1.0"));
    if (!QDir().mkpath(graphDir))
        return std::nullopt;
    QFile file(QDir(graphDir).filePath(QStringLiteral("output_code.py")));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return std::nullopt;
    file.close();
    std::string error;
    return buildIndex(temp.path().toStdString(), {}, error);
}

} // namespace

class TestSummary : public QObject
{
    Q_OBJECT

    Index m_sample;

private Q_SLOTS:
    void initTestCase()
    {
        std::string error;
        std::optional<Index> index = buildIndex(
            testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug")).toStdString(), {},
            error);
        QVERIFY2(index, error.c_str());
        m_sample = std::move(*index);
    }

    void lostForwardHasAllThreeReasons()
    {
        const Graph* graph = findGraph(m_sample, 4102, "model__0_forward_1.0");
        QVERIFY(graph);
        QCOMPARE(notEngagedReasonList(*graph),
            (std::vector<NotEngagedReason> { { Kind::NoDvmImport, {} }, { Kind::NoDvmKernel, {} },
                { Kind::OnlyDvmNamedImportFx, { "dvm_fused_silu_view_2" } } }));
    }

    void lostInferenceHasTheImportButOnlyImportFx()
    {
        const Graph* graph = findGraph(m_sample, 4102, "model__1_inference_3.2");
        QVERIFY(graph);
        QCOMPARE(notEngagedReasonList(*graph),
            (std::vector<NotEngagedReason> { { Kind::NoDvmKernel, {} },
                { Kind::OnlyDvmNamedImportFx,
                    { "dvm_fused__to_copy_mul_permute_0", "dvm_fused_add_div_relu_1" } } }));
    }

    void cacheHitAndEngagedGraphsHaveNoReasons()
    {
        const Graph* cacheHit = findGraph(m_sample, 4102, "model__0_backward_2.1");
        QVERIFY(cacheHit);
        QCOMPARE(graphVerdict(*cacheHit), Verdict::NoCode);
        QVERIFY(notEngagedReasonList(*cacheHit).empty());
        const Graph* engaged = findGraph(m_sample, 4101, "model__0_forward_1.0");
        QVERIFY(engaged);
        QCOMPARE(graphVerdict(*engaged), Verdict::Engaged);
        QVERIFY(notEngagedReasonList(*engaged).empty());
    }

    // A file the parser could not look into is the only reason given, even though it has no import
    // and no kernel either.
    void fileProblemComesAlone_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("english");
        QTest::newRow("empty") << QByteArray() << int(Kind::FileEmpty) << "output_code.py is empty";
        QTest::newRow("binary") << QByteArray("\x7f"
                                              "ELF\0\0\0 import dvm",
            17) << int(Kind::FileBinary)
                                << "output_code.py is binary";
    }

    void fileProblemComesAlone()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, kind);
        QFETCH(QString, english);
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const std::optional<Index> index = treeWithOutputCode(temp, bytes);
        QVERIFY(index);
        QCOMPARE(index->runs.size(), std::size_t(1));
        QCOMPARE(index->runs[0].graphs.size(), std::size_t(1));
        const Graph& graph = index->runs[0].graphs[0];
        // An empty file was read (a failed compile); binary data could not be looked into: its own
        // rung, "unreadable" (issue 30.14), with the same single reason.
        QCOMPARE(graphVerdict(graph), bytes.isEmpty() ? Verdict::NotEngaged : Verdict::Unreadable);
        QCOMPARE(notEngagedReasonList(graph), (std::vector<NotEngagedReason> { { Kind(kind), {} } }));
        QCOMPARE(notEngagedReasons(graph), std::vector<std::string> { english.toStdString() });
    }

    void unreadableFileComesAlone()
    {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        // A folder named output_code.py cannot be read, whoever runs the test (root too).
        const std::string path = temp.filePath(QStringLiteral("output_code.py")).toStdString();
        QVERIFY(QDir().mkpath(QString::fromStdString(path)));
        std::string scratch;
        Graph graph;
        graph.outputCode = parseOutputCodeFile(fileSystem(), path, scratch);
        QCOMPARE(
            notEngagedReasonList(graph), (std::vector<NotEngagedReason> { { Kind::FileUnreadable, {} } }));
        QCOMPARE(notEngagedReasons(graph), std::vector<std::string> { "output_code.py is unreadable" });
    }

    void englishClauses_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QStringList>("kernels");
        QTest::addColumn<QString>("english");
        QTest::newRow("no import") << int(Kind::NoDvmImport) << QStringList()
                                   << "no `from torch_npu._inductor import dvm`";
        QTest::newRow("no kernel") << int(Kind::NoDvmKernel) << QStringList() << "no @dvm.kernel definitions";
        QTest::newRow("one trap") << int(Kind::OnlyDvmNamedImportFx) << QStringList { u"dvm_fused_mul_0"_s }
                                  << "only import_fx FX fallbacks named like DVM kernels (dvm_fused_mul_0), "
                                     "which are not DVM code";
        QTest::newRow("two traps") << int(Kind::OnlyDvmNamedImportFx)
                                   << QStringList { u"dvm_fused_a_0"_s, u"mfusion_dvm_b_1"_s }
                                   << "only import_fx FX fallbacks named like DVM kernels (dvm_fused_a_0, "
                                      "mfusion_dvm_b_1), which are not DVM code";
    }

    void englishClauses()
    {
        QFETCH(int, kind);
        QFETCH(QStringList, kernels);
        QFETCH(QString, english);
        NotEngagedReason reason { Kind(kind), {} };
        for (const QString& kernel : kernels)
            reason.kernels.push_back(kernel.toStdString());
        QCOMPARE(QString::fromStdString(englishReason(reason)), english);
    }
};

QTEST_GUILESS_MAIN(TestSummary)
#include "tst_summary.moc"
