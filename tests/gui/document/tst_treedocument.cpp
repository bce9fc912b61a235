// SPDX-License-Identifier: MIT
// The open tree: the signals of open, re-index, cancel, a failed open and compare, in order; the
// known failures belong to the index they were searched in; counts are computed once per index
// and the run tree shows those, not counts of its own. Every product of an index (known failures,
// model sources, rank consistency, profile join) is computed off the GUI thread and announced once;
// a product of an index no longer open is dropped.
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "core/verdict/summary.h"
#include "gui/browse/runtreemodel.h"
#include "gui/document/treedocument.h"
#include "streamtree.h"
#include "testutil.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QString guiTree()
{
    return testutil::fixture(QStringLiteral("gui/torch_compile_debug"));
}

QString sampleTree()
{
    return testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
}

// Every signal of `document`, by name, in the order they came.
class SignalLog : public QObject
{
public:
    explicit SignalLog(TreeDocument& document)
    {
        connect(&document, &TreeDocument::indexStarted, this, [this](const QString&, bool reindex) {
            names << (reindex ? u"reindexStarted"_s : u"indexStarted"_s);
        });
        connect(&document, &TreeDocument::indexChanged, this, [this] { names << u"indexChanged"_s; });
        connect(&document, &TreeDocument::indexFinished, this, [this](const QString&, const QString& error) {
            names << (error.isEmpty() ? u"indexFinished"_s : u"indexFailed"_s);
        });
        connect(&document, &TreeDocument::knownFailuresChanged, this,
            [this] { names << u"knownFailuresChanged"_s; });
        connect(&document, &TreeDocument::compareStarted, this, [this] { names << u"compareStarted"_s; });
        connect(&document, &TreeDocument::compareFinished, this, [this](const QString& error) {
            names << (error.isEmpty() ? u"compareFinished"_s : u"compareFailed"_s);
        });
    }
    QStringList names;
};

// Every count of `a` is that of `b`.
bool sameCounts(const dvmlens::Summary& a, const dvmlens::Summary& b)
{
    return a.runs == b.runs && a.graphs == b.graphs && a.graphsWithOutputCode == b.graphsWithOutputCode
        && a.dvmEngagedGraphs == b.dvmEngagedGraphs && a.kernels == b.kernels
        && a.kernelsByBackend == b.kernelsByBackend && a.launches == b.launches && a.fallbacks == b.fallbacks
        && a.fallbacksByKind == b.fallbacksByKind && a.diagnosticsBySeverity == b.diagnosticsBySeverity
        && a.verdicts == b.verdicts && a.verdict == b.verdict && a.dvmEngaged == b.dvmEngaged;
}

// `summaries` are those IndexSummaries::of counts for `index`, node by node.
void verifySummariesOf(const IndexSummaries& summaries, const dvmlens::Index& index)
{
    const std::shared_ptr<const IndexSummaries> counted = IndexSummaries::of(index);
    QVERIFY(sameCounts(summaries.tree, counted->tree));
    QCOMPARE(summaries.runs.size(), counted->runs.size());
    for (std::size_t r = 0; r < counted->runs.size(); ++r) {
        QVERIFY(sameCounts(summaries.of(r), counted->of(r)));
        QCOMPARE(summaries.graphs[r].size(), counted->graphs[r].size());
        for (std::size_t g = 0; g < counted->graphs[r].size(); ++g)
            QVERIFY(sameCounts(summaries.of(r, g), counted->of(r, g)));
    }
}

bool settled(const TreeDocument& document)
{
    return !document.isIndexing() && !document.isComparing() && !document.isSearchingKnownFailures()
        && !document.isFindingModelSources() && !document.isCheckingRanks() && !document.isJoiningProfile();
}

std::shared_ptr<const dvmlens::Index> indexOf(const QString& path)
{
    std::string error;
    std::optional<dvmlens::Index> index = dvmlens::buildIndex(dvmlens::pathBytes(path), {}, error);
    return index ? std::make_shared<const dvmlens::Index>(std::move(*index)) : nullptr;
}

QString sampleProfile()
{
    return testutil::fixture(QStringLiteral("profile/sample-run/kernel_details.csv"));
}

// A spy on each product's signal.
struct ProductSpies
{
    explicit ProductSpies(TreeDocument& document)
        : knownFailures(&document, &TreeDocument::knownFailuresChanged)
        , modelSources(&document, &TreeDocument::modelSourcesChanged)
        , ranks(&document, &TreeDocument::rankConsistencyChanged)
        , profile(&document, &TreeDocument::profileJoined)
    {
    }
    QSignalSpy knownFailures;
    QSignalSpy modelSources;
    QSignalSpy ranks;
    QSignalSpy profile;
};

} // namespace

class TestTreeDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void openIndexesSummarizesAndSearches()
    {
        TreeDocument document;
        SignalLog log(document);
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(guiTree());
        QCOMPARE(document.path(), QFileInfo(guiTree()).absoluteFilePath());
        QVERIFY(document.isIndexing());
        QVERIFY(!document.isReindexing());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toString(), document.path());
        QVERIFY(document.index());
        QCOMPARE(document.index()->runs.size(), std::size_t(1));
        QTRY_VERIFY(settled(document));
        QCOMPARE(log.names,
            QStringList(
                { u"indexStarted"_s, u"indexChanged"_s, u"indexFinished"_s, u"knownFailuresChanged"_s }));
        QVERIFY(document.knownFailures());
        QCOMPARE(document.knownFailures()->index, document.index());

        // The counts are core's, computed once: the same object on every read.
        const std::shared_ptr<const IndexSummaries> summaries = document.summaries();
        QVERIFY(summaries);
        QCOMPARE(document.summaries(), summaries);
        const dvmlens::Summary tree = dvmlens::summarize(*document.index());
        QCOMPARE(summaries->tree.graphs, tree.graphs);
        QCOMPARE(summaries->tree.kernels, tree.kernels);
        const dvmlens::Run& run = document.index()->runs[0];
        QCOMPARE(summaries->of(0).dvmEngagedGraphs, dvmlens::summarize(run).dvmEngagedGraphs);
        QCOMPARE(summaries->graphs[0].size(), run.graphs.size());
        for (std::size_t g = 0; g < run.graphs.size(); ++g)
            QCOMPARE(summaries->of(0, g).kernels, dvmlens::summarize(run.graphs[g]).kernels);
    }

    void reindexGivesANewIndexAndNewSummaries()
    {
        TreeDocument document;
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(guiTree());
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY(settled(document));
        const auto first = document.index();
        const auto firstSummaries = document.summaries();
        SignalLog log(document);
        document.reindex();
        QVERIFY(document.isReindexing());
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY(settled(document));
        QCOMPARE(log.names,
            QStringList(
                { u"reindexStarted"_s, u"indexChanged"_s, u"indexFinished"_s, u"knownFailuresChanged"_s }));
        QVERIFY(document.index() != first);
        QVERIFY(document.summaries() != firstSummaries);
        QCOMPARE(document.knownFailures()->index, document.index());
    }

    void aFailedOpenKeepsTheOpenTree()
    {
        TreeDocument document;
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(guiTree());
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY(settled(document));
        const auto open = document.index();
        SignalLog log(document);
        document.open(QStringLiteral("/nonexistent/dvmlens/tree"));
        QVERIFY(finished.wait(30000));
        QVERIFY(!finished.last().at(1).toString().isEmpty());
        QCOMPARE(log.names, QStringList({ u"indexStarted"_s, u"indexFailed"_s }));
        QCOMPARE(document.index(), open);
    }

    void cancelStillDeliversThePartialIndex()
    {
        TreeDocument document;
        SignalLog log(document);
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(sampleTree());
        document.cancel();
        QVERIFY(finished.wait(30000));
        QVERIFY(finished.at(0).at(1).toString().isEmpty());
        QVERIFY(!document.isIndexing());
        QVERIFY(document.index()); // a cancelled index is shown, never dropped
        QCOMPARE(
            log.names.mid(0, 3), QStringList({ u"indexStarted"_s, u"indexChanged"_s, u"indexFinished"_s }));
    }

    void aStreamedOpenKeepsTheCountsItGrewWith()
    {
        // The counts updated batch by batch while the index grew become the open tree's (not
        // counted again), with the tree's own closing diagnostics ("cancelled") counted too.
        QTemporaryDir dir;
        const QString tree = streamtree::make(dir.path(), { 2, 40, 64 });
        for (const bool cancel : { false, true }) {
            TreeDocument document;
            std::shared_ptr<const IndexSummaries> lastGrowing;
            connect(&document, &TreeDocument::graphsParsed, this, [&] {
                lastGrowing = document.growingSummaries();
                if (cancel)
                    document.cancel();
            });
            QSignalSpy finished(&document, &TreeDocument::indexFinished);
            document.open(tree);
            QVERIFY(finished.wait(30000));
            QVERIFY(lastGrowing);
            QVERIFY(document.summaries());
            QCOMPARE(document.summaries()->runs.size(), std::size_t(2));
            verifySummariesOf(*document.summaries(), *document.index());
            if (cancel && dvmlens::verdictCounts(*document.index()).notIndexed > 0)
                QCOMPARE(document.summaries()->tree.diagnosticCount(dvmlens::Severity::Info),
                    lastGrowing->tree.diagnosticCount(dvmlens::Severity::Info) + 1);
        }
    }

    void aNewerOpenDropsTheOlderResult()
    {
        TreeDocument document;
        SignalLog log(document);
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(sampleTree());
        document.open(guiTree());
        QVERIFY(finished.wait(30000));
        QTest::qWait(200); // room for a stale delivery, which must not come
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toString(), QFileInfo(guiTree()).absoluteFilePath());
        QCOMPARE(QString::fromStdString(document.index()->root), QFileInfo(guiTree()).absoluteFilePath());
    }

    void compareOpensSideAWhenNothingIsOpen()
    {
        TreeDocument document;
        SignalLog log(document);
        QSignalSpy progress(&document, &TreeDocument::compareProgress);
        QSignalSpy finished(&document, &TreeDocument::compareFinished);
        const QString a = testutil::fixture(QStringLiteral("compare/before"));
        const QString b = testutil::fixture(QStringLiteral("compare/after"));
        document.compare({ a, b, {}, {} });
        QVERIFY(document.isComparing());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toString(), QString());
        QTRY_VERIFY(settled(document));
        QCOMPARE(log.names,
            QStringList(
                { u"compareStarted"_s, u"indexChanged"_s, u"compareFinished"_s, u"knownFailuresChanged"_s }));
        QVERIFY(document.comparison());
        QVERIFY(document.comparison()->result);
        QCOMPARE(document.index(), document.comparison()->indexA);
        QCOMPARE(document.path(), a);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.first().at(0).toInt(), 0); // side A first
        QCOMPARE(progress.last().at(0).toInt(), 1);
    }

    void aFailedCompareKeepsTheLastComparison()
    {
        TreeDocument document;
        QSignalSpy finished(&document, &TreeDocument::compareFinished);
        document.compare(
            { QStringLiteral("/nonexistent/a"), testutil::fixture(QStringLiteral("compare/after")), {}, {} });
        QVERIFY(finished.wait(30000));
        QVERIFY(finished.at(0).at(0).toString().contains(QStringLiteral("/nonexistent/a")));
        QVERIFY(!document.comparison());
        QVERIFY(!document.index());
    }

    void eachProductIsAnnouncedOnce()
    {
        TreeDocument document;
        ProductSpies spies(document);
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(sampleTree());
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY(settled(document));
        QTest::qWait(100); // room for a second announcement, which must not come
        QCOMPARE(spies.knownFailures.count(), 1);
        QCOMPARE(spies.modelSources.count(), 1);
        QCOMPARE(spies.ranks.count(), 1);
        QCOMPARE(spies.profile.count(), 0); // none loaded, none beside the sample
        // Each describes the open index, as core computes it for that index.
        const std::shared_ptr<const dvmlens::Index>& index = document.index();
        QCOMPARE(document.knownFailures()->index, index);
        QVERIFY(document.modelSources());
        QCOMPARE(document.modelSources()->index, index.get());
        QCOMPARE(document.modelSources()->summary.locations.size(),
            dvmlens::summarizeSources(*index, dvmlens::buildSourceMap(*index)).locations.size());
        QVERIFY(!document.modelSources()->summary.locations.empty());
        QVERIFY(document.rankConsistency());
        const dvmlens::RankConsistency ranks = dvmlens::rankConsistency(*index);
        QCOMPARE(document.rankConsistency()->runs, 2);
        QCOMPARE(document.rankConsistency()->graphs.size(), ranks.graphs.size());
        QCOMPARE(document.rankConsistency()->identical(), ranks.identical());
    }

    void productsComeOffTheGuiThread()
    {
        // Adopting an index returns before any product exists: each is computed by a job and
        // arrives through the event loop, announced once.
        TreeDocument document;
        const std::shared_ptr<const dvmlens::Index> index = indexOf(sampleTree());
        QVERIFY(index);
        ProductSpies spies(document);
        bool nullAtIndexChanged = false;
        connect(&document, &TreeDocument::indexChanged, this, [&] {
            nullAtIndexChanged = !document.knownFailures() && !document.modelSources()
                && !document.rankConsistency() && !document.profileJoin();
        });
        document.setIndex(sampleTree(), index);
        QVERIFY(nullAtIndexChanged);
        QVERIFY(document.isFindingModelSources());
        QVERIFY(document.isCheckingRanks());
        QVERIFY(document.isSearchingKnownFailures());
        QVERIFY(!document.modelSources() && !document.rankConsistency() && !document.knownFailures());
        QCOMPARE(spies.modelSources.count() + spies.ranks.count() + spies.knownFailures.count(), 0);
        QTRY_VERIFY(settled(document));
        QCOMPARE(spies.modelSources.count(), 1);
        QCOMPARE(spies.ranks.count(), 1);
        QCOMPARE(spies.knownFailures.count(), 1);
        QCOMPARE(document.modelSources()->index, index.get());
    }

    void productsOfAnOlderIndexAreDropped()
    {
        TreeDocument document;
        const std::shared_ptr<const dvmlens::Index> older = indexOf(sampleTree());
        const std::shared_ptr<const dvmlens::Index> newer = indexOf(guiTree());
        QVERIFY(older && newer);
        ProductSpies spies(document);
        document.setIndex(sampleTree(), older);
        document.loadProfile(sampleProfile()); // joined to `older`, which goes before it is done
        document.setIndex(guiTree(), newer);
        QTRY_VERIFY(settled(document));
        QTest::qWait(100); // room for a stale delivery, which must not come
        QCOMPARE(spies.modelSources.count(), 1);
        QCOMPARE(spies.ranks.count(), 1);
        QCOMPARE(spies.knownFailures.count(), 1);
        QCOMPARE(spies.profile.count(), 0);
        QCOMPARE(document.modelSources()->index, newer.get());
        QCOMPARE(document.knownFailures()->index, newer);
        QVERIFY(!document.profileJoin());
        QCOMPARE(document.profilePath(), QString()); // another tree: its profile is not this one's
    }

    void theProfileIsJoinedToEachIndexOfItsTree()
    {
        const QString run = sampleTree() + u"/"_s + testutil::kSampleEngagedRun;
        TreeDocument document;
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(run);
        QVERIFY(finished.wait(30000));
        QSignalSpy joined(&document, &TreeDocument::profileJoined);
        document.loadProfile(sampleProfile());
        QVERIFY(document.isJoiningProfile());
        QVERIFY(joined.wait(30000));
        QCOMPARE(joined.count(), 1);
        QCOMPARE(joined.at(0).at(0).toString(), sampleProfile());
        QCOMPARE(joined.at(0).at(1).toString(), QString());
        QVERIFY(document.profileJoin());
        QCOMPARE(document.profilePath(), sampleProfile());
        QCOMPARE(document.profileJoin()->graphs.size(), document.index()->runs.size());

        // A re-index drops the join with the old index and joins the profile to the new one, once.
        const std::shared_ptr<const dvmlens::ProfileJoin> first = document.profileJoin();
        bool droppedAtIndexChanged = false;
        connect(&document, &TreeDocument::indexChanged, this,
            [&] { droppedAtIndexChanged = !document.profileJoin(); });
        document.reindex();
        QVERIFY(finished.wait(30000));
        QVERIFY(droppedAtIndexChanged);
        QTRY_VERIFY(settled(document));
        QCOMPARE(joined.count(), 2);
        QVERIFY(document.profileJoin());
        QVERIFY(document.profileJoin() != first);

        // A profile that cannot be read: said once, nothing joined, not loaded again.
        document.loadProfile(u"/nonexistent/dvmlens/profile"_s);
        QVERIFY(joined.wait(30000));
        QCOMPARE(joined.count(), 3);
        QVERIFY(!joined.at(2).at(1).toString().isEmpty());
        QVERIFY(!document.profileJoin());
        QCOMPARE(document.profilePath(), QString());
    }

    void runTreeShowsTheCachedCounts()
    {
        TreeDocument document;
        QSignalSpy finished(&document, &TreeDocument::indexFinished);
        document.open(guiTree());
        QVERIFY(finished.wait(30000));
        // Counts that summarize() would never give prove the model reads the cache in data().
        auto marked = std::make_shared<IndexSummaries>(*document.summaries());
        marked->runs[0].kernelsByBackend[std::size_t(dvmlens::Backend::Dvm)] = 7777;
        marked->graphs[0][0].kernelsByBackend[std::size_t(dvmlens::Backend::Dvm)] = 8888;
        RunTreeModel model;
        model.setIndex(document.index(), marked);
        const QModelIndex run = model.index(0, RunTreeModel::DvmColumn);
        QCOMPARE(run.data().toInt(), 7777);
        const QModelIndex graph = model.index(0, RunTreeModel::DvmColumn, model.index(0, 0));
        QVERIFY(document.index()->runs[0].graphs[0].outputCode);
        QCOMPARE(graph.data().toInt(), 8888);
    }
};

QTEST_MAIN(TestTreeDocument)
#include "tst_treedocument.moc"
