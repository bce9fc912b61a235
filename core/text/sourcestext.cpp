// SPDX-License-Identifier: MIT
#include "core/text/sourcestext.h"

#include "core/text/displaytext.h"

#include <cmath>

namespace dvmlens {

namespace {

std::string plural(int n, const char* one, const char* many)
{
    return std::to_string(n) + ' ' + (n == 1 ? one : many);
}

} // namespace

std::string locationCountsText(const LocationCounts& counts)
{
    std::string text =
        "DVM " + std::to_string(counts.dvmKernels()) + " · other " + std::to_string(counts.otherKernels());
    std::string detail;
    for (Backend backend : kAllBackends) {
        const int n = counts.kernels[static_cast<std::size_t>(backend)];
        if (backend == Backend::Dvm || n == 0)
            continue;
        detail += (detail.empty() ? "" : ", ") + std::string(backendName(backend)) + ' ' + std::to_string(n);
    }
    if (!detail.empty())
        text += " (" + detail + ')';
    text += " · fallbacks " + std::to_string(counts.fallbackTotal());
    detail.clear();
    for (FallbackKind kind : kAllFallbackKinds) {
        const int n = counts.fallbacks[static_cast<std::size_t>(kind)];
        if (n > 0)
            detail +=
                (detail.empty() ? "" : ", ") + std::string(fallbackKindName(kind)) + ' ' + std::to_string(n);
    }
    if (!detail.empty())
        text += " (" + detail + ')';
    return text;
}

std::string sourcesText(const Index& index, const SourceSummary& summary, const SourceLinesWhy* why)
{
    int fellBack = 0;
    for (const SourceLocationSummary& location : summary.locations)
        fellBack += location.fellBack() ? 1 : 0;
    std::string text = "model sources of " + displayName(index.root) + ": "
        + plural(static_cast<int>(summary.locations.size()), "location", "locations") + ", "
        + std::to_string(fellBack) + " with fallbacks or non-DVM kernels\n";
    for (std::size_t i = 0; i < summary.locations.size(); ++i) {
        const SourceLocationSummary& location = summary.locations[i];
        const std::optional<double> share = location.counts.dvmShare();
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "\n" + std::string&&.
        text += '\n';
        text += displayName(location.frame.file) + ':' + std::to_string(location.frame.line);
        if (!location.frame.function.empty())
            text += " in " + displayName(location.frame.function);
        if (location.frame.library)
            text += " (library)";
        text += "\n  " + locationCountsText(location.counts);
        if (share)
            text += " · " + std::to_string(static_cast<int>(std::lround(*share * 100))) + "% DVM";
        text += " · " + plural(location.graphs, "graph", "graphs") + " · "
            + plural(location.runs, "rank", "ranks") + '\n';
        if (!location.frame.code.empty())
            text += "  code: " + displayName(location.frame.code) + '\n';
        if (why && i < why->size()) {
            for (const LineWhy& reason : (*why)[i])
                text += "  why: " + displayName(lineWhyOpsText(reason)) + " — " + displayName(reason.title.en)
                    + " [" + displayName(reason.code) + "]\n";
        }
    }
    const LocationCounts& none = summary.unattributed;
    if (none.kernelTotal() + none.fallbackTotal() > 0)
        text += "\nno model source line found for: " + locationCountsText(none) + '\n';
    return text;
}

std::string sourceChangeText(const SourceLocationChange& change)
{
    static const LocationCounts kNone;
    const LocationCounts& a = change.a ? *change.a : kNone;
    const LocationCounts& b = change.b ? *change.b : kNone;
    const char* words = "left DVM in B";
    switch (change.change) {
    case SourceChange::LeftDvm:
        words = change.b ? "left DVM in B" : "is gone from B (it had DVM kernels in A)";
        break;
    case SourceChange::FewerDvm:
        words = "has fewer DVM kernels in B";
        break;
    case SourceChange::JoinedDvm:
        words = change.a ? "went to DVM in B" : "is new in B, with DVM kernels";
        break;
    case SourceChange::MoreDvm:
        words = "has more DVM kernels in B";
        break;
    }
    const auto arrow = [](int x, int y) { return std::to_string(x) + " → " + std::to_string(y); };
    return displayName(shortLocation(change.frame)) + ' ' + words + ": DVM "
        + arrow(a.dvmKernels(), b.dvmKernels()) + " · other " + arrow(a.otherKernels(), b.otherKernels())
        + " · fallbacks " + arrow(a.fallbackTotal(), b.fallbackTotal());
}

std::string sourceChangesText(const std::vector<SourceLocationChange>& changes)
{
    if (changes.empty())
        return {};
    std::string text = "\nmodel source lines whose DVM kernels changed (A → B):\n";
    for (const SourceLocationChange& change : changes)
        text += "  " + sourceChangeText(change) + '\n';
    return text;
}

} // namespace dvmlens
