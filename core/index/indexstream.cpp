// SPDX-License-Identifier: MIT
#include "core/index/indexstream.h"

#include <algorithm>

namespace dvmlens {

bool applyParsedGraphs(Index& index, std::vector<ParsedGraph>&& batch)
{
    for (const ParsedGraph& parsed : batch) {
        if (parsed.run >= index.runs.size() || parsed.graph >= index.runs[parsed.run].graphs.size()
            || !index.runs[parsed.run].graphs[parsed.graph].outputCode)
            return false;
    }
    for (ParsedGraph& parsed : batch)
        attachOutputCode(index.runs[parsed.run].graphs[parsed.graph], std::move(parsed.code));
    return true;
}

std::chrono::milliseconds nextBatchInterval(std::chrono::milliseconds previous, const IndexStream& stream)
{
    if (stream.maxBatchInterval <= stream.batchInterval)
        return stream.batchInterval;
    return std::clamp(previous * 2, stream.batchInterval, stream.maxBatchInterval);
}

void finishStreamedIndex(Index& index, const Index& returned)
{
    index.diagnostics = returned.diagnostics;
}

} // namespace dvmlens
