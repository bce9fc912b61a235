// SPDX-License-Identifier: MIT
// The keys the compile side adds to dvmlens.scan/1 (docs/compile-side.md), written against either emitter
// of jsonwriter.h: "compile" on every graph (its facts, null for a graph of no trace log) and on the
// document (the rollup, null when no trace log was read). Without an IndexCompile neither is written.
#pragma once

#include "core/compile/compilejson.h"
#include "core/compile/indexcompile.h"

#include <nlohmann/json.hpp>

namespace dvmlens {

// An nlohmann value, member by member, into the emitter (objects in the value's own key order).
template <typename W> void writeJsonValue(W& w, const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::object:
        w.beginObject();
        for (const auto& [key, member] : value.items()) {
            w.key(key);
            writeJsonValue(w, member);
        }
        w.endObject();
        break;
    case nlohmann::json::value_t::array:
        w.beginArray();
        for (const nlohmann::json& item : value)
            writeJsonValue(w, item);
        w.endArray();
        break;
    case nlohmann::json::value_t::string:
        w.value(value.get_ref<const std::string&>());
        break;
    case nlohmann::json::value_t::boolean:
        w.value(value.get<bool>());
        break;
    case nlohmann::json::value_t::number_integer:
        w.value(value.get<std::int64_t>());
        break;
    case nlohmann::json::value_t::number_unsigned:
        w.value(value.get<std::uint64_t>());
        break;
    case nlohmann::json::value_t::number_float:
        w.value(value.get<double>());
        break;
    default: // null, discarded, binary
        w.value(nullptr);
        break;
    }
}

// The graph's "compile" object; nothing when `compile` is null (not asked for).
template <typename W>
void writeGraphCompile(W& w, const IndexCompile* compile, std::size_t run, std::size_t graph)
{
    if (!compile)
        return;
    w.key("compile");
    writeJsonValue(w, graphCompileJson(compile->graph(run, graph)));
}

// The document's "compile" rollup; nothing when `compile` is null.
template <typename W> void writeCompileRollup(W& w, const IndexCompile* compile)
{
    if (!compile)
        return;
    w.key("compile");
    if (compile->any()) {
        nlohmann::json rollup = compileSummaryJson(compile->summary());
        rollup["frames"] = compileFramesJson(compile->frames());
        writeJsonValue(w, rollup);
    } else
        w.value(nullptr);
}

} // namespace dvmlens
