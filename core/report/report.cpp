// SPDX-License-Identifier: MIT
#include "core/report/report.h"

#include "core/report/reportbounds.h"
#include "core/report/reporthtml.h"
#include "core/report/reportjson.h"
#include "core/report/reportmarkdown.h"
#include "core/report/reportreading.h"

#include <cstdint>
#include <vector>

namespace dvmlens {

namespace {

std::string rendered(const ReportModel& model, ReportFormat format, std::size_t stopAfter = SIZE_MAX)
{
    switch (format) {
    case ReportFormat::Markdown:
        return markdownReport(model, stopAfter);
    case ReportFormat::Html:
        return htmlReport(model, stopAfter);
    case ReportFormat::Json:
        break;
    }
    return jsonReport(model);
}

} // namespace

std::string renderReport(const ReportInput& input, ReportFormat format)
{
    if (input.full)
        return rendered(buildReportModel(input), format);
    ReportModel model = buildUnreadReportModel(input);
    const std::vector<ReportBounds>& levels = reportBoundLevels();
    // The levels that do not fit even without source excerpts and the kernel bodies read again
    // are passed before anything is read, so what is read (and held) is what the first level that
    // may fit shows, not the loosest level's, and no level's text grows much past the bound.
    listReportGraphsUnread(model);
    std::size_t first = 0;
    for (; first + 1 < levels.size(); ++first) {
        applyReportBounds(model, levels[first]);
        const std::size_t atLeast = format == ReportFormat::Json
            ? graphsJsonBytes(model, kMaxReportBytes)
            : rendered(model, format, kMaxReportBytes).size();
        if (atLeast <= kMaxReportBytes)
            break;
    }
    clearReportGraphLists(model);
    ReportReading reading;
    // As many sources are read as the loosest level would read, so the counts of those left out
    // are the same whichever level reading begins at.
    reading.maxExcerpts = levels.front().excerptsPerGraph;
    reading.keepExcerpts = levels[first].excerptsPerGraph;
    reading.maxKernelBodies = levels[first].dvmKernelsPerGraph;
    readReportGraphsOf(input, model, reading);

    // Each level cuts what the one before kept; the last shows counts only. A level that cannot
    // fit is left as soon as that is known, so the text (or JSON document) of an overlong level
    // never costs more memory than about the bound; the last level is whole.
    std::string out;
    for (std::size_t level = first; level < levels.size(); ++level) {
        applyReportBounds(model, levels[level]);
        const bool last = level + 1 == levels.size();
        if (format != ReportFormat::Json) {
            out = rendered(model, format, last ? SIZE_MAX : kMaxReportBytes);
            if (out.size() <= kMaxReportBytes)
                break;
            continue;
        }
        if (!last && graphsJsonBytes(model, kMaxReportBytes) > kMaxReportBytes)
            continue;
        // JSON on one line is about half as long: tried before cutting further.
        const nlohmann::ordered_json document = reportJson(model);
        out = jsonReportText(document, true);
        if (out.size() <= kMaxReportBytes)
            break;
        out = jsonReportText(document, false);
        if (out.size() <= kMaxReportBytes)
            break;
    }
    return out;
}

} // namespace dvmlens
