// SPDX-License-Identifier: MIT
// op_statistic.csv: small (one row per operator type), optional, so every problem is a diagnostic.
#include "core/profile/csvfile.h"
#include "core/profile/durationsum.h"
#include "core/profile/profile.h"

#include <cmath>

namespace dvmlens {

namespace {

Diagnostic problem(const std::string& path, std::optional<std::int64_t> line, const std::string& message)
{
    Diagnostic diagnostic;
    diagnostic.path = path;
    if (line)
        diagnostic.line = static_cast<int>(*line);
    diagnostic.severity = Severity::Warning;
    diagnostic.code = "profile-bad-row";
    diagnostic.message = message;
    return diagnostic;
}

} // namespace

void readOpStatistic(const std::string& path, Profile& profile, const std::string& folder)
{
    std::string error;
    std::optional<CsvFile> file = CsvFile::open(path, error, CsvFile::Access::Mapped, folder);
    if (!file) {
        profile.diagnostics.push_back(problem(path, std::nullopt, "op_statistic.csv not read: " + error));
        return;
    }
    std::vector<std::string_view> fields;
    std::string scratch;
    std::optional<std::size_t> type, core, count, total;
    std::size_t needed = 0;
    bool headerSeen = false;
    bool skip = false;
    int reported = 0;
    const auto bad = [&](std::int64_t line, const std::string& why) {
        if (++reported <= 20)
            profile.diagnostics.push_back(problem(path, line, "op_statistic.csv row skipped: " + why));
    };
    const bool read = file->forEachLine(
        0, UINT64_MAX,
        [&](std::string_view line, std::int64_t lineNumber) {
            if (skip || line.empty())
                return;
            if (!headerSeen && line.find('\r') != std::string_view::npos) {
                profile.diagnostics.push_back(
                    problem(path, 1, std::string("op_statistic.csv not read: ") + kCrOnlyLines));
                skip = true;
                return;
            }
            if (!splitCsvLine(line, fields, scratch)) {
                bad(lineNumber, "unterminated quote");
                return;
            }
            if (!headerSeen) {
                headerSeen = true;
                type = columnOf(fields, "OP Type");
                core = columnOf(fields, "Core Type");
                count = columnOf(fields, "Count");
                total = columnOf(fields, "Total Time(us)");
                for (const auto& [column, name] : { std::pair { type, "OP Type" }, { core, "Core Type" },
                         { count, "Count" }, { total, "Total Time(us)" } }) {
                    if (!column) {
                        profile.diagnostics.push_back(problem(path, 1,
                            std::string("op_statistic.csv not read: no '") + name
                                + "' column in the header"));
                        skip = true;
                        return;
                    }
                    needed = std::max(needed, *column + 1);
                }
                return;
            }
            if (fields.size() < needed) {
                bad(lineNumber,
                    std::to_string(fields.size()) + " fields, the header needs " + std::to_string(needed));
                return;
            }
            OpStatistic statistic;
            statistic.type = trimmed(fields[*type]);
            statistic.core = trimmed(fields[*core]);
            if (!parseNumber(fields[*count], statistic.count)
                || !parseNumber(fields[*total], statistic.totalUs) || !std::isfinite(statistic.totalUs)
                || statistic.totalUs < 0 || statistic.totalUs > kMaxDurationUs) {
                bad(lineNumber, "Count or Total Time(us) is not a number (a time from 0 to 10^12 µs)");
                return;
            }
            profile.opStatistics.push_back(std::move(statistic));
        },
        [&](std::int64_t lineNumber) { bad(lineNumber, "line too long"); }, error);
    if (!read)
        profile.diagnostics.push_back(problem(path, std::nullopt, "op_statistic.csv not read: " + error));
}

} // namespace dvmlens
