// SPDX-License-Identifier: MIT
#include "core/trace/traceprefix.h"

#include <cstdio>

namespace dvmlens {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Reads exactly `count` digits at `at` into `value`.
bool fixedDigits(std::string_view text, std::size_t at, std::size_t count, int& value)
{
    if (at + count > text.size())
        return false;
    value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (!isDigit(text[i]))
            return false;
        value = value * 10 + (text[i] - '0');
    }
    return true;
}

} // namespace

bool parseTracePrefix(std::string_view line, TracePrefix& prefix)
{
    // "V0822 14:00:50.901000 " is 22 characters.
    if (line.size() < 22)
        return false;
    const char level = line[0];
    if (level != 'V' && level != 'I' && level != 'W' && level != 'E' && level != 'C')
        return false;
    TraceTime& time = prefix.time;
    if (!fixedDigits(line, 1, 2, time.month) || !fixedDigits(line, 3, 2, time.day) || line[5] != ' '
        || !fixedDigits(line, 6, 2, time.hour) || line[8] != ':' || !fixedDigits(line, 9, 2, time.minute)
        || line[11] != ':' || !fixedDigits(line, 12, 2, time.second) || line[14] != '.'
        || !fixedDigits(line, 15, 6, time.microsecond) || line[21] != ' ')
        return false;
    std::size_t at = 22;
    std::int64_t writer = 0;
    const std::size_t writerStart = at;
    // At most 18 digits: they always fit an int64 (a pid or a thread id has far fewer).
    while (at < line.size() && isDigit(line[at]) && at - writerStart < 18) {
        writer = writer * 10 + (line[at] - '0');
        ++at;
    }
    if (at == writerStart || at >= line.size() || line[at] != ' ')
        return false;
    ++at;
    const std::size_t close = line.find("] ", at);
    if (close == std::string_view::npos)
        return false;
    const std::size_t colon = line.rfind(':', close);
    if (colon == std::string_view::npos || colon <= at || colon + 1 == close)
        return false;
    int emitterLine = 0;
    for (std::size_t i = colon + 1; i < close; ++i) {
        if (!isDigit(line[i]) || emitterLine > 100000000)
            return false;
        emitterLine = emitterLine * 10 + (line[i] - '0');
    }
    prefix.level = level;
    prefix.writer = writer;
    prefix.emitter = line.substr(at, colon - at);
    prefix.emitterLine = emitterLine;
    prefix.rest = line.substr(close + 2);
    return true;
}

std::string TraceTime::text() const
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%02d-%02d %02d:%02d:%02d.%06d", month, day, hour, minute, second,
        microsecond);
    return buffer;
}

std::string TraceTime::isoWithoutYear() const
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "--%02d-%02dT%02d:%02d:%02d.%06d", month, day, hour, minute, second,
        microsecond);
    return buffer;
}

std::string CompileId::text() const
{
    if (!known())
        return {};
    std::string text = "[";
    const auto part = [](const std::optional<std::int64_t>& value) {
        return value ? std::to_string(*value) : std::string("?");
    };
    if (compiledAutogradId) {
        text += '!' + std::to_string(*compiledAutogradId);
        if (frameId)
            text += '/' + part(frameId) + '/' + part(frameCompileId);
    } else {
        text += part(frameId) + '/' + part(frameCompileId);
    }
    if (attempt && *attempt != 0)
        text += '_' + std::to_string(*attempt);
    text += ']';
    return text;
}

} // namespace dvmlens
