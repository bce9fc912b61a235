// SPDX-License-Identifier: MIT
// Reports that fit an issue tracker: on a tree whose full report passes 5 MB, the default report
// (md, html, json) stays under it, shows graphs identical on every rank once ("ranks 0–7
// identical", naming the runs), shows the divergent and the missing-rank graphs, and counts the DVM
// kernels it leaves out; --full gives everything.
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace {

constexpr int kRanks = 8;
constexpr int kGraphs = 10; // one digit: the folders sort as numbered
constexpr int kKernels = 400;
constexpr int kDivergentGraph = 3; // rank 5 compiled it without DVM
constexpr int kMissingGraph = 7; // rank 3 never compiled it
constexpr qint64 kMaxBytes = 5'000'000;

QString runName(int rank)
{
    return u"run_2026_07_20_10_15_3%1_000000-pid_%2"_s.arg(rank).arg(4100 + rank);
}

// An output_code.py with `kernels` DVM builders of 12 lines each, every one run in call(), and a
// fallback call after each; the kernel-path comment differs by rank, as real ones do.
QByteArray dvmCode(int rank, int graph, int kernels)
{
    QByteArray code = "# kernel path: /tmp/torchinductor_root/pid_" + QByteArray::number(4100 + rank)
        + "/ck.py\nimport torch\nimport torch_npu\nfrom torch import device, empty_strided\n"
          "from torch_npu._inductor import dvm\n"
          "from torch_npu._inductor.ascend_npu_ir.ascend_npu_ir.codecache import CustomAsyncCompile\n\n"
          "aten = torch.ops.aten\nasync_compile = CustomAsyncCompile()\n\n";
    for (int k = 0; k < kernels; ++k) {
        const QByteArray name =
            "dvm_fused_add_mul_g" + QByteArray::number(graph) + "_" + QByteArray::number(k);
        code += "@dvm.kernel(ktype='vector', dyn_shape=False)\ndef " + name
            + "_build(k):\n    arg0_1 = k.load([128, 128], dvm.float32)\n"
              "    arg1_1 = k.load([128, 128], dvm.float32)\n    mul = k.mul(arg0_1, arg1_1)\n"
              "    add = k.add(mul, arg0_1)\n    k.store(add, dvm.float32)\n    k.set_kernel_info(\n"
              "        'dvm_fused_add_mul',  # kernel_name\n        '"
            + name + "',  # kernel_fullname\n    )\n\n" + name + " = " + name + "_build\n\n";
    }
    code += "async_compile.wait(globals())\ndel async_compile\n\ndef call(args):\n    arg0_1, arg1_1 = args\n"
            "    args.clear()\n    with torch.npu._DeviceGuard(0):\n        torch.npu.set_device(0)\n"
            "        buf0 = empty_strided((128, 128), (128, 1), device='npu', dtype=torch.float32)\n";
    for (int k = 0; k < kernels; ++k) {
        const QByteArray name =
            "dvm_fused_add_mul_g" + QByteArray::number(graph) + "_" + QByteArray::number(k);
        code += "        " + name
            + ".run(arg0_1, arg1_1, buf0)\n        buf0 = torch.ops.aten.mm.default(buf0, arg1_1)\n";
    }
    return code + "    return (buf0, )\n";
}

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliBoundedReports : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_tree;

    QString report(const QString& format, bool full)
    {
        const QString out = m_dir.filePath(u"report-%1%2.%1"_s.arg(format, full ? u"-full"_s : QString()));
        QStringList arguments { u"report"_s, u"--format"_s, format, u"-o"_s, out, m_tree };
        if (full)
            arguments.insert(1, u"--full"_s);
        const testutil::CliResult result = testutil::runCli(arguments, 120000);
        if (result.exitCode != 0)
            qWarning("%s", qPrintable(result.err));
        return result.exitCode == 0 ? out : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tree = m_dir.filePath(u"torch_compile_debug"_s);
        const QByteArray triton = fileBytes(testutil::fixture(u"trees/small/triton_output_code.py"_s));
        QVERIFY(!triton.isEmpty());
        for (int rank = 0; rank < kRanks; ++rank) {
            for (int graph = 0; graph < kGraphs; ++graph) {
                if (rank == 3 && graph == kMissingGraph)
                    continue;
                const QString folder =
                    u"%1/%2/torchinductor/model__0_forward_%3.%3"_s.arg(m_tree, runName(rank)).arg(graph);
                QVERIFY(QDir().mkpath(folder));
                QFile file(folder + u"/output_code.py"_s);
                QVERIFY(file.open(QIODevice::WriteOnly));
                file.write(rank == 5 && graph == kDivergentGraph ? triton : dvmCode(rank, graph, kKernels));
            }
        }
    }

    void markdownIsBounded()
    {
        const QString path = report(u"md"_s, false);
        QVERIFY(!path.isEmpty());
        QVERIFY2(QFileInfo(path).size() <= kMaxBytes, qPrintable(QString::number(QFileInfo(path).size())));
        const QString text = QString::fromUtf8(fileBytes(path));
        // Eight keys identical on every rank, each shown once at rank 0: 56 graphs folded.
        QVERIFY(
            text.contains(u"Bounded report: 56 graphs identical on every rank are shown once, at the first "
                          u"rank; "_s));
        QVERIFY(text.contains(u"--full lists everything."_s));
        QCOMPARE(text.count(u"ranks 0–7 identical ("_s), kGraphs - 2);
        const QString runs = QStringList { runName(0), runName(1), runName(2), runName(3), runName(4),
            runName(5), runName(6), runName(7) }
                                 .join(u", "_s);
        QVERIFY(QString(text)
                    .remove(QLatin1Char('\\'))
                    .contains(u"ranks 0–7 identical ("_s + runs + u"): shown once"_s));
        // Every shown DVM graph lists 100 of its 400 kernels: eight folded keys once, the divergent key on
        // its seven DVM ranks, the key missing on rank 3 on its seven.
        QCOMPARE(text.count(u"… and 300 more DVM kernels; --full lists them"_s), 8 + 7 + 7);
        QVERIFY(text.contains(u"`dvm_fused_add_mul_g0_99`"_s));
        QVERIFY(!text.contains(u"`dvm_fused_add_mul_g0_100`"_s));
    }

    void htmlAndJsonAreBounded()
    {
        const QString html = report(u"html"_s, false);
        QVERIFY(!html.isEmpty());
        QVERIFY(QFileInfo(html).size() <= kMaxBytes);
        const QString text = QString::fromUtf8(fileBytes(html));
        QCOMPARE(text.count(u"ranks 0–7 identical ("_s), kGraphs - 2);
        QCOMPARE(text.count(u"… and 300 more DVM kernels; --full lists them"_s), 22);

        const QString json = report(u"json"_s, false);
        QVERIFY(!json.isEmpty());
        QVERIFY(QFileInfo(json).size() <= kMaxBytes);
        const nlohmann::json document = nlohmann::json::parse(fileBytes(json).toStdString());
        QCOMPARE(document["bounds"]["full"].get<bool>(), false);
        QCOMPARE(document["bounds"]["max_bytes"].get<qint64>(), kMaxBytes);
        QCOMPARE(document["bounds"]["folded_graphs"].get<int>(), 56);
        QCOMPARE(document["bounds"]["dvm_kernels_left_out"].get<int>(), 22 * 300);
        const auto& shown = document["runs"][0]["graphs"][0];
        QCOMPARE(shown["dvm_kernels"].size(), std::size_t(100));
        QCOMPARE(shown["dvm_kernels_left_out"].get<int>(), 300);
        QCOMPARE(shown["identical_in"].size(), std::size_t(kRanks));
        QVERIFY(shown["same_as"].is_null());
        const auto& folded = document["runs"][6]["graphs"][0];
        QVERIFY(folded["dvm_kernels"].empty());
        QCOMPARE(folded["same_as"]["run"].get<std::string>(), runName(0).toStdString());
        QCOMPARE(folded["kernels"]["dvm"].get<int>(), kKernels); // the counts stay
        // The divergent rank's graph is shown (no DVM), as the missing key's graphs are.
        QVERIFY(document["runs"][5]["graphs"][kDivergentGraph]["same_as"].is_null());
        QCOMPARE(document["runs"][5]["graphs"][kDivergentGraph]["verdict"].get<std::string>(), "not_engaged");
        QVERIFY(document["runs"][0]["graphs"][kMissingGraph]["same_as"].is_null());
        QCOMPARE(document["runs"][0]["graphs"][kMissingGraph]["dvm_kernels"].size(), std::size_t(100));
    }

    void fullGivesEverything()
    {
        const QString md = report(u"md"_s, true);
        QVERIFY(!md.isEmpty());
        QVERIFY2(QFileInfo(md).size() > kMaxBytes, "the tree must be big enough to need the bound");
        const QString text = QString::fromUtf8(fileBytes(md));
        QVERIFY(!text.contains(u"more DVM kernels"_s));
        QVERIFY(!text.contains(u"identical ("_s));
        QVERIFY(!text.contains(u"Bounded report"_s));

        const QString json = report(u"json"_s, true);
        QVERIFY(!json.isEmpty());
        const nlohmann::json document = nlohmann::json::parse(fileBytes(json).toStdString());
        QCOMPARE(document["bounds"]["full"].get<bool>(), true);
        QCOMPARE(document["bounds"]["folded_graphs"].get<int>(), 0);
        QCOMPARE(document["runs"][7]["graphs"][0]["dvm_kernels"].size(), std::size_t(kKernels));
        QCOMPARE(document["runs"][7]["graphs"][0]["dvm_kernels_left_out"].get<int>(), 0);
        QVERIFY(document["runs"][7]["graphs"][0]["same_as"].is_null());
    }

    void helpNamesFull()
    {
        const testutil::CliResult help = testutil::runCli({ u"report"_s, u"--help"_s });
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(u"--full"_s));
        QVERIFY(help.out.contains(u"5 MB"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliBoundedReports)
#include "tst_cli_boundedreports.moc"
