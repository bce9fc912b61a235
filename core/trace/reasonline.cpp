// SPDX-License-Identifier: MIT
#include "core/trace/reasonline.h"

namespace dvmlens {

namespace {

constexpr std::size_t MaxReasonLine = 300;

std::string_view trimmedLine(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

// Takes the next line of `text` (without its newline) and moves `text` past it.
std::string_view takeLine(std::string_view& text)
{
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    return line;
}

} // namespace

std::string reasonLine(std::string_view reason)
{
    std::string_view rest = reason;
    std::string line(trimmedLine(takeLine(rest)));
    if (!line.empty() && line.back() == ':') {
        while (!rest.empty()) {
            const std::string_view next = trimmedLine(takeLine(rest));
            if (next.empty())
                continue;
            line += ' ';
            line += next;
            break;
        }
    }
    if (line.size() <= MaxReasonLine)
        return line;
    std::size_t cut = MaxReasonLine;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80)
        --cut; // never inside a UTF-8 sequence
    return line.substr(0, cut) + "…";
}

} // namespace dvmlens
