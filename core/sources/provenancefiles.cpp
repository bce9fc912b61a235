// SPDX-License-Identifier: MIT
#include "core/sources/provenancefiles.h"

#include "core/io/safefile.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace dvmlens {

namespace {

constexpr std::uint64_t kProvenanceBudget = 64ull << 20;

void addNames(std::vector<std::string>& to, const nlohmann::json& list)
{
    if (!list.is_array())
        return;
    for (const nlohmann::json& item : list) {
        if (item.is_string()
            && std::find(to.begin(), to.end(), item.get_ref<const std::string&>()) == to.end())
            to.push_back(item.get<std::string>());
    }
}

void addTable(std::map<std::string, std::vector<std::string>>& table, const nlohmann::json& object)
{
    if (!object.is_object())
        return;
    for (auto it = object.begin(); it != object.end(); ++it)
        addNames(table[it.key()], it.value());
}

bool hasFile(const Graph& graph, const char* name)
{
    return std::find(graph.files.begin(), graph.files.end(), name) != graph.files.end();
}

} // namespace

std::vector<std::string> ProvenanceMaps::postNodesOfKernel(const std::string& name) const
{
    std::vector<std::string> nodes;
    const auto exact = kernelToPost.find(name);
    if (exact != kernelToPost.end())
        return exact->second;
    const std::string prefix = name + ':';
    for (auto it = kernelToPost.lower_bound(prefix);
         it != kernelToPost.end() && it->first.starts_with(prefix); ++it) {
        for (const std::string& node : it->second) {
            if (std::find(nodes.begin(), nodes.end(), node) == nodes.end())
                nodes.push_back(node);
        }
    }
    return nodes;
}

std::vector<std::string> ProvenanceMaps::postNodesOfHandle(const std::string& handle) const
{
    const auto exact = kernelToPost.find(handle);
    return exact == kernelToPost.end() ? std::vector<std::string> {} : exact->second;
}

std::vector<std::string> ProvenanceMaps::stacksOf(const std::string& key) const
{
    const auto exact = kernelStacks.find(key);
    if (exact != kernelStacks.end())
        return exact->second;
    std::vector<std::string> stacks;
    const std::string prefix = key + ':';
    for (auto it = kernelStacks.lower_bound(prefix);
         it != kernelStacks.end() && it->first.starts_with(prefix); ++it)
        stacks.insert(stacks.end(), it->second.begin(), it->second.end());
    return stacks;
}

bool addKernelStackTracesJson(ProvenanceMaps& maps, const std::string& text)
{
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object())
        return false;
    maps.any = true;
    for (auto it = json.begin(); it != json.end(); ++it) {
        std::vector<std::string>& stacks = maps.kernelStacks[it.key()];
        if (it.value().is_string())
            stacks.push_back(it.value().get<std::string>());
        else
            addNames(stacks, it.value()); // a list of stack texts
    }
    return true;
}

bool addProvenanceJson(ProvenanceMaps& maps, const std::string& text, bool nodeMappings)
{
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object())
        return false;
    maps.any = true;
    if (!nodeMappings) {
        addTable(maps.kernelToPost, json);
        return true;
    }
    for (const char* key : { "cppCodeToPost", "pyCodeToPost" }) {
        const auto it = json.find(key);
        if (it != json.end())
            addTable(maps.kernelToPost, *it);
    }
    if (const auto it = json.find("preToPost"); it != json.end())
        addTable(maps.preToPost, *it);
    if (const auto it = json.find("postToPre"); it != json.end())
        addTable(maps.postToPre, *it);
    return true;
}

ProvenanceMaps readProvenanceMaps(
    const Graph& graph, const std::string& tree, std::vector<Diagnostic>& problems)
{
    ProvenanceMaps maps;
    for (const char* name :
        { kNodeMappingsFile, kTritonKernelNodesFile, kGeneratedKernelNodesFile, kKernelStackTracesFile }) {
        if (!hasFile(graph, name))
            continue;
        const std::string path = graph.path + '/' + name;
        std::string buffer;
        std::size_t size = 0;
        FileError error;
        if (!readWholeFile(path, tree, kProvenanceBudget, buffer, size, error)) {
            problems.push_back(Diagnostic { path, std::nullopt, Severity::Warning, "provenance-unreadable",
                "cannot read the provenance file: " + error.message });
            continue;
        }
        buffer.resize(size);
        const bool added = std::string_view(name) == kKernelStackTracesFile
            ? addKernelStackTracesJson(maps, buffer)
            : addProvenanceJson(maps, buffer, std::string_view(name) == kNodeMappingsFile);
        if (!added) {
            problems.push_back(Diagnostic { path, std::nullopt, Severity::Warning, "provenance-unreadable",
                "not a JSON object: the provenance file is left out" });
            continue;
        }
    }
    return maps;
}

} // namespace dvmlens
