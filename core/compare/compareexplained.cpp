// SPDX-License-Identifier: MIT
#include "core/compare/compareexplained.h"

#include "core/compare/comparecompile.h"
#include "core/compare/comparewhy.h"

namespace dvmlens {

CompareResult compareExplained(
    const Index& a, const Index& b, CompareOptions options, const WhyRules* rules, int jobs)
{
    const std::optional<CompareCompileInput> compile = readCompareCompile(a, b, options, jobs);
    if (compile)
        options.splits = splitPairs(a, b, *compile);
    CompareResult result = compareIndexes(a, b, options);
    if (compile)
        placeCompileChanges(result, a, b, *compile);
    if (rules)
        placeWhyChanges(result, a, b, *rules);
    return result;
}

} // namespace dvmlens
