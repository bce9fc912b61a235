// SPDX-License-Identifier: MIT
#include "core/rules/knownfailures.h"

#include "core/io/container.h"
#include "core/rules/logmatching.h"
#include "core/rules/treerules.h"

#include <algorithm>
#include <atomic>
#include <string_view>
#include <thread>
#include <unordered_map>

namespace dvmlens {

namespace {

std::string firstSentence(const std::string& text)
{
    const std::size_t end = text.find(". ");
    return end == std::string::npos ? text : text.substr(0, end + 1);
}

} // namespace

namespace {

// Every finding for `index` in order, handed to `sink` (see findKnownFailures).
void eachKnownFailure(
    const Index& index, const RuleBook& rules, std::vector<Diagnostic>* problems, const FindingSink& sink)
{
    // Logs are independent: scan them on every core, then take the results in log order.
    struct LogScan
    {
        std::size_t run;
        const std::string* path;
        std::optional<std::vector<Finding>> findings;
        std::string error;
    };
    std::vector<LogScan> scans;
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        for (const std::string& log : index.runs[r].logs)
            scans.push_back({ r, &log, std::nullopt, {} });
    }
    std::atomic<std::size_t> next { 0 };
    const auto work = [&] {
        for (std::size_t i = next++; i < scans.size(); i = next++)
            scans[i].findings = scanLogForKnownFailures(
                filesOr(index.files), *scans[i].path, rules, scans[i].error, index.root);
    };
    const std::size_t threads =
        std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), scans.size());
    std::vector<std::thread> helpers;
    for (std::size_t i = 1; i < threads; ++i)
        helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers)
        helper.join();

    std::optional<std::size_t> graphsOfRun;
    std::unordered_map<std::string_view, std::size_t> graphByFolder; // of run *graphsOfRun
    for (LogScan& scan : scans) {
        if (!scan.findings) {
            if (problems) {
                Diagnostic problem;
                problem.path = *scan.path;
                problem.severity = Severity::Warning;
                problem.code = "unreadable-log";
                problem.message = "The log could not be read: " + scan.error + ".";
                problems->push_back(std::move(problem));
            }
            continue;
        }
        if (scan.findings->empty())
            continue;
        const Run& run = index.runs[scan.run];
        if (graphsOfRun != scan.run) {
            graphByFolder.clear();
            for (std::size_t g = run.graphs.size(); g-- > 0;)
                graphByFolder[run.graphs[g].path] = g; // the first graph of a path wins
            graphsOfRun = scan.run;
        }
        // The first graph (in run order) whose folder holds the log: look its folders up, not
        // every graph of the run (a run can have thousands).
        std::optional<std::size_t> graph;
        const std::string_view log = *scan.path;
        for (std::size_t slash = log.rfind('/'); slash != std::string_view::npos && slash > 0;
             slash = log.rfind('/', slash - 1)) {
            const auto found = graphByFolder.find(log.substr(0, slash));
            if (found != graphByFolder.end() && (!graph || found->second < *graph))
                graph = found->second;
        }
        for (Finding& finding : *scan.findings) {
            const Rule* rule = graph ? nullptr : rules.find(finding.rule.id);
            if (rule && rule->graphLogsOnly)
                continue; // a run-level log cannot say which graph's code never ran
            finding.run = scan.run;
            finding.graph = graph;
            sink(std::move(finding));
        }
    }
    for (const Rule& rule : rules.rules) {
        if (rule.isTreeRule)
            applyTreeRule(rule, index, sink);
    }
}

} // namespace

std::vector<Finding> findKnownFailures(
    const Index& index, const RuleBook& rules, std::vector<Diagnostic>* problems)
{
    std::vector<Finding> findings;
    eachKnownFailure(
        index, rules, problems, [&findings](Finding&& finding) { findings.push_back(std::move(finding)); });
    return findings;
}

Diagnostic findingDiagnostic(const Finding& finding)
{
    Diagnostic diagnostic;
    diagnostic.path = finding.path;
    diagnostic.line = finding.line;
    diagnostic.severity = finding.rule.severity;
    diagnostic.code = finding.rule.id;
    diagnostic.message = finding.rule.title.en + ": " + firstSentence(finding.rule.cause.en);
    if (finding.occurrences > 1)
        diagnostic.message += " (" + std::to_string(finding.occurrences) + " occurrences)";
    return diagnostic;
}

const Diagnostic* restatedDiagnostic(const Index& index, const RuleBook& rules, const Finding& finding)
{
    const Rule* rule = rules.find(finding.rule.id);
    const std::string_view check = rule && rule->isTreeRule ? treeCheckName(rule->check) : std::string_view();
    if (check.empty())
        return nullptr;
    const std::vector<Diagnostic>& target = finding.run && finding.graph
        ? index.runs[*finding.run].graphs[*finding.graph].diagnostics
        : index.diagnostics;
    const auto found = std::find_if(target.begin(), target.end(),
        [&](const Diagnostic& d) { return d.code == check && d.path == finding.path; });
    return found == target.end() ? nullptr : &*found;
}

void applyKnownFailures(Index& index, const RuleBook& rules)
{
    std::vector<Diagnostic> problems;
    // Restated findings (one per empty graph folder) are dropped as they come, never held all at
    // once: each carries its rule's texts. The index is changed only after every rule has run.
    std::vector<Finding> findings;
    eachKnownFailure(index, rules, &problems, [&](Finding&& finding) {
        if (!restatedDiagnostic(index, rules, finding))
            findings.push_back(std::move(finding));
    });
    for (Diagnostic& problem : problems)
        index.diagnostics.push_back(std::move(problem));
    for (const Finding& finding : findings) {
        std::vector<Diagnostic>& target = finding.run && finding.graph
            ? index.runs[*finding.run].graphs[*finding.graph].diagnostics
            : index.diagnostics;
        target.push_back(findingDiagnostic(finding));
    }
}

} // namespace dvmlens
