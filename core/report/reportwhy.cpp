// SPDX-License-Identifier: MIT
#include "core/report/reportwhy.h"

#include "core/why/whyindex.h"
#include "core/why/whyrules.h"

namespace dvmlens {

std::vector<WhyGroup> reportWhyGroups(const Index& index, const SourceMap* sources)
{
    if (!sources) {
        const SourceMap read = buildSourceMap(index);
        return reportWhyGroups(index, &read);
    }
    const LoadedWhyRules rules = loadWhyRules();
    const IndexWhy why = explainIndex(index, rules.rules);
    return summarizeWhy(index, why, rules.rules, sources);
}

std::vector<WhyGroup> reportWhyGroups(
    const Index& index, const IndexWhy& why, const WhyRules& rules, const SourceMap* sources)
{
    if (!sources) {
        const SourceMap read = buildSourceMap(index);
        return summarizeWhy(index, why, rules, &read);
    }
    return summarizeWhy(index, why, rules, sources);
}

ReportSourcesAndWhy readReportSourcesAndWhy(const Index& index)
{
    const SourceMap map = buildSourceMap(index);
    return ReportSourcesAndWhy { summarizeSources(index, map), reportWhyGroups(index, &map) };
}

} // namespace dvmlens
