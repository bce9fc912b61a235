// SPDX-License-Identifier: MIT
#include "core/report/reporttables.h"

#include "core/compare/comparewhy.h"
#include "core/compile/compilewording.h"
#include "core/text/comparetext.h"
#include "core/text/kernelwording.h"
#include "core/text/scantext.h"
#include "core/trace/reasonline.h"

#include <algorithm>

namespace dvmlens {

namespace {

ReportCell text(std::string value)
{
    return { ReportCell::Kind::Text, std::move(value), std::nullopt };
}

ReportCell code(std::string value)
{
    return { ReportCell::Kind::Code, std::move(value), std::nullopt };
}

ReportCell plain(std::string value)
{
    return { ReportCell::Kind::Plain, std::move(value), std::nullopt };
}

// A version as inline code, or a dash when the tree does not record it.
ReportCell version(const std::optional<std::string>& value)
{
    return value && !value->empty() ? code(*value) : plain("—");
}

} // namespace

ReportTable toolchainTable(const ReportModel& model)
{
    ReportTable table {
        { "Run", "torch", "torch git", "torch_npu", "python", "CANN", "NPU backend", "Kernels from" }, {}
    };
    for (const ReportRun& run : model.runs) {
        const Versions& v = run.versions;
        std::optional<std::string> git = v.torchGit;
        if (git && git->size() > 12)
            git = git->substr(0, 12);
        table.rows.push_back({ code(run.run->name.value_or(model.relative(run.run->path))), version(v.torch),
            version(git), version(v.torchNpu), version(v.python), version(v.cann), version(v.npuBackend),
            version(kernelBackendsText(run.summary)) });
    }
    return table;
}

ReportTable regressionsTable(const ReportModel& model)
{
    ReportTable table {
        { "Graph", "DVM (baseline → this)", "DVM kernels", "No longer DVM", "Fallback calls added" }, {}
    };
    if (!model.comparison)
        return table;
    const auto engaged = [&model](const std::optional<bool>& value) {
        return value ? model.say(*value ? "engaged" : "not engaged") : std::string("—");
    };
    const auto dvmCount = [](const std::optional<BackendCounts>& counts) {
        return counts ? std::to_string((*counts)[static_cast<std::size_t>(Backend::Dvm)]) : std::string("—");
    };
    for (std::size_t i : model.regressions) {
        const GraphDiff& diff = model.comparison->graphs[i];
        table.rows.push_back(
            { code(diff.key), plain(engaged(diff.dvmEngagedA) + " → " + engaged(diff.dvmEngagedB)),
                plain(dvmCount(diff.countsA) + " → " + dvmCount(diff.countsB)),
                text(joined(diff.dvmOnlyA, ", ")), text(joined(diff.fallbacksAdded, ", ")) });
    }
    return table;
}

ReportTable compareSideTable(const ReportModel& model)
{
    ReportTable table { { "Graph", "Change" }, {} };
    if (!model.comparison)
        return table;
    if (model.language == ReportLanguage::English) {
        // As `dvmlens-cli compare` prints them.
        for (const GraphDiff& diff : model.comparison->graphs) {
            for (const std::string& line : pairExplanationLines(diff))
                table.rows.push_back({ code(diff.key), text(line) });
        }
        for (const auto& [kind, sentence] : model.comparison->compileChangesElsewhere)
            table.rows.push_back({ plain("—"), text("compile: " + sentence) });
        return table;
    }
    // The same lines in the report's language; op names, rule codes and graph names stay.
    const auto side = [&model](const WhyChange& change, bool sideB) {
        const std::string words = whyChangeSideText(change, sideB);
        return (sideB ? change.codeB : change.codeA) ? words : model.say(words);
    };
    for (const GraphDiff& diff : model.comparison->graphs) {
        if (!diff.splitFrom.empty() && diff.a)
            table.rows.push_back({ code(diff.key),
                text(model.say("split: B's part after the graph break at %1, paired with A's %2",
                    { diff.splitFrom, diff.a->name })) });
        for (const auto& [kind, sentence] : diff.compileChanges)
            table.rows.push_back({ code(diff.key), text(model.say("compile: %1", { sentence })) });
        for (const WhyChange& change : diff.whyChanges)
            table.rows.push_back({ code(diff.key),
                text(model.say("why: %1 ×%2: %3 → %4",
                    { change.op, std::to_string(change.count), side(change, false), side(change, true) })) });
    }
    for (const auto& [kind, sentence] : model.comparison->compileChangesElsewhere)
        table.rows.push_back({ plain("—"), text(model.say("compile: %1", { sentence })) });
    return table;
}

namespace {

// A graph's reasons for not engaging: core's English sentences (summary.h) as the model holds them,
// or each reason in Chinese from the report's table.
std::string reasonsText(const ReportGraph& graph, ReportLanguage language)
{
    if (language == ReportLanguage::English || !graph.graph)
        return joined(graph.reasons, "; ");
    std::vector<std::string> reasons;
    for (const NotEngagedReason& reason : notEngagedReasonList(*graph.graph)) {
        if (reason.kind == NotEngagedReasonKind::OnlyDvmNamedImportFx)
            reasons.push_back(reportFill(language,
                "only import_fx FX fallbacks named like DVM kernels (%1), which are not DVM code",
                { joined(reason.kernels, ", ") }));
        else
            reasons.push_back(reportText(language, englishReason(reason)));
    }
    return joined(reasons, reportText(language, "; "));
}

} // namespace

ReportTable graphsTable(const ReportRun& run, ReportLanguage language)
{
    ReportTable table { { "Graph", "Verdict", "DVM coverage", "Kernels", "Fallback calls", "Why not DVM" },
        {} };
    for (const ReportGraph& graph : run.graphs) {
        if (!graph.listed)
            continue;
        // A graph folded into another rank's says so: its lists are shown there.
        ReportCell verdict = plain(graphVerdictText(graph.verdict, language)
            + (graph.folded && graph.foldedIntoRank >= 0
                    ? reportFill(language, ", same as rank %1", { std::to_string(graph.foldedIntoRank) })
                    : std::string()));
        verdict.verdict = graph.verdict;
        // The reasons are core's own sentences, which mark code with backticks themselves.
        table.rows.push_back({ code(graph.graph->name), verdict,
            plain(graph.graph->outputCode ? percentText(graph.graph->outputCode->dvmCoverage) : "—"),
            plain(countsInLanguage(language, kernelCountsText(graph.summary))),
            plain(countsInLanguage(language, fallbackCountsText(graph.summary))),
            { ReportCell::Kind::Marked, reasonsText(graph, language), std::nullopt } });
    }
    return table;
}

ReportTable dvmKernelsTable(const ReportGraph& graph)
{
    ReportTable table { { "Kernel", "Line", "ktype", "dyn_shape", "Ops", "Inputs", "Outputs", "Launches" },
        {} };
    for (const ReportKernel& entry : graph.dvmKernels) {
        const Kernel& kernel = *entry.kernel;
        std::vector<std::string> inputs;
        for (const DvmInput& input : kernel.inputs)
            inputs.push_back(dvmInputText(input));
        std::vector<std::string> outputs;
        for (const DvmOutput& output : kernel.outputs)
            outputs.push_back(dvmOutputText(output));
        table.rows.push_back(
            { code(kernel.name), plain(std::to_string(kernel.line)), text(kernel.ktype.value_or("—")),
                plain(kernel.dynShape ? (*kernel.dynShape ? "true" : "false") : "—"),
                text(joined(kernel.ops, ", ")), text(joined(inputs, "; ")), text(joined(outputs, "; ")),
                plain(std::to_string(kernel.launches)) });
    }
    return table;
}

std::size_t fellBackLocations(const ReportModel& model)
{
    if (!model.sources)
        return 0;
    return static_cast<std::size_t>(
        std::count_if(model.sources->locations.begin(), model.sources->locations.end(),
            [](const SourceLocationSummary& location) { return location.fellBack(); }));
}

ReportTable whyItFellBackTable(const ReportModel& model)
{
    // A Chinese report words each reason and fix in Chinese only (the rules' own zh, English where
    // a rule has none); an English one shows both fixes, as `dvmlens-cli why` does.
    const bool chinese = model.language == ReportLanguage::Chinese;
    ReportTable table { { "Reason", "Count", "Ops", "Model lines", "Releases", "Fix", "修复" }, {} };
    if (chinese)
        table.headers.pop_back();
    if (!model.why)
        return table;
    constexpr std::size_t kShown = 3;
    for (const WhyGroup& group : *model.why) {
        std::string ops;
        for (std::size_t i = 0; i < group.ops.size() && i < kShown; ++i)
            ops += (i ? ", " : "") + group.ops[i].first + " ×" + std::to_string(group.ops[i].second);
        if (group.ops.size() > kShown)
            ops += ", +" + std::to_string(group.ops.size() - kShown);
        std::string lines;
        for (std::size_t i = 0; i < group.modelLines.size() && i < kShown; ++i)
            lines += (i ? ", " : "") + group.modelLines[i].file + ':'
                + std::to_string(group.modelLines[i].line) + " ×" + std::to_string(group.modelLines[i].count);
        if (chinese) {
            // The rule's code as code (Marked: the writers render the backticks), then its title.
            table.rows.push_back(
                { { ReportCell::Kind::Marked,
                      "`" + group.code + "`：" + localizedText(model.language, group.title), std::nullopt },
                    plain(std::to_string(group.count)), code(ops), code(lines),
                    plain(joined(group.releases, ", ")), text(localizedText(model.language, group.fix)) });
            continue;
        }
        table.rows.push_back(
            { text(group.code + ": " + group.title.en), plain(std::to_string(group.count)), code(ops),
                code(lines), plain(joined(group.releases, ", ")), text(group.fix.en), text(group.fix.zh) });
    }
    return table;
}

ReportTable checklistTable(const ReportModel& model)
{
    ReportTable table { { "#", "Item", "Status", "Evidence", "Fix" }, {} };
    if (!model.checklist)
        return table;
    int number = 0;
    for (const CheckItem& item : *model.checklist) {
        const bool passed = item.status == CheckStatus::Pass;
        if (model.language == ReportLanguage::Chinese) {
            table.rows.push_back({ plain(std::to_string(++number)),
                { ReportCell::Kind::Marked,
                    localizedText(model.language, item.title) + "（`" + item.id + "`）", std::nullopt },
                plain(model.say(checkStatusName(item.status))), text(item.evidence),
                text(passed ? std::string() : localizedText(model.language, item.fix)) });
            continue;
        }
        table.rows.push_back({ plain(std::to_string(++number)), text(item.title.en + " (" + item.id + ")"),
            plain(std::string(checkStatusName(item.status))), text(item.evidence),
            text(passed ? std::string() : item.fix.en + (item.fix.zh.empty() ? "" : " / " + item.fix.zh)) });
    }
    return table;
}

namespace {

// "triton 3, import_fx 1" (non-DVM kernels by backend), "0" without any.
std::string otherKernelsText(const LocationCounts& counts)
{
    std::string others;
    for (Backend backend : kAllBackends) {
        const int n = counts.kernels[static_cast<std::size_t>(backend)];
        if (backend != Backend::Dvm && n > 0)
            others +=
                (others.empty() ? "" : ", ") + std::string(backendName(backend)) + ' ' + std::to_string(n);
    }
    return others.empty() ? "0" : others;
}

std::string fallbacksText(const LocationCounts& counts)
{
    std::string fallbacks;
    for (FallbackKind kind : kAllFallbackKinds) {
        const int n = counts.fallbacks[static_cast<std::size_t>(kind)];
        if (n > 0)
            fallbacks += (fallbacks.empty() ? "" : ", ") + std::string(fallbackKindName(kind)) + ' '
                + std::to_string(n);
    }
    return fallbacks.empty() ? "0" : fallbacks;
}

// "3 non-DVM kernels and 1 fallback call": what has no source line.
std::string unknownItemsText(const ReportModel& model, const LocationCounts& counts)
{
    const auto count = [&model](int n, const char* one, const char* many) {
        return model.say(n == 1 ? one : many, { std::to_string(n) });
    };
    return count(counts.otherKernels(), "%1 non-DVM kernel", "%1 non-DVM kernels") + model.say(" and ")
        + count(counts.fallbackTotal(), "%1 fallback call", "%1 fallback calls");
}

} // namespace

bool whereItFellBackHasRows(const ReportModel& model)
{
    return model.sources && (fellBackLocations(model) > 0 || model.sources->unattributed.notDvm() > 0);
}

std::string whereItFellBackLead(const ReportModel& model)
{
    if (!model.sources)
        return {};
    const std::size_t total = fellBackLocations(model);
    const LocationCounts& unknown = model.sources->unattributed;
    if (total == 0 && unknown.notDvm() == 0)
        return model.say("No model source line has fallbacks or non-DVM kernels.");
    if (total == 0)
        return model.say(
            "No model source line is known for what did not go to DVM: %1 have no source line (unknown "
            "location):",
            { unknownItemsText(model, unknown) });
    std::string lead = model.say("Model source lines with fallback calls or non-DVM kernels, worst first");
    if (total > kReportSourceRows)
        lead +=
            model.say(" (the first %1 of %2)", { std::to_string(kReportSourceRows), std::to_string(total) });
    if (unknown.notDvm() > 0)
        lead += model.say(
            "; %1 with no source line last, as unknown location", { unknownItemsText(model, unknown) });
    return lead + model.say(":");
}

ReportTable whereItFellBackTable(const ReportModel& model)
{
    ReportTable table {
        { "Location", "Function", "DVM", "Other kernels", "Fallbacks", "Graphs", "Ranks", "Code" }, {}
    };
    if (!model.sources)
        return table;
    for (const SourceLocationSummary& location : model.sources->locations) {
        if (table.rows.size() >= kReportSourceRows)
            break;
        if (!location.fellBack())
            continue;
        const LocationCounts& counts = location.counts;
        table.rows.push_back({ code(location.frame.file + ':' + std::to_string(location.frame.line)
                                   + (location.frame.library ? model.say(" (library)") : "")),
            text(location.frame.function), plain(std::to_string(counts.dvmKernels())),
            plain(otherKernelsText(counts)), plain(fallbacksText(counts)),
            plain(std::to_string(location.graphs)), plain(std::to_string(location.runs)),
            code(location.frame.code) });
    }
    const LocationCounts& unknown = model.sources->unattributed;
    if (unknown.notDvm() > 0)
        table.rows.push_back({ plain(model.say("unknown location")), plain("—"),
            plain(std::to_string(unknown.dvmKernels())), plain(otherKernelsText(unknown)),
            plain(fallbacksText(unknown)), plain("—"), plain("—"), plain("—") });
    return table;
}

ReportFindings findingsEntries(const ReportModel& model)
{
    ReportFindings findings;
    for (const Finding& finding : model.findings) {
        const RuleText& rule = finding.rule;
        ReportFindingEntry entry;
        entry.severity = rule.severity;
        const auto localized = [&model](const LocalizedText& words) {
            return localizedText(model.language, words);
        };
        entry.title = localized(rule.title);
        entry.fields.push_back({ model.say("Rule"),
            { code(rule.id), plain(" · "), text(rule.layer),
                plain(" · " + model.say(severityName(rule.severity)) + " · "
                    + model.say(std::string(confidenceName(finding.confidence)) + " confidence")) } });
        std::string where = model.relative(finding.path);
        if (finding.line)
            where += ':' + std::to_string(*finding.line);
        ReportField whereField { model.say("Where"), { code(where) } };
        if (finding.occurrences > 1)
            whereField.value.push_back(plain(
                model.say(" (%1 occurrences; the first is shown)", { std::to_string(finding.occurrences) })));
        entry.fields.push_back(std::move(whereField));
        if (!finding.excerpt.empty())
            entry.fields.push_back({ model.say("Evidence"), { code(finding.excerpt) } });
        entry.fields.push_back({ model.say("Cause"), { text(localized(rule.cause)) } });
        entry.fields.push_back({ model.say("Fix"), { text(localized(rule.fix)) } });
        entry.fixCode = rule.fixCode;
        entry.fixCodeLanguage = rule.fixCodeLanguage;
        findings.entries.push_back(std::move(entry));
    }
    for (const Diagnostic& problem : model.problems)
        findings.problems.push_back(
            { problem.severity, { code(model.relative(problem.path)), plain(": "), text(problem.message) } });
    return findings;
}

std::string countsInLanguage(ReportLanguage language, const std::string& counts)
{
    return counts == "none" ? reportText(language, counts) : counts;
}

std::vector<ReportField> headerRows(const ReportModel& model)
{
    const Summary& summary = model.summary;
    std::vector<ReportField> rows;
    const auto row = [&rows, &model](std::string_view label, std::vector<ReportCell> value) {
        rows.push_back({ model.say(label), std::move(value) });
    };
    row("Tree", { code(model.index->root) });
    if (model.baseline)
        row("Baseline", { code(model.baseline->root) });
    row("DVM Lens",
        { plain(model.toolVersion), plain(model.say(" (report schema ")), code("dvmlens.report/1"),
            plain(model.say(")")) });
    if (model.generatedAt)
        row("Generated", { text(*model.generatedAt) });
    row("Runs", { plain(std::to_string(summary.runs)) });
    row("Graphs",
        { plain(model.say("%1 (%2 with output_code.py)",
            { std::to_string(summary.graphs), std::to_string(summary.graphsWithOutputCode) })) });
    row("DVM engaged",
        { plain(model.say("%1 of %2 graphs",
            { std::to_string(summary.verdicts.engaged), std::to_string(summary.verdicts.withCode) })) });
    row("DVM coverage",
        { plain(model.say("%1 of %2 kernel launches and %3 fallback calls",
            { percentText(model.coverage), std::to_string(summary.launches),
                std::to_string(summary.fallbacks) })) });
    row("Kernels",
        { plain(std::to_string(summary.kernels) + ": "
            + countsInLanguage(model.language, kernelCountsText(summary))) });
    row("Fallback calls",
        { plain(std::to_string(summary.fallbacks) + ": "
            + countsInLanguage(model.language, fallbackCountsText(summary))) });
    return rows;
}

std::string localizedText(ReportLanguage language, const LocalizedText& words)
{
    return language == ReportLanguage::Chinese && !words.zh.empty() ? words.zh : words.en;
}

std::string graphVerdictText(Verdict verdict, ReportLanguage language)
{
    switch (verdict) {
    case Verdict::NoCode:
        return reportText(language, "no output_code.py");
    case Verdict::Partly:
        return reportText(language, "partly engaged");
    default:
        return reportText(language, verdictName(verdict));
    }
}

std::string kernelBackendsText(const Summary& summary)
{
    std::string text;
    for (Backend backend : backendsWithKernels(summary))
        text += (text.empty() ? "" : ", ") + std::string(backendName(backend));
    return text;
}

std::string compileSentence(const CompileSummary& compile, ReportLanguage language)
{
    auto counted = [language](int n, const char* one, const char* many) {
        return reportFill(language, n == 1 ? one : many, { std::to_string(n) });
    };
    auto cache = [language](const CacheCounts& counts) {
        return reportFill(language, "hit %1, miss %2, bypass %3",
                   { std::to_string(counts.hit), std::to_string(counts.miss), std::to_string(counts.bypass) })
            + (counts.disabled ? reportFill(language, ", disabled %1", { std::to_string(counts.disabled) })
                               : "");
    };
    return reportFill(language, "From %1: %2, %3, %4, %5. FX graph cache: %6; AOTAutograd cache: %7.",
        { counted(compile.logs, "%1 TORCH_TRACE log", "%1 TORCH_TRACE logs"),
            counted(compile.graphs, "%1 compile", "%1 compiles"),
            counted(compile.breakCount(), "%1 distinct graph break", "%1 distinct graph breaks"),
            counted(compile.recompiles, "%1 recompile", "%1 recompiles"),
            counted(static_cast<int>(compile.failures.size()), "%1 failed compile", "%1 failed compiles"),
            cache(compile.fxCache), cache(compile.aotCache) });
}

ReportTable compileBreaksTable(const CompileSummary& compile)
{
    ReportTable table { { "Location", "Graph break", "Frames", "Ranks", "Resumes in" }, {} };
    for (const DistinctBreak& distinct : compile.breaks) {
        std::string ranks;
        for (std::int64_t rank : distinct.ranks)
            ranks += (ranks.empty() ? "" : ", ") + std::to_string(rank);
        std::string resumes;
        for (const std::string& resume : distinct.resumeFunctions)
            resumes += (resumes.empty() ? "" : ", ") + resume;
        table.rows.push_back({ code(shortLocation(distinct.file, distinct.line)), text(distinct.type),
            plain(std::to_string(distinct.frames)), plain(ranks.empty() ? "—" : ranks), code(resumes) });
    }
    return table;
}

ReportTable compileRecompilesTable(const CompileSummary& compile, ReportLanguage language)
{
    ReportTable table { { "Function", "Rank", "Recompiles", "Failed guard" }, {} };
    for (const FrameRecompiles& frame : compile.frames) {
        std::string guard = frame.lastReasons.empty() ? std::string() : frame.lastReasons.back().words;
        if (frame.limitHit)
            guard += std::string(guard.empty() ? "" : "; ") + reportText(language, "recompile limit hit");
        table.rows.push_back({ code(frame.function), plain(frame.rank ? std::to_string(*frame.rank) : "—"),
            plain(std::to_string(frame.recompiles)), text(guard) });
    }
    return table;
}

ReportTable compileFailuresTable(const CompileSummary& compile)
{
    ReportTable table { { "Compile", "Function", "Rank", "Failure", "Known failure" }, {} };
    for (const FailedCompile& failed : compile.failures)
        table.rows.push_back(
            { code(failed.id), code(failed.function), plain(failed.rank ? std::to_string(*failed.rank) : "—"),
                text(failed.failure.type + ": " + reasonLine(failed.failure.reason)),
                code(failed.failure.knownFailure) });
    return table;
}

} // namespace dvmlens
