// SPDX-License-Identifier: MIT
// The document's "why not DVM" product: decided off the GUI thread once per index, announced by
// whyChanged once, null at indexChanged, dropped when the index it explains is no longer open; its
// reasons are core's (explainIndex with the rules the CLI loads), looked up by graph and kernel.
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "core/why/whyindex.h"
#include "gui/document/treedocument.h"
#include "testutil.h"
#include "whytree.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace {

std::shared_ptr<const dvmlens::Index> indexOf(const QString& path)
{
    std::string error;
    std::optional<dvmlens::Index> index = dvmlens::buildIndex(dvmlens::pathBytes(path), {}, error);
    return index ? std::make_shared<const dvmlens::Index>(std::move(*index)) : nullptr;
}

std::string codeOf(const dvmlens::WhyReason* reason)
{
    return reason ? reason->code : std::string("(none)");
}

} // namespace

class TestTreeDocumentWhy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reasonsAreDecidedOnceOffTheGuiThread()
    {
        QTemporaryDir dir;
        const QString tree = whytree::makeTree(dir);
        const std::shared_ptr<const dvmlens::Index> index = indexOf(tree);
        QVERIFY(index);
        TreeDocument document;
        QSignalSpy changed(&document, &TreeDocument::whyChanged);
        bool nullAtIndexChanged = false;
        connect(&document, &TreeDocument::indexChanged, this, [&] { nullAtIndexChanged = !document.why(); });
        document.setIndex(tree, index);
        QVERIFY(nullAtIndexChanged);
        QVERIFY(document.isExplainingWhy()); // adopting returned before the reasons exist
        QCOMPARE(changed.count(), 0);
        QTRY_COMPARE(changed.count(), 1);
        QTest::qWait(100); // room for a second announcement, which must not come
        QCOMPARE(changed.count(), 1);
        QVERIFY(!document.isExplainingWhy());

        const std::shared_ptr<const TreeWhy>& why = document.why();
        QVERIFY(why);
        QCOMPARE(why->index, index);
        QVERIFY(why->problems.empty());
        // The counts are core's for that index, with the rules the CLI loads.
        QCOMPARE(dvmlens::treeWhyCounts(why->why),
            dvmlens::treeWhyCounts(dvmlens::explainIndex(*index, dvmlens::loadWhyRules().rules)));
        QCOMPARE(why->groups.size(), std::size_t(11));
        QCOMPARE(why->groups.front().code, std::string("kept-whole"));

        // Looked up by the index's own graph and kernels.
        const dvmlens::Graph& graph = index->runs.at(0).graphs.at(0);
        const std::vector<dvmlens::Kernel>& kernels = graph.outputCode->kernels;
        QCOMPARE(kernels.size(), std::size_t(5));
        QCOMPARE(codeOf(why->kernelReason(graph, kernels[0])), std::string("(none)")); // DVM
        QCOMPARE(codeOf(why->kernelReason(graph, kernels[1])), std::string("group-placeholder-dtype"));
        QCOMPARE(codeOf(why->kernelReason(graph, kernels[2])), std::string("group-no-emitter"));
        QCOMPARE(codeOf(why->kernelReason(graph, kernels[3])), std::string("group-node-dtype"));
        QCOMPARE(codeOf(why->kernelReason(graph, kernels[4])), std::string("group-forced"));
        QCOMPARE(codeOf(why->fallbackReason(graph, 0)), std::string("not-in-lowering-list"));
        QCOMPARE(codeOf(why->fallbackReason(graph, 99)), std::string("(none)"));
        const dvmlens::Graph stranger = graph; // not one of the index's graphs
        QVERIFY(!why->graphWhy(stranger));
        QVERIFY(!why->kernelReason(graph, stranger.outputCode->kernels[1]));
    }

    void reasonsOfAnOlderIndexAreDropped()
    {
        QTemporaryDir dir;
        const QString tree = whytree::makeTree(dir);
        const std::shared_ptr<const dvmlens::Index> older = indexOf(tree);
        const std::shared_ptr<const dvmlens::Index> newer = indexOf(tree);
        QVERIFY(older && newer);
        TreeDocument document;
        QSignalSpy changed(&document, &TreeDocument::whyChanged);
        document.setIndex(tree, older);
        document.setIndex(tree, newer); // before the older one's reasons are in
        QTRY_VERIFY(!document.isExplainingWhy() && !document.isSearchingKnownFailures());
        QTRY_COMPARE(changed.count(), 1);
        QTest::qWait(100); // room for a stale delivery, which must not come
        QCOMPARE(changed.count(), 1);
        QCOMPARE(document.why()->index, newer);
        // Closing the tree drops the reasons with it.
        document.setIndex({}, nullptr);
        QVERIFY(!document.why());
        QTest::qWait(100);
        QCOMPARE(changed.count(), 1);
    }
};

QTEST_MAIN(TestTreeDocumentWhy)
#include "tst_treedocumentwhy.moc"
