// SPDX-License-Identifier: MIT
#include "core/report/reportwhy.h"

#include "core/why/whyindex.h"
#include "core/why/whyrules.h"
#include "core/why/whywithsources.h"

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
    // Each output_code.py read once, for the model sources and the reasons both.
    const LoadedWhyRules rules = loadWhyRules();
    const SourcesWithWhy read = buildSourcesWithWhy(index, rules.rules);
    return ReportSourcesAndWhy { summarizeSources(index, read.map),
        summarizeWhy(index, read.why, rules.rules, &read.map) };
}

} // namespace dvmlens
