// SPDX-License-Identifier: MIT
#include "core/profile/profilecompare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace dvmlens {

namespace {

std::optional<double> graphTime(const ProfileJoin* join, const std::optional<GraphSide>& side)
{
    if (!join || !side || side->run >= join->runProfiled.size() || !join->runProfiled[side->run])
        return std::nullopt;
    const TimeShares& shares = join->graphs[side->run][side->graph];
    return shares.compiled() + shares.ambiguous;
}

std::optional<double> kernelTime(
    const ProfileJoin* join, const std::optional<GraphSide>& graph, const std::optional<FusionSide>& fusion)
{
    if (!join || !graph || !fusion)
        return std::nullopt;
    const KernelTime* time = join->timeOf(KernelRef { graph->run, graph->graph, fusion->kernel });
    if (!time)
        return std::nullopt;
    return time->totalUs;
}

std::string sideText(const std::optional<Backend>& backend, const std::optional<double>& time)
{
    if (!backend)
        return "none";
    return std::string(backendName(*backend)) + " " + (time ? durationText(*time) : std::string("no time"));
}

} // namespace

std::string durationText(double us)
{
    char text[32];
    if (!std::isfinite(us))
        return "n/a"; // never "inf s" or "nan µs"
    if (us >= 1e15)
        std::snprintf(text, sizeof text, "%.3g s", us / 1e6); // %.2f would overflow the buffer, unit and all
    else if (us < 1000.0)
        std::snprintf(text, sizeof text, "%.1f µs", us);
    else if (us < 1e6)
        std::snprintf(text, sizeof text, "%.2f ms", us / 1e3);
    else
        std::snprintf(text, sizeof text, "%.2f s", us / 1e6);
    return text;
}

std::string fusionTimeText(const FusionTime& fusion)
{
    return fusion.key + ": " + sideText(fusion.backendA, fusion.timeA) + " → "
        + sideText(fusion.backendB, fusion.timeB);
}

ProfileComparison compareProfiles(const CompareResult& comparison, const Index& /*a*/, const Index& /*b*/,
    const ProfileJoin* joinA, const ProfileJoin* joinB)
{
    ProfileComparison result;
    if (joinA)
        result.totalA = joinA->total;
    if (joinB)
        result.totalB = joinB->total;
    for (std::size_t g = 0; g < comparison.graphs.size(); ++g) {
        const GraphDiff& diff = comparison.graphs[g];
        GraphTime graph { g, graphTime(joinA, diff.a), graphTime(joinB, diff.b) };
        if (graph.timeA || graph.timeB)
            result.graphs.push_back(graph);
        for (std::size_t f = 0; f < diff.fusions.size(); ++f) {
            const FusionDiff& fusionDiff = diff.fusions[f];
            FusionTime fusion;
            fusion.graph = g;
            fusion.fusion = f;
            fusion.key = fusionDiff.key;
            if (fusionDiff.a)
                fusion.backendA = fusionDiff.a->backend;
            if (fusionDiff.b)
                fusion.backendB = fusionDiff.b->backend;
            fusion.timeA = kernelTime(joinA, diff.a, fusionDiff.a);
            fusion.timeB = kernelTime(joinB, diff.b, fusionDiff.b);
            if (fusion.timeA || fusion.timeB)
                result.fusions.push_back(std::move(fusion));
        }
    }
    const auto slowerFirst = [](const auto& x, const auto& y) { return x.delta() > y.delta(); };
    std::stable_sort(result.graphs.begin(), result.graphs.end(), slowerFirst);
    std::stable_sort(result.fusions.begin(), result.fusions.end(), slowerFirst);
    return result;
}

} // namespace dvmlens
