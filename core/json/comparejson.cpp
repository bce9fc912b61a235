// SPDX-License-Identifier: MIT
#include "core/json/comparejson.h"

#include "core/json/profilekeys.h"

#include <nlohmann/json.hpp>

#include <map>
#include <utility>

namespace dvmlens {

namespace {

using Json = nlohmann::ordered_json;

template <typename T, typename ToJson> Json orNull(const std::optional<T>& value, ToJson toJson)
{
    return value ? toJson(*value) : Json(nullptr);
}

Json countsJson(const BackendCounts& counts)
{
    Json json = Json::object();
    for (Backend backend : kAllBackends)
        json[std::string(backendName(backend))] = counts[static_cast<std::size_t>(backend)];
    return json;
}

Json microseconds(const std::optional<double>& us)
{
    return us ? Json(roundedMicroseconds(*us)) : Json(nullptr);
}

template <typename Time> Json timeJson(const Time* time)
{
    if (!time)
        return Json { { "a", nullptr }, { "b", nullptr }, { "delta", 0.0 } };
    return Json { { "a", microseconds(time->timeA) }, { "b", microseconds(time->timeB) },
        { "delta", roundedMicroseconds(time->delta()) } };
}

Json backendOrNull(const std::optional<Backend>& backend)
{
    return backend ? Json(std::string(backendName(*backend))) : Json(nullptr);
}

// One side of "profile": what was read and where its time went.
Json profileSideJson(const ProfileJoin* join)
{
    if (!join)
        return nullptr;
    Json byBackend = Json::object();
    for (Backend backend : kAllBackends)
        byBackend[std::string(backendName(backend))] =
            roundedMicroseconds(join->total.byBackend[static_cast<std::size_t>(backend)]);
    return Json { { "paths", join->paths }, { "rows", join->rows }, { "matched", join->matched },
        { "ambiguous", join->ambiguous }, { "unmatched", join->unmatched },
        { "by_backend", std::move(byBackend) }, { "outside", roundedMicroseconds(join->total.outside) },
        { "ambiguous_us", roundedMicroseconds(join->total.ambiguous) },
        { "total", roundedMicroseconds(join->total.total()) } };
}

// The times of a comparison by place: graph index, (graph, fusion) index.
struct TimesByPlace
{
    std::map<std::size_t, const GraphTime*> graphs;
    std::map<std::pair<std::size_t, std::size_t>, const FusionTime*> fusions;

    explicit TimesByPlace(const ProfileComparison& times)
    {
        for (const GraphTime& graph : times.graphs)
            graphs[graph.graph] = &graph;
        for (const FusionTime& fusion : times.fusions)
            fusions[{ fusion.graph, fusion.fusion }] = &fusion;
    }
    template <typename Map, typename Key> static auto at(const Map& map, const Key& key)
    {
        const auto it = map.find(key);
        return it == map.end() ? nullptr : it->second;
    }
};

Json fusionJson(const FusionDiff& fusion)
{
    const auto backendOf = [](const FusionSide& side) {
        return Json(std::string(backendName(side.backend)));
    };
    Json json = Json::object();
    json["key"] = fusion.key;
    json["a"] = orNull(fusion.a, backendOf);
    json["b"] = orNull(fusion.b, backendOf);
    json["changes"] = fusion.changes;
    return json;
}

// [{"kind", "sentence"}] of compile-side changes.
Json compileChangesJson(const std::vector<std::pair<std::string, std::string>>& changes)
{
    Json list = Json::array();
    for (const auto& [kind, sentence] : changes)
        list.push_back(Json { { "kind", kind }, { "sentence", sentence } });
    return list;
}

// [{"item", "op", "count", "a", "b", "a_text", "b_text"}] of why-not-DVM reason changes; a null code is a
// DVM kernel or no such call.
Json whyChangesJson(const std::vector<WhyChange>& changes)
{
    const auto code = [](const std::optional<std::string>& value) {
        return value ? Json(*value) : Json(nullptr);
    };
    Json list = Json::array();
    for (const WhyChange& change : changes)
        list.push_back(Json { { "item", change.kernel ? "kernel" : "fallback" }, { "op", change.op },
            { "count", change.count }, { "a", code(change.codeA) }, { "b", code(change.codeB) },
            { "a_text", change.textA }, { "b_text", change.textB } });
    return list;
}

Json graphJson(const GraphDiff& diff, std::size_t g, const TimesByPlace* times)
{
    const auto pathOf = [](const GraphSide& side) { return Json(side.path); };
    const auto boolean = [](bool value) { return Json(value); };
    Json json = Json::object();
    json["key"] = diff.key;
    json["a"] = orNull(diff.a, pathOf);
    json["b"] = orNull(diff.b, pathOf);
    json["status"] = std::string(pairStatusName(diff.status));
    json["dvm_engaged"] =
        Json { { "a", orNull(diff.dvmEngagedA, boolean) }, { "b", orNull(diff.dvmEngagedB, boolean) } };
    json["counts"] =
        Json { { "a", orNull(diff.countsA, countsJson) }, { "b", orNull(diff.countsB, countsJson) } };
    json["fallbacks"] = Json { { "added", diff.fallbacksAdded }, { "removed", diff.fallbacksRemoved } };
    json["dvm_only_a"] = diff.dvmOnlyA;
    json["dvm_only_b"] = diff.dvmOnlyB;
    Json fusions = Json::array();
    for (std::size_t f = 0; f < diff.fusions.size(); ++f) {
        Json fusion = fusionJson(diff.fusions[f]);
        if (times)
            fusion["device_time_us"] = timeJson(TimesByPlace::at(times->fusions, std::pair { g, f }));
        fusions.push_back(std::move(fusion));
    }
    json["fusions"] = std::move(fusions);
    json["regression"] = diff.regression;
    if (times)
        json["device_time_us"] = timeJson(TimesByPlace::at(times->graphs, g));
    json["split_from"] = diff.splitFrom.empty() ? Json(nullptr) : Json(diff.splitFrom);
    json["compile_changes"] = compileChangesJson(diff.compileChanges);
    json["why_changes"] = whyChangesJson(diff.whyChanges);
    json["same_code_hash"] = diff.sameCodeHash.empty() ? Json(nullptr) : Json(diff.sameCodeHash);
    return json;
}

} // namespace

std::string compareToJson(const CompareResult& result, int indent, const CompareProfiles* profiles)
{
    std::optional<TimesByPlace> times;
    if (profiles && profiles->times)
        times.emplace(*profiles->times);
    Json json = Json::object();
    json["schema"] = std::string(kCompareSchema);
    json["a"] = result.rootA;
    json["b"] = result.rootB;
    Json graphs = Json::array();
    for (std::size_t g = 0; g < result.graphs.size(); ++g)
        graphs.push_back(graphJson(result.graphs[g], g, times ? &*times : nullptr));
    json["graphs"] = std::move(graphs);
    const CompareSummary& summary = result.summary;
    json["summary"] = Json { { "graphs", summary.graphs }, { "matched", summary.matched },
        { "regressions", summary.regressions },
        { "dvm_engaged", Json { { "a", summary.dvmEngagedA }, { "b", summary.dvmEngagedB } } },
        { "verdict",
            Json { { "a", std::string(verdictName(ladderVerdict(summary.verdictsA))) },
                { "b", std::string(verdictName(ladderVerdict(summary.verdictsB))) } } } };
    if (times) {
        Json regressions = Json::array();
        for (const FusionTime& fusion : profiles->times->fusions) { // largest delta first
            if (fusion.delta() <= 0)
                break;
            regressions.push_back(Json { { "graph", result.graphs[fusion.graph].key },
                { "fusion", fusion.key }, { "a", backendOrNull(fusion.backendA) },
                { "b", backendOrNull(fusion.backendB) }, { "time_a", microseconds(fusion.timeA) },
                { "time_b", microseconds(fusion.timeB) }, { "delta", roundedMicroseconds(fusion.delta()) } });
        }
        json["profile"] = Json { { "a", profileSideJson(profiles->a) }, { "b", profileSideJson(profiles->b) },
            { "time_regressions", std::move(regressions) } };
    }
    json["compile_changes"] =
        result.compileChanges ? compileChangesJson(*result.compileChanges) : Json(nullptr);
    // Paths from the file system may hold invalid UTF-8: replace it rather than throw.
    return json.dump(indent, ' ', false, Json::error_handler_t::replace) + '\n';
}

} // namespace dvmlens
