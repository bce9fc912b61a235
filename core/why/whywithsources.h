// SPDX-License-Identifier: MIT
// The source map and why not DVM of a whole index in one read of each output_code.py: every graph
// is explained from the text the source map already reads (sources/sourcemap.h), with the same
// results as buildSourceMap and explainIndex apart (`dvmlens-cli sources`, which needs both).
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcemap.h"
#include "core/why/whyindex.h"

namespace dvmlens {

struct SourcesWithWhy
{
    SourceMap map;
    IndexWhy why; // problems in index order
};

// `jobs` threads (0: one per core).
SourcesWithWhy buildSourcesWithWhy(const Index& index, const WhyRules& rules, int jobs = 0);

} // namespace dvmlens
