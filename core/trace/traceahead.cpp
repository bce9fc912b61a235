// SPDX-License-Identifier: MIT
#include "core/trace/traceahead.h"

#include "core/io/container.h"
#include "core/trace/tracecontainer.h"
#include "core/trace/tracelog.h"
#include "core/trace/tracemember.h"

#include <algorithm>
#include <limits>
#include <map>

namespace dvmlens {

void readTraceFilesAhead(const Container& files, const std::string& log, const std::string& tree,
    const std::vector<TraceFileAsk>& asks,
    const std::function<void(std::size_t item, TraceFilesRead payloads)>& ready)
{
    // The record line of each ask (0: none), found as readTraceMember finds it.
    std::shared_ptr<const GraphFileLines> graphs;
    if (std::any_of(
            asks.begin(), asks.end(), [](const TraceFileAsk& ask) { return ask.file != "output_code.py"; })) {
        FileError error;
        graphs = graphFileLines(files, log, tree, error, traceReadMemoOf(files));
    }
    std::vector<int> lines(asks.size(), 0);
    for (std::size_t k = 0; k < asks.size(); ++k) {
        if (asks[k].file == "output_code.py") {
            lines[k] = asks[k].graphLine;
        } else if (graphs) {
            if (const auto graph = graphs->find(asks[k].graphLine); graph != graphs->end())
                if (const auto file = graph->second.find(asks[k].file); file != graph->second.end())
                    lines[k] = file->second;
        }
    }
    // Items in the order of their last record: each is handed over once the read passes it.
    struct Pending
    {
        int lastLine = 0;
        TraceFilesRead payloads;
    };
    std::map<std::size_t, Pending> items;
    std::map<int, std::vector<std::size_t>> asksAt; // record line → asks
    for (std::size_t k = 0; k < asks.size(); ++k) {
        Pending& item = items[asks[k].item];
        item.lastLine = std::max(item.lastLine, lines[k]);
        if (lines[k] > 0)
            asksAt[lines[k]].push_back(k);
    }
    std::vector<std::pair<int, std::size_t>> order; // (last line, item)
    for (const auto& [item, pending] : items)
        order.emplace_back(pending.lastLine, item);
    std::sort(order.begin(), order.end());
    std::size_t next = 0;
    const auto handOverBefore = [&](int line) { // every item whose records all precede `line`
        for (; next < order.size() && order[next].first < line; ++next) {
            Pending& item = items[order[next].second];
            ready(order[next].second, std::move(item.payloads));
        }
    };
    TraceReadOptions options;
    for (const auto& [line, unused] : asksAt)
        options.onlyLines.push_back(line);
    if (!options.onlyLines.empty())
        readTraceLog(files, log, tree, options, [&](TraceRecord& record) {
            handOverBefore(record.line);
            const auto at = asksAt.find(record.line);
            if (at == asksAt.end() || !record.payload || (record.payloadMd5 && !record.payloadVerified))
                return;
            const auto payload = std::make_shared<const std::string>(std::move(*record.payload));
            for (const std::size_t k : at->second)
                items[asks[k].item].payloads.emplace_back(k, payload);
        });
    handOverBefore(std::numeric_limits<int>::max());
}

} // namespace dvmlens
