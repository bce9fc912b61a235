// SPDX-License-Identifier: MIT
// The report's "Compile" section (distinct breaks, recompiled frames, failed compiles) in Markdown, HTML and
// dvmlens.report/1 when the compile side is given, and no section without it.
#include "core/compile/compilesummary.h"
#include "core/index/indexer.h"
#include "core/report/report.h"
#include "testutil.h"

#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace dvmlens;

namespace {

bool has(const std::string& text, std::string_view part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestReportCompile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        std::string error;
        m_index = buildIndex(
            testutil::sampleTree(testutil::kSampleEngagedRun).toStdString(), IndexOptions(), error);
        QVERIFY2(m_index, error.c_str());
        // a.log holds two sessions: the recompile log's [0/0] after the break log's is a reset's repeat.
        m_compile = summarizeCompile(
            { compileEventsFromText(testutil::breakLog(0) + testutil::recompileLog(), "/l/a.log"),
                compileEventsFromText(
                    testutil::fallbackKernelLog(), "/l/dedicated_log_torch_trace_rank_1_b.log") });
    }

    void markdown()
    {
        ReportInput input;
        input.index = &*m_index;
        QVERIFY(!has(renderReport(input, ReportFormat::Markdown), "## Compile"));
        input.compile = &m_compile;
        const std::string report = renderReport(input, ReportFormat::Markdown);
        QVERIFY2(has(report,
                     "## Compile\n\nFrom 2 TORCH_TRACE logs: 7 compiles, 1 distinct graph break, 3 "
                     "recompiles, 1 failed compile."),
            report.c_str());
        QVERIFY(has(report, "| `layers.py:210` | Unsupported Tensor.item() call with capture"));
        QVERIFY(has(report, "| 1 | 0 | `torch_dynamo_resume_in_forward_at_210` |"));
        QVERIFY(has(report, "recompile limit hit"));
        QVERIFY(has(report, "`fallbackkernel-no-data`"));
    }

    void html()
    {
        ReportInput input;
        input.index = &*m_index;
        input.compile = &m_compile;
        const std::string report = renderReport(input, ReportFormat::Html);
        QVERIFY(has(report, "<h2>Compile</h2>"));
        QVERIFY(has(report, "torch_dynamo_resume_in_forward_at_210"));
    }

    void json()
    {
        ReportInput input;
        input.index = &*m_index;
        QVERIFY(!nlohmann::json::parse(renderReport(input, ReportFormat::Json)).contains("compile"));
        input.compile = &m_compile;
        const nlohmann::json report = nlohmann::json::parse(renderReport(input, ReportFormat::Json));
        QCOMPARE(report["compile"]["recompiles"].get<int>(), 3);
        QCOMPARE(report["compile"]["failures"].get<int>(), 1);
        QCOMPARE(report["compile"]["breaks"][0]["line"].get<int>(), 210);
    }

private:
    std::optional<Index> m_index;
    CompileSummary m_compile;
};

QTEST_GUILESS_MAIN(TestReportCompile)
#include "tst_reportcompile.moc"
