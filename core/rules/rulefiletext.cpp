// SPDX-License-Identifier: MIT
#include "core/rules/rulefiletext.h"

#include <algorithm>

namespace dvmlens::rulefile {

Position positionAt(std::string_view text, std::size_t byteOffset)
{
    byteOffset = std::min(byteOffset, text.size());
    Position position;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < byteOffset; ++i) {
        if (text[i] == '\n') {
            ++position.line;
            lineStart = i + 1;
        }
    }
    position.column = static_cast<int>(byteOffset - lineStart) + 1;
    return position;
}

std::string where(const std::string& origin, Position position)
{
    return origin + ":" + std::to_string(position.line) + ":" + std::to_string(position.column);
}

std::string quotedStart(std::string_view value)
{
    if (value.size() <= kQuotedBytes)
        return "'" + std::string(value) + "'";
    std::size_t end = kQuotedBytes;
    while (end > 0 && (static_cast<unsigned char>(value[end]) & 0xC0) == 0x80)
        --end;
    return "'" + std::string(value.substr(0, end)) + "…' (" + std::to_string(value.size()) + " bytes)";
}

std::vector<Position> ruleObjectPositions(std::string_view text)
{
    std::vector<Position> positions;
    int line = 1;
    std::size_t lineStart = 0;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    bool inRules = false;
    std::string lastString;
    std::string topLevelKey;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            lineStart = i + 1;
        }
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            else if (depth == 1 && lastString.size() < 16)
                lastString.push_back(c);
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            lastString.clear();
            break;
        case ':':
            if (depth == 1)
                topLevelKey = lastString;
            break;
        case '[':
            ++depth;
            inRules = inRules || (depth == 2 && topLevelKey == "rules");
            break;
        case '{':
            ++depth;
            if (inRules && depth == 3)
                positions.push_back({ line, static_cast<int>(i - lineStart) + 1 });
            break;
        case ']':
            if (depth == 2)
                inRules = false;
            --depth;
            break;
        case '}':
            --depth;
            break;
        default:
            break;
        }
    }
    return positions;
}

std::string shortReason(std::string reason)
{
    const std::size_t bracket = reason.find("] ");
    if (bracket != std::string::npos)
        reason = reason.substr(bracket + 2);
    const std::size_t colon = reason.find(": ", reason.find("column"));
    if (reason.find("column") != std::string::npos && colon != std::string::npos)
        reason = reason.substr(colon + 2);
    return reason;
}

} // namespace dvmlens::rulefile
