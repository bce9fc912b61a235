// SPDX-License-Identifier: MIT
#include "report/report.h"

#include "report/reportbounds.h"
#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"

namespace dvmlens {

namespace {

std::string rendered(const ReportModel& model, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Markdown:
        return markdownReport(model);
    case ReportFormat::Html:
        return htmlReport(model);
    case ReportFormat::Json:
        break;
    }
    return jsonReport(model);
}

} // namespace

std::string renderReport(const ReportInput& input, ReportFormat format)
{
    ReportModel model = buildReportModel(input);
    if (input.full)
        return rendered(model, format);
    // Each level cuts what the one before kept; the last shows counts only.
    std::string out;
    for (const ReportBounds& bounds : reportBoundLevels()) {
        applyReportBounds(model, bounds);
        if (format != ReportFormat::Json) {
            out = rendered(model, format);
            if (out.size() <= kMaxReportBytes)
                break;
            continue;
        }
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
