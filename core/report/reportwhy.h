// SPDX-License-Identifier: MIT
// The "Why it fell back" section of a report: the reasons of every item that did not become DVM,
// grouped as `dvmlens-cli why` groups them, so the CLI's report and the window's export agree.
#pragma once

#include "core/model/model.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "core/why/whyindex.h"
#include "core/why/whyrules.h"
#include "core/why/whysummary.h"

#include <vector>

namespace dvmlens {

// The why rules as installed (or the user's file), every item of `index` explained and grouped
// with the model lines of `sources`; null `sources`: they are read from the graph folders here.
std::vector<WhyGroup> reportWhyGroups(const Index& index, const SourceMap* sources = nullptr);
// The same from reasons already decided with `rules` (the window's why product): not explained again.
std::vector<WhyGroup> reportWhyGroups(
    const Index& index, const IndexWhy& why, const WhyRules& rules, const SourceMap* sources = nullptr);

// What a report takes from the graph folders' model sources, read once: the "Where it fell back"
// summary (ReportInput::sources) and the "Why it fell back" groups (ReportInput::why).
struct ReportSourcesAndWhy
{
    SourceSummary sources;
    std::vector<WhyGroup> why;
};
ReportSourcesAndWhy readReportSourcesAndWhy(const Index& index);

} // namespace dvmlens
