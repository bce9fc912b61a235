// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as a user rule file. The loader must return a book or an error with
// a position, never throw or crash; a book it returns must be usable on a log line.
#include "core/rules/logmatching.h"
#include "core/rules/rulebook.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto book = dvmlens::parseRuleBook(text, "fuzz.json", error);
    if (!book) {
        if (error.rfind("fuzz.json:", 0) != 0)
            std::abort(); // every error names the file (and where in it)
        return 0;
    }
    dvmlens::LogMatcher matcher(*book);
    matcher.line(1, "RuntimeError: HCCL error 16666 EI0006 bind failed, address already in use");
    matcher.line(2, text.substr(0, 4096));
    (void)matcher.findings("fuzz.log");
    return 0;
}
