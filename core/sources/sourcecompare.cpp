// SPDX-License-Identifier: MIT
#include "core/sources/sourcecompare.h"

#include "core/sources/sourcemap.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

namespace dvmlens {

std::string_view sourceChangeName(SourceChange change)
{
    switch (change) {
    case SourceChange::LeftDvm:
        return "left_dvm";
    case SourceChange::FewerDvm:
        return "fewer_dvm";
    case SourceChange::JoinedDvm:
        return "joined_dvm";
    case SourceChange::MoreDvm:
        return "more_dvm";
    }
    return "left_dvm";
}

std::vector<SourceLocationChange> compareSources(const SourceSummary& a, const SourceSummary& b)
{
    std::map<std::pair<std::string, int>, SourceLocationChange> byLine;
    for (const SourceLocationSummary& location : a.locations) {
        SourceLocationChange& entry = byLine[{ location.frame.file, location.frame.line }];
        entry.frame = location.frame;
        entry.a = location.counts;
    }
    for (const SourceLocationSummary& location : b.locations) {
        SourceLocationChange& entry = byLine[{ location.frame.file, location.frame.line }];
        if (!entry.a)
            entry.frame = location.frame;
        entry.b = location.counts;
    }
    std::vector<SourceLocationChange> changes;
    for (auto& [line, entry] : byLine) {
        const int dvmA = entry.a ? entry.a->dvmKernels() : 0;
        const int dvmB = entry.b ? entry.b->dvmKernels() : 0;
        if (dvmA == dvmB)
            continue;
        if (dvmA > dvmB)
            entry.change = dvmB == 0 ? SourceChange::LeftDvm : SourceChange::FewerDvm;
        else
            entry.change = dvmA == 0 ? SourceChange::JoinedDvm : SourceChange::MoreDvm;
        changes.push_back(std::move(entry));
    }
    // Lines still on both sides first: "left DVM" there says more than a line gone with its graph.
    const auto key = [](const SourceLocationChange& c) {
        return std::make_tuple(c.change, !c.a || !c.b, std::cref(c.frame.file), c.frame.line);
    };
    std::stable_sort(changes.begin(), changes.end(),
        [&](const SourceLocationChange& x, const SourceLocationChange& y) { return key(x) < key(y); });
    return changes;
}

std::vector<SourceLocationChange> compareIndexSources(const Index& a, const Index& b,
    std::optional<std::size_t> runA, std::optional<std::size_t> runB, int jobs)
{
    return compareIndexSources(a, buildSourceMap(a, jobs), b, buildSourceMap(b, jobs), runA, runB);
}

std::vector<SourceLocationChange> compareIndexSources(const Index& a, const SourceMap& mapA, const Index& b,
    const SourceMap& mapB, std::optional<std::size_t> runA, std::optional<std::size_t> runB)
{
    return compareSources(summarizeSources(a, mapA, false, runA), summarizeSources(b, mapB, false, runB));
}

} // namespace dvmlens
