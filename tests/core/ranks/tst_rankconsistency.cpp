// SPDX-License-Identifier: MIT
// Rank consistency: identical ranks, a rank that recompiled a graph without DVM, a rank missing a
// graph, and what is normalised away (paths and pids in comments and strings).
#include "core/index/indexer.h"
#include "core/json/scanjson.h"
#include "core/ranks/rankconsistency.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

QByteArray fixtureBytes(const QString& name)
{
    QFile file(testutil::fixture(QStringLiteral("trees/small/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

void writeGraph(const QTemporaryDir& dir, int rank, const QString& graph, const QByteArray& bytes)
{
    const QString folder =
        dir.filePath(QStringLiteral("run_2026_07_20_10_15_3%1_000000-pid_%2/torchinductor/%3")
                         .arg(rank)
                         .arg(4100 + rank)
                         .arg(graph));
    QDir().mkpath(folder);
    QFile file(folder + QStringLiteral("/output_code.py"));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write");
}

// What differs between processes: the pid in the kernel-path comment and in a string.
QByteArray asRank(QByteArray bytes, int rank)
{
    return "# kernel path: /tmp/torchinductor_root/pid_" + QByteArray::number(4100 + rank) + "/ck.py\n"
        + bytes.replace("AsyncCompile()", QByteArray("AsyncCompile()  # rank " + QByteArray::number(rank)));
}

Index indexOf(const QTemporaryDir& dir, KernelDetail detail = KernelDetail::Full)
{
    IndexOptions options;
    options.kernelDetail = detail;
    std::string error;
    std::optional<Index> index = buildIndex(dir.path().toStdString(), options, error);
    if (!index)
        qFatal("%s", error.c_str());
    return std::move(*index);
}

} // namespace

class TestRankConsistency : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identicalRanks()
    {
        QTemporaryDir dir;
        for (int rank = 0; rank < 4; ++rank) {
            writeGraph(dir, rank, QStringLiteral("model__0_forward_1.0"),
                asRank(fixtureBytes(u"dvm_output_code.py"_s), rank));
            writeGraph(dir, rank, QStringLiteral("model__0_backward_2.1"),
                asRank(fixtureBytes(u"triton_output_code.py"_s), rank));
        }
        const Index index = indexOf(dir);
        const RankConsistency ranks = rankConsistency(index);
        QCOMPARE(ranks.runs, 4);
        QCOMPARE(ranks.graphs.size(), std::size_t(2));
        QCOMPARE(ranks.identical(), 2);
        QVERIFY(ranks.divergent().empty());
        QVERIFY(!ranks.fails());
        QCOMPARE(rankConsistencyText(index, ranks),
            std::string("ranks: 4 runs, 2 graphs, 2 identical, 0 divergent\n"));
        // Summary and Full parses fingerprint alike (the JSON keeps bodies for some files only).
        QCOMPARE(rankConsistency(indexOf(dir, KernelDetail::Summary)).identical(), 2);
    }

    void divergentAndMissingRanks()
    {
        QTemporaryDir dir;
        for (int rank = 0; rank < 4; ++rank) {
            // Rank 2 recompiled the forward graph without DVM; rank 3 never compiled the backward one.
            writeGraph(dir, rank, QStringLiteral("model__0_forward_1.0"),
                asRank(fixtureBytes(rank == 2 ? u"triton_output_code.py"_s : u"dvm_output_code.py"_s), rank));
            if (rank != 3)
                writeGraph(dir, rank, QStringLiteral("model__0_backward_2.1"),
                    asRank(fixtureBytes(u"triton_output_code.py"_s), rank));
        }
        const Index index = indexOf(dir);
        const RankConsistency ranks = rankConsistency(index);
        QCOMPARE(ranks.identical(), 0);
        const std::vector<const RankGraph*> divergent = ranks.divergent();
        QCOMPARE(divergent.size(), std::size_t(2));
        const RankGraph& forward = *divergent[0];
        QCOMPARE(forward.key, std::string("model__0_forward_1"));
        QCOMPARE(forward.variants.size(), std::size_t(2));
        QCOMPARE(forward.variants[0].runs, (std::vector<std::size_t> { 0, 1, 3 }));
        QCOMPARE(forward.variants[0].verdict, Verdict::Engaged);
        QCOMPARE(forward.variants[1].runs, (std::vector<std::size_t> { 2 }));
        QCOMPARE(forward.variants[1].verdict, Verdict::NotEngaged);
        QVERIFY(forward.verdictsDiffer());
        QVERIFY(forward.missingIn.empty());
        QCOMPARE(forward.majorityVariant(), std::size_t(0));
        QCOMPARE(forward.runsOutsideMajority(), (std::vector<std::size_t> { 2 }));
        const RankGraph& backward = *divergent[1];
        QCOMPARE(backward.variants.size(), std::size_t(1));
        QCOMPARE(backward.missingIn, (std::vector<std::size_t> { 3 }));
        QVERIFY(ranks.fails());
        const std::string text = rankConsistencyText(index, ranks);
        QVERIFY2(text.rfind("ranks: 4 runs, 2 graphs, 0 identical, 2 divergent\n", 0) == 0, text.c_str());
        QVERIFY2(text.find("  model__0_backward_2: 1 variant; runs run_2026_07_20_10_15_30_000000-pid_4100, "
                           "run_2026_07_20_10_15_31_000000-pid_4101, run_2026_07_20_10_15_32_000000-pid_4102 "
                           "not engaged")
                != std::string::npos,
            text.c_str());
        QVERIFY2(text.find("; missing in run_2026_07_20_10_15_33_000000-pid_4103\n") != std::string::npos,
            text.c_str());

        // dvmlens.scan/1 "ranks": only the divergent keys, runs by name.
        const nlohmann::ordered_json json = scanJson(index)["ranks"];
        QCOMPARE(QString::fromStdString(json["runs"].dump()), QStringLiteral("4"));
        QCOMPARE(json["identical"].get<int>(), 0);
        QCOMPARE(json["divergent"].size(), std::size_t(2));
        const auto& first = json["divergent"][0];
        QCOMPARE(first["graph"].get<std::string>(), std::string("model__0_forward_1"));
        QCOMPARE(first["variants"][1]["runs"][0].get<std::string>(),
            std::string("run_2026_07_20_10_15_32_000000-pid_4102"));
        QCOMPARE(first["variants"][1]["verdict"].get<std::string>(), std::string("not engaged"));
        QVERIFY(first["variants"][0]["counts"]["dvm"].get<int>() > 0);
        QVERIFY(first["missing_in"].empty());
        QCOMPARE(json["divergent"][1]["missing_in"][0].get<std::string>(),
            std::string("run_2026_07_20_10_15_33_000000-pid_4103"));
    }

    // Loose files beside the runs (the run-less group) are no rank: not counted, never "missing".
    void looseFilesAreNoRank()
    {
        QTemporaryDir dir;
        for (int rank = 0; rank < 2; ++rank)
            writeGraph(
                dir, rank, QStringLiteral("model__0_forward_1.0"), fixtureBytes(u"dvm_output_code.py"_s));
        QFile loose(dir.filePath(QStringLiteral("output_code.py")));
        QVERIFY(loose.open(QIODevice::WriteOnly));
        loose.write(fixtureBytes(u"triton_output_code.py"_s));
        loose.close();
        const Index index = indexOf(dir);
        QCOMPARE(index.runs.size(), std::size_t(3));
        const RankConsistency ranks = rankConsistency(index);
        QCOMPARE(ranks.runs, 2);
        QCOMPARE(ranks.graphs.size(), std::size_t(1));
        QCOMPARE(ranks.identical(), 1);
        QVERIFY(!ranks.fails());
    }

    void sameVerdictOtherCodeIsDivergentButPasses()
    {
        // A rank whose kernels differ but whose verdict agrees is reported, not failed.
        QTemporaryDir dir;
        QByteArray changed = fixtureBytes(u"dvm_output_code.py"_s);
        changed.append("\n\nextra = async_compile.triton('triton_poi_extra_0', '''\n''')\n");
        writeGraph(dir, 0, QStringLiteral("model__0_forward_1.0"), fixtureBytes(u"dvm_output_code.py"_s));
        writeGraph(dir, 1, QStringLiteral("model__0_forward_1.0"), changed);
        const RankConsistency ranks = rankConsistency(indexOf(dir));
        QCOMPARE(ranks.divergent().size(), std::size_t(1));
        QVERIFY(!ranks.divergent()[0]->verdictsDiffer());
        QVERIFY(!ranks.fails());
    }
};

QTEST_GUILESS_MAIN(TestRankConsistency)
#include "tst_rankconsistency.moc"
