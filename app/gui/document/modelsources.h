// SPDX-License-Identifier: MIT
// What the Model sources dock shows of an index: core's SourceMap and its sum by source line,
// computed together off the GUI thread and shared read-only.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"

#include <memory>

struct ModelSources
{
    const dvmlens::Index* index = nullptr; // the index they describe (identity only, never read here)
    dvmlens::SourceMap map; // without the items' FX node names (ItemSources::nodes), which nothing here shows
    dvmlens::SourceSummary summary; // model frames only (library frames when an item has no other)
};

// Reads the graph folders of `index` again (FX graph files, provenance JSONs, output_code.py).
std::shared_ptr<const ModelSources> computeModelSources(const dvmlens::Index& index);
