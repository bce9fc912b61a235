// SPDX-License-Identifier: MIT
#include "core/compile/debuglogbreaks.h"

#include "core/compile/compilewording.h"

#include <re2/re2.h>

namespace dvmlens {

namespace {

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    return lines;
}

bool indented(std::string_view line)
{
    return !line.empty() && (line.front() == ' ' || line.front() == '\t');
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

} // namespace

std::vector<GraphBreak> graphBreaksFromDebugLog(std::string_view text)
{
    static const RE2 location(R"re(in user code at (.+):(\d+))re");
    const std::vector<std::string_view> lines = splitLines(text);
    std::vector<GraphBreak> breaks;
    std::string pendingType; // from the Tensor.item() WARNING, for the stack message that follows it
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        if (startsWith(line, "Graph break from `")) {
            pendingType = firstLine(line.substr(0, line.find(", consider")));
            continue;
        }
        const bool newForm = startsWith(line, "Graph break in user code at ")
            || startsWith(line, "Graph break (user stack suppressed");
        const bool suppressed = startsWith(line, "Unsupported break in user code at ");
        const bool oldForm = startsWith(line, "Graph break: from user code at:");
        if (!newForm && !suppressed && !oldForm)
            continue;
        GraphBreak graphBreak;
        graphBreak.recordLine = static_cast<int>(i + 1);
        std::string block(line);
        auto continues = [&](std::size_t at) {
            const std::string_view more = lines[at];
            return indented(more) || startsWith(more, "Graph Break Reason:")
                || more == "User code traceback:";
        };
        std::size_t next = i + 1;
        for (; next < lines.size(); ++next) {
            if (!continues(next) && !(lines[next].empty() && next + 1 < lines.size() && continues(next + 1)))
                break;
            block += '\n';
            block += lines[next];
        }
        if (newForm) {
            const int recordLine = graphBreak.recordLine;
            graphBreak = parseGraphBreakPayload(block);
            graphBreak.recordLine = recordLine;
            // The duplicate form has no "Graph break in user code at" line for the payload parser.
            graphBreak.file.clear();
            RE2::PartialMatch(line, location, &graphBreak.file, &graphBreak.line);
        } else if (suppressed) {
            RE2::PartialMatch(line, location, &graphBreak.file, &graphBreak.line);
        } else {
            graphBreak.userStack =
                block.substr(block.find('\n') == std::string::npos ? block.size() : block.find('\n') + 1);
            innermostUserFrame(graphBreak);
            // The exception after the traceback is the reason: "torch._dynamo.exc.Unsupported: <what>".
            if (next < lines.size() && startsWith(lines[next], "Traceback (most recent call last):")) {
                std::size_t after = next + 1;
                while (after < lines.size() && indented(lines[after]))
                    ++after;
                if (after < lines.size()) {
                    graphBreak.reason = std::string(lines[after]);
                    const std::size_t colon = graphBreak.reason.find(": ");
                    graphBreak.type =
                        colon == std::string::npos ? graphBreak.reason : graphBreak.reason.substr(colon + 2);
                }
            }
            if (graphBreak.type.empty() && !pendingType.empty())
                graphBreak.type = graphBreak.reason = pendingType;
            pendingType.clear();
        }
        breaks.push_back(graphBreak);
        i = next - 1;
    }
    // A suppressed duplicate takes the type of the full message at the same user frame.
    for (GraphBreak& graphBreak : breaks) {
        if (!graphBreak.type.empty())
            continue;
        for (const GraphBreak& full : breaks)
            if (!full.type.empty() && full.file == graphBreak.file && full.line == graphBreak.line) {
                graphBreak.type = full.type;
                graphBreak.reason = full.reason;
                break;
            }
    }
    return breaks;
}

} // namespace dvmlens
