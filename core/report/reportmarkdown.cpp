// SPDX-License-Identifier: MIT
#include "core/report/reportmarkdown.h"

#include "core/report/reportbounds.h"
#include "core/report/reporthtml.h" // htmlEscaped
#include "core/report/reportproblems.h"
#include "core/report/reportprofile.h"
#include "core/report/reporttables.h"
#include "core/text/comparetext.h"
#include "core/text/displaytext.h"
#include "core/text/kernelwording.h"

#include <algorithm>
#include <cctype>

namespace dvmlens {

namespace {

// Every value from the tree or a rules file goes through one of the four below, so a name can
// neither end its line nor become HTML, a link or an image when the report is rendered (issue 16):
// control bytes are shown as \x1b escapes, <, > and & as entities; `*` and `_` stay (they only
// emphasise) so ordinary names read as they did.

// Markdown text where HTML cannot start: control bytes as \x1b escapes, < > & as entities, and
// pipes escaped when `inCell` (a pipe would end the cell). `escapeMarkdown` also escapes
// backslashes and backticks and breaks "](" (a link or image target).
std::string safeText(const std::string& text, bool inCell, bool escapeMarkdown)
{
    const std::string safe = displayName(text);
    std::string out;
    out.reserve(safe.size());
    for (std::size_t i = 0; i < safe.size(); ++i) {
        const char c = safe[i];
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (c == '|' && inCell)
            out += "\\|";
        else if ((c == '\\' || c == '`') && escapeMarkdown)
            out += std::string("\\") + c;
        else if (c == ']' && escapeMarkdown && i + 1 < safe.size() && safe[i + 1] == '(')
            out += "]\\";
        else
            out += c;
    }
    return out;
}

// Inline Markdown text.
std::string plain(const std::string& text)
{
    return safeText(text, false, true);
}

// A table cell: one line, nothing in it can end the cell.
std::string cell(const std::string& text)
{
    const std::string result = safeText(text, true, true);
    return result.empty() ? "—" : result;
}

// `text` as inline code, fenced by more backticks than its longest run of them.
std::string code(const std::string& text)
{
    if (text.empty())
        return "—";
    std::size_t longest = 0;
    std::size_t run = 0;
    std::string body;
    for (char c : displayName(text)) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
        body += c == '|' ? std::string("\\|") : std::string(1, c);
    }
    const std::string fence(longest + 1, '`');
    const std::string padding = fence.size() > 1 ? " " : "";
    return fence + padding + body + padding + fence;
}

// Text inside a raw HTML block (<details><summary>), where Markdown is not read but HTML is.
std::string html(const std::string& text)
{
    return htmlEscaped(displayName(text));
}

// A fenced block whose fence no line of `body` can close; the info string keeps only the
// characters a language name has.
std::string fenced(const std::string& language, const std::string& body)
{
    std::string fence = "```";
    while (body.find(fence) != std::string::npos)
        fence += '`';
    std::string info;
    for (char c : language) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '+' || c == '-' || c == '.')
            info += c;
    }
    return fence + info + "\n" + body + (body.empty() || body.back() == '\n' ? "" : "\n") + fence + "\n";
}

std::string orDash(const std::optional<std::string>& value)
{
    return value && !value->empty() ? code(*value) : "—";
}

std::string severityMark(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return "❌";
    case Severity::Warning:
        return "⚠️";
    case Severity::Info:
        break;
    }
    return "ℹ️";
}

std::string verdictMark(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Engaged:
        return "✅";
    case Verdict::NotEngaged:
        return "❌";
    case Verdict::Partly:
        return "🟡";
    case Verdict::NotIndexed:
        return "⏳";
    case Verdict::NotWrapper:
        return "➖";
    case Verdict::Unreadable:
        return "❓";
    case Verdict::NoCode:
        break;
    }
    return "⚠️";
}

// One piece of a table cell (`inCell`) or of an inline value (reporttables.h). Marked text is
// core's own sentences, which mark code with backticks themselves (the kernel names in them are
// parsed identifiers): only controls, HTML and, in a cell, pipes are escaped.
std::string piece(const ReportCell& each, bool inCell)
{
    std::string result;
    switch (each.kind) {
    case ReportCell::Kind::Text:
        result = inCell ? cell(each.text) : plain(each.text);
        break;
    case ReportCell::Kind::Code:
        result = code(each.text);
        break;
    case ReportCell::Kind::Plain:
        result = each.text;
        break;
    case ReportCell::Kind::Marked:
        result = safeText(each.text, inCell, false);
        if (inCell && result.empty())
            result = "—";
        break;
    }
    return each.verdict ? verdictMark(*each.verdict) + " " + result : result;
}

std::string inlineValue(const std::vector<ReportCell>& value)
{
    std::string out;
    for (const ReportCell& each : value)
        out += piece(each, false);
    return out;
}

// The Markdown of a table both writers show (reporttables.h).
std::string table(const ReportModel& model, const ReportTable& table)
{
    std::string out = "|";
    for (const std::string& header : table.headers)
        out += " " + model.say(header) + " |";
    out += "\n|";
    for (std::size_t i = 0; i < table.headers.size(); ++i)
        out += "---|";
    out += "\n";
    for (const std::vector<ReportCell>& row : table.rows) {
        out += "|";
        for (const ReportCell& each : row)
            out += ' ' + piece(each, true) + " |";
        out += "\n";
    }
    return out;
}

std::string where(const ReportModel& model, const Finding& finding)
{
    std::string text = model.relative(finding.path);
    if (finding.line)
        text += ":" + std::to_string(*finding.line);
    return text;
}

void writeHeader(std::string& out, const ReportModel& model)
{
    const Summary& summary = model.summary;
    out += "# " + model.say("DVM Lens report") + "\n\n";
    if (const std::string partial = partialIndexNote(summary); !partial.empty())
        out += "> **" + partial
            + "**: indexing was cancelled; graphs not parsed are reported as not indexed.\n\n";
    const std::size_t findings = model.findings.size();
    out += "> **" + verdictSentence(summary, model.language) + "** · "
        + model.say("DVM coverage %1", { coverageText(model.coverage, summary, model.language) }) + " · "
        + model.say(findings == 1 ? "%1 known failure" : "%1 known failures", { std::to_string(findings) });
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
    out += "\n\n| | |\n|---|---|\n";
    for (const ReportField& row : headerRows(model)) {
        out += "| " + row.label + " |";
        for (const ReportCell& each : row.value)
            out += (&each == &row.value.front() ? " " : "") + piece(each, true);
        out += " |\n";
    }
    out += "\n";
    if (const std::string note = boundsNote(model); !note.empty())
        out += "> " + plain(note) + "\n\n";
}

// What could not be read, so a reader knows which graphs the verdicts leave out.
void writeTreeProblems(std::string& out, const ReportModel& model)
{
    if (model.treeProblems.empty() && model.treeProblemsLeftOut == 0)
        return;
    out += "## " + model.say("Problems reading the tree") + "\n\n" + plain(treeProblemsIntro(model)) + "\n\n";
    const bool sides = hasTreeProblems(model, true); // the baseline has some too: say whose
    for (const bool baseline : { false, true }) {
        if (!hasTreeProblems(model, baseline))
            continue;
        if (sides)
            out += "### " + model.say(baseline ? "Baseline" : "This tree") + "\n\n";
        out += table(model, treeProblemsTable(model, baseline)) + "\n";
    }
    if (model.treeProblemsLeftOut > 0)
        out += plain(leftOutText(model.language, model.treeProblemsLeftOut, "problem", "problems")) + "\n\n";
}

void writeToolchain(std::string& out, const ReportModel& model)
{
    if (model.runs.empty())
        return;
    out += "## " + model.say("Toolchain") + "\n\n" + table(model, toolchainTable(model));
    out += "\n"
        + model.say(
            "Versions come from each run's first `fx_graph_runnable.py` header; — means the tree does "
            "not record it. *Kernels from* is what the generated code really holds.")
        + "\n\n";
}

void writeRegressions(std::string& out, const ReportModel& model)
{
    if (!model.comparison)
        return;
    const CompareResult& comparison = *model.comparison;
    out += "## " + model.say("Regressions against the baseline") + "\n\n";
    if (model.regressions.empty()) {
        out += model.say("No graph lost DVM kernels compared with the baseline (%1 graphs matched).",
                   { std::to_string(comparison.summary.matched) })
            + "\n\n";
    } else {
        out += table(model, regressionsTable(model));
        out += "\n";
    }
    out += "<details><summary>" + model.say("Full comparison") + "</summary>\n\n"
        + fenced("text", compareToText(comparison)) + "\n</details>\n\n";
    const ReportTable side = compareSideTable(model);
    if (!side.rows.empty())
        out += "### " + model.say("Compile side") + "\n\n"
            + model.say(
                "What changed on the compile side and in the reasons for not using DVM, pair by pair.")
            + "\n\n" + table(model, side) + "\n";
}

// "Where it fell back": the model lines whose kernels or fallback calls did not go to DVM.
void writeWhereItFellBack(std::string& out, const ReportModel& model)
{
    if (!model.sources)
        return;
    out += "## " + model.say("Where it fell back") + "\n\n" + plain(whereItFellBackLead(model)) + "\n\n";
    if (whereItFellBackHasRows(model))
        out += table(model, whereItFellBackTable(model)) + "\n";
}

// "Why it fell back": the reasons of what is not DVM, grouped, with counts, model lines and fixes.
void writeWhyItFellBack(std::string& out, const ReportModel& model)
{
    if (!model.why)
        return;
    out += "## " + model.say("Why it fell back") + "\n\n";
    if (model.why->empty()) {
        out += model.say("Every kernel is DVM and no op fell back.") + "\n\n";
        return;
    }
    out += model.say("Why each kernel or call is not DVM, by reason, worst first:") + "\n\n"
        + table(model, whyItFellBackTable(model)) + "\n";
}

// "Environment checklist": the field guide's items for the environment given.
void writeChecklist(std::string& out, const ReportModel& model)
{
    if (!model.checklist)
        return;
    out += "## " + model.say("Environment checklist") + "\n\n" + table(model, checklistTable(model)) + "\n";
    for (const CheckItem& item : *model.checklist) {
        if (!item.fixDiff.empty())
            out += fenced("diff", item.fixDiff) + "\n";
    }
}

// "Compile": distinct graph breaks, recompiled frames and failed compiles from the TORCH_TRACE logs.
void writeCompile(std::string& out, const ReportModel& model)
{
    if (!model.compile)
        return;
    out += "## " + model.say("Compile") + "\n\n" + plain(compileSentence(*model.compile, model.language))
        + "\n\n";
    for (const ReportTable& part : { compileBreaksTable(*model.compile),
             compileRecompilesTable(*model.compile, model.language), compileFailuresTable(*model.compile) })
        if (!part.rows.empty())
            out += table(model, part) + "\n";
}

void writeFindings(std::string& out, const ReportModel& model)
{
    out += "## " + model.say("Known failures") + "\n\n";
    if (model.findings.empty()) {
        out += model.say(kNoKnownFailures) + "\n\n";
        return;
    }
    const ReportFindings findings = findingsEntries(model);
    for (std::size_t i = 0; i < findings.entries.size(); ++i) {
        const ReportFindingEntry& entry = findings.entries[i];
        out += "### " + std::to_string(i + 1) + ". " + severityMark(entry.severity) + " " + plain(entry.title)
            + "\n\n";
        for (const ReportField& field : entry.fields)
            out += "- **" + field.label + (model.language == ReportLanguage::Chinese ? "：** " : ":** ")
                + inlineValue(field.value) + "\n";
        out += "\n";
        if (!entry.fixCode.empty())
            out += fenced(entry.fixCodeLanguage, entry.fixCode) + "\n";
    }
    for (const ReportProblemLine& problem : findings.problems)
        out += "- " + severityMark(problem.severity) + " " + inlineValue(problem.value) + "\n";
    if (!findings.problems.empty())
        out += "\n";
}

void writeGraphs(std::string& out, const ReportModel& model)
{
    out += "## " + model.say("Graphs") + "\n\n";
    for (const ReportRun& run : model.runs) {
        const std::string name = run.run->name.value_or(model.relative(run.run->path));
        out += "### " + plain(name) + "\n\n" + verdictSentence(run.summary, model.language) + " · "
            + model.say("DVM coverage %1", { coverageText(run.coverage, run.summary, model.language) })
            + "\n\n";
        if (run.graphs.empty()) {
            out += model.say("No graph folders.") + "\n\n";
            continue;
        }
        out += table(model, graphsTable(run, model.language));
        if (const std::string cut = graphRowsLeftOutText(run, model.language); !cut.empty())
            out += "\n" + plain(cut) + "\n";
        out += "\n";
    }
}

void writeDvmKernels(std::string& out, const ReportModel& model, std::size_t stopAfter)
{
    if (!model.graphSections)
        return;
    bool any = false;
    for (const ReportRun& run : model.runs) {
        for (const ReportGraph& graph : run.graphs) {
            if (out.size() > stopAfter)
                return;
            if (graph.folded || (graph.dvmKernels.empty() && graph.dvmKernelsLeftOut == 0))
                continue;
            if (!any)
                out += "## " + model.say("DVM kernels") + "\n\n";
            any = true;
            out += "### " + plain(graph.graph->name) + "\n\n"
                + code(model.relative(graph.graph->outputCode->path)) + "\n\n";
            if (const std::string same = identicalRanksText(model, graph); !same.empty())
                out += plain(same) + "\n\n";
            if (!graph.dvmKernels.empty())
                out += table(model, dvmKernelsTable(graph));
            if (graph.dvmKernelsLeftOut > 0)
                out += "\n"
                    + plain(leftOutText(model.language, graph.dvmKernelsLeftOut, "DVM kernel", "DVM kernels"))
                    + "\n";
            if (graph.excerptsLeftOut > 0)
                out += "\n"
                    + plain(leftOutText(
                        model.language, graph.excerptsLeftOut, "builder source", "builder sources"))
                    + "\n";
            std::string source;
            for (const ReportKernel& entry : graph.dvmKernels) {
                if (!entry.source.empty()) {
                    source += "# " + displayName(model.relative(graph.graph->outputCode->path)) + ":"
                        + std::to_string(entry.sourceFirstLine) + "\n" + joined(entry.source, "\n") + "\n";
                    if (entry.sourceCut)
                        source +=
                            "# … (cut after " + std::to_string(ReportModel::kMaxExcerptLines) + " lines)\n";
                }
            }
            out += "\n";
            if (!source.empty())
                out += "<details><summary>" + model.say("DVM builder source") + "</summary>\n\n"
                    + fenced("python", source) + "\n</details>\n\n";
        }
    }
}

void writeFallbacks(std::string& out, const ReportModel& model, std::size_t stopAfter)
{
    if (!model.graphSections)
        return;
    bool any = false;
    for (const ReportRun& run : model.runs) {
        for (const ReportGraph& graph : run.graphs) {
            if (out.size() > stopAfter)
                return;
            const std::size_t calls = graph.fallbacks.size() + graph.fallbacksLeftOut;
            if (graph.folded || calls == 0)
                continue;
            if (!any)
                out += "## " + model.say("Fallback calls") + "\n\n";
            any = true;
            out += "<details><summary>"
                + model.say(calls == 1 ? "%1: %2 fallback call (%3)" : "%1: %2 fallback calls (%3)",
                    { html(graph.graph->name), std::to_string(calls),
                        countsInLanguage(model.language, fallbackCountsText(graph.summary)) })
                + "</summary>\n\n| " + model.say("Line") + " | " + model.say("Call") + " | "
                + model.say("Kind") + " |\n|---|---|---|\n";
            std::string source;
            for (const ReportFallback& entry : graph.fallbacks) {
                out += "| " + std::to_string(entry.fallback->line) + " | " + code(entry.fallback->target)
                    + " | " + std::string(fallbackKindName(entry.fallback->kind)) + " |\n";
                if (!entry.sourceLine.empty())
                    source += entry.sourceLine + "  # line " + std::to_string(entry.fallback->line) + "\n";
            }
            out += "\n";
            if (graph.fallbacksLeftOut > 0)
                out += plain(leftOutText(
                           model.language, graph.fallbacksLeftOut, "fallback call", "fallback calls"))
                    + "\n\n";
            if (!source.empty())
                out += fenced("python", source) + "\n";
            out += "</details>\n\n";
        }
    }
}

} // namespace

std::string markdownCellText(const std::string& text)
{
    return safeText(text, true, true);
}

std::string markdownReport(const ReportModel& model, std::size_t stopAfter)
{
    std::string out;
    writeHeader(out, model);
    writeTreeProblems(out, model);
    writeToolchain(out, model);
    writeRegressions(out, model);
    out += profileMarkdown(model);
    writeWhereItFellBack(out, model);
    writeWhyItFellBack(out, model);
    writeChecklist(out, model);
    writeCompile(out, model);
    writeFindings(out, model);
    writeGraphs(out, model);
    writeDvmKernels(out, model, stopAfter);
    writeFallbacks(out, model, stopAfter);
    if (out.size() > stopAfter)
        return out; // too long, and left unfinished: terminalSafe only lengthens it
    return terminalSafe(out); // source lines and fenced text printed to a terminal, too
}

std::string summaryMarkdown(const Index& index, ReportLanguage language)
{
    ReportInput input;
    input.index = &index;
    input.language = language;
    const ReportModel model = buildReportModel(input);
    const Summary& summary = model.summary;
    std::string out;
    if (const std::string partial = partialIndexNote(summary); !partial.empty())
        out += model.say("**%1** (indexing was cancelled)", { partial }) + "\n\n";
    out += model.say("**DVM Lens:** %1 · DVM coverage %2",
               { verdictSentence(summary, language), coverageText(model.coverage, summary, language) })
        + "\n\n";
    out += model.say("- Tree: %1", { code(index.root) }) + "\n";
    out += model.say("- Kernels: %1 (%2)",
               { std::to_string(summary.kernels), countsInLanguage(language, kernelCountsText(summary)) })
        + "\n";
    out += model.say("- Fallback calls: %1 (%2)",
               { std::to_string(summary.fallbacks), countsInLanguage(language, fallbackCountsText(summary)) })
        + "\n";
    if (!model.runs.empty()) {
        const Versions& v = model.runs.front().versions;
        out += model.say("- torch %1 · torch_npu %2 · NPU backend %3 · kernels from %4",
                   { orDash(v.torch), orDash(v.torchNpu), orDash(v.npuBackend),
                       orDash(kernelBackendsText(summary)) })
            + "\n";
    }
    for (const Finding& finding : model.findings)
        out += "- " + severityMark(finding.rule.severity) + " "
            + plain(localizedText(language, finding.rule.title))
            + model.say(" (%1)", { code(where(model, finding)) }) + "\n";
    return terminalSafe(out);
}

} // namespace dvmlens
