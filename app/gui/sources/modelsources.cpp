// SPDX-License-Identifier: MIT
#include "sources/modelsources.h"

std::shared_ptr<const ModelSources> computeModelSources(const dvmlens::Index& index)
{
    auto sources = std::make_shared<ModelSources>();
    sources->index = &index;
    sources->map = dvmlens::buildSourceMap(index);
    sources->summary = dvmlens::summarizeSources(index, sources->map);
    return sources;
}
