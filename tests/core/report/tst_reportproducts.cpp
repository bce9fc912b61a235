// SPDX-License-Identifier: MIT
// A report given the products its caller already holds (the window's known failures and model
// sources, ReportInput::findings and ::sources) is the report that makes them itself, byte for
// byte; and it uses what it is given instead of searching the logs or reading the graph folders
// again.
#include "core/index/indexer.h"
#include "core/report/report.h"
#include "core/rules/knownfailures.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "testutil.h"

#include <QTest>

using namespace dvmlens;

namespace {

std::optional<Index> indexOf(const QString& tree)
{
    std::string error;
    return buildIndex(tree.toStdString(), {}, error);
}

ReportInput withSources(const Index& index)
{
    ReportInput input;
    input.index = &index;
    input.modelSources = true;
    return input;
}

} // namespace

class TestReportProducts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void givenProductsGiveTheSameBytes_data()
    {
        QTest::addColumn<QString>("tree");
        QTest::addColumn<int>("format");
        for (const char* tree : { "exportgui", "sources" }) {
            QTest::addRow("%s md", tree) << QString::fromLatin1(tree) << int(ReportFormat::Markdown);
            QTest::addRow("%s html", tree) << QString::fromLatin1(tree) << int(ReportFormat::Html);
            QTest::addRow("%s json", tree) << QString::fromLatin1(tree) << int(ReportFormat::Json);
        }
    }

    void givenProductsGiveTheSameBytes()
    {
        QFETCH(QString, tree);
        QFETCH(int, format);
        const std::optional<Index> index = indexOf(testutil::fixture(tree));
        QVERIFY(index);
        const std::string made = renderReport(withSources(*index), ReportFormat(format));

        std::vector<Diagnostic> problems;
        const std::vector<Finding> findings = findKnownFailures(*index, builtinRules(), &problems);
        const SourceSummary sources = summarizeSources(*index, buildSourceMap(*index));
        ReportInput given = withSources(*index);
        given.findings = &findings;
        given.findingProblems = &problems;
        given.sources = &sources;
        for (const bool full : { false, true }) {
            ReportInput input = withSources(*index);
            input.full = full;
            given.full = full;
            QCOMPARE(renderReport(given, ReportFormat(format)), renderReport(input, ReportFormat(format)));
        }
        if (tree == QLatin1String("exportgui"))
            QVERIFY(made.find("fallbackkernel-no-data") != std::string::npos);
        else
            QVERIFY(!sources.locations.empty());
    }

    void givenProductsAreWhatItShows()
    {
        const std::optional<Index> index = indexOf(testutil::fixture(QStringLiteral("exportgui")));
        QVERIFY(index);
        QVERIFY(renderReport(withSources(*index), ReportFormat::Markdown).find("fallbackkernel-no-data")
            != std::string::npos);

        // No finding given: the logs are not searched again, so the report has none.
        const std::vector<Finding> none;
        SourceSummary sources;
        SourceLocationSummary location;
        location.frame.file = "/model/given_by_the_caller.py";
        location.frame.line = 4242;
        location.frame.code = "y = given(x)";
        location.counts.fallbacks[0] = 1;
        location.graphs = 1;
        location.runs = 1;
        sources.locations.push_back(location);
        ReportInput input = withSources(*index);
        input.findings = &none;
        input.sources = &sources;
        const std::string report = renderReport(input, ReportFormat::Markdown);
        QVERIFY(report.find("fallbackkernel-no-data") == std::string::npos);
        QVERIFY(report.find("given_by_the_caller.py") != std::string::npos);

        // Without `modelSources` the given sources are not shown either.
        input.modelSources = false;
        QVERIFY(
            renderReport(input, ReportFormat::Markdown).find("given_by_the_caller.py") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestReportProducts)
#include "tst_reportproducts.moc"
