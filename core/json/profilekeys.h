// SPDX-License-Identifier: MIT
// The keys a profile adds to dvmlens.scan/1 (README: JSON schemas), written against either emitter
// of jsonwriter.h. Without a profile none of them is written, so the document stays byte-identical.
#pragma once

#include "core/profile/profilejoin.h"

#include <cmath>

namespace dvmlens {

// Device times are printed to the nanosecond: sums of many durations would otherwise show
// floating-point noise (12.300000000000001).
inline double roundedMicroseconds(double us)
{
    return std::round(us * 1000.0) / 1000.0;
}

// "device_time_us": {"launches","total","mean"} or null (no row matched the kernel).
template <typename W> void writeKernelDeviceTime(W& w, const KernelTime* time)
{
    w.key("device_time_us");
    if (!time) {
        w.value(nullptr);
        return;
    }
    w.beginObject();
    w.key("launches");
    w.value(time->launches);
    w.key("total");
    w.value(roundedMicroseconds(time->totalUs));
    w.key("mean");
    w.value(roundedMicroseconds(time->meanUs()));
    w.endObject();
}

// "device_time_us": {"by_backend":{<every backend>},"outside","ambiguous"}, or null when no profile
// is paired with the run. A graph's "outside" is null: rows that match no kernel belong to no graph.
template <typename W> void writeSharesDeviceTime(W& w, const TimeShares* shares, bool outsideKnown)
{
    w.key("device_time_us");
    if (!shares) {
        w.value(nullptr);
        return;
    }
    w.beginObject();
    w.key("by_backend");
    w.beginObject();
    for (const Backend backend : kAllBackends) {
        w.key(backendName(backend));
        w.value(roundedMicroseconds(shares->byBackend[static_cast<std::size_t>(backend)]));
    }
    w.endObject();
    w.key("outside");
    if (outsideKnown)
        w.value(roundedMicroseconds(shares->outside));
    else
        w.value(nullptr);
    w.key("ambiguous");
    w.value(roundedMicroseconds(shares->ambiguous));
    w.endObject();
}

// The members of "profile": "paths","rows","matched","ambiguous","unmatched","steps", and
// "outside_steps" when rows have an empty Step Id (the report's
// profile object continues with more).
template <typename W> void writeProfileSummaryMembers(W& w, const ProfileJoin& join)
{
    w.key("paths");
    w.beginArray();
    for (const std::string& path : join.paths)
        w.value(path);
    w.endArray();
    w.key("rows");
    w.value(join.rows);
    w.key("matched");
    w.value(join.matched);
    w.key("ambiguous");
    w.value(join.ambiguous);
    w.key("unmatched");
    w.value(join.unmatched);
    w.key("steps");
    if (join.steps)
        w.value(*join.steps);
    else
        w.value(nullptr);
    if (join.outsideSteps.launches > 0) {
        // Rows with an empty Step Id: counted in every total, in no step.
        w.key("outside_steps");
        w.beginObject();
        w.key("launches");
        w.value(join.outsideSteps.launches);
        w.key("total");
        w.value(roundedMicroseconds(join.outsideSteps.totalUs));
        w.endObject();
    }
}

// "profile": {"paths","rows","matched","ambiguous","unmatched","steps"}
template <typename W> void writeProfileSummary(W& w, const ProfileJoin& join)
{
    w.key("profile");
    w.beginObject();
    writeProfileSummaryMembers(w, join);
    w.endObject();
}

// Where a graph sits in the index, for the profile keys of its kernels and itself.
struct GraphProfile
{
    const ProfileJoin* join = nullptr; // null: no profile, no keys
    std::size_t run = 0;
    std::size_t graph = 0;

    const TimeShares* shares() const
    {
        return join && join->runProfiled[run] ? &join->graphs[run][graph] : nullptr;
    }
    const KernelTime* kernelTime(std::size_t kernel) const
    {
        return join->timeOf(KernelRef { run, graph, kernel });
    }
};

} // namespace dvmlens
