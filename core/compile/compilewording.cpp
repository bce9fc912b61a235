// SPDX-License-Identifier: MIT
#include "core/compile/compilewording.h"

#include <re2/re2.h>

namespace dvmlens {

namespace {

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

// "…at <file>:<line>" → file, line (the file may hold ':').
void splitLocation(std::string_view location, GraphBreak& graphBreak)
{
    location = trimmed(location);
    const std::size_t colon = location.rfind(':');
    if (colon == std::string_view::npos)
        return;
    int line = 0;
    for (char c : location.substr(colon + 1)) {
        if (c < '0' || c > '9' || line > 100000000) // no source line is that long: no overflow either
            return;
        line = line * 10 + (c - '0');
    }
    graphBreak.file = std::string(location.substr(0, colon));
    graphBreak.line = line;
}

} // namespace

std::string firstLine(std::string_view text)
{
    const std::size_t end = text.find('\n');
    return std::string(trimmed(text.substr(0, end)));
}

GraphBreak parseGraphBreakPayload(std::string_view payload)
{
    GraphBreak graphBreak;
    enum class Part
    {
        Head,
        Reason,
        Stack,
        Rest
    } part = Part::Head;
    std::string reason;
    std::size_t start = 0;
    while (start <= payload.size()) {
        std::size_t end = payload.find('\n', start);
        if (end == std::string_view::npos)
            end = payload.size();
        const std::string_view raw = payload.substr(start, end - start);
        const std::string_view line = trimmed(raw);
        start = end + 1;
        if (startsWith(line, "Graph break in user code at ")) {
            splitLocation(line.substr(28), graphBreak);
            continue;
        }
        if (startsWith(line, "Graph Break Reason:")) {
            part = Part::Reason;
            reason = std::string(trimmed(line.substr(19)));
            continue;
        }
        if (line == "User code traceback:"
            || line == "The graph break occurred in the following user code:") {
            part = Part::Stack;
            continue;
        }
        switch (part) {
        case Part::Head:
            // The skip form: "Graph break: torch.compile cannot properly resume …" is the reason.
            if (reason.empty() && !line.empty())
                reason = std::string(line);
            break;
        case Part::Reason:
            reason += '\n';
            reason += raw;
            break;
        case Part::Stack:
            if (line.empty()) {
                part = Part::Rest;
                break;
            }
            graphBreak.userStack += std::string(raw) + '\n';
            break;
        case Part::Rest:
            break;
        }
    }
    while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' '))
        reason.pop_back();
    graphBreak.reason = reason;
    graphBreak.type = firstLine(reason);
    std::size_t at = 0;
    while (at <= reason.size()) {
        std::size_t end = reason.find('\n', at);
        if (end == std::string::npos)
            end = reason.size();
        const std::string_view line = trimmed(std::string_view(reason).substr(at, end - at));
        if (startsWith(line, "Hint:"))
            graphBreak.hints.push_back(std::string(trimmed(line.substr(5))));
        at = end + 1;
    }
    // No location line (the skip form): the innermost user frame of the stack.
    if (graphBreak.file.empty())
        innermostUserFrame(graphBreak);
    return graphBreak;
}

void innermostUserFrame(GraphBreak& graphBreak)
{
    static const RE2 frame(R"re(File "([^"]+)", line (\d+))re");
    re2::StringPiece input(graphBreak.userStack);
    std::string file;
    int line = 0;
    while (RE2::FindAndConsume(&input, frame, &file, &line)) {
        graphBreak.file = file;
        graphBreak.line = line;
    }
}

GuardFailure parseGuardFailure(std::string_view text)
{
    GuardFailure failure;
    static const RE2 entry(R"re(^\s*(\d+/\d+): ((?s).*)$)re");
    std::string entryId, guard;
    if (RE2::FullMatch(text, entry, &entryId, &guard)) {
        failure.entry = entryId;
        failure.guard = std::string(trimmed(guard));
    } else {
        failure.guard = std::string(trimmed(text));
    }
    static const RE2 size(
        R"re(tensor '(.+)' (size|stride) mismatch at index (\d+)\. expected (\S+), actual (\S+))re");
    static const RE2 dtype(
        R"re(tensor '(.+)' (dtype|device|requires_grad) mismatch\. expected (\S+), actual (\S+))re");
    std::string name, what, index, expected, actual;
    const std::string& head = failure.guard;
    if (RE2::PartialMatch(head, size, &name, &what, &index, &expected, &actual)) {
        failure.words =
            "`L['" + name + "']." + what + "()[" + index + "] == " + expected + "` failed: " + actual;
    } else if (RE2::PartialMatch(head, dtype, &name, &what, &expected, &actual)) {
        failure.words = "`L['" + name + "']." + what + " == " + expected + "` failed: " + actual;
    } else {
        const std::string guardLine = firstLine(failure.guard);
        const bool expression = guardLine.find("==") != std::string::npos || guardLine.find("___") == 0
            || guardLine.find("L[") != std::string::npos;
        failure.words = expression ? "`" + guardLine + "` failed" : guardLine;
    }
    return failure;
}

std::string failTypeName(std::string_view failType)
{
    std::string_view name = trimmed(failType);
    if (startsWith(name, "<class '") && name.size() > 10 && name.substr(name.size() - 2) == "'>")
        name = name.substr(8, name.size() - 10);
    const std::size_t dot = name.rfind('.');
    if (dot != std::string_view::npos)
        name.remove_prefix(dot + 1);
    return std::string(name);
}

std::string knownCompileFailure(std::string_view text)
{
    // The rule of the same id in resources/rules/known-failures.json matches this text in logs.
    if (text.find("'FallbackKernel' object has no attribute 'data'") != std::string_view::npos)
        return "fallbackkernel-no-data";
    return {};
}

} // namespace dvmlens
