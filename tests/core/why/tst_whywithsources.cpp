// SPDX-License-Identifier: MIT
// The source map and the reasons in one read of each output_code.py (core/why/whywithsources.h):
// the same reasons, the same source frames and the same per-line reasons as buildSourceMap and
// explainIndex apart, on the why fixture tree with model lines (tests/whytree.h); and, with the
// file gone after indexing, the same problems, the reasons' after the sources'.
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "core/json/sourcesjson.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "core/why/sourcelinewhy.h"
#include "core/why/whyindex.h"
#include "core/why/whyrules.h"
#include "core/why/whywithsources.h"
#include "indexfixture.h"
#include "whytree.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace dvmlens;

namespace {

Index indexOfTree(const QString& tree)
{
    std::string error;
    std::optional<Index> index = buildIndex(pathBytes(tree), {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    return std::move(*index);
}

// Every reason of the index as "run/graph kernel|call i: code: text".
QStringList reasons(const IndexWhy& why)
{
    QStringList out;
    for (std::size_t r = 0; r < why.graphs.size(); ++r) {
        for (std::size_t g = 0; g < why.graphs[r].size(); ++g) {
            const GraphWhy* graph = why.graph(r, g);
            if (!graph) {
                out << QStringLiteral("%1/%2 none").arg(r).arg(g);
                continue;
            }
            const auto add = [&](const char* kind, std::size_t i, const WhyReason& reason) {
                out << QStringLiteral("%1/%2 %3 %4: %5: %6")
                           .arg(r)
                           .arg(g)
                           .arg(QLatin1String(kind))
                           .arg(i)
                           .arg(QString::fromStdString(reason.code), QString::fromStdString(reason.text));
            };
            for (std::size_t i = 0; i < graph->kernels.size(); ++i) {
                if (graph->kernels[i])
                    add("kernel", i, *graph->kernels[i]);
            }
            for (std::size_t i = 0; i < graph->fallbacks.size(); ++i)
                add("call", i, graph->fallbacks[i]);
        }
    }
    return out;
}

} // namespace

class TestWhyWithSources : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsReadTwice()
    {
        QTemporaryDir dir;
        const Index index = indexOfTree(whytree::makeTreeWithSources(dir));
        const WhyRules& rules = builtinWhyRules();
        const SourceMap map = buildSourceMap(index);
        const IndexWhy why = explainIndex(index, rules);
        const SourcesWithWhy once = buildSourcesWithWhy(index, rules, 2);

        QVERIFY(reasons(why).size() >= 6);
        QCOMPARE(reasons(once.why), reasons(why));
        QCOMPARE(once.why.environments.size(), why.environments.size());
        QCOMPARE(once.why.environments[0].variables, why.environments[0].variables);
        QVERIFY(once.why.problems.empty());
        QVERIFY(once.map.diagnostics.empty());

        const SourceSummary summary = summarizeSources(index, map);
        const SourceSummary onceSummary = summarizeSources(index, once.map);
        const SourceLinesWhy lines = whyBySourceLine(index, why, summary);
        const SourceLinesWhy onceLines = whyBySourceLine(index, once.why, onceSummary);
        QVERIFY(!onceSummary.locations.empty());
        QCOMPARE(sourcesJsonText(index, onceSummary, &onceLines), sourcesJsonText(index, summary, &lines));
    }

    void aFileGoneIsSaidAsApart()
    {
        QTemporaryDir dir;
        const QString tree = whytree::makeTreeWithSources(dir);
        const Index index = indexOfTree(tree);
        QVERIFY(QFile::remove(
            tree + QLatin1Char('/') + whytree::kGraphFolder + QStringLiteral("/output_code.py")));
        const SourcesWithWhy once = buildSourcesWithWhy(index, builtinWhyRules());
        QVERIFY(!once.why.graph(0, 0));
        QCOMPARE(
            testutil::diagnosticCodes(once.why.problems), QStringList { QStringLiteral("why-unreadable") });
        QCOMPARE(testutil::diagnosticCodes(once.map.diagnostics),
            QStringList { QStringLiteral("sources-unreadable") });
        QCOMPARE(testutil::diagnosticCodes(explainIndex(index, builtinWhyRules()).problems),
            testutil::diagnosticCodes(once.why.problems));
        QCOMPARE(once.why.problems[0].message, explainIndex(index, builtinWhyRules()).problems[0].message);
        QCOMPARE(testutil::diagnosticCodes(buildSourceMap(index).diagnostics),
            testutil::diagnosticCodes(once.map.diagnostics));
    }
};

QTEST_GUILESS_MAIN(TestWhyWithSources)
#include "tst_whywithsources.moc"
