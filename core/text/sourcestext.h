// SPDX-License-Identifier: MIT
// The readable `dvmlens-cli sources` listing: one block per model source location, worst first
// (location, DVM / other / fallbacks, graphs, ranks, its code, then why its items are not DVM),
// then what no source placed.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcecompare.h"
#include "core/sources/sourcesummary.h"
#include "core/why/sourcelinewhy.h"

#include <string>
#include <vector>

namespace dvmlens {

// "DVM 2 · other 1 (triton 1) · fallbacks 3 (aten 2, extern 1)"
std::string locationCountsText(const LocationCounts& counts);

// `why` (may be null; else parallel to summary.locations, core's whyBySourceLine): after each
// location's code, one "  why: <ops> — <title> [<code>]" line per reason of what fell back there.
std::string sourcesText(
    const Index& index, const SourceSummary& summary, const SourceLinesWhy* why = nullptr);

// "layers.py:113 left DVM in B: DVM 2 → 0 · other 0 → 2 · fallbacks 0 → 0" (one line, no newline).
std::string sourceChangeText(const SourceLocationChange& change);
// The block `compare` prints after its summary: a heading and one line per change; empty without changes.
std::string sourceChangesText(const std::vector<SourceLocationChange>& changes);

} // namespace dvmlens
