// SPDX-License-Identifier: MIT
#include "core/sources/provenancefiles.h"

#include "core/io/container.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_set>

namespace dvmlens {

namespace {

constexpr std::uint64_t kProvenanceBudget = 64ull << 20;

using Table = std::map<std::string, std::vector<std::string>>;

// One list that takes each name once: a hash set of its positions (the strings stay where the
// list keeps them), so a list of 400,000 names costs one hash each, not a search of the list.
class DistinctNames
{
public:
    explicit DistinctNames(std::vector<std::string>& names)
        : m_names(names)
        , m_seen(names.size(), Hash { &names }, Same { &names })
    {
        for (std::size_t i = 0; i < names.size(); ++i)
            m_seen.insert(i);
    }
    void add(std::string&& name)
    {
        m_names.push_back(std::move(name));
        if (!m_seen.insert(m_names.size() - 1).second)
            m_names.pop_back();
    }

private:
    struct Hash
    {
        const std::vector<std::string>* names;
        std::size_t operator()(std::size_t i) const noexcept
        {
            return std::hash<std::string>()((*names)[i]);
        }
    };
    struct Same
    {
        const std::vector<std::string>* names;
        bool operator()(std::size_t a, std::size_t b) const noexcept
        {
            return (*names)[a] == (*names)[b];
        }
    };
    std::vector<std::string>& m_names;
    std::unordered_set<std::size_t, Hash, Same> m_seen;
};

// The provenance JSONs read as a stream of SAX events straight into the tables: no document is
// built (a DOM cost about 38 times the file's size), and only the strings the tables keep are
// kept. `tableDepth`: how deep the {key: [names…]} objects are (1: the file is one; 2: each of its
// known keys holds one). A string at depth 1 (the stack traces file's {kernel: "trace"}) is kept
// as it is when `strings` is given.
// Events it has no use for (numbers, nulls…) are nlohmann's acceptor's: taken and dropped.
class ProvenanceReader final : public nlohmann::detail::json_sax_acceptor<nlohmann::json>
{
public:
    ProvenanceReader(
        std::size_t tableDepth, std::function<Table*(const std::string&)> tableOf, Table* strings)
        : m_tableDepth(tableDepth)
        , m_tableOf(std::move(tableOf))
        , m_strings(strings)
    {
    }
    bool string(string_t& value)
    {
        if (m_names && m_open.size() == m_namesDepth)
            m_names->add(std::move(value));
        else if (m_strings && m_list && m_open.size() == 1)
            m_list->push_back(std::move(value));
        return true;
    }
    bool start_object(std::size_t)
    {
        if (m_open.empty() && m_started)
            return false;
        m_started = true;
        m_open.push_back('o');
        return true;
    }
    bool key(string_t& key)
    {
        if (m_open.size() == 1 && m_tableDepth == 2)
            m_table = m_tableOf(key);
        if (m_open.size() == m_tableDepth)
            m_list = m_table ? &(*m_table)[key] : nullptr;
        return true;
    }
    bool end_object()
    {
        m_open.pop_back();
        m_list = nullptr;
        return true;
    }
    bool start_array(std::size_t)
    {
        if (!m_started)
            return false; // the file must be an object
        m_open.push_back('a');
        if (m_open.size() == m_tableDepth + 1 && m_list && m_open[m_tableDepth - 1] == 'o') {
            m_names.emplace(*m_list);
            m_namesDepth = m_open.size();
        }
        return true;
    }
    bool end_array()
    {
        if (m_names && m_open.size() == m_namesDepth)
            m_names.reset();
        m_open.pop_back();
        return true;
    }
    void setTable(Table* table)
    {
        m_table = table;
    }
    bool sawObject() const
    {
        return m_started;
    }

private:
    std::size_t m_tableDepth;
    std::function<Table*(const std::string&)> m_tableOf;
    Table* m_strings;
    std::vector<char> m_open; // the containers open, outermost first: 'o' object, 'a' array
    bool m_started = false;
    Table* m_table = nullptr; // the table the current keys add to
    std::vector<std::string>* m_list = nullptr; // the list of the current key
    std::optional<DistinctNames> m_names; // an array of names being read into m_list
    std::size_t m_namesDepth = 0;
};

// Reads `text` into the tables; false (nothing added) when it is no JSON object. It is checked
// first (no document built), so a file that breaks off halfway adds nothing.
bool readProvenance(const std::string& text, ProvenanceReader& reader)
{
    if (!nlohmann::json::accept(text))
        return false;
    return nlohmann::json::sax_parse(text, &reader) && reader.sawObject();
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
    DistinctNames distinct(nodes);
    for (auto it = kernelToPost.lower_bound(prefix);
         it != kernelToPost.end() && it->first.starts_with(prefix); ++it) {
        for (const std::string& node : it->second)
            distinct.add(std::string(node));
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
    ProvenanceReader reader(1, nullptr, &maps.kernelStacks);
    reader.setTable(&maps.kernelStacks);
    if (!readProvenance(text, reader))
        return false;
    maps.any = true;
    return true;
}

bool addProvenanceJson(ProvenanceMaps& maps, const std::string& text, bool nodeMappings)
{
    if (!nodeMappings) {
        ProvenanceReader reader(1, nullptr, nullptr);
        reader.setTable(&maps.kernelToPost);
        if (!readProvenance(text, reader))
            return false;
        maps.any = true;
        return true;
    }
    ProvenanceReader reader(
        2,
        [&maps](const std::string& key) -> Table* {
            if (key == "cppCodeToPost" || key == "pyCodeToPost")
                return &maps.kernelToPost;
            if (key == "preToPost")
                return &maps.preToPost;
            return key == "postToPre" ? &maps.postToPre : nullptr;
        },
        nullptr);
    if (!readProvenance(text, reader))
        return false;
    maps.any = true;
    return true;
}

ProvenanceMaps readProvenanceMaps(
    const Container& files, const Graph& graph, const std::string& tree, std::vector<Diagnostic>& problems)
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
        if (!readWholeFile(files, path, tree, kProvenanceBudget, buffer, size, error)) {
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
