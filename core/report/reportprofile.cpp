// SPDX-License-Identifier: MIT
#include "core/report/reportprofile.h"

#include "core/json/jsonwriter.h"
#include "core/json/profilekeys.h"
#include "core/report/reporthtml.h"
#include "core/report/reportmarkdown.h"
#include "core/text/displaytext.h"
#include "core/text/profiletext.h"

namespace dvmlens {

namespace {

using nlohmann::ordered_json;

std::string signedDuration(double us)
{
    return (us >= 0 ? "+" : "−") + durationText(us >= 0 ? us : -us);
}

std::string optionalDuration(const std::optional<double>& us)
{
    return us ? durationText(*us) : std::string("—");
}

// One table, written as Markdown or HTML rows.
struct Table
{
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;

    std::string markdown() const
    {
        std::string out = "|";
        for (const std::string& cell : header)
            out += " " + cell + " |";
        out += "\n|";
        for (std::size_t i = 0; i < header.size(); ++i)
            out += i == 0 ? "---|" : "---:|";
        out += "\n";
        for (const auto& row : rows) {
            out += "|";
            for (const std::string& cell : row) // kernel names, profile Types: from the input
                out += " " + markdownCellText(cell) + " |";
            out += "\n";
        }
        return out + "\n";
    }

    std::string html() const
    {
        std::string out = "<table>\n<tr>";
        for (const std::string& cell : header)
            out += "<th>" + htmlEscaped(cell) + "</th>";
        out += "</tr>\n";
        for (const auto& row : rows) {
            out += "<tr>";
            for (const std::string& cell : row)
                out += "<td>" + htmlEscaped(displayName(cell)) + "</td>";
            out += "</tr>\n";
        }
        return out + "</table>\n";
    }
};

struct Section
{
    std::vector<std::string> lines; // plain sentences
    std::vector<std::pair<std::string, Table>> tables; // title, table
};

Table sharesTable(const ReportModel& model, const TimeShares& shares)
{
    Table table { { model.say("Where"), model.say("Device time"), model.say("Share") }, {} };
    const double total = shares.total();
    const auto add = [&](std::string name, double time) {
        if (time > 0)
            table.rows.push_back(
                { std::move(name), durationText(time), percentText(total > 0 ? time / total : 0.0) });
    };
    for (const Backend backend : kAllBackends)
        add(std::string(backendName(backend)), shares.byBackend[static_cast<std::size_t>(backend)]);
    add(model.say("outside compiled kernels"), shares.outside);
    add(model.say("ambiguous"), shares.ambiguous);
    return table;
}

Section section(const ReportModel& model)
{
    Section out;
    if (model.profile) {
        const ProfileJoin& join = *model.profile;
        out.lines.push_back(model.say("%1 kernel rows: %2 matched, %3 ambiguous, %4 outside compiled kernels",
                                { std::to_string(join.rows), std::to_string(join.matched),
                                    std::to_string(join.ambiguous), std::to_string(join.unmatched) })
            + (join.steps ? model.say("; %1 steps, mean %2 a step",
                   { std::to_string(*join.steps),
                       durationText(
                           meanStepUs(join).value_or(join.total.total() - join.outsideSteps.totalUs)) })
                          : std::string())
            + model.say("."));
        out.lines.push_back(model.say("Device time %1; DVM share of compiled time %2.",
            { durationText(join.total.total()), percentText(join.total.dvmShare()) }));
        out.tables.emplace_back(model.say("By backend"), sharesTable(model, join.total));
        if (join.steps && *join.steps > 0) {
            // Every step up to a screenful, then the mean (the line above has it too).
            constexpr std::size_t kStepsListed = 20;
            Table steps { { model.say("Step"), model.say("Device time") }, {} };
            for (const auto& [step, totalUs] : join.stepTotalUs) {
                if (steps.rows.size() == kStepsListed) {
                    steps.rows.push_back({ "…",
                        model.say(
                            "%1 more steps", { std::to_string(join.stepTotalUs.size() - kStepsListed) }) });
                    break;
                }
                steps.rows.push_back({ std::to_string(step), durationText(totalUs) });
            }
            if (join.outsideSteps.launches > 0) // rows with an empty Step Id
                steps.rows.push_back({ model.say("outside steps"),
                    model.say("%1 (%2 launches)",
                        { durationText(join.outsideSteps.totalUs),
                            std::to_string(join.outsideSteps.launches) }) });
            steps.rows.push_back({ model.say("mean"), durationText(*meanStepUs(join)) });
            out.tables.emplace_back(model.say("By step"), std::move(steps));
        }
        Table top { { model.say("Kernel"), model.say("Backend"), model.say("Launches"), model.say("Total"),
                        model.say("Mean") },
            {} };
        for (const KernelRef& ref : topKernels(join, kReportTopKernels)) {
            const KernelTime& time = *join.timeOf(ref);
            const Kernel& kernel =
                model.index->runs[ref.run].graphs[ref.graph].outputCode->kernels[ref.kernel];
            top.rows.push_back({ kernelPathText(*model.index, ref), std::string(backendName(kernel.backend)),
                std::to_string(time.launches), durationText(time.totalUs), durationText(time.meanUs()) });
        }
        if (!top.rows.empty())
            out.tables.emplace_back(model.say("Top kernels"), std::move(top));
        Table outside { { model.say("Type"), model.say("Launches"), model.say("Total") }, {} };
        for (std::size_t i = 0; i < join.outside.size() && i < kReportTopKernels; ++i)
            outside.rows.push_back({ join.outside[i].type, std::to_string(join.outside[i].launches),
                durationText(join.outside[i].totalUs) });
        if (!outside.rows.empty())
            out.tables.emplace_back(model.say("Outside compiled kernels"), std::move(outside));
    }
    if (model.timeComparison && model.comparison) {
        const ProfileComparison& times = *model.timeComparison;
        Table graphs { { model.say("Graph"), model.say("Baseline"), model.say("This run"), "Δ" }, {} };
        for (std::size_t i = 0; i < times.graphs.size() && i < kReportTimeRegressions; ++i) {
            const GraphTime& graph = times.graphs[i];
            graphs.rows.push_back({ model.comparison->graphs[graph.graph].key, optionalDuration(graph.timeA),
                optionalDuration(graph.timeB), signedDuration(graph.delta()) });
        }
        if (!graphs.rows.empty())
            out.tables.emplace_back(
                model.say("Time regressions by graph (slowest change first)"), std::move(graphs));
        Table fusions { { model.say("Fusion"), model.say("Baseline → this run"), "Δ" }, {} };
        for (std::size_t i = 0; i < times.fusions.size() && i < kReportTimeRegressions; ++i) {
            // "dvm 4.0 µs → triton no time": backend names and durations but for "no time".
            std::string change = fusionTimeText(times.fusions[i]).substr(times.fusions[i].key.size() + 2);
            for (std::size_t at = change.find("no time");
                 at != std::string::npos && model.language != ReportLanguage::English;
                 at = change.find("no time", at))
                change.replace(at, 7, model.say("no time"));
            fusions.rows.push_back(
                { times.fusions[i].key, change, signedDuration(times.fusions[i].delta()) });
        }
        if (!fusions.rows.empty())
            out.tables.emplace_back(model.say("Time regressions by fusion"), std::move(fusions));
    }
    return out;
}

bool wanted(const ReportModel& model)
{
    return model.profile || model.timeComparison;
}

} // namespace

std::string profileMarkdown(const ReportModel& model)
{
    if (!wanted(model))
        return std::string();
    const Section parts = section(model);
    std::string out = "## " + model.say("Where the time goes") + "\n\n";
    for (const std::string& line : parts.lines)
        out += line + "\n";
    out += "\n";
    for (const auto& [title, table] : parts.tables)
        out += "**" + title + "**\n\n" + table.markdown();
    return out;
}

std::string profileHtml(const ReportModel& model)
{
    if (!wanted(model))
        return std::string();
    const Section parts = section(model);
    std::string out = "<h2>" + model.say("Where the time goes") + "</h2>\n";
    for (const std::string& line : parts.lines)
        out += "<p>" + htmlEscaped(line) + "</p>\n";
    for (const auto& [title, table] : parts.tables)
        out += "<h3>" + htmlEscaped(title) + "</h3>\n" + table.html();
    return out;
}

ordered_json profileReportJson(const ReportModel& model)
{
    ordered_json json = ordered_json::object();
    if (model.profile) {
        const ProfileJoin& join = *model.profile;
        // The same keys as scan --json's "profile" and a run's "device_time_us" (profilekeys.h).
        JsonValueBuilder builder;
        builder.beginObject();
        writeProfileSummaryMembers(builder, join);
        writeSharesDeviceTime(builder, &join.total, true);
        builder.endObject();
        json = builder.take();
        const auto share = join.total.dvmShare();
        json["dvm_share"] = share ? ordered_json(*share) : ordered_json(nullptr);
        ordered_json top = ordered_json::array();
        for (const KernelRef& ref : topKernels(join, kReportTopKernels)) {
            const KernelTime& time = *join.timeOf(ref);
            const Kernel& kernel =
                model.index->runs[ref.run].graphs[ref.graph].outputCode->kernels[ref.kernel];
            top.push_back(ordered_json { { "kernel", kernelPathText(*model.index, ref) },
                { "backend", std::string(backendName(kernel.backend)) }, { "launches", time.launches },
                { "total_us", roundedMicroseconds(time.totalUs) },
                { "mean_us", roundedMicroseconds(time.meanUs()) } });
        }
        json["top_kernels"] = top;
        ordered_json outside = ordered_json::array();
        for (std::size_t i = 0; i < join.outside.size() && i < kReportTopKernels; ++i)
            outside.push_back(
                ordered_json { { "type", join.outside[i].type }, { "launches", join.outside[i].launches },
                    { "total_us", roundedMicroseconds(join.outside[i].totalUs) } });
        json["outside"] = outside;
    }
    if (model.timeComparison && model.comparison) {
        const auto orNull = [](const std::optional<double>& us) {
            return us ? ordered_json(roundedMicroseconds(*us)) : ordered_json(nullptr);
        };
        const auto backendOrNull = [](const std::optional<Backend>& backend) {
            return backend ? ordered_json(std::string(backendName(*backend))) : ordered_json(nullptr);
        };
        ordered_json graphs = ordered_json::array();
        for (const GraphTime& graph : model.timeComparison->graphs)
            graphs.push_back(ordered_json { { "key", model.comparison->graphs[graph.graph].key },
                { "baseline_us", orNull(graph.timeA) }, { "us", orNull(graph.timeB) },
                { "delta_us", roundedMicroseconds(graph.delta()) } });
        ordered_json fusions = ordered_json::array();
        for (const FusionTime& fusion : model.timeComparison->fusions)
            fusions.push_back(ordered_json { { "graph", model.comparison->graphs[fusion.graph].key },
                { "key", fusion.key }, { "baseline_backend", backendOrNull(fusion.backendA) },
                { "backend", backendOrNull(fusion.backendB) }, { "baseline_us", orNull(fusion.timeA) },
                { "us", orNull(fusion.timeB) }, { "delta_us", roundedMicroseconds(fusion.delta()) } });
        json["time_regressions"] = ordered_json { { "graphs", graphs }, { "fusions", fusions } };
    } else {
        json["time_regressions"] = nullptr;
    }
    return json;
}

} // namespace dvmlens
