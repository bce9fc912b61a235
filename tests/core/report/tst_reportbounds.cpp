// SPDX-License-Identifier: MIT
// The bounds of a report (report/reportbounds.h) at their tightest: known failures cut per rule,
// the counts-only level, and the levels that cut graph-table rows on trees of tens of thousands of
// graphs (folded rank graphs first, then engaged ones, never a not-engaged one while the rest can
// go), with a count of what was left out; a folded row names the rank it is the same as.
#include "core/report/report.h"
#include "core/report/reportbounds.h"
#include "core/report/reportjson.h"
#include "testutil.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace dvmlens;

namespace {

std::size_t occurrences(const std::string& text, const std::string& what)
{
    std::size_t count = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++count;
    return count;
}

// A DVM graph (one kernel) or one that fell back to Triton (not engaged), as the indexer would
// describe graph number `n`; the files are not there (no excerpts are read).
Graph graph(const std::string& runPath, int n, bool engaged)
{
    Graph g;
    g.name = "model__" + std::to_string(n) + "_forward_" + std::to_string(n) + "." + std::to_string(n);
    g.path = runPath + "/torchinductor/" + g.name;
    g.model = "model";
    g.aotId = n;
    g.kind = "forward";
    g.nthGraph = n;
    g.seq = n;
    g.files = { "output_code.py" };
    OutputCode code;
    code.path = g.path + "/output_code.py";
    code.dvmImport = true;
    code.dvmImportLine = 6;
    code.lines = 40;
    Kernel k;
    k.name = engaged ? "dvm_fused_add_0" : "triton_poi_fused_add_0";
    k.backend = engaged ? Backend::Dvm : Backend::Triton;
    k.line = 10;
    k.endLine = 20;
    k.launches = 1;
    k.launchLines = { 30 };
    if (engaged) {
        k.ktype = "vector";
        k.dynShape = false;
    }
    code.kernels = { k };
    code.dvmEngaged = engaged;
    code.dvmCoverage = engaged ? 1.0 : 0.0;
    g.outputCode = code;
    return g;
}

// `ranks` runs of `graphs` graphs each, alike on every rank but every `notEngagedEvery`-th graph,
// which is not engaged (0: none).
Index manyGraphs(int ranks, int graphs, int notEngagedEvery)
{
    Index index;
    index.root = "/nowhere/torch_compile_debug";
    for (int r = 0; r < ranks; ++r) {
        Run run;
        run.name = "run_2026_07_20_10_15_0" + std::to_string(r) + "_123456-pid_" + std::to_string(4000 + r);
        run.path = index.root + "/" + *run.name;
        run.pid = 4000 + r;
        for (int g = 0; g < graphs; ++g)
            run.graphs.push_back(graph(run.path, g, notEngagedEvery == 0 || g % notEngagedEvery != 0));
        index.runs.push_back(std::move(run));
    }
    return index;
}

std::string bounded(const Index& index, ReportFormat format, bool full = false)
{
    ReportInput input;
    input.index = &index;
    input.full = full;
    return renderReport(input, format);
}

Finding finding(const std::string& rule, std::size_t graph)
{
    Finding f;
    f.rule.id = rule;
    f.path = "/nowhere/log";
    f.run = 0;
    f.graph = graph;
    return f;
}

} // namespace

class TestReportBounds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Known failures past `findingsPerRule` of one rule are counted, not listed; graphs' indices
    // follow the kept ones; a tighter level cuts further.
    void findingsCutPerRule()
    {
        const Index index = manyGraphs(1, 3, 0);
        ReportModel model;
        model.index = &index;
        ReportRun run;
        run.run = &index.runs[0];
        for (const Graph& each : index.runs[0].graphs) {
            ReportGraph shown;
            shown.graph = &each;
            run.graphs.push_back(shown);
        }
        model.runs.push_back(run);
        for (std::size_t i = 0; i < 12; ++i)
            model.findings.push_back(finding("many", i % 3));
        model.findings.push_back(finding("few", 2));
        for (std::size_t i = 0; i < model.findings.size(); ++i)
            model.runs[0].graphs[*model.findings[i].graph].findings.push_back(i);

        applyReportBounds(model, ReportBounds { 0, 0, 0, 5 });
        QCOMPARE(model.findings.size(), std::size_t(6));
        QCOMPARE(model.findingsLeftOut, std::size_t(7));
        QCOMPARE(model.findings.back().rule.id, std::string("few"));
        QCOMPARE(model.runs[0].graphs[0].findings, (std::vector<std::size_t> { 0, 3 }));
        QCOMPARE(model.runs[0].graphs[2].findings, (std::vector<std::size_t> { 2, 5 }));
        QVERIFY(boundsNote(model).find("7 more known failures of rules already listed not shown")
            != std::string::npos);

        applyReportBounds(model, ReportBounds { 0, 0, 0, 1 });
        QCOMPARE(model.findings.size(), std::size_t(2));
        QCOMPARE(model.findingsLeftOut, std::size_t(11));
        QCOMPARE(model.runs[0].graphs[0].findings, (std::vector<std::size_t> { 0 }));
        QCOMPARE(model.runs[0].graphs[2].findings, (std::vector<std::size_t> { 1 }));
    }

    // Problems reading the tree are listed up to the level's number (1,000 at the first), the rest
    // counted under the table and in the bounds note; --full lists every one.
    void treeProblemsCutWithACount()
    {
        Index index = manyGraphs(1, 3, 0);
        for (int i = 0; i < 3000; ++i)
            index.diagnostics.push_back(
                Diagnostic { index.runs[0].graphs[1].path + "/f" + std::to_string(i) + ".py", std::nullopt,
                    Severity::Warning, "unreadable", "cannot read it" });
        ReportInput input;
        input.index = &index;
        const std::string markdown = renderReport(input, ReportFormat::Markdown);
        QVERIFY(markdown.find("\n## Problems reading the tree\n\n3000 problems reading the tree: ")
            != std::string::npos);
        QCOMPARE(occurrences(markdown,
                     "| warning | `unreadable` | `run_2026_07_20_10_15_00_123456-pid_4000` | "
                     "`model__1_forward_1.1` | `"),
            std::size_t(1000));
        QVERIFY(markdown.find("\n… and 2000 more problems; --full lists them\n") != std::string::npos);
        QVERIFY(markdown.find("2000 more problems reading the tree not listed") != std::string::npos);
        const auto json = nlohmann::json::parse(renderReport(input, ReportFormat::Json));
        QCOMPARE(json["tree_problems"].size(), std::size_t(1000));
        QCOMPARE(json["tree_problems"][0]["path"].get<std::string>(),
            std::string("run_2026_07_20_10_15_00_123456-pid_4000/torchinductor/model__1_forward_1.1/f0.py"));
        QVERIFY(json["tree_problems"][0]["graph"] == 1);
        QVERIFY(json["bounds"]["tree_problems_left_out"] == 2000);
        input.full = true;
        QCOMPARE(nlohmann::json::parse(renderReport(input, ReportFormat::Json))["tree_problems"].size(),
            std::size_t(3000));
    }

    // Two ranks of 12,000 graphs: the full report is over 5 MB (Markdown, the shortest, is); bounded, the
    // folded rank-1 rows go first (a count line names rank 0), every not-engaged row stays.
    void foldedRowsGoFirst()
    {
        const Index index = manyGraphs(2, 12000, 100);
        for (ReportFormat format : { ReportFormat::Markdown, ReportFormat::Html, ReportFormat::Json }) {
            if (format == ReportFormat::Markdown) // the shortest format
                QVERIFY(bounded(index, format, true).size() > kMaxReportBytes);
            const std::string text = bounded(index, format);
            QVERIFY(text.size() <= kMaxReportBytes);
            if (format == ReportFormat::Json) {
                const auto json = nlohmann::json::parse(text);
                const auto& runs = json["runs"];
                // A graph's JSON entry is longer: the engaged ones' go too, every not-engaged one stays.
                QCOMPARE(runs[1]["graphs_left_out"].get<std::size_t>(), std::size_t(11880));
                QCOMPARE(runs[1]["graphs"].size(), std::size_t(120));
                QCOMPARE(runs[0]["graphs"].size(), std::size_t(120));
                QCOMPARE(runs[0]["graphs"][1]["name"].get<std::string>(),
                    std::string("model__100_forward_100.100"));
                QCOMPARE(json["bounds"]["graphs_left_out"].get<std::size_t>(), std::size_t(2 * 11880));
                continue;
            }
            // Rows: an engaged graph's at rank 0 only, a not-engaged one's at both ranks.
            const std::string row = format == ReportFormat::Markdown ? "| `" : "<td><code>";
            QCOMPARE(occurrences(text, row + "model__99_forward_99.99"), std::size_t(1));
            QCOMPARE(occurrences(text, row + "model__100_forward_100.100"), std::size_t(2));
            const std::string apostrophe = format == ReportFormat::Markdown ? "'" : "&#39;";
            QVERIFY(text.find(
                        "… and 11880 more graphs (the same as rank 0" + apostrophe + "s); --full lists them")
                != std::string::npos);
        }
    }

    // One run of 32,000 not-engaged graphs (no ranks to fold, nothing engaged): as even their
    // rows cannot all fit, the rows past a number a run go, said with a count.
    void rowsCutWhenNothingElseFits()
    {
        const Index index = manyGraphs(1, 32000, 1);
        const std::string text = bounded(index, ReportFormat::Html);
        QVERIFY(bounded(index, ReportFormat::Html, true).size() > kMaxReportBytes);
        QVERIFY(text.size() <= kMaxReportBytes);
        QVERIFY(text.find(" more graphs; --full lists them") != std::string::npos);
        const auto json = nlohmann::json::parse(bounded(index, ReportFormat::Json));
        const std::size_t listed = json["runs"][0]["graphs"].size();
        QCOMPARE(listed + json["runs"][0]["graphs_left_out"].get<std::size_t>(), std::size_t(32000));
        QVERIFY(listed < 32000); // not even every not-engaged row fits
        QCOMPARE(json["runs"][0]["graphs"][0]["verdict"].get<std::string>(), std::string("not_engaged"));
        QVERIFY(json["summary"]["graphs"].get<int>() == 32000); // the counts stay whole
    }

    // A folded graph's row says which rank it is the same as (Markdown, HTML) and JSON names the
    // rank in `same_as`.
    void foldedRowNamesItsRank()
    {
        const Index index = manyGraphs(3, 2, 0);
        const std::string md = bounded(index, ReportFormat::Markdown);
        QCOMPARE(occurrences(md, "same as rank 0"), std::size_t(4));
        QCOMPARE(occurrences(bounded(index, ReportFormat::Html), "same as rank 0"), std::size_t(4));
        const auto json = nlohmann::json::parse(bounded(index, ReportFormat::Json));
        QVERIFY(json["runs"][2]["graphs"][1]["same_as"]["rank"].get<int>() == 0);
        QVERIFY(json["runs"][0]["graphs"][1]["same_as"].is_null());
    }
};

QTEST_GUILESS_MAIN(TestReportBounds)
#include "tst_reportbounds.moc"
