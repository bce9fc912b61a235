// SPDX-License-Identifier: MIT
#include "core/text/comparetext.h"

#include "core/compare/comparewhy.h"
#include "core/model/graphname.h"
#include "core/text/displaytext.h"

#include <map>

namespace dvmlens {

namespace {

std::string verdictText(const std::optional<GraphSide>& side, const std::optional<bool>& engaged)
{
    if (!side)
        return "absent";
    if (!engaged)
        return "no output_code.py";
    return *engaged ? "DVM engaged" : "not engaged";
}

std::string signedDelta(int delta)
{
    return delta > 0 ? " (+" + std::to_string(delta) + ')' : " (" + std::to_string(delta) + ')';
}

// "dvm 3 → 2 (-1), triton 0 → 1 (+1)": backends present on either side; one side only when the
// other is absent.
std::string countsText(const GraphDiff& diff)
{
    std::string text;
    for (Backend backend : kAllBackends) {
        const std::size_t slot = static_cast<std::size_t>(backend);
        const int a = diff.countsA ? (*diff.countsA)[slot] : 0;
        const int b = diff.countsB ? (*diff.countsB)[slot] : 0;
        if (a == 0 && b == 0)
            continue;
        text += text.empty() ? "" : ", ";
        text += std::string(backendName(backend)) + ' ';
        if (diff.countsA && diff.countsB)
            text += std::to_string(a) + " → " + std::to_string(b) + (a != b ? signedDelta(b - a) : "");
        else
            text += std::to_string(diff.countsA ? a : b);
    }
    return text;
}

void fusionLines(const GraphDiff& diff, std::string& out)
{
    for (const FusionDiff& fusion : diff.fusions) {
        const std::string key = displayName(fusion.key);
        if (fusion.a && fusion.b && fusion.a->backend != fusion.b->backend) {
            out += "    moved: " + key + ' ' + std::string(backendName(fusion.a->backend)) + " → "
                + std::string(backendName(fusion.b->backend)) + " ("
                + (fusion.a->name == fusion.b->name
                        ? displayName(fusion.a->name)
                        : displayName(fusion.a->name) + " → " + displayName(fusion.b->name))
                + ")\n";
        } else if (!fusion.changes.empty()) {
            out += "    changed: " + key + " (" + displayName(fusion.b->name) + "):";
            for (std::size_t i = 0; i < fusion.changes.size(); ++i)
                out += (i == 0 ? " " : "; ") + fusion.changes[i];
            out += '\n';
        } else if (fusion.a && !fusion.b) {
            out += "    gone: " + key + " (" + std::string(backendName(fusion.a->backend)) + ", "
                + displayName(fusion.a->name) + ")\n";
        } else if (fusion.b && !fusion.a) {
            out += "    new: " + key + " (" + std::string(backendName(fusion.b->backend)) + ", "
                + displayName(fusion.b->name) + ")\n";
        }
    }
}

void graphBlock(const GraphDiff& diff, std::string& out)
{
    const char* label = diff.regression      ? "REGRESSION"
        : diff.status == PairStatus::Matched ? "matched"
        : diff.status == PairStatus::OnlyA   ? "only in A"
                                             : "only in B";
    out += std::string(label) + "  " + displayName(diff.key) + "  ";
    if (diff.status == PairStatus::Matched)
        out += verdictText(diff.a, diff.dvmEngagedA) + " → " + verdictText(diff.b, diff.dvmEngagedB);
    else
        out += diff.a ? verdictText(diff.a, diff.dvmEngagedA) : verdictText(diff.b, diff.dvmEngagedB);
    out += '\n';

    std::string details;
    if (diff.a && diff.b && graphPairingKey(diff.a->name) != graphPairingKey(diff.b->name))
        details += "    folders: " + displayName(diff.a->name) + " → " + displayName(diff.b->name) + '\n';
    if (!diff.sameCodeHash.empty())
        details += "    same code: one wrapper module, Inductor code hash " + diff.sameCodeHash.substr(0, 9)
            + "… on both sides\n";
    const std::string counts = countsText(diff);
    const bool countsDiffer = diff.countsA != diff.countsB;
    if (!counts.empty() && (diff.status != PairStatus::Matched || countsDiffer))
        details += "    kernels: " + counts + '\n';
    if (diff.status == PairStatus::Matched && diff.countsA && diff.countsB) {
        fusionLines(diff, details);
        const std::string fallbacks = fallbackChangesText(diff);
        if (!fallbacks.empty())
            details += "    fallbacks: " + fallbacks + '\n';
    }
    for (const std::string& line : pairExplanationLines(diff))
        details += "    " + line + '\n';
    out += details;
}

// "1 graph", "2 graphs"
std::string graphsText(int count)
{
    return std::to_string(count) + (count == 1 ? " graph" : " graphs");
}

std::string runText(const std::optional<std::size_t>& run, const std::string& name)
{
    if (!run)
        return "(none)";
    return name.empty() ? std::string("(no run folder)") : displayName(name);
}

} // namespace

std::string compareToText(const CompareResult& result)
{
    std::string out = "A: " + displayName(result.rootA) + "\nB: " + displayName(result.rootB) + '\n';
    for (const RunPair& pair : result.runs)
        out += "runs: " + runText(pair.a, pair.nameA) + " ↔ " + runText(pair.b, pair.nameB) + '\n';
    const CompareSummary& summary = result.summary;
    out += graphsText(summary.graphs) + ": " + std::to_string(summary.matched) + " matched"
        + (summary.split ? " (" + std::to_string(summary.split) + " split off by a graph break)"
                         : std::string())
        + ", " + std::to_string(summary.onlyA) + " only in A, " + std::to_string(summary.onlyB)
        + " only in B\n";
    out += "DVM engaged: " + graphsText(summary.dvmEngagedA) + " in A, " + std::to_string(summary.dvmEngagedB)
        + " in B\n";
    out += "verdict: A " + ladderText(summary.verdictsA) + ", B " + ladderText(summary.verdictsB) + '\n';
    out += "regressions: " + std::to_string(summary.regressions);
    if (summary.engagedOnlyA > 0)
        out += " (not counted: " + graphsText(summary.engagedOnlyA) + " only in A that used DVM)";
    out += "\n";

    for (const bool regressions : { true, false }) {
        for (const GraphDiff& diff : result.graphs) {
            if (diff.regression == regressions) {
                out += '\n';
                graphBlock(diff, out);
            }
        }
    }
    if (!result.compileChangesElsewhere.empty()) {
        out += "\ncompile side (under no changed graph pair):\n";
        for (const auto& [kind, sentence] : result.compileChangesElsewhere)
            out += "  " + sentence + '\n';
    }
    return terminalSafe(out);
}

std::vector<std::string> pairExplanationLines(const GraphDiff& diff)
{
    std::vector<std::string> lines;
    if (!diff.splitFrom.empty() && diff.a)
        lines.push_back("split: B's part after the graph break at " + diff.splitFrom + ", paired with A's "
            + displayName(diff.a->name));
    for (const auto& [kind, sentence] : diff.compileChanges)
        lines.push_back("compile: " + sentence);
    for (const WhyChange& change : diff.whyChanges)
        lines.push_back("why: " + whyChangeText(change));
    return lines;
}

std::string whyChangeText(const WhyChange& change)
{
    return change.op + " ×" + std::to_string(change.count) + ": " + whyChangeSideText(change, false) + " → "
        + whyChangeSideText(change, true);
}

std::string fallbackChangesText(const GraphDiff& diff)
{
    std::string text;
    const auto append = [&text](const std::vector<std::string>& targets, char sign) {
        std::map<std::string, int> counts;
        for (const std::string& target : targets)
            ++counts[target];
        for (const auto& [target, count] : counts) {
            text += text.empty() ? "" : ", ";
            text += sign + target + (count > 1 ? " ×" + std::to_string(count) : "");
        }
    };
    append(diff.fallbacksAdded, '+');
    append(diff.fallbacksRemoved, '-');
    return text;
}

} // namespace dvmlens
