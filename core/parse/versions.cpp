// SPDX-License-Identifier: MIT
#include "core/parse/versions.h"

#include "core/io/container.h"
#include "core/parse/linetext.h"

#include <algorithm>

namespace dvmlens {

namespace {

constexpr std::size_t kHeaderBytes = 64 * 1024;

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

// "'dvm'" or "\"dvm\"" -> dvm; anything else is not a Python string literal we understand.
std::optional<std::string> pythonString(std::string_view text)
{
    text = trimmedLine(text);
    if (text.size() < 2 || (text.front() != '\'' && text.front() != '"') || text.back() != text.front())
        return std::nullopt;
    return std::string(text.substr(1, text.size() - 2));
}

void setOnce(std::optional<std::string>& field, std::string_view value)
{
    value = trimmedLine(value);
    if (!field && !value.empty())
        field = std::string(value);
}

void fillMissing(Versions& into, const Versions& from)
{
    for (auto member : { &Versions::torch, &Versions::torchGit, &Versions::torchCuda, &Versions::torchNpu,
             &Versions::python, &Versions::cann, &Versions::npuBackend }) {
        if (!(into.*member) && (from.*member))
            into.*member = from.*member;
    }
}

} // namespace

bool Versions::empty() const
{
    return !torch && !torchGit && !torchCuda && !torchNpu && !python && !cann && !npuBackend
        && environment.empty();
}

Versions parseReproHeader(std::string_view text)
{
    static constexpr std::pair<std::string_view, std::optional<std::string> Versions::*> kComments[] = {
        { "# torch version:", &Versions::torch },
        { "# torch git version:", &Versions::torchGit },
        { "# torch cuda version:", &Versions::torchCuda },
        { "# torch_npu version:", &Versions::torchNpu },
        { "# torch npu version:", &Versions::torchNpu },
        { "# python version:", &Versions::python },
        { "# Python version:", &Versions::python },
        { "# CANN version:", &Versions::cann },
        { "# cann version:", &Versions::cann },
    };
    Versions versions;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trimmedLine(text.substr(start, end - start));
        start = end + 1;
        // The module body follows the header; nothing after it describes the toolchain.
        if (startsWith(line, "class Repro") || startsWith(line, "def load_args")
            || startsWith(line, "args = ["))
            break;
        for (const auto& [prefix, member] : kComments) {
            if (startsWith(line, prefix))
                setOnce(versions.*member, line.substr(prefix.size()));
        }
        if (startsWith(line, "os.environ[")) {
            const std::size_t close = line.find(']');
            const std::size_t equals = line.find('=', close == std::string_view::npos ? 0 : close);
            if (close == std::string_view::npos || equals == std::string_view::npos)
                continue;
            const auto key = pythonString(line.substr(11, close - 11));
            const auto value = pythonString(line.substr(equals + 1));
            if (key && value) {
                versions.environment.emplace_back(*key, *value);
                if (*key == "TORCHINDUCTOR_NPU_BACKEND")
                    setOnce(versions.npuBackend, *value);
            }
        } else if (startsWith(line, "torch._inductor.config.npu_backend")) {
            const std::size_t equals = line.find('=');
            if (equals != std::string_view::npos) {
                if (const auto value = pythonString(line.substr(equals + 1)))
                    setOnce(versions.npuBackend, *value);
            }
        }
    }
    return versions;
}

std::optional<Versions> readReproHeader(
    const Container& files, const std::string& path, const std::string& tree)
{
    FileError error;
    const std::optional<std::string> head = readFileHead(files, path, tree, kHeaderBytes, error);
    if (!head)
        return std::nullopt;
    Versions versions = parseReproHeader(*head);
    versions.source = path;
    return versions;
}

Versions runVersions(const Container& files, const Run& run, const std::string& tree)
{
    Versions result;
    for (const Graph& graph : run.graphs) {
        if (std::find(graph.files.begin(), graph.files.end(), "fx_graph_runnable.py") == graph.files.end())
            continue;
        const auto versions = readReproHeader(files, graph.path + "/fx_graph_runnable.py", tree);
        if (!versions || versions->empty())
            continue;
        if (!result.source) {
            result = *versions;
        } else {
            fillMissing(result, *versions);
        }
        if (result.torch && result.torchGit && result.npuBackend)
            break;
    }
    return result;
}

} // namespace dvmlens
