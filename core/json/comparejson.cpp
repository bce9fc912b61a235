// SPDX-License-Identifier: MIT
#include "json/comparejson.h"

#include <nlohmann/json.hpp>

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

Json graphJson(const GraphDiff& diff)
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
    for (const FusionDiff& fusion : diff.fusions)
        fusions.push_back(fusionJson(fusion));
    json["fusions"] = std::move(fusions);
    json["regression"] = diff.regression;
    return json;
}

} // namespace

std::string compareToJson(const CompareResult& result, int indent)
{
    Json json = Json::object();
    json["schema"] = std::string(kCompareSchema);
    json["a"] = result.rootA;
    json["b"] = result.rootB;
    Json graphs = Json::array();
    for (const GraphDiff& diff : result.graphs)
        graphs.push_back(graphJson(diff));
    json["graphs"] = std::move(graphs);
    const CompareSummary& summary = result.summary;
    json["summary"] = Json { { "graphs", summary.graphs }, { "matched", summary.matched },
        { "regressions", summary.regressions },
        { "dvm_engaged", Json { { "a", summary.dvmEngagedA }, { "b", summary.dvmEngagedB } } },
        { "verdict",
            Json { { "a", std::string(verdictName(ladderVerdict(summary.verdictsA))) },
                { "b", std::string(verdictName(ladderVerdict(summary.verdictsB))) } } } };
    // Paths from the file system may hold invalid UTF-8: replace it rather than throw.
    return json.dump(indent, ' ', false, Json::error_handler_t::replace) + '\n';
}

} // namespace dvmlens
