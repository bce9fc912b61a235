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
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

Result run(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(DVMLENS_CLI), arguments);
    Result result;
    if (!process.waitForStarted() || !process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("dvmlens-cli did not finish: ") + process.errorString();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString sample(const QString& relative = QString())
{
    const QString root = testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
    return relative.isEmpty() ? root : root + QLatin1Char('/') + relative;
}

const QString kEngagedRun = QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4101");
const QString kLostRun = QStringLiteral("run_2026_07_20_11_02_07_654321-pid_4102");

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
    const QString rank0 = dir.filePath("prof/node_100_20260720_ascend_pt");
    const QString rank1 = dir.filePath("prof/node_200_20260720_ascend_pt");
    writeFile(rank0 + "/profiler_info_0.json", "{}");
    writeFile(rank0 + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
        kHeader
            + "1,0,dvm_fused_add_mul_1,dvm_fused_add_mul,AI_CORE,1,4,0,48,\"2,1024,3072;2,1,3072;2,1,3072\","
              "BF16;BF16;BF16,ND;ND;ND,\"2,1024,3072\",BF16,ND\r\n"
              "2,0,dvm_fused_add_mul_1,dvm_fused_add_mul,AI_CORE,2,8,0,48,\"2,1024,3072;2,1,3072;2,1,3072\","
              "BF16;BF16;BF16,ND;ND;ND,\"2,1024,3072\",BF16,ND\r\n"
              "1,0,dvm_fused_silu_view_2,dvm_fused_silu_view,MIX_AIC,3,10,0,24,\"2048,12288\",BF16,ND,,,\r\n"
              "1,0,MatMulV2,MatMulV2,AI_CORE,4,100,0,24,\"2048,3072;3072,12288\",BF16;BF16,ND;ND,,,\r\n"
              "2,0,MatMulV2,MatMulV2,AI_CORE,5,60,0,24,\"2048,3072;3072,12288\",BF16;BF16,ND;ND,,,\r\n"
              "2,0,broken\r\n");
    writeFile(rank1 + "/profiler_info_1.json", "{}");
    writeFile(rank1 + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
        kHeader
            + "1,0,triton_unk_fused_add_mul_1,triton_unk_fused_add_mul,AI_VECTOR_CORE,1,19.8,0,48,,,,,,\r\n"
              "1,0,MatMulV2,MatMulV2,AI_CORE,2,90,0,24,,,,,,\r\n");
    return dir.filePath("prof");
}

QJsonObject kernelNamed(const QJsonObject& graph, const QString& name)
{
    for (const QJsonValue& kernel : graph["output_code"].toObject()["kernels"].toArray()) {
        if (kernel.toObject()["name"].toString() == name)
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
        const Result result = run({ "scan", "--json", "--profile", profiles, sample() });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8()).object();
        const QJsonObject profile = json["profile"].toObject();
        QCOMPARE(profile["rows"].toInt(), 7);
        QCOMPARE(profile["matched"].toInt(), 4);
        QCOMPARE(profile["ambiguous"].toInt(), 0);
        QCOMPARE(profile["unmatched"].toInt(), 3);
        QCOMPARE(profile["steps"].toInt(), 2);
        QCOMPARE(profile["paths"].toArray().size(), 2);
        QVERIFY(profile["paths"].toArray()[0].toString().endsWith("node_100_20260720_ascend_pt"));

        const QJsonArray runs = json["runs"].toArray();
        const QJsonObject forward = runs[0].toObject()["graphs"].toArray()[0].toObject();
        const QJsonObject addMul = kernelNamed(forward, "dvm_fused_add_mul_1")["device_time_us"].toObject();
        QCOMPARE(addMul["launches"].toInt(), 2);
        QCOMPARE(addMul["total"].toDouble(), 12.0);
        QCOMPARE(addMul["mean"].toDouble(), 6.0);
        QVERIFY(kernelNamed(forward, "dvm_fused_add_mul_view_3")["device_time_us"].isNull());
        QCOMPARE(forward["device_time_us"].toObject()["by_backend"].toObject()["dvm"].toDouble(), 22.0);
        QVERIFY(forward["device_time_us"].toObject()["outside"].isNull());
        QCOMPARE(runs[0].toObject()["device_time_us"].toObject()["outside"].toDouble(), 160.0);
        const QJsonObject lostForward = runs[1].toObject()["graphs"].toArray()[0].toObject();
        QCOMPARE(kernelNamed(lostForward, "triton_unk_fused_add_mul_1")["device_time_us"]
                     .toObject()["total"]
                     .toDouble(),
            19.8);
        QCOMPARE(
            lostForward["device_time_us"].toObject()["by_backend"].toObject()["triton"].toDouble(), 19.8);
        // The bad row is a diagnostic of the scan, with its file and line.
        bool badRow = false;
        for (const QJsonValue& d : json["diagnostics"].toArray()) {
            const QJsonObject diagnostic = d.toObject();
            if (diagnostic["code"].toString() == "profile-bad-row") {
                badRow = true;
                QCOMPARE(diagnostic["line"].toInt(), 7);
                QVERIFY(diagnostic["path"].toString().endsWith(
                    "node_100_20260720_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
            }
        }
        QVERIFY(badRow);
    }

    void scanJsonWithoutProfileHasNoProfileKey()
    {
        const Result result = run({ "scan", "--json", sample() });
        QCOMPARE(result.exitCode, 0);
        QVERIFY(!result.out.contains("device_time_us"));
        QVERIFY(!result.out.contains("\"profile\""));
    }

    void scanTextSummary()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result result = run({ "scan", "--profile=" + profiles, sample() });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(
                     "Profile: 2 profiles, 7 kernel rows: 4 matched, 0 ambiguous, 3 outside compiled "
                     "kernels, 2 steps"),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(QString(" 1. 19.8 µs  triton  1× mean 19.8 µs  AI_VECTOR_CORE  "
                     + kLostRun + "/model__0_forward_1.0/triton_unk_fused_add_mul_1")),
            qPrintable(result.out));
        QVERIFY2(result.out.contains(QString(" 2. 12.0 µs  dvm  2× mean 6.0 µs  AI_CORE  " + kEngagedRun
                     + "/model__0_forward_1.0/dvm_fused_add_mul_1")),
            qPrintable(result.out));
        QVERIFY2(result.out.contains("Outside compiled kernels (by Type): MatMulV2 250.0 µs (3×)"),
            qPrintable(result.out));
        QVERIFY2(result.out.contains("DVM share of compiled time: 52.6%"), qPrintable(result.out));
    }

    void compareShowsTimeAToB()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result result =
            run({ "compare", "--profile-a", profiles + "/node_100_20260720_ascend_pt", "--profile-b",
                profiles + "/node_200_20260720_ascend_pt", sample(kEngagedRun), sample(kLostRun) });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains("  fused_add_mul: dvm 12.0 µs → triton 19.8 µs (+7.8 µs)"),
            qPrintable(result.out));
        QVERIFY2(result.out.contains("  fused_silu_view: dvm 10.0 µs → import_fx no time (-10.0 µs)"),
            qPrintable(result.out));
        QVERIFY2(
            result.out.contains("  model__0_forward_1: 22.0 µs → 19.8 µs (-2.2 µs)"), qPrintable(result.out));
        // Biggest regression first.
        QVERIFY(result.out.indexOf("fused_add_mul:") < result.out.indexOf("fused_silu_view:"));
    }

    void compareJsonAddsTheProfileKeys()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result result = run(
            { "compare", "--json", "--profile-a", profiles + "/node_100_20260720_ascend_pt", "--profile-b",
                profiles + "/node_200_20260720_ascend_pt", sample(kEngagedRun), sample(kLostRun) });
        QCOMPARE(result.err, QString());
        QCOMPARE(result.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8()).object();
        QJsonObject forward;
        for (const QJsonValue& graph : json["graphs"].toArray()) {
            if (graph.toObject()["key"].toString() == "model__0_forward_1")
                forward = graph.toObject();
        }
        QVERIFY2(!forward.isEmpty(), qPrintable(result.out));
        const QJsonObject graphTime = forward["device_time_us"].toObject();
        QCOMPARE(graphTime["a"].toDouble(), 22.0);
        QCOMPARE(graphTime["b"].toDouble(), 19.8);
        QCOMPARE(graphTime["delta"].toDouble(), -2.2);
        QJsonObject addMul;
        for (const QJsonValue& fusion : forward["fusions"].toArray()) {
            if (fusion.toObject()["key"].toString() == "fused_add_mul")
                addMul = fusion.toObject();
        }
        QCOMPARE(addMul["a"].toString(), QString("dvm"));
        QCOMPARE(addMul["b"].toString(), QString("triton"));
        QCOMPARE(addMul["device_time_us"].toObject()["a"].toDouble(), 12.0);
        QCOMPARE(addMul["device_time_us"].toObject()["b"].toDouble(), 19.8);
        QCOMPARE(addMul["device_time_us"].toObject()["delta"].toDouble(), 7.8);

        const QJsonObject profile = json["profile"].toObject();
        QCOMPARE(profile["a"].toObject()["rows"].toInt(), 5);
        QCOMPARE(profile["a"].toObject()["by_backend"].toObject()["dvm"].toDouble(), 22.0);
        QCOMPARE(profile["a"].toObject()["outside"].toDouble(), 160.0);
        QCOMPARE(profile["b"].toObject()["by_backend"].toObject()["triton"].toDouble(), 19.8);
        QCOMPARE(profile["b"].toObject()["total"].toDouble(), 109.8);
        // Only B-slower fusions, largest first: fused_add_mul (+7.8); fused_silu_view got faster.
        const QJsonArray regressions = profile["time_regressions"].toArray();
        QCOMPARE(regressions.size(), 1);
        const QJsonObject first = regressions[0].toObject();
        QCOMPARE(first["graph"].toString(), QString("model__0_forward_1"));
        QCOMPARE(first["fusion"].toString(), QString("fused_add_mul"));
        QCOMPARE(first["a"].toString(), QString("dvm"));
        QCOMPARE(first["b"].toString(), QString("triton"));
        QCOMPARE(first["time_a"].toDouble(), 12.0);
        QCOMPARE(first["time_b"].toDouble(), 19.8);
        QCOMPARE(first["delta"].toDouble(), 7.8);

        // One side only: the other is null, and without profiles no key at all.
        const Result oneSide = run({ "compare", "--json", "--profile-b",
            profiles + "/node_200_20260720_ascend_pt", sample(kEngagedRun), sample(kLostRun) });
        QCOMPARE(oneSide.exitCode, 0);
        const QJsonObject oneJson = QJsonDocument::fromJson(oneSide.out.toUtf8()).object();
        QVERIFY(oneJson["profile"].toObject()["a"].isNull());
        QCOMPARE(oneJson["profile"].toObject()["b"].toObject()["rows"].toInt(), 2);
        const Result none = run({ "compare", "--json", sample(kEngagedRun), sample(kLostRun) });
        QCOMPARE(none.exitCode, 0);
        QVERIFY(!none.out.contains("device_time_us"));
        QVERIFY(!none.out.contains("\"profile\""));
    }

    void reportHasWhereTheTimeGoes()
    {
        QTemporaryDir dir;
        const QString profiles = writeProfiles(dir);
        const Result md = run({ "report", "--profile", profiles, sample() });
        QCOMPARE(md.exitCode, 0);
        QVERIFY2(md.out.contains("## Where the time goes"), qPrintable(md.out));
        QVERIFY2(md.out.contains("| triton | 19.8 µs |"), qPrintable(md.out));
        // Per step, both ranks summed (the broken row of step 2 left out), then the mean.
        QVERIFY2(md.out.contains("| 1 | 223.8 µs |"), qPrintable(md.out));
        QVERIFY2(md.out.contains("| 2 | 68.0 µs |"), qPrintable(md.out));
        QVERIFY2(md.out.contains("| mean | 145.9 µs |"), qPrintable(md.out));
        const Result json = run({ "report", "--format", "json", "--profile", profiles, sample() });
        QCOMPARE(json.exitCode, 0);
        const QJsonObject profile = QJsonDocument::fromJson(json.out.toUtf8()).object()["profile"].toObject();
        QCOMPARE(profile["top_kernels"].toArray().size(), 3);
        QCOMPARE(profile["top_kernels"].toArray()[0].toObject()["backend"].toString(), QString("triton"));
        const Result plain = run({ "report", sample() });
        QVERIFY(!plain.out.contains("Where the time goes"));
        const Result compared = run({ "report", "--compare", sample(kEngagedRun), "--baseline-profile",
            profiles + "/node_100_20260720_ascend_pt", "--profile", profiles + "/node_200_20260720_ascend_pt",
            sample(kLostRun) });
        QCOMPARE(compared.exitCode, 0);
        QVERIFY2(compared.out.contains("Time regressions by fusion"), qPrintable(compared.out));
        QVERIFY2(compared.out.contains("| fused_add_mul | dvm 12.0 µs → triton 19.8 µs | +7.8 µs |"),
            qPrintable(compared.out));
    }

    void unreadableProfileExitsTwo()
    {
        QTemporaryDir dir;
        const Result missing = run({ "scan", "--profile", dir.filePath("absent"), sample() });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("cannot read profile"), qPrintable(missing.err));
        writeFile(dir.filePath("bad/kernel_details.csv"), "Name,Type,Accelerator Core\nx,y,z\n");
        const Result noColumn = run({ "scan", "--json", "--profile", dir.filePath("bad"), sample() });
        QCOMPARE(noColumn.exitCode, 2);
        QVERIFY2(noColumn.err.contains("no 'Duration(us)' column"), qPrintable(noColumn.err));
        QCOMPARE(noColumn.out, QString());
        QCOMPARE(run({ "scan", "--profile" }).exitCode, 2);
        QCOMPARE(
            run({ "compare", "--profile-a", dir.filePath("absent"), sample(kEngagedRun), sample(kLostRun) })
                .exitCode,
            2);
        QCOMPARE(run({ "report", "--baseline-profile", dir.filePath("bad"), sample() }).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliProfile)
#include "tst_cli_profile.moc"
