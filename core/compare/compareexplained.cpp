// SPDX-License-Identifier: MIT
#include "core/compare/compareexplained.h"

#include "core/compare/comparecompile.h"
#include "core/compare/comparewhy.h"

#include <utility>

namespace dvmlens {

namespace {

// The comparison with its compile changes; `placeWhy` then adds the reason changes.
template <typename PlaceWhy>
CompareResult compareThen(
    const Index& a, const Index& b, CompareOptions options, int jobs, const PlaceWhy& placeWhy)
{
    const std::optional<CompareCompileInput> compile = readCompareCompile(a, b, options, jobs);
    if (compile)
        options.splits = splitPairs(a, b, *compile);
    CompareResult result = compareIndexes(a, b, options);
    if (compile)
        placeCompileChanges(result, a, b, *compile);
    placeWhy(result);
    return result;
}

} // namespace

CompareResult compareExplained(
    const Index& a, const Index& b, CompareOptions options, const WhyRules* rules, int jobs)
{
    return compareThen(a, b, std::move(options), jobs, [&](CompareResult& result) {
        if (rules)
            placeWhyChanges(result, a, b, *rules);
    });
}

CompareResult compareExplained(const Index& a, const Index& b, CompareOptions options, const IndexWhy& whyA,
    const IndexWhy& whyB, int jobs)
{
    return compareThen(a, b, std::move(options), jobs,
        [&](CompareResult& result) { placeWhyChanges(result, a, whyA, b, whyB); });
}

} // namespace dvmlens
