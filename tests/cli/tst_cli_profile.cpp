// SPDX-License-Identifier: MIT
// --profile on `scan`, `compare` (--profile-a/-b) and `report`, with Ascend profiles written here
// for the shipped sample tree: the added JSON keys and nothing else, the text summary, the time
// deltas between two runs, the report section, and exit 2 for a profile that cannot be read.
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using Result = testutil::CliResult;
using testutil::kSampleEngagedRun;
using testutil::kSampleLostRun;
using testutil::runCli;
using testutil::sampleTree;

const QByteArray kHeader =
    "Step Id,Device_id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),"
    "Block Num,Input Shapes,Input Data Types,Input Formats,Output Shapes,Output Data Types,"
    "Output Formats\r\n";

void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

// Rank 0 times run 4101 (DVM), rank 1 run 4102 (Triton), two steps each.
QString writeProfiles(const QTemporaryDir& dir)
{
    const QString rank0 = dir.filePath(u"prof/node_100_20260720_ascend_pt"_s);
    const QString rank1 = dir.filePath(u"prof/node_200_20260720_ascend_pt"_s);
    writeFile(rank0 + u"/profiler_info_0.json"_s, "{}");
    writeFile(rank0 + u"/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s,
        kHeader
            + "1,0,dvm_fused_add_mul_1,dvm_fused_add_mul,AI_CORE,1,4,0,48,\"2,1024,3072;2,1,3072;2,1,3072\","
              "BF16;BF16;BF16,ND;ND;ND,\"2,1024,3072\",BF16,ND\r\n"
              "2,0,dvm_fused_add_mul_1,dvm_fused_add_mul,AI_CORE,2,8,0,48,\"2,1024,3072;2,1,3072;2,1,3072\","
              "BF16;BF16;BF16,ND;ND;ND,\"2,1024,3072\",BF16,ND\r\n"
              "1,0,dvm_fused_silu_view_2,dvm_fused_silu_view,MIX_AIC,3,10,0,24,\"2048,12288\",BF16,ND,,,\r\n"
              "1,0,MatMulV2,MatMulV2,AI_CORE,4,100,0,24,\"2048,3072;3072,12288\",BF16;BF16,ND;ND,,,\r\n"
              "2,0,MatMulV2,MatMulV2,AI_CORE,5,60,0,24,\"2048,3072;3072,12288\",BF16;BF16,ND;ND,,,\r\n"
              "2,0,broken\r\n");
    writeFile(rank1 + u"/profiler_info_1.json"_s, "{}");
    writeFile(rank1 + u"/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s,
        kHeader
            + "1,0,triton_unk_fused_add_mul_1,triton_unk_fused_add_mul,AI_VECTOR_CORE,1,19.8,0,48,,,,,,\r\n"
              "1,0,MatMulV2,MatMulV2,AI_CORE,2,90,0,24,,,,,,\r\n");
    return dir.filePath(u"prof"_s);
}

QJsonObject kernelNamed(const QJsonObject& graph, const QString& name)
{
    for (const QJsonValue& kernel : graph[u"output_code"_s].toObject()[u"kernels"_s].toArray()) {
        if (kernel.toObject()[u"name"_s].toString() == name)
            return kernel.toObject();
    }
    return {};
}

} // namespace

class TestCliProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scanJsonAddsTheProfileKeys()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result result = runCli({ u"scan"_s, u"--json"_s, u"--profile"_s, profiles, sampleTree() });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8()).object();
        const QJsonObject profile = json[u"profile"_s].toObject();
        QCOMPARE(profile[u"rows"_s].toInt(), 7);
        QCOMPARE(profile[u"matched"_s].toInt(), 4);
        QCOMPARE(profile[u"ambiguous"_s].toInt(), 0);
        QCOMPARE(profile[u"unmatched"_s].toInt(), 3);
        QCOMPARE(profile[u"steps"_s].toInt(), 2);
        QCOMPARE(profile[u"paths"_s].toArray().size(), 2);
        QVERIFY(profile[u"paths"_s].toArray()[0].toString().endsWith(u"node_100_20260720_ascend_pt"_s));

        const QJsonArray runs = json[u"runs"_s].toArray();
        const QJsonObject forward = runs[0].toObject()[u"graphs"_s].toArray()[0].toObject();
        const QJsonObject addMul =
            kernelNamed(forward, u"dvm_fused_add_mul_1"_s)[u"device_time_us"_s].toObject();
        QCOMPARE(addMul[u"launches"_s].toInt(), 2);
        QCOMPARE(addMul[u"total"_s].toDouble(), 12.0);
        QCOMPARE(addMul[u"mean"_s].toDouble(), 6.0);
        QVERIFY(kernelNamed(forward, u"dvm_fused_add_mul_view_3"_s)[u"device_time_us"_s].isNull());
        QCOMPARE(
            forward[u"device_time_us"_s].toObject()[u"by_backend"_s].toObject()[u"dvm"_s].toDouble(), 22.0);
        QVERIFY(forward[u"device_time_us"_s].toObject()[u"outside"_s].isNull());
        QCOMPARE(runs[0].toObject()[u"device_time_us"_s].toObject()[u"outside"_s].toDouble(), 160.0);
        const QJsonObject lostForward = runs[1].toObject()[u"graphs"_s].toArray()[0].toObject();
        QCOMPARE(kernelNamed(lostForward, u"triton_unk_fused_add_mul_1"_s)[u"device_time_us"_s]
                     .toObject()[u"total"_s]
                     .toDouble(),
            19.8);
        QCOMPARE(
            lostForward[u"device_time_us"_s].toObject()[u"by_backend"_s].toObject()[u"triton"_s].toDouble(),
            19.8);
        // The bad row is a diagnostic of the scan, with its file and line.
        bool badRow = false;
        for (const QJsonValue& d : json[u"diagnostics"_s].toArray()) {
            const QJsonObject diagnostic = d.toObject();
            if (diagnostic[u"code"_s].toString() == u"profile-bad-row"_s) {
                badRow = true;
                QCOMPARE(diagnostic[u"line"_s].toInt(), 7);
                QVERIFY(diagnostic[u"path"_s].toString().endsWith(
                    u"node_100_20260720_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s));
            }
        }
        QVERIFY(badRow);
    }

    void scanJsonWithoutProfileHasNoProfileKey()
    {
        const Result result = runCli({ u"scan"_s, u"--json"_s, sampleTree() });
        QCOMPARE(result.exitCode, 0);
        QVERIFY(!result.out.contains(u"device_time_us"_s));
        QVERIFY(!result.out.contains(QStringLiteral("\"profile\"")));
    }

    void scanTextSummary()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result result = runCli({ u"scan"_s, u"--profile="_s + profiles, sampleTree() });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(QStringLiteral(
                     "Profile: 2 profiles, 7 kernel rows: 4 matched, 0 ambiguous, 3 outside compiled "
                     "kernels, 2 steps")),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(QString(u" 1. 19.8 µs  triton  1× mean 19.8 µs  AI_VECTOR_CORE  "_s
                     + kSampleLostRun + u"/model__0_forward_1.0/triton_unk_fused_add_mul_1"_s)),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(QString(u" 2. 12.0 µs  dvm  2× mean 6.0 µs  AI_CORE  "_s
                     + kSampleEngagedRun + u"/model__0_forward_1.0/dvm_fused_add_mul_1"_s)),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(u"Outside compiled kernels (by Type): MatMulV2 250.0 µs (3×)"_s),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(u"DVM share of compiled time: 52.6%"_s), qPrintable(result.out));
    }

    void compareShowsTimeAToB()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result result =
            runCli({ u"compare"_s, u"--profile-a"_s, profiles + u"/node_100_20260720_ascend_pt"_s,
                u"--profile-b"_s, profiles + u"/node_200_20260720_ascend_pt"_s, sampleTree(kSampleEngagedRun),
                sampleTree(kSampleLostRun) });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(u"  fused_add_mul: dvm 12.0 µs → triton 19.8 µs (+7.8 µs)"_s),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(u"  fused_silu_view: dvm 10.0 µs → import_fx no time (-10.0 µs)"_s),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(u"  model__0_forward_1: 22.0 µs → 19.8 µs (-2.2 µs)"_s),
            qPrintable(result.out));
        // Biggest regression first.
        QVERIFY(result.out.indexOf(u"fused_add_mul:"_s) < result.out.indexOf(u"fused_silu_view:"_s));
    }

    void compareJsonAddsTheProfileKeys()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result result = runCli(
            { u"compare"_s, u"--json"_s, u"--profile-a"_s, profiles + u"/node_100_20260720_ascend_pt"_s,
                u"--profile-b"_s, profiles + u"/node_200_20260720_ascend_pt"_s, sampleTree(kSampleEngagedRun),
                sampleTree(kSampleLostRun) });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8()).object();
        QJsonObject forward;
        for (const QJsonValue& graph : json[u"graphs"_s].toArray()) {
            if (graph.toObject()[u"key"_s].toString() == u"model__0_forward_1"_s)
                forward = graph.toObject();
        }
        QVERIFY2(!forward.isEmpty(), qPrintable(result.out));
        const QJsonObject graphTime = forward[u"device_time_us"_s].toObject();
        QCOMPARE(graphTime[u"a"_s].toDouble(), 22.0);
        QCOMPARE(graphTime[u"b"_s].toDouble(), 19.8);
        QCOMPARE(graphTime[u"delta"_s].toDouble(), -2.2);
        QJsonObject addMul;
        for (const QJsonValue& fusion : forward[u"fusions"_s].toArray()) {
            if (fusion.toObject()[u"key"_s].toString() == u"fused_add_mul"_s)
                addMul = fusion.toObject();
        }
        QCOMPARE(addMul[u"a"_s].toString(), QString(u"dvm"_s));
        QCOMPARE(addMul[u"b"_s].toString(), QString(u"triton"_s));
        QCOMPARE(addMul[u"device_time_us"_s].toObject()[u"a"_s].toDouble(), 12.0);
        QCOMPARE(addMul[u"device_time_us"_s].toObject()[u"b"_s].toDouble(), 19.8);
        QCOMPARE(addMul[u"device_time_us"_s].toObject()[u"delta"_s].toDouble(), 7.8);

        const QJsonObject profile = json[u"profile"_s].toObject();
        QCOMPARE(profile[u"a"_s].toObject()[u"rows"_s].toInt(), 5);
        QCOMPARE(profile[u"a"_s].toObject()[u"by_backend"_s].toObject()[u"dvm"_s].toDouble(), 22.0);
        QCOMPARE(profile[u"a"_s].toObject()[u"outside"_s].toDouble(), 160.0);
        QCOMPARE(profile[u"b"_s].toObject()[u"by_backend"_s].toObject()[u"triton"_s].toDouble(), 19.8);
        QCOMPARE(profile[u"b"_s].toObject()[u"total"_s].toDouble(), 109.8);
        // Only B-slower fusions, largest first: fused_add_mul (+7.8); fused_silu_view got faster.
        const QJsonArray regressions = profile[u"time_regressions"_s].toArray();
        QCOMPARE(regressions.size(), 1);
        const QJsonObject first = regressions[0].toObject();
        QCOMPARE(first[u"graph"_s].toString(), QString(u"model__0_forward_1"_s));
        QCOMPARE(first[u"fusion"_s].toString(), QString(u"fused_add_mul"_s));
        QCOMPARE(first[u"a"_s].toString(), QString(u"dvm"_s));
        QCOMPARE(first[u"b"_s].toString(), QString(u"triton"_s));
        QCOMPARE(first[u"time_a"_s].toDouble(), 12.0);
        QCOMPARE(first[u"time_b"_s].toDouble(), 19.8);
        QCOMPARE(first[u"delta"_s].toDouble(), 7.8);

        // One side only: the other is null, and without profiles no key at all.
        const Result oneSide = runCli(
            { u"compare"_s, u"--json"_s, u"--profile-b"_s, profiles + u"/node_200_20260720_ascend_pt"_s,
                sampleTree(kSampleEngagedRun), sampleTree(kSampleLostRun) });
        QCOMPARE(oneSide.exitCode, 0);
        const QJsonObject oneJson = QJsonDocument::fromJson(oneSide.out.toUtf8()).object();
        QVERIFY(oneJson[u"profile"_s].toObject()[u"a"_s].isNull());
        QCOMPARE(oneJson[u"profile"_s].toObject()[u"b"_s].toObject()[u"rows"_s].toInt(), 2);
        const Result none =
            runCli({ u"compare"_s, u"--json"_s, sampleTree(kSampleEngagedRun), sampleTree(kSampleLostRun) });
        QCOMPARE(none.exitCode, 0);
        QVERIFY(!none.out.contains(u"device_time_us"_s));
        QVERIFY(!none.out.contains(u"\"profile\""_s));
    }

    void reportHasWhereTheTimeGoes()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result md = runCli({ u"report"_s, u"--profile"_s, profiles, sampleTree() });
        QCOMPARE(md.exitCode, 0);
        QVERIFY2(md.out.contains(u"## Where the time goes"_s), qPrintable(md.out));
        QVERIFY2(md.out.contains(u"| triton | 19.8 µs |"_s), qPrintable(md.out));
        // Per step, both ranks summed (the broken row of step 2 left out), then the mean.
        QVERIFY2(md.out.contains(u"| 1 | 223.8 µs |"_s), qPrintable(md.out));
        QVERIFY2(md.out.contains(u"| 2 | 68.0 µs |"_s), qPrintable(md.out));
        QVERIFY2(md.out.contains(u"| mean | 145.9 µs |"_s), qPrintable(md.out));
        const Result json =
            runCli({ u"report"_s, u"--format"_s, u"json"_s, u"--profile"_s, profiles, sampleTree() });
        QCOMPARE(json.exitCode, 0);
        const QJsonObject profile =
            QJsonDocument::fromJson(json.out.toUtf8()).object()[u"profile"_s].toObject();
        QCOMPARE(profile[u"top_kernels"_s].toArray().size(), 3);
        QCOMPARE(
            profile[u"top_kernels"_s].toArray()[0].toObject()[u"backend"_s].toString(), QString(u"triton"_s));
        const Result plain = runCli({ u"report"_s, sampleTree() });
        QVERIFY(!plain.out.contains(u"Where the time goes"_s));
        const Result compared = runCli({ u"report"_s, u"--compare"_s, sampleTree(kSampleEngagedRun),
            u"--baseline-profile"_s, profiles + u"/node_100_20260720_ascend_pt"_s, u"--profile"_s,
            profiles + u"/node_200_20260720_ascend_pt"_s, sampleTree(kSampleLostRun) });
        QCOMPARE(compared.exitCode, 0);
        QVERIFY2(compared.out.contains(u"Time regressions by fusion"_s), qPrintable(compared.out));
        QVERIFY2(compared.out.contains(u"| fused_add_mul | dvm 12.0 µs → triton 19.8 µs | +7.8 µs |"_s),
            qPrintable(compared.out));
    }

    // Launches outside a profiled step (an empty Step Id) count in every total and per kernel, and
    // appear per step as their own entry, not as a step and not as bad rows.
    void emptyStepIdCountsOutsideSteps()
    {
        QTemporaryDir dir;
        const QString rank0 = dir.filePath(u"prof/node_100_20260720_ascend_pt"_s);
        writeFile(rank0 + u"/profiler_info_0.json"_s, "{}");
        const QByteArray addMul = "dvm_fused_add_mul_1,dvm_fused_add_mul,AI_CORE,1,";
        const QByteArray addMulTail =
            ",0,48,\"2,1024,3072;2,1,3072;2,1,3072\",BF16;BF16;BF16,ND;ND;ND,\"2,1024,3072\",BF16,ND\r\n";
        writeFile(rank0 + u"/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s,
            kHeader + "1,0," + addMul + "4" + addMulTail + "2,0," + addMul + "8" + addMulTail + ",0," + addMul
                + "30" + addMulTail // outside steps
                + ",0,MatMulV2,MatMulV2,AI_CORE,4,5,0,24,,,,,,\r\n" // outside steps
                + "x,0,MatMulV2,MatMulV2,AI_CORE,4,7,0,24,,,,,,\r\n"); // line 6: a bad row
        const QString profile = dir.filePath(u"prof"_s);
        const Result result = runCli({ u"scan"_s, u"--json"_s, u"--profile"_s, profile, sampleTree() });
        QCOMPARE(result.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8()).object();
        const QJsonObject summary = json[u"profile"_s].toObject();
        QCOMPARE(summary[u"rows"_s].toInt(), 4);
        QCOMPARE(summary[u"steps"_s].toInt(), 2);
        const QJsonObject outside = summary[u"outside_steps"_s].toObject();
        QCOMPARE(outside[u"launches"_s].toInt(), 2);
        QCOMPARE(outside[u"total"_s].toDouble(), 35.0);
        const QJsonObject forward =
            json[u"runs"_s].toArray()[0].toObject()[u"graphs"_s].toArray()[0].toObject();
        const QJsonObject time =
            kernelNamed(forward, u"dvm_fused_add_mul_1"_s)[u"device_time_us"_s].toObject();
        QCOMPARE(time[u"launches"_s].toInt(), 3);
        QCOMPARE(time[u"total"_s].toDouble(), 42.0);
        int badRows = 0;
        for (const QJsonValue& d : json[u"diagnostics"_s].toArray()) {
            if (d.toObject()[u"code"_s].toString() == u"profile-bad-row"_s) {
                ++badRows;
                QCOMPARE(d.toObject()[u"line"_s].toInt(), 6);
            }
        }
        QCOMPARE(badRows, 1);

        const Result text = runCli({ u"scan"_s, u"--profile"_s, profile, sampleTree() });
        QCOMPARE(text.exitCode, 0);
        // The mean is over the two steps' 12 µs, not over all 47 µs.
        QVERIFY2(text.out.contains(u"  per step: 1: 4.0 µs; 2: 8.0 µs; outside steps: 35.0 µs (2 launches); "
                                   u"mean 6.0 µs\n"_s),
            qPrintable(text.out));
        const Result md = runCli({ u"report"_s, u"--profile"_s, profile, sampleTree() });
        QCOMPARE(md.exitCode, 0);
        QVERIFY2(md.out.contains(u"| outside steps | 35.0 µs (2 launches) |"_s), qPrintable(md.out));
        QVERIFY2(md.out.contains(u"| mean | 6.0 µs |"_s), qPrintable(md.out));
        const Result report =
            runCli({ u"report"_s, u"--format"_s, u"json"_s, u"--profile"_s, profile, sampleTree() });
        QCOMPARE(QJsonDocument::fromJson(report.out.toUtf8())
                     .object()[u"profile"_s]
                     .toObject()[u"outside_steps"_s]
                     .toObject()[u"launches"_s]
                     .toInt(),
            2);

        // Without such rows the key is absent.
        const Result plain =
            runCli({ u"scan"_s, u"--json"_s, u"--profile"_s, writeProfiles(dir), sampleTree() });
        QVERIFY(plain.out.contains(u"\"steps\":2"_s) || plain.out.contains(u"\"steps\": 2"_s));
        QVERIFY(!plain.out.contains(u"outside_steps"_s));
    }

    void unreadableProfileExitsTwo()
    {
        QTemporaryDir dir;
        const Result missing = runCli({ u"scan"_s, u"--profile"_s, dir.filePath(u"absent"_s), sampleTree() });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains(u"cannot read profile"_s), qPrintable(missing.err));
        writeFile(dir.filePath(u"bad/kernel_details.csv"_s), "Name,Type,Accelerator Core\nx,y,z\n");
        const Result noColumn =
            runCli({ u"scan"_s, u"--json"_s, u"--profile"_s, dir.filePath(u"bad"_s), sampleTree() });
        QCOMPARE(noColumn.exitCode, 2);
        QVERIFY2(noColumn.err.contains(u"no 'Duration(us)' column"_s), qPrintable(noColumn.err));
        QCOMPARE(noColumn.out, QString());
        QCOMPARE(runCli({ u"scan"_s, u"--profile"_s }).exitCode, 2);
        QCOMPARE(runCli({ u"compare"_s, u"--profile-a"_s, dir.filePath(u"absent"_s),
                            sampleTree(kSampleEngagedRun), sampleTree(kSampleLostRun) })
                     .exitCode,
            2);
        QCOMPARE(
            runCli({ u"report"_s, u"--baseline-profile"_s, dir.filePath(u"bad"_s), sampleTree() }).exitCode,
            2);
    }
};

QTEST_GUILESS_MAIN(TestCliProfile)
#include "tst_cli_profile.moc"
