// SPDX-License-Identifier: MIT
// buildIndex with an IndexStream: the skeleton comes first (nothing parsed), then every parsed
// file exactly once in batches spaced by the interval (or ever further apart, up to a maximum);
// assembled on the receiver's side the result equals buildIndex without a stream, for any number
// of jobs; a cancel keeps what was handed over and counts the rest as not indexed; an archive
// streams nothing.
#include "archivewriter.h"
#include "core/index/indexer.h"
#include "core/index/indexstream.h"
#include "core/json/scanjson.h"
#include "core/verdict/verdict.h"
#include "streamtree.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <set>
#include <vector>

using namespace dvmlens;

namespace {

const streamtree::Shape kShape;
const int kGraphsPerRun = kShape.graphsPerRun;
const int kOutputCodes = kShape.outputCodes();

// What a receiver saw of a stream, assembled as the GUI does.
struct Received
{
    int skeletons = 0;
    bool batchBeforeSkeleton = false;
    bool skeletonParsedAny = false;
    std::vector<std::vector<ParsedGraph>> batches; // the positions only (codes moved on)
    std::vector<std::chrono::steady_clock::time_point> times;
    Index assembled;
    bool applied = true;
};

IndexStream receiverOf(Received& received)
{
    IndexStream stream;
    stream.skeleton = [&received](Index skeleton) {
        ++received.skeletons;
        for (const Run& run : skeleton.runs) {
            for (const Graph& graph : run.graphs)
                received.skeletonParsedAny |= graph.outputCode && graph.outputCode->indexed;
        }
        received.assembled = std::move(skeleton);
    };
    stream.parsed = [&received](std::vector<ParsedGraph> batch) {
        received.batchBeforeSkeleton |= received.skeletons == 0;
        received.times.push_back(std::chrono::steady_clock::now());
        std::vector<ParsedGraph> positions;
        for (const ParsedGraph& parsed : batch)
            positions.push_back({ parsed.run, parsed.graph, {} });
        received.batches.push_back(std::move(positions));
        received.applied &= applyParsedGraphs(received.assembled, std::move(batch));
    };
    return stream;
}

Index build(const QString& path, const IndexOptions& options)
{
    std::string error;
    std::optional<Index> index = buildIndex(path.toStdString(), options, error);
    if (!index)
        qFatal("buildIndex failed: %s", error.c_str());
    return std::move(*index);
}

} // namespace

class TestIndexStream : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_tree;

private Q_SLOTS:
    void initTestCase()
    {
        m_tree = streamtree::make(m_dir.path(), kShape);
    }

    void assembledStreamEqualsTheIndex_data()
    {
        QTest::addColumn<int>("jobs");
        QTest::newRow("1 job") << 1;
        QTest::newRow("2 jobs") << 2;
        QTest::newRow("8 jobs") << 8;
    }

    void assembledStreamEqualsTheIndex()
    {
        QFETCH(int, jobs);
        IndexOptions plain;
        plain.jobs = jobs;
        const std::string reference = scanJsonText(build(m_tree, plain));

        Received received;
        IndexStream stream = receiverOf(received);
        stream.batchInterval = std::chrono::milliseconds(5);
        IndexOptions options = plain;
        options.stream = &stream;
        const Index returned = build(m_tree, options);

        QCOMPARE(received.skeletons, 1);
        QVERIFY(!received.batchBeforeSkeleton);
        QVERIFY(!received.skeletonParsedAny);
        QVERIFY(received.applied);
        // Every output_code.py exactly once, each batch in scan order.
        std::set<std::pair<std::size_t, std::size_t>> seen;
        for (const std::vector<ParsedGraph>& batch : received.batches) {
            QVERIFY(!batch.empty());
            for (std::size_t i = 0; i < batch.size(); ++i) {
                QVERIFY(seen.insert({ batch[i].run, batch[i].graph }).second);
                if (i > 0)
                    QVERIFY(std::pair(batch[i - 1].run, batch[i - 1].graph)
                        < std::pair(batch[i].run, batch[i].graph));
            }
        }
        QCOMPARE(int(seen.size()), kOutputCodes);
        // What was handed over is not in the returned index: nothing parsed is there twice.
        QCOMPARE(verdictCounts(returned).notIndexed, kOutputCodes);
        finishStreamedIndex(received.assembled, returned);
        QCOMPARE(scanJsonText(received.assembled), reference);
    }

    void batchesAreSpacedByTheInterval()
    {
        Received received;
        IndexStream stream = receiverOf(received);
        stream.batchInterval = std::chrono::milliseconds(20);
        IndexOptions options;
        options.jobs = 1; // parsing 78 files takes several intervals
        options.stream = &stream;
        build(m_tree, options);
        QVERIFY2(received.batches.size() >= 2, "the files took less than one interval to parse");
        // The last batch (what was parsed after the previous one) may come at any time.
        for (std::size_t i = 1; i + 1 < received.times.size(); ++i)
            QVERIFY(received.times[i] - received.times[i - 1] >= std::chrono::milliseconds(19));
    }

    void waitsGrowUpToTheMaximum()
    {
        using std::chrono::milliseconds;
        IndexStream stream;
        stream.batchInterval = milliseconds(50);
        QCOMPARE(nextBatchInterval(milliseconds(50), stream), milliseconds(50)); // no maximum: the same
        stream.maxBatchInterval = milliseconds(250);
        QCOMPARE(nextBatchInterval(milliseconds(50), stream), milliseconds(100));
        QCOMPARE(nextBatchInterval(milliseconds(100), stream), milliseconds(200));
        QCOMPARE(nextBatchInterval(milliseconds(200), stream), milliseconds(250));
        QCOMPARE(nextBatchInterval(milliseconds(250), stream), milliseconds(250));

        // A stream with a maximum: each wait at least twice the one before, up to it.
        Received received;
        IndexStream growing = receiverOf(received);
        growing.batchInterval = milliseconds(1);
        growing.maxBatchInterval = milliseconds(8);
        IndexOptions options;
        options.jobs = 1;
        options.stream = &growing;
        build(m_tree, options);
        QVERIFY2(received.batches.size() >= 3, "the files took less than two intervals to parse");
        milliseconds wait = growing.batchInterval; // before the first batch
        for (std::size_t i = 1; i + 1 < received.times.size(); ++i) {
            wait = nextBatchInterval(wait, growing); // after batch i - 1: 2, 4, 8, 8… ms
            QVERIFY(received.times[i] - received.times[i - 1] >= wait);
        }
    }

    void cancelKeepsWhatWasHandedOver()
    {
        for (int jobs : { 1, 2 }) {
            std::atomic<bool> cancel { false };
            Received received;
            IndexStream stream = receiverOf(received);
            stream.batchInterval = std::chrono::milliseconds(1);
            const auto apply = stream.parsed;
            stream.parsed = [&](std::vector<ParsedGraph> batch) {
                apply(std::move(batch));
                cancel = true; // after the first batch
            };
            IndexOptions options;
            options.jobs = jobs;
            options.cancel = &cancel;
            options.stream = &stream;
            const Index returned = build(m_tree, options);
            finishStreamedIndex(received.assembled, returned);

            int handedOver = 0;
            for (const std::vector<ParsedGraph>& batch : received.batches)
                handedOver += int(batch.size());
            QVERIFY2(handedOver > 0 && handedOver < kOutputCodes, qPrintable(QString::number(handedOver)));
            const VerdictCounts counts = verdictCounts(received.assembled);
            QCOMPARE(counts.notIndexed, kOutputCodes - handedOver);
            QCOMPARE(ladderVerdict(counts), Verdict::NotIndexed);
            QCOMPARE(received.assembled.diagnostics.size(), std::size_t(1));
            QCOMPARE(received.assembled.diagnostics[0].code, std::string("cancelled"));
            QCOMPARE(received.assembled.diagnostics[0].message,
                "The scan was cancelled: " + std::to_string(kOutputCodes - handedOver) + " of "
                    + std::to_string(kOutputCodes)
                    + " output_code.py files were not parsed, so their graphs are not indexed (no verdict "
                      "until the tree is indexed again).");
        }
    }

    void archiveSendsNothingAndReturnsTheWholeIndex()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("tree.tar"));
        QVERIFY(testutil::packFolder(m_tree, archive, testutil::ArchiveFormat::Tar));
        Received received;
        IndexStream stream = receiverOf(received);
        IndexOptions options;
        options.stream = &stream;
        const Index index = build(archive, options);
        QCOMPARE(received.skeletons, 0);
        QVERIFY(received.batches.empty());
        QCOMPARE(verdictCounts(index).notIndexed, 0);
        QCOMPARE(verdictCounts(index).withCode, kOutputCodes);
    }

    void batchThatDoesNotFitChangesNothing()
    {
        Index index = build(m_tree, {});
        const std::string before = scanJsonText(index);
        std::vector<ParsedGraph> batch(2);
        batch[0] = { 0, 0, {} };
        batch[1] = { 0, std::size_t(kGraphsPerRun - 1), {} }; // the cache hit: no output_code.py
        QVERIFY(!applyParsedGraphs(index, std::move(batch)));
        QCOMPARE(scanJsonText(index), before);
    }
};

QTEST_GUILESS_MAIN(TestIndexStream)
#include "tst_indexstream.moc"
