// SPDX-License-Identifier: MIT
#include "core/report/reportbounds.h"

#include "core/ranks/rankconsistency.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace dvmlens {

const std::vector<ReportBounds>& reportBoundLevels()
{
    // A DVM kernel row costs ~200 bytes, an excerpt up to 80 lines: the first level keeps what a
    // reader looks at on ordinary trees, the last keeps every count and no list.
    // A problem reading the tree costs a row of ~300 bytes.
    static const std::vector<ReportBounds> levels {
        { 100, 10, 100, 50, true, true, SIZE_MAX, true, 1000 },
        { 30, 3, 30, 20, true, true, SIZE_MAX, true, 200 },
        { 10, 0, 10, 10, true, true, SIZE_MAX, true, 100 },
        { 0, 0, 0, 5, true, true, SIZE_MAX, true, 50 },
        // Trees of tens of thousands of graphs: graph-table rows, folded rank graphs' first, never
        // a not-engaged or divergent graph's while the others can go.
        { 0, 0, 0, 5, false, true, SIZE_MAX, false, 20 },
        { 0, 0, 0, 5, false, false, SIZE_MAX, false, 20 },
        { 0, 0, 0, 5, false, false, 10000, false, 20 },
        { 0, 0, 0, 5, false, false, 1000, false, 20 },
        { 0, 0, 0, 5, false, false, 0, false, 20 },
    };
    return levels;
}

std::vector<std::vector<ReportFold>> identicalRankFolds(const Index& index)
{
    std::vector<std::vector<ReportFold>> folds;
    for (const Run& run : index.runs)
        folds.emplace_back(run.graphs.size());
    if (rankRunCount(index) < 2)
        return folds;
    const RankConsistency ranks = rankConsistency(index);
    for (const RankGraph& graph : ranks.graphs) {
        if (!graph.identical()) {
            for (const RankMember& member : graph.members)
                folds[member.run][member.graph].divergent = true;
            continue;
        }
        if (!graph.identical() || graph.members.size() != std::size_t(ranks.runs)
            || graph.variants.front().verdict == Verdict::NotEngaged)
            continue;
        const RankMember& shown = graph.members.front();
        ReportFold& first = folds[shown.run][shown.graph];
        first.identicalRuns = graph.variants.front().runs;
        first.identicalRanks = "ranks " + ranks.rankRangesText(first.identicalRuns);
        for (std::size_t m = 1; m < graph.members.size(); ++m) {
            ReportFold& fold = folds[graph.members[m].run][graph.members[m].graph];
            fold.folded = true;
            fold.intoRun = shown.run;
            fold.intoGraph = shown.graph;
            fold.intoRank = ranks.rankOf(shown.run);
        }
    }
    return folds;
}

namespace {

// Keeps the first `perRule` findings of each rule; graphs' indices follow the kept ones.
void cutFindings(ReportModel& model, std::size_t perRule)
{
    std::unordered_map<std::string, std::size_t> seen;
    std::vector<std::size_t> newIndex(model.findings.size(), SIZE_MAX);
    std::size_t keeps = 0;
    for (std::size_t i = 0; i < model.findings.size(); ++i) {
        if (seen[model.findings[i].rule.id]++ < perRule)
            newIndex[i] = keeps++;
    }
    if (keeps == model.findings.size())
        return;
    std::vector<Finding> kept;
    for (std::size_t i = 0; i < model.findings.size(); ++i) {
        if (newIndex[i] != SIZE_MAX)
            kept.push_back(std::move(model.findings[i]));
    }
    model.findingsLeftOut += model.findings.size() - kept.size();
    model.findings = std::move(kept);
    for (ReportRun& run : model.runs) {
        for (ReportGraph& graph : run.graphs) {
            std::vector<std::size_t> indices;
            for (const std::size_t old : graph.findings) {
                if (newIndex[old] != SIZE_MAX)
                    indices.push_back(newIndex[old]);
            }
            graph.findings = std::move(indices);
        }
    }
}

} // namespace

void applyReportBounds(ReportModel& model, const ReportBounds& bounds)
{
    model.bounded = true;
    cutFindings(model, bounds.findingsPerRule);
    if (model.treeProblems.size() > bounds.treeProblems) {
        model.treeProblemsLeftOut += model.treeProblems.size() - bounds.treeProblems;
        model.treeProblems.resize(bounds.treeProblems);
    }
    model.dvmKernelsLeftOut = 0;
    model.fallbacksLeftOut = 0;
    model.graphSections = bounds.graphSections;
    model.graphsLeftOut = 0;
    for (ReportRun& run : model.runs) {
        run.graphsLeftOut = 0;
        std::size_t rows = 0;
        for (ReportGraph& graph : run.graphs) {
            graph.listed = graph.listed && !(graph.folded && !bounds.foldedRows)
                && !(!bounds.engagedRows && graph.verdict == Verdict::Engaged && !graph.divergent)
                && rows < bounds.rowsPerRun;
            rows += graph.listed ? 1 : 0;
            run.graphsLeftOut += graph.listed ? 0 : 1;
        }
        model.graphsLeftOut += run.graphsLeftOut;
        for (ReportGraph& graph : run.graphs) {
            if (graph.dvmKernels.size() > bounds.dvmKernelsPerGraph) {
                graph.dvmKernelsLeftOut += graph.dvmKernels.size() - bounds.dvmKernelsPerGraph;
                graph.dvmKernels.resize(bounds.dvmKernelsPerGraph);
            }
            std::size_t excerpts = 0;
            for (ReportKernel& kernel : graph.dvmKernels) {
                if (kernel.source.empty() && !kernel.sourceLeftOut)
                    continue;
                if (++excerpts > bounds.excerptsPerGraph) {
                    kernel.source.clear();
                    kernel.source.shrink_to_fit();
                    kernel.sourceFirstLine = 0;
                    kernel.sourceCut = false;
                    kernel.sourceLeftOut = false;
                    ++graph.excerptsLeftOut;
                }
            }
            if (graph.fallbacks.size() > bounds.fallbacksPerGraph) {
                graph.fallbacksLeftOut += graph.fallbacks.size() - bounds.fallbacksPerGraph;
                graph.fallbacks.resize(bounds.fallbacksPerGraph);
            }
            model.dvmKernelsLeftOut += graph.dvmKernelsLeftOut;
            model.fallbacksLeftOut += graph.fallbacksLeftOut;
        }
    }
}

std::string graphRowsLeftOutText(const ReportRun& run, ReportLanguage language)
{
    if (run.graphsLeftOut == 0)
        return {};
    std::optional<int> rank;
    bool allFolded = true;
    for (const ReportGraph& graph : run.graphs) {
        if (graph.listed)
            continue;
        allFolded = allFolded && graph.folded && (!rank || *rank == graph.foldedIntoRank);
        rank = graph.foldedIntoRank;
    }
    if (!allFolded || !rank || *rank < 0)
        return leftOutText(language, run.graphsLeftOut, "graph", "graphs");
    return reportFill(language,
        run.graphsLeftOut == 1 ? "… and %1 more graph (the same as rank %2's); --full lists them"
                               : "… and %1 more graphs (the same as rank %2's); --full lists them",
        { std::to_string(run.graphsLeftOut), std::to_string(*rank) });
}

std::string identicalRanksText(const ReportModel& model, const ReportGraph& graph)
{
    if (graph.identicalRanks.empty())
        return {};
    std::string runs;
    for (std::size_t i = 0; i < graph.identicalRuns.size(); ++i) {
        const Run& each = model.index->runs[graph.identicalRuns[i]];
        if (i > 0)
            runs += ", ";
        runs += each.name.value_or(model.relative(each.path));
    }
    // "ranks 0–7": Chinese has no plural, the range follows "rank".
    std::string ranks = graph.identicalRanks;
    if (model.language == ReportLanguage::Chinese && ranks.rfind("ranks ", 0) == 0)
        ranks.erase(4, 1);
    return model.say("%1 identical (%2): shown once", { ranks, runs });
}

namespace {

// "1 DVM kernel", "312 DVM kernels" in the report's language.
std::string counted(ReportLanguage language, std::size_t count, const char* singular, const char* plural)
{
    return reportFill(language, count == 1 ? singular : plural, { std::to_string(count) });
}

} // namespace

std::string boundsNote(const ReportModel& model)
{
    if (!model.bounded
        || (model.foldedGraphs == 0 && model.dvmKernelsLeftOut == 0 && model.fallbacksLeftOut == 0
            && model.findingsLeftOut == 0 && model.graphsLeftOut == 0 && model.treeProblemsLeftOut == 0))
        return {};
    const ReportLanguage language = model.language;
    std::string note = model.say("Bounded report:");
    if (model.foldedGraphs > 0)
        note += counted(language, model.foldedGraphs,
            " %1 graph identical on every rank is shown once, at the first rank;",
            " %1 graphs identical on every rank are shown once, at the first rank;");
    if (model.dvmKernelsLeftOut > 0 || model.fallbacksLeftOut > 0) {
        std::string items;
        if (model.dvmKernelsLeftOut > 0)
            items += counted(language, model.dvmKernelsLeftOut, "%1 DVM kernel", "%1 DVM kernels");
        if (model.dvmKernelsLeftOut > 0 && model.fallbacksLeftOut > 0)
            items += model.say(" and ");
        if (model.fallbacksLeftOut > 0)
            items += counted(language, model.fallbacksLeftOut, "%1 fallback call", "%1 fallback calls");
        note += model.say(" %1 not listed;", { items });
    }
    if (model.graphsLeftOut > 0)
        note += counted(language, model.graphsLeftOut,
            " %1 graph not listed in the graphs tables (nor their kernel and fallback sections);",
            " %1 graphs not listed in the graphs tables (nor their kernel and fallback sections);");
    if (model.treeProblemsLeftOut > 0)
        note += counted(language, model.treeProblemsLeftOut, " %1 more problem reading the tree not listed;",
            " %1 more problems reading the tree not listed;");
    if (model.findingsLeftOut > 0)
        note += counted(language, model.findingsLeftOut,
            " %1 more known failure of rules already listed not shown;",
            " %1 more known failures of rules already listed not shown;");
    // The last part's semicolon ends the sentence.
    for (const auto& [semicolon, stop] :
        { std::pair<std::string, std::string> { ";", "." }, { "；", "。" } }) {
        if (note.size() >= semicolon.size()
            && note.compare(note.size() - semicolon.size(), semicolon.size(), semicolon) == 0) {
            note.replace(note.size() - semicolon.size(), semicolon.size(), stop);
            break;
        }
    }
    return note + model.say(" --full lists everything.");
}

std::string leftOutText(ReportLanguage language, std::size_t count, const char* singular, const char* plural)
{
    return reportFill(language, "… and %1 more %2; --full lists them",
        { std::to_string(count), reportText(language, count == 1 ? singular : plural) });
}

} // namespace dvmlens
