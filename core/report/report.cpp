// SPDX-License-Identifier: MIT
#include "report/report.h"

#include "report/reporthtml.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"

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
