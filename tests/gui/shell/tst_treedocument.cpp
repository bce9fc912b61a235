// SPDX-License-Identifier: MIT
// The open tree: the signals of open, re-index, cancel, a failed open and compare, in order; the
// known failures belong to the index they were searched in; counts are computed once per index
// and the run tree shows those, not counts of its own.
#include "core/verdict/summary.h"
#include "gui/browse/runtreemodel.h"
#include "gui/shell/treedocument.h"
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
    return !document.isIndexing() && !document.isComparing() && !document.isSearchingKnownFailures();
}

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
