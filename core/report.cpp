// SPDX-License-Identifier: MIT
#include "report.h"

#include "reporthtml.h"
#include "reportjson.h"
#include "reportmarkdown.h"

namespace dvmlens {

std::string renderReport(const ReportInput& input, ReportFormat format)
{
    const ReportModel model = buildReportModel(input);
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

} // namespace dvmlens
