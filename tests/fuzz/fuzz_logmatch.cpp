// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as a log, split into lines as LogLineReader does, through the
// built-in rules. Matching must stay linear and never crash on any bytes (NUL, broken UTF-8).
#include "core/rules/logmatching.h"
#include "core/rules/rulebook.h"

#include <cstdint>
#include <cstring>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const dvmlens::RuleBook& rules = dvmlens::builtinRules();
    dvmlens::LogMatcher matcher(rules);
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    std::int64_t number = 0;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        std::string_view line = rest.substr(0, end);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        matcher.line(++number, line);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    for (const dvmlens::Finding& finding : matcher.findings("fuzz.log")) {
        if (!finding.line || *finding.line < 1 || *finding.line > number)
            __builtin_trap(); // a finding points at a line of the log
    }
    return 0;
}
