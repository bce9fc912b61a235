// SPDX-License-Identifier: MIT
#include "core/why/sourcelinewhy.h"

#include "core/why/itemwhy.h"

#include <algorithm>
#include <map>

namespace dvmlens {

namespace {

constexpr std::size_t kShownOps = 5;

std::vector<LineWhy> lineWhy(const Index& index, const IndexWhy& why, const SourceLocationSummary& location)
{
    std::map<std::string, LineWhy> byCode;
    std::map<std::string, std::map<std::string, std::size_t>> opsByCode;
    for (const SourceItemRef& ref : location.items) {
        const ItemWhy item = itemWhy(index, why, ref);
        if (!item.reason)
            continue;
        LineWhy& reason = byCode[item.reason->code];
        if (reason.count == 0) {
            reason.code = item.reason->code;
            reason.rank = item.reason->rank;
            reason.title = item.reason->title;
            reason.fix = item.reason->fix;
        }
        ++reason.count;
        ++opsByCode[item.reason->code][item.op];
    }
    std::vector<LineWhy> reasons;
    for (auto& [code, reason] : byCode) {
        reason.ops = mostFirst(opsByCode[code]);
        reasons.push_back(std::move(reason));
    }
    std::stable_sort(reasons.begin(), reasons.end(), [](const LineWhy& a, const LineWhy& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.count > b.count;
    });
    return reasons;
}

} // namespace

SourceLinesWhy whyBySourceLine(const Index& index, const IndexWhy& why, const SourceSummary& summary)
{
    SourceLinesWhy lines;
    lines.reserve(summary.locations.size());
    for (const SourceLocationSummary& location : summary.locations)
        lines.push_back(location.fellBack() ? lineWhy(index, why, location) : std::vector<LineWhy>());
    return lines;
}

std::string lineWhyOpsText(const LineWhy& reason)
{
    std::string text;
    for (std::size_t i = 0; i < reason.ops.size() && i < kShownOps; ++i)
        text += (i ? ", " : "") + reason.ops[i].first + " ×" + std::to_string(reason.ops[i].second);
    if (reason.ops.size() > kShownOps)
        text += ", +" + std::to_string(reason.ops.size() - kShownOps) + " more";
    return text;
}

} // namespace dvmlens
