// SPDX-License-Identifier: MIT
// Why not DVM per model source line: for each location of a SourceSummary (the rows of the Model
// sources dock and of `dvmlens-cli sources`), the reasons of its non-DVM kernels and fallback calls
// grouped by code, with the ops and counts ("layers.py:118: aten.mm ×8 — matmul fusion off").
// The items come from the summary's own join of kernels to model lines, so a line's reasons count
// exactly the items the line counts.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcesummary.h"
#include "core/why/whyindex.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace dvmlens {

struct LineWhy
{
    std::string code;
    int rank = 0;
    LocalizedText title;
    LocalizedText fix;
    std::size_t count = 0; // kernels and calls of the line with this reason
    std::vector<std::pair<std::string, std::size_t>> ops; // op or kernel name -> count, most first
};

// Per location of a SourceSummary, its reasons.
using SourceLinesWhy = std::vector<std::vector<LineWhy>>;

// Parallel to summary.locations: each line's reasons, worst (most general) first, then most items
// first. Needs the summary's items (SourceSummaryBuilder with keepItems); a line with only DVM
// kernels, or whose items have no reason in `why`, has none.
SourceLinesWhy whyBySourceLine(const Index& index, const IndexWhy& why, const SourceSummary& summary);

// "aten.mm.default ×8, aten.permute.default ×1" (at most five ops, then "+N more").
std::string lineWhyOpsText(const LineWhy& reason);

} // namespace dvmlens
