// SPDX-License-Identifier: MIT
#include "core/report/reportwhy.h"

#include "core/why/whyindex.h"
#include "core/why/whyrules.h"

namespace dvmlens {

std::vector<WhyGroup> reportWhyGroups(const Index& index, const SourceMap* sources)
{
    const LoadedWhyRules rules = loadWhyRules();
    const IndexWhy why = explainIndex(index, rules.rules);
    if (sources)
        return summarizeWhy(index, why, rules.rules, sources);
    const SourceMap read = buildSourceMap(index);
    return summarizeWhy(index, why, rules.rules, &read);
}

} // namespace dvmlens
