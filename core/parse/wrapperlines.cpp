// SPDX-License-Identifier: MIT
#include "core/parse/wrapperlines.h"

#include "core/parse/exprreader.h"
#include "core/parse/utf8sanitizer.h"

#include <algorithm>
#include <cstring>

namespace dvmlens::wrapperlines {

int countPhysicalLines(std::string_view bytes)
{
    const auto newlines = std::count(bytes.begin(), bytes.end(), '\n');
    return static_cast<int>(newlines + (!bytes.empty() && bytes.back() != '\n' ? 1 : 0));
}

bool startsWithWord(std::string_view code, std::string_view word)
{
    return code.substr(0, word.size()) == word
        && (code.size() == word.size() || !expr::isIdentifierChar(code[word.size()]));
}

std::optional<std::string> headerAotId(std::string_view bytes)
{
    std::size_t at = 0;
    for (int physical = 0; physical < 8 && at < bytes.size(); ++physical) {
        std::size_t end = bytes.find('\n', at);
        if (end == std::string_view::npos)
            end = bytes.size();
        const std::string_view text = expr::trimmed(bytes.substr(at, end - at));
        at = end + 1;
        if (text.empty())
            continue;
        if (text.front() != '#')
            break;
        constexpr std::string_view marker = "AOT ID:";
        const std::size_t found = text.find(marker);
        if (found == std::string_view::npos)
            continue;
        const std::size_t open = text.find_first_of("'\"", found + marker.size());
        if (open == std::string_view::npos)
            return std::nullopt;
        const std::size_t close = text.find(text[open], open + 1);
        if (close == std::string_view::npos)
            return std::nullopt;
        return validUtf8(text.substr(open + 1, close - open - 1));
    }
    return std::nullopt;
}

std::optional<Backend> asyncCompileBackend(std::string_view kind)
{
    if (kind == "wait")
        return std::nullopt;
    if (kind == "triton")
        return Backend::Triton;
    if (kind == "cpp" || kind == "cpp_pybinding")
        return Backend::Cpp;
    if (kind == "mlir" || kind == "mlir_auto_fallback")
        return Backend::Mlir;
    if (kind == "akg_auto_fallback")
        return Backend::Akg;
    if (kind == "import_fx")
        return Backend::ImportFx;
    return Backend::Other;
}

std::string dottedTarget(const std::string_view* parts, std::size_t count)
{
    std::size_t size = count - 1;
    for (std::size_t i = 0; i < count; ++i)
        size += parts[i].size();
    std::string target;
    target.reserve(size);
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0)
            target += '.';
        target += parts[i];
    }
    return target;
}

bool isPartitionName(std::string_view name)
{
    constexpr std::string_view prefix = "partition_";
    if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix)
        return false;
    return std::all_of(name.begin() + prefix.size(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<std::string> withLoneCrAsLf(std::string_view bytes)
{
    const char* cr = static_cast<const char*>(std::memchr(bytes.data(), '\r', bytes.size()));
    for (; cr != nullptr;
         cr = static_cast<const char*>(std::memchr(cr + 1, '\r', bytes.data() + bytes.size() - cr - 1))) {
        const std::size_t at = static_cast<std::size_t>(cr - bytes.data());
        if (at + 1 == bytes.size() || bytes[at + 1] != '\n')
            break;
    }
    if (cr == nullptr)
        return std::nullopt;
    std::string copy(bytes);
    for (std::size_t i = static_cast<std::size_t>(cr - bytes.data()); i < copy.size(); ++i) {
        if (copy[i] == '\r' && (i + 1 == copy.size() || copy[i + 1] != '\n'))
            copy[i] = '\n';
    }
    return copy;
}

} // namespace dvmlens::wrapperlines
