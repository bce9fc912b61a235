// SPDX-License-Identifier: MIT
#include "core/text/profiletext.h"

#include "core/profile/hotkernels.h"
#include "core/text/displaytext.h"

#include <cmath>
#include <cstdio>

namespace dvmlens {

namespace {

constexpr std::size_t kStepsShown = 10;

std::string percent(double part, double whole)
{
    char text[16];
    const double share = whole > 0 ? 100.0 * part / whole : 0.0;
    if (!std::isfinite(share))
        return "n/a"; // never "-nan%"
    std::snprintf(text, sizeof text, "%.1f%%", share);
    return text;
}

std::string signedDuration(double us)
{
    // Appended, not `"+" + text`: GCC 12 warns a false -Wrestrict on that form once inlined.
    std::string text(1, us >= 0 ? '+' : '-');
    text += durationText(us >= 0 ? us : -us);
    return text;
}

void sharesLines(std::string& out, const std::string& indent, const TimeShares& shares)
{
    out += indent + "device time " + durationText(shares.total()) + ": " + timeSharesText(shares) + "\n";
    const std::optional<double> dvm = shares.dvmShare();
    out += indent + "DVM share of compiled time: " + (dvm ? percent(*dvm, 1.0) : std::string("n/a")) + "\n";
}

} // namespace

std::string timeSharesText(const TimeShares& shares)
{
    const double total = shares.total();
    if (total <= 0)
        return "no device time";
    std::string text;
    const auto add = [&](std::string_view name, double time) {
        if (time > 0)
            text += (text.empty() ? "" : ", ") + std::string(name) + " " + percent(time, total);
    };
    for (const Backend backend : kAllBackends)
        add(backendName(backend), shares.byBackend[static_cast<std::size_t>(backend)]);
    add("outside", shares.outside);
    add("ambiguous", shares.ambiguous);
    return text;
}

std::string kernelPathText(const Index& index, const KernelRef& ref)
{
    const Run& run = index.runs[ref.run];
    const Graph& graph = run.graphs[ref.graph];
    return (run.name ? *run.name + "/" : std::string()) + graph.name + "/"
        + graph.outputCode->kernels[ref.kernel].name;
}

// Rows with an empty Step Id: "outside steps: 1.2 ms (3 launches)".
static std::string outsideStepsText(const ProfileJoin& join)
{
    return "outside steps: " + durationText(join.outsideSteps.totalUs) + " ("
        + std::to_string(join.outsideSteps.launches)
        + (join.outsideSteps.launches == 1 ? " launch)" : " launches)");
}

std::string profileText(const Index& index, const ProfileJoin& join)
{
    std::string out = "\nProfile: " + std::to_string(join.paths.size())
        + (join.paths.size() == 1 ? " profile, " : " profiles, ") + std::to_string(join.rows)
        + " kernel rows: " + std::to_string(join.matched) + " matched, " + std::to_string(join.ambiguous)
        + " ambiguous, " + std::to_string(join.unmatched) + " outside compiled kernels"
        + (join.steps ? ", " + std::to_string(*join.steps) + " steps" : std::string()) + "\n";
    for (std::size_t p = 0; p < join.paths.size(); ++p) {
        const auto& run = join.runOfProfile[p];
        out += "  " + displayName(join.paths[p]) + " → "
            + (run ? (index.runs[*run].name ? displayName(*index.runs[*run].name) : std::string("the tree"))
                   : std::string("no run"))
            + "\n";
    }
    sharesLines(out, "  ", join.total);
    if (join.steps && *join.steps > 0) {
        out += "  per step:";
        std::size_t shown = 0;
        for (const auto& [step, totalUs] : join.stepTotalUs) {
            if (shown++ == kStepsShown) {
                out += " … (" + std::to_string(join.stepTotalUs.size() - kStepsShown) + " more);";
                break;
            }
            out += ' ';
            out += std::to_string(step);
            out += ": ";
            out += durationText(totalUs);
            out += ';';
        }
        if (join.outsideSteps.launches > 0) {
            out += ' ';
            out += outsideStepsText(join);
            out += ';';
        }
        out += " mean " + durationText(*meanStepUs(join)) + "\n";
    } else if (join.outsideSteps.launches > 0) {
        out += "  " + outsideStepsText(join) + "\n";
    }
    if (index.runs.size() > 1) {
        for (std::size_t r = 0; r < index.runs.size(); ++r) {
            if (!join.runProfiled[r])
                continue;
            out += "  " + displayName(index.runs[r].name.value_or("run")) + ": "
                + durationText(join.runs[r].total()) + ", " + timeSharesText(join.runs[r]) + "\n";
        }
    }
    const std::vector<HotKernel> top = hotKernels(index, join, kTopKernelsShown);
    if (!top.empty()) {
        out += "Top kernels by device time:\n";
        for (std::size_t i = 0; i < top.size(); ++i) {
            const HotKernel& hot = top[i];
            std::string cores;
            for (const std::string& core : hot.cores)
                cores += (cores.empty() ? "" : "/") + core;
            char head[48];
            std::snprintf(head, sizeof head, "  %2zu. ", i + 1);
            // A name whose launches could be any of several kernels: its name and where it may be.
            const std::string what = hot.ambiguous()
                ? hot.name + " (ambiguous: " + hotKernelWhereText(index, hot, true) + ")"
                : kernelPathText(index, hot.kernels.front());
            out += head + durationText(hot.totalUs) + "  "
                + (hot.backend ? std::string(backendName(*hot.backend)) : std::string("mixed")) + "  "
                + std::to_string(hot.launches) + "× mean " + durationText(hot.meanUs()) + "  "
                + (cores.empty() ? "-" : displayName(cores)) + "  " + displayName(what) + "\n";
        }
    }
    if (!join.outside.empty()) {
        out += "Outside compiled kernels (by Type):";
        for (std::size_t i = 0; i < join.outside.size() && i < kTopKernelsShown; ++i)
            out += std::string(i ? "," : "") + " " + displayName(join.outside[i].type) + " "
                + durationText(join.outside[i].totalUs) + " (" + std::to_string(join.outside[i].launches)
                + "×)";
        if (join.outside.size() > kTopKernelsShown)
            out += ", " + std::to_string(join.outside.size() - kTopKernelsShown) + " more types";
        out += "\n";
    }
    for (std::size_t a = 0; a < join.ambiguousGroups.size(); ++a) {
        const AmbiguousGroup& group = join.ambiguousGroups[a];
        if (a == kTopKernelsShown) {
            out += "Ambiguous: " + std::to_string(join.ambiguousGroups.size() - a) + " more names\n";
            break;
        }
        out += "Ambiguous: " + displayName(group.name) + " " + durationText(group.totalUs) + " ("
            + std::to_string(group.launches) + "×) could be";
        for (std::size_t i = 0; i < group.candidates.size(); ++i)
            out += std::string(i ? "," : "") + " " + displayName(kernelPathText(index, group.candidates[i]));
        out += "\n";
    }
    return out;
}

std::string profileCompareText(
    const CompareResult& comparison, const ProfileComparison& times, std::size_t limit)
{
    std::string out = "\nDevice time A → B:";
    out += " A " + (times.totalA ? durationText(times.totalA->total()) : std::string("no profile"));
    out += ", B " + (times.totalB ? durationText(times.totalB->total()) : std::string("no profile")) + "\n";
    if (!times.graphs.empty()) {
        out += "Graphs, biggest time regressions first:\n";
        for (std::size_t i = 0; i < times.graphs.size() && i < limit; ++i) {
            const GraphTime& graph = times.graphs[i];
            out += "  " + displayName(comparison.graphs[graph.graph].key) + ": "
                + (graph.timeA ? durationText(*graph.timeA) : std::string("none")) + " → "
                + (graph.timeB ? durationText(*graph.timeB) : std::string("none")) + " ("
                + signedDuration(graph.delta()) + ")\n";
        }
    }
    if (!times.fusions.empty()) {
        out += "Fusions, biggest time regressions first:\n";
        for (std::size_t i = 0; i < times.fusions.size() && i < limit; ++i)
            out += "  " + displayName(fusionTimeText(times.fusions[i])) + " ("
                + signedDuration(times.fusions[i].delta()) + ")\n";
    }
    return out;
}

} // namespace dvmlens
