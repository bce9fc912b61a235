// SPDX-License-Identifier: MIT
#include "core/report/reportproblems.h"

#include "core/rules/knownfailures.h"

#include <set>

namespace dvmlens {

namespace {

bool under(const std::string& path, const std::string& folder)
{
    return path.size() >= folder.size() && path.compare(0, folder.size(), folder) == 0
        && (path.size() == folder.size() || path[folder.size()] == '/');
}

void addIndexProblems(const Index& index, bool baseline, const std::set<const Diagnostic*>& explained,
    std::vector<ReportTreeProblem>& out)
{
    const auto add = [&](const Diagnostic& diagnostic) {
        if (!explained.count(&diagnostic))
            out.push_back(ReportTreeProblem { &diagnostic, baseline });
    };
    for (const Diagnostic& diagnostic : index.diagnostics)
        add(diagnostic);
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            for (const Diagnostic& diagnostic : graph.diagnostics)
                add(diagnostic);
            if (graph.outputCode) {
                for (const Diagnostic& diagnostic : graph.outputCode->diagnostics)
                    add(diagnostic);
            }
        }
    }
}

ReportCell cellOf(ReportCell::Kind kind, std::string text)
{
    return { kind, std::move(text), std::nullopt };
}

} // namespace

std::vector<ReportTreeProblem> treeProblemsOf(const ReportModel& model, const RuleBook& rules)
{
    std::set<const Diagnostic*> explained; // the known failures found list these themselves
    for (const Finding& finding : model.findings) {
        if (const Diagnostic* restated = restatedDiagnostic(*model.index, rules, finding))
            explained.insert(restated);
    }
    std::vector<ReportTreeProblem> problems;
    addIndexProblems(*model.index, false, explained, problems);
    if (model.baseline) // the baseline's known failures are not looked for: nothing explains these
        addIndexProblems(*model.baseline, true, {}, problems);
    return problems;
}

ReportProblemPlace problemPlace(const Index& index, const Diagnostic& diagnostic)
{
    ReportProblemPlace place;
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const Run& run = index.runs[r];
        if (!run.name || !under(diagnostic.path, run.path))
            continue; // a run without a folder of its own holds every path
        place.run = r;
        for (std::size_t g = 0; g < run.graphs.size(); ++g) {
            if (under(diagnostic.path, run.graphs[g].path)) {
                place.graph = g;
                break;
            }
        }
        break;
    }
    return place;
}

const Index& problemIndex(const ReportModel& model, const ReportTreeProblem& problem)
{
    return problem.baseline ? *model.baseline : *model.index;
}

std::string problemPath(const ReportModel& model, const ReportTreeProblem& problem)
{
    const std::string& root = problemIndex(model, problem).root;
    const std::string& path = problem.diagnostic->path;
    if (path == root)
        return ".";
    return under(path, root) ? path.substr(root.size() + 1) : path;
}

std::string problemWhere(const ReportModel& model, const ReportTreeProblem& problem)
{
    std::string where = problemPath(model, problem);
    if (problem.diagnostic->line)
        where += ':' + std::to_string(*problem.diagnostic->line);
    return where;
}

bool hasTreeProblems(const ReportModel& model, bool baseline)
{
    for (const ReportTreeProblem& problem : model.treeProblems) {
        if (problem.baseline == baseline)
            return true;
    }
    return false;
}

ReportTable treeProblemsTable(const ReportModel& model, bool baseline)
{
    ReportTable table { { "Severity", "Code", "Run", "Graph", "Path", "Message" }, {} };
    for (const ReportTreeProblem& problem : model.treeProblems) {
        if (problem.baseline != baseline)
            continue;
        const Index& index = problemIndex(model, problem);
        const Diagnostic& diagnostic = *problem.diagnostic;
        const ReportProblemPlace place = problemPlace(index, diagnostic);
        const Run* run = place.run ? &index.runs[*place.run] : nullptr;
        table.rows.push_back({ cellOf(ReportCell::Kind::Plain, model.say(severityName(diagnostic.severity))),
            cellOf(ReportCell::Kind::Code, diagnostic.code),
            cellOf(ReportCell::Kind::Code, run ? run->name.value_or(std::string()) : std::string()),
            cellOf(
                ReportCell::Kind::Code, run && place.graph ? run->graphs[*place.graph].name : std::string()),
            cellOf(ReportCell::Kind::Code, problemWhere(model, problem)),
            cellOf(ReportCell::Kind::Text, diagnostic.message) });
    }
    return table;
}

std::string treeProblemsIntro(const ReportModel& model)
{
    const std::size_t count = model.treeProblems.size() + model.treeProblemsLeftOut;
    const bool trees = hasTreeProblems(model, true);
    return model.say(count == 1 ? (trees ? "%1 problem reading the trees" : "%1 problem reading the tree")
                                : (trees ? "%1 problems reading the trees" : "%1 problems reading the tree"),
               { std::to_string(count) })
        + model.say(": what could not be read, or was read only in part, is not in the verdicts above.");
}

} // namespace dvmlens
