// SPDX-License-Identifier: MIT
#include "core/report/reporthtml.h"

#include "core/report/reportbounds.h"
#include "core/report/reportproblems.h"
#include "core/report/reportprofile.h"
#include "core/report/reporttables.h"
#include "core/text/kernelwording.h"
#include "core/text/pythontokens.h"
#include "core/text/scantext.h"

#include <algorithm>
#include <array>

namespace dvmlens {

namespace {

constexpr const char* kStyle = R"css(
:root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #656d76; --line: #d0d7de;
  --code-bg: #f6f8fa; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --kw: #cf222e; --str: #0a3069;
  --com: #6e7781; --num: #0550ae; --op: #8250df; --ty: #953800; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d; --code-bg: #161b22;
    --ok: #3fb950; --bad: #f85149; --warn: #d29922; --kw: #ff7b72; --str: #a5d6ff; --com: #8b949e;
    --num: #79c0ff; --op: #d2a8ff; --ty: #ffa657; }
}
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif;
  color: var(--fg); background: var(--bg); margin: 2em auto; max-width: 72em; padding: 0 1em; }
h1, h2, h3 { line-height: 1.25; } h2 { border-bottom: 1px solid var(--line); padding-bottom: .3em; }
table { border-collapse: collapse; margin: .5em 0 1em; } th, td { border: 1px solid var(--line);
  padding: .25em .6em; text-align: left; vertical-align: top; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
pre { background: var(--code-bg); padding: .8em; overflow-x: auto; border-radius: 6px; }
.headline { font-size: 1.15em; padding: .6em .9em; border-left: 4px solid var(--muted); background: var(--code-bg); }
.engaged { color: var(--ok); } .not-engaged, .error { color: var(--bad); } .no-output, .warning { color: var(--warn); }
.partly { color: var(--warn); } .not-indexed { color: var(--muted); }
.muted { color: var(--muted); }
.kw { color: var(--kw); } .str { color: var(--str); } .com { color: var(--com); font-style: italic; }
.num { color: var(--num); } .op { color: var(--op); font-weight: 600; } .ty { color: var(--ty); } .dec { color: var(--op); }
.ln { color: var(--com); user-select: none; display: inline-block; min-width: 3.5em; }
)css";

bool isDtypeName(std::string_view word)
{
    static constexpr std::array<std::string_view, 11> kDtypes = { "bfloat16", "bool", "float16", "float32",
        "float64", "half", "int16", "int32", "int64", "int8", "uint8" };
    return std::find(kDtypes.begin(), kDtypes.end(), word) != kDtypes.end();
}

std::string span(const char* cls, std::string_view text)
{
    return std::string("<span class=\"") + cls + "\">" + htmlEscaped(text) + "</span>";
}

std::string verdictClass(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Engaged:
        return "engaged";
    case Verdict::NotEngaged:
        return "not-engaged";
    case Verdict::Partly:
        return "partly";
    case Verdict::NotIndexed:
    case Verdict::NotWrapper:
        return "not-indexed";
    case Verdict::NoCode:
    case Verdict::Unreadable: // warned as a graph without code is: nothing could be checked
        break;
    }
    return "no-output";
}

std::string code(std::string_view text)
{
    return text.empty() ? std::string("—") : "<code>" + htmlEscaped(text) + "</code>";
}

// One piece of a table cell or of an inline value (reporttables.h).
std::string piece(const ReportCell& each)
{
    switch (each.kind) {
    case ReportCell::Kind::Text:
    case ReportCell::Kind::Marked:
        return htmlEscaped(each.text);
    case ReportCell::Kind::Code:
        return code(each.text);
    case ReportCell::Kind::Plain:
        break;
    }
    return each.text;
}

std::string inlineValue(const std::vector<ReportCell>& value)
{
    std::string out;
    for (const ReportCell& each : value)
        out += piece(each);
    return out;
}

// The HTML of a table both writers show (reporttables.h); a verdict cell gets its colour class.
std::string table(const ReportModel& model, const ReportTable& table)
{
    std::string out = "<table>\n<tr>";
    for (const std::string& header : table.headers)
        out += "<th>" + model.say(header) + "</th>";
    out += "</tr>\n";
    for (const std::vector<ReportCell>& row : table.rows) {
        out += "<tr>";
        for (const ReportCell& each : row) {
            out += each.verdict ? "<td class=\"" + verdictClass(*each.verdict) + "\">" : std::string("<td>");
            out += piece(each) + "</td>";
        }
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

// Lines of code with their line numbers, highlighted.
std::string codeBlock(const std::vector<std::string>& lines, int firstLine)
{
    std::string out = "<pre>";
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (firstLine > 0)
            out += "<span class=\"ln\">" + std::to_string(firstLine + static_cast<int>(i)) + "</span>";
        out += highlightPythonLine(lines[i]) + "\n";
    }
    return out + "</pre>\n";
}

void writeHeader(std::string& out, const ReportModel& model)
{
    const Summary& summary = model.summary;
    out += "<h1>" + model.say("DVM Lens report") + "</h1>\n";
    if (const std::string partial = partialIndexNote(summary); !partial.empty())
        out += "<p class=\"headline not-indexed\"><strong>" + partial
            + "</strong>: indexing was cancelled; graphs not parsed are reported as not indexed.</p>\n";
    out += "<p class=\"headline\"><strong class=\"" + verdictClass(summary.verdict) + "\">"
        + htmlEscaped(verdictSentence(summary, model.language)) + "</strong> · "
        + model.say("DVM coverage %1", { coverageText(model.coverage, summary, model.language) }) + " · ";
    const std::size_t findings = model.findings.size();
    out += model.say(findings == 1 ? "%1 known failure" : "%1 known failures", { std::to_string(findings) });
    if (model.comparison) {
        const std::size_t regressions = model.regressions.size();
        out += " · "
            + model.say(regressions == 1 ? "%1 regression against the baseline"
                                         : "%1 regressions against the baseline",
                { std::to_string(regressions) });
    }
    if (const std::size_t problems = model.treeProblems.size() + model.treeProblemsLeftOut; problems > 0)
        out += " · "
            + model.say(problems == 1 ? "%1 problem reading the tree" : "%1 problems reading the tree",
                { std::to_string(problems) });
    out += "</p>\n<table>\n";
    for (const ReportField& row : headerRows(model))
        out += "<tr><th>" + row.label + "</th><td>" + inlineValue(row.value) + "</td></tr>\n";
    out += "</table>\n";
    if (const std::string note = boundsNote(model); !note.empty())
        out += "<p class=\"muted\">" + htmlEscaped(note) + "</p>\n";
}

// What could not be read, so a reader knows which graphs the verdicts leave out.
void writeTreeProblems(std::string& out, const ReportModel& model)
{
    if (model.treeProblems.empty() && model.treeProblemsLeftOut == 0)
        return;
    out += "<h2>" + model.say("Problems reading the tree") + "</h2>\n<p>"
        + htmlEscaped(treeProblemsIntro(model)) + "</p>\n";
    const bool sides = hasTreeProblems(model, true); // the baseline has some too: say whose
    for (const bool baseline : { false, true }) {
        if (!hasTreeProblems(model, baseline))
            continue;
        if (sides)
            out += "<h3>" + model.say(baseline ? "Baseline" : "This tree") + "</h3>\n";
        out += table(model, treeProblemsTable(model, baseline));
    }
    if (model.treeProblemsLeftOut > 0)
        out += "<p class=\"muted\">"
            + htmlEscaped(leftOutText(model.language, model.treeProblemsLeftOut, "problem", "problems"))
            + "</p>\n";
}

void writeToolchain(std::string& out, const ReportModel& model)
{
    if (model.runs.empty())
        return;
    out += "<h2>" + model.say("Toolchain") + "</h2>\n" + table(model, toolchainTable(model));
}

void writeRegressions(std::string& out, const ReportModel& model)
{
    if (!model.comparison)
        return;
    const CompareResult& comparison = *model.comparison;
    out += "<h2>" + model.say("Regressions against the baseline") + "</h2>\n";
    if (model.regressions.empty()) {
        out += "<p>"
            + model.say("No graph lost DVM kernels compared with the baseline (%1 graphs matched).",
                { std::to_string(comparison.summary.matched) })
            + "</p>\n";
    } else {
        out += table(model, regressionsTable(model));
    }
    const ReportTable side = compareSideTable(model);
    if (!side.rows.empty())
        out += "<h3>" + model.say("Compile side") + "</h3>\n<p>"
            + model.say(
                "What changed on the compile side and in the reasons for not using DVM, pair by pair.")
            + "</p>\n" + table(model, side);
}

// "Where it fell back": the model lines whose kernels or fallback calls did not go to DVM.
void writeWhereItFellBack(std::string& out, const ReportModel& model)
{
    if (!model.sources)
        return;
    out += "<h2>" + model.say("Where it fell back") + "</h2>\n<p>" + htmlEscaped(whereItFellBackLead(model))
        + "</p>\n";
    if (whereItFellBackHasRows(model))
        out += table(model, whereItFellBackTable(model));
}

// "Why it fell back": the reasons of what is not DVM, grouped, with counts, model lines and fixes.
void writeWhyItFellBack(std::string& out, const ReportModel& model)
{
    if (!model.why)
        return;
    out += "<h2>" + model.say("Why it fell back") + "</h2>\n";
    if (model.why->empty()) {
        out += "<p>" + model.say("Every kernel is DVM and no op fell back.") + "</p>\n";
        return;
    }
    out += "<p>" + model.say("Why each kernel or call is not DVM, by reason, worst first:") + "</p>\n"
        + table(model, whyItFellBackTable(model));
}

// "Environment checklist": the field guide's items for the environment given.
void writeChecklist(std::string& out, const ReportModel& model)
{
    if (!model.checklist)
        return;
    out += "<h2>" + model.say("Environment checklist") + "</h2>\n" + table(model, checklistTable(model));
    for (const CheckItem& item : *model.checklist) {
        if (!item.fixDiff.empty())
            out += "<pre>" + htmlEscaped(item.fixDiff) + "</pre>\n";
    }
}

// "Compile": distinct graph breaks, recompiled frames and failed compiles from the TORCH_TRACE logs.
void writeCompile(std::string& out, const ReportModel& model)
{
    if (!model.compile)
        return;
    out += "<h2>" + model.say("Compile") + "</h2>\n<p>"
        + htmlEscaped(compileSentence(*model.compile, model.language)) + "</p>\n";
    for (const ReportTable& part : { compileBreaksTable(*model.compile),
             compileRecompilesTable(*model.compile, model.language), compileFailuresTable(*model.compile) })
        if (!part.rows.empty())
            out += table(model, part);
}

void writeFindings(std::string& out, const ReportModel& model)
{
    out += "<h2>" + model.say("Known failures") + "</h2>\n";
    if (model.findings.empty())
        out += "<p>" + model.say(kNoKnownFailures) + "</p>\n";
    const ReportFindings findings = findingsEntries(model);
    for (std::size_t i = 0; i < findings.entries.size(); ++i) {
        const ReportFindingEntry& entry = findings.entries[i];
        out += "<h3>" + std::to_string(i + 1) + ". <span class=\"" + std::string(severityName(entry.severity))
            + "\">" + htmlEscaped(entry.title) + "</span></h3>\n<table>\n";
        for (const ReportField& field : entry.fields)
            out += "<tr><th>" + field.label + "</th><td>" + inlineValue(field.value) + "</td></tr>\n";
        out += "</table>\n";
        if (!entry.fixCode.empty())
            out += "<pre>" + htmlEscaped(entry.fixCode) + "\n</pre>\n";
    }
    if (findings.problems.empty())
        return;
    out += "<ul>\n";
    for (const ReportProblemLine& problem : findings.problems)
        out += "<li>" + inlineValue(problem.value) + "</li>\n";
    out += "</ul>\n";
}

void writeGraphs(std::string& out, const ReportModel& model)
{
    out += "<h2>" + model.say("Graphs") + "</h2>\n";
    for (const ReportRun& run : model.runs) {
        out += "<h3>" + htmlEscaped(run.run->name.value_or(model.relative(run.run->path))) + "</h3>\n<p>"
            + htmlEscaped(verdictSentence(run.summary, model.language)) + " · "
            + model.say("DVM coverage %1", { coverageText(run.coverage, run.summary, model.language) })
            + "</p>\n";
        if (!run.graphs.empty())
            out += table(model, graphsTable(run, model.language));
        if (const std::string cut = graphRowsLeftOutText(run, model.language); !cut.empty())
            out += "<p class=\"muted\">" + htmlEscaped(cut) + "</p>\n";
    }
}

void writeKernelsAndFallbacks(std::string& out, const ReportModel& model, std::size_t stopAfter)
{
    if (!model.graphSections)
        return;
    bool anyKernels = false;
    for (const ReportRun& run : model.runs) {
        for (const ReportGraph& graph : run.graphs) {
            if (out.size() > stopAfter)
                return;
            if (graph.folded || (graph.dvmKernels.empty() && graph.dvmKernelsLeftOut == 0))
                continue;
            if (!anyKernels)
                out += "<h2>" + model.say("DVM kernels") + "</h2>\n";
            anyKernels = true;
            out += "<h3>" + htmlEscaped(graph.graph->name) + "</h3>\n<p>"
                + code(model.relative(graph.graph->outputCode->path)) + "</p>\n";
            if (const std::string same = identicalRanksText(model, graph); !same.empty())
                out += "<p>" + htmlEscaped(same) + "</p>\n";
            if (!graph.dvmKernels.empty())
                out += table(model, dvmKernelsTable(graph));
            if (graph.dvmKernelsLeftOut > 0)
                out += "<p class=\"muted\">"
                    + htmlEscaped(
                        leftOutText(model.language, graph.dvmKernelsLeftOut, "DVM kernel", "DVM kernels"))
                    + "</p>\n";
            if (graph.excerptsLeftOut > 0)
                out += "<p class=\"muted\">"
                    + htmlEscaped(leftOutText(
                        model.language, graph.excerptsLeftOut, "builder source", "builder sources"))
                    + "</p>\n";
            for (const ReportKernel& entry : graph.dvmKernels) {
                if (entry.source.empty())
                    continue;
                out += "<details><summary>"
                    + model.say("%1 builder source", { htmlEscaped(entry.kernel->name) }) + "</summary>\n"
                    + codeBlock(entry.source, entry.sourceFirstLine);
                if (entry.sourceCut)
                    out += "<p class=\"muted\">"
                        + model.say("Cut after %1 lines.", { std::to_string(ReportModel::kMaxExcerptLines) })
                        + "</p>\n";
                out += "</details>\n";
            }
        }
    }
    bool anyFallbacks = false;
    for (const ReportRun& run : model.runs) {
        for (const ReportGraph& graph : run.graphs) {
            if (out.size() > stopAfter)
                return;
            const std::size_t calls = graph.fallbacks.size() + graph.fallbacksLeftOut;
            if (graph.folded || calls == 0)
                continue;
            if (!anyFallbacks)
                out += "<h2>" + model.say("Fallback calls") + "</h2>\n";
            anyFallbacks = true;
            out += "<details><summary>"
                + model.say(calls == 1 ? "%1: %2 fallback call (%3)" : "%1: %2 fallback calls (%3)",
                    { htmlEscaped(graph.graph->name), std::to_string(calls),
                        htmlEscaped(countsInLanguage(model.language, fallbackCountsText(graph.summary))) })
                + "</summary>\n<pre>";
            for (const ReportFallback& entry : graph.fallbacks) {
                out += "<span class=\"ln\">" + std::to_string(entry.fallback->line) + "</span>"
                    + (entry.sourceLine.empty() ? htmlEscaped(entry.fallback->target)
                                                : highlightPythonLine(entry.sourceLine))
                    + "\n";
            }
            out += "</pre>\n";
            if (graph.fallbacksLeftOut > 0)
                out += "<p class=\"muted\">"
                    + htmlEscaped(leftOutText(
                        model.language, graph.fallbacksLeftOut, "fallback call", "fallback calls"))
                    + "</p>\n";
            out += "</details>\n";
        }
    }
}

} // namespace

std::string htmlEscaped(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            // Control characters are not allowed in XML 1.0; the excerpts are text for people.
            out += (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') ? ' ' : c;
            break;
        }
    }
    return out;
}

std::string highlightPythonLine(std::string_view line)
{
    // Split as the GUI's code view splits it (text/pythontokens.h); each excerpt line stands alone.
    std::vector<python::Token> tokens;
    python::LineTokenizer<char>::tokenize(line, python::LineState::Normal, tokens);
    std::string out;
    std::size_t at = 0;
    std::string_view previousWord; // the name before a '.': k.<op>, dvm.<type>, torch.<dtype>
    for (const python::Token& token : tokens) {
        const std::string_view gap = line.substr(at, token.start - at);
        out += htmlEscaped(gap);
        if (gap.find_first_not_of('.') != std::string_view::npos)
            previousWord = std::string_view();
        const std::string_view text = line.substr(token.start, token.length);
        at = token.start + token.length;
        switch (token.kind) {
        case python::TokenKind::Comment:
            out += span("com", text);
            continue;
        case python::TokenKind::String:
            out += span("str", text);
            continue;
        case python::TokenKind::Number:
            out += span("num", text);
            continue;
        case python::TokenKind::Decorator:
            out += span("dec", text);
            continue;
        case python::TokenKind::Keyword:
        case python::TokenKind::Builtin:
        case python::TokenKind::Name:
            break;
        }
        const bool afterDot = token.start > 0 && line[token.start - 1] == '.';
        if (afterDot && previousWord == "k")
            out += span("op", text);
        else if (afterDot && (previousWord == "dvm" || (previousWord == "torch" && isDtypeName(text))))
            out += span("ty", text);
        else if (!afterDot && token.kind == python::TokenKind::Keyword)
            out += span("kw", text);
        else
            out += htmlEscaped(text);
        previousWord = text;
    }
    out += htmlEscaped(line.substr(at));
    return out;
}

std::string htmlReport(const ReportModel& model, std::size_t stopAfter)
{
    const bool chinese = model.language == ReportLanguage::Chinese;
    std::string out = std::string("<!DOCTYPE html>\n<html lang=\"") + (chinese ? "zh-CN" : "en")
        + "\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
          "<meta name=\"generator\" content=\"DVM Lens "
        + htmlEscaped(model.toolVersion) + "\"/>\n<title>" + model.say("DVM Lens report")
        + (chinese ? "：" : ": ") + htmlEscaped(verdictSentence(model.summary, model.language))
        + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
    writeHeader(out, model);
    writeTreeProblems(out, model);
    writeToolchain(out, model);
    writeRegressions(out, model);
    out += profileHtml(model);
    writeWhereItFellBack(out, model);
    writeWhyItFellBack(out, model);
    writeChecklist(out, model);
    writeCompile(out, model);
    writeFindings(out, model);
    writeGraphs(out, model);
    writeKernelsAndFallbacks(out, model, stopAfter);
    out += "</body>\n</html>\n";
    return out;
}

} // namespace dvmlens
