// SPDX-License-Identifier: MIT
#include "core/why/fxdocgraph.h"

#include "core/sources/fxgraphtext.h"

#include <array>
#include <utility>

namespace dvmlens {

namespace {

bool isIdentifierStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isIdentifierChar(char c)
{
    return isIdentifierStart(c) || (c >= '0' && c <= '9');
}

// Calls `at(i, depth)` for each character of `text` outside string literals, `depth` counting the
// brackets open after it; stops early when `at` returns true. Returns where it stopped (or the size).
template <typename At> std::size_t walkOutsideStrings(std::string_view text, std::size_t from, const At& at)
{
    int depth = 0;
    char quote = 0;
    for (std::size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '\'' || c == '"')
            quote = c;
        else if (c == '(' || c == '[' || c == '{')
            ++depth;
        else if (c == ')' || c == ']' || c == '}')
            --depth;
        if (at(i, depth))
            return i;
    }
    return text.size();
}

// The text between the first '(' at or after `from` and its matching ')'.
std::string_view parenthesised(std::string_view text, std::size_t from)
{
    const std::size_t open = text.find('(', from);
    if (open == std::string_view::npos)
        return {};
    const std::size_t close =
        walkOutsideStrings(text, open, [](std::size_t, int depth) { return depth == 0; });
    return text.substr(open + 1, close - open - 1);
}

// Top-level pieces of an argument list, split at commas outside brackets and strings.
std::vector<std::string_view> splitArguments(std::string_view text)
{
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    walkOutsideStrings(text, 0, [&](std::size_t i, int depth) {
        if (text[i] == ',' && depth == 0) {
            parts.push_back(trimmedFxLine(text.substr(start, i - start)));
            start = i + 1;
        }
        return false;
    });
    const std::string_view last = trimmedFxLine(text.substr(start));
    if (!last.empty())
        parts.push_back(last);
    return parts;
}

// Identifiers in `text` that are not attributes (after '.'), calls or strings: value names.
std::vector<std::string> identifiers(std::string_view text)
{
    std::vector<std::string> names;
    char quote = 0;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (quote) {
            i += c == '\\' ? 2 : 1;
            if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            ++i;
            continue;
        }
        if (!isIdentifierStart(c) || (i > 0 && (isIdentifierChar(text[i - 1]) || text[i - 1] == '.'))) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && isIdentifierChar(text[end]))
            ++end;
        const std::string_view name = text.substr(i, end - i);
        const bool constant = name == "None" || name == "True" || name == "False";
        if (!constant && (end >= text.size() || (text[end] != '(' && text[end] != '.')))
            names.emplace_back(name);
        i = end;
    }
    return names;
}

// The quoted annotation after `name:` in "name: "ann" = …" or a parameter "name: "ann"".
std::optional<FxAnnotation> quotedAnnotation(std::string_view text)
{
    const std::size_t open = text.find('"');
    if (open == std::string_view::npos)
        return std::nullopt;
    const std::size_t close = text.find('"', open + 1);
    if (close == std::string_view::npos)
        return std::nullopt;
    return parseFxAnnotation(text.substr(open + 1, close - open - 1));
}

void readPlaceholders(std::string_view signature, int line, FxDocGraph& graph)
{
    for (std::string_view parameter : splitArguments(signature)) {
        const std::size_t colon = parameter.find(':');
        const std::string_view name = trimmedFxLine(parameter.substr(0, colon));
        if (name.empty() || name == "self" || name.front() == '*')
            continue;
        FxDocValue value { std::string(name), {}, line };
        if (colon != std::string_view::npos) {
            if (auto annotation = quotedAnnotation(parameter.substr(colon + 1)))
                value.annotation = std::move(*annotation);
        }
        graph.annotations[value.name] = value.annotation;
        graph.placeholders.push_back(std::move(value));
    }
}

void readNode(std::string_view line, int lineNumber, FxDocGraph& graph)
{
    const std::optional<FxNodeLine> parsed = parseFxNodeLine(line);
    if (!parsed)
        return;
    const std::size_t equals = line.find(" = ");
    FxAnnotation annotation;
    if (const std::size_t colon = parsed->name.size(); colon < equals && line[colon] == ':') {
        if (auto found = quotedAnnotation(line.substr(colon + 1, equals - colon - 1)))
            annotation = std::move(*found);
    }
    graph.annotations[std::string(parsed->name)] = annotation;
    if (parsed->target.empty())
        return; // getitem (x[0]), get_attr (self._tensor_constant0), operator calls
    FxDocNode node;
    node.name = std::string(parsed->name);
    node.target = std::string(parsed->target.substr(std::string_view("torch.ops.").size()));
    node.annotation = std::move(annotation);
    node.line = lineNumber;
    const std::string_view call = line.substr(equals + 3);
    for (std::string_view argument : splitArguments(parenthesised(call, 0))) {
        const std::size_t assign = argument.find('=');
        const bool isKeyword = assign != std::string_view::npos && assign > 0
            && isIdentifierChar(argument[assign - 1 - (argument[assign - 1] == ' ')])
            && argument.substr(0, assign).find_first_of("([") == std::string_view::npos;
        if (isKeyword) {
            for (std::string& name : identifiers(argument.substr(assign + 1)))
                node.keyword.push_back(std::move(name));
        } else {
            node.positional.push_back(identifiers(argument));
        }
    }
    graph.nodes.push_back(std::move(node));
}

} // namespace

std::optional<std::string> fxDtypeName(std::string_view abbreviation)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 22> kNames { {
        { "f32", "float32" },
        { "f16", "float16" },
        { "bf16", "bfloat16" },
        { "f64", "float64" },
        { "i64", "int64" },
        { "i32", "int32" },
        { "i16", "int16" },
        { "i8", "int8" },
        { "u8", "uint8" },
        { "u16", "uint16" },
        { "u32", "uint32" },
        { "u64", "uint64" },
        { "b8", "bool" },
        { "c32", "complex32" },
        { "c64", "complex64" },
        { "c128", "complex128" },
        { "f8e4m3fn", "float8_e4m3fn" },
        { "f8e5m2", "float8_e5m2" },
        { "f8e4m3fnuz", "float8_e4m3fnuz" },
        { "f8e5m2fnuz", "float8_e5m2fnuz" },
        { "f8e8m0fnu", "float8_e8m0fnu" },
        { "f4e2m1fn_x2", "float4_e2m1fn_x2" },
    } };
    for (const auto& [shortName, name] : kNames) {
        if (shortName == abbreviation)
            return std::string(name);
    }
    return std::nullopt;
}

std::optional<FxAnnotation> parseFxAnnotation(std::string_view text)
{
    FxAnnotation annotation;
    if (text.starts_with("Sym("))
        return annotation;
    const std::size_t open = text.find('[');
    const std::size_t close = text.find(']');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return std::nullopt;
    annotation.dtype = fxDtypeName(text.substr(0, open));
    if (!annotation.dtype)
        return std::nullopt;
    for (std::string_view dim : splitArguments(text.substr(open + 1, close - open - 1)))
        annotation.shape.emplace_back(dim);
    return annotation;
}

const FxAnnotation* FxDocGraph::annotation(const std::string& name) const
{
    const auto it = annotations.find(name);
    return it == annotations.end() ? nullptr : &it->second;
}

FxDocGraph parseFxDocGraph(std::string_view text, int firstLine)
{
    FxDocGraph graph;
    std::string signature; // def forward( … ): may wrap over lines
    int signatureLine = 0;
    bool placeholdersRead = false;
    int lineNumber = firstLine;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trimmedFxLine(text.substr(start, end - start));
        if (signatureLine == 0 && line.starts_with("def forward(")) {
            signatureLine = lineNumber;
            signature = line;
        } else if (signatureLine > 0 && signature.find("):") == std::string::npos) {
            signature += ' ';
            signature += line;
        } else if (signatureLine > 0) {
            readNode(line, lineNumber, graph);
        }
        if (signatureLine > 0 && !placeholdersRead && signature.find("):") != std::string::npos) {
            readPlaceholders(parenthesised(signature, 0), signatureLine, graph);
            placeholdersRead = true;
        }
        start = end + 1;
        ++lineNumber;
    }
    return graph;
}

} // namespace dvmlens
