// SPDX-License-Identifier: MIT
#include "core/model/graphname.h"

#include <charconv>
#include <regex>

namespace dvmlens {

namespace {

template <typename Int> std::optional<Int> toNumber(const std::csub_match& digits)
{
    Int value = 0;
    const char* first = &*digits.first;
    const char* last = first + digits.length();
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc() || end != last)
        return std::nullopt;
    return value;
}

bool fullMatch(std::string_view text, std::cmatch& match, const std::regex& pattern)
{
    return std::regex_match(text.data(), text.data() + text.size(), match, pattern);
}

} // namespace

std::optional<RunName> parseRunName(std::string_view folderName)
{
    static const std::regex pattern(
        R"(run_(\d{4})_(\d{2})_(\d{2})_(\d{2})_(\d{2})_(\d{2})_(\d{6})-pid_(\d{1,18}))");
    std::cmatch match;
    if (!fullMatch(folderName, match, pattern))
        return std::nullopt;
    const std::optional<std::int64_t> pid = toNumber<std::int64_t>(match[8]);
    if (!pid)
        return std::nullopt;
    RunName run;
    run.pid = *pid;
    run.started = match[1].str() + '-' + match[2].str() + '-' + match[3].str() + 'T' + match[4].str() + ':'
        + match[5].str() + ':' + match[6].str() + '.' + match[7].str();
    return run;
}

std::optional<GraphName> parseGraphName(std::string_view folderName)
{
    // Lazy model groups: the model may hold underscores (tf_mixnet_l__0_inference_0.0), so the
    // first "__<digits>_<kind>_" that lets the rest match is the separator.
    static const std::regex current(R"((.+?)__(\d+)_(forward|backward|inference)_(\d+)\.(\d+))");
    static const std::regex aoti(R"((.+?)___(\d+)\.(\d+))");
    static const std::regex preTwo(R"((.+?)_(forward|backward|inference)_(\d+)(?:\.(\d+))?)");

    std::cmatch match;
    GraphName name;
    bool numbersFit = true;
    auto number = [&numbersFit](const std::csub_match& digits) -> std::optional<int> {
        if (!digits.matched)
            return std::nullopt;
        std::optional<int> value = toNumber<int>(digits);
        numbersFit = numbersFit && value.has_value();
        return value;
    };
    if (fullMatch(folderName, match, current)) {
        name.model = match[1].str();
        name.aotId = number(match[2]);
        name.kind = match[3].str();
        name.nthGraph = number(match[4]);
        name.seq = number(match[5]);
    } else if (fullMatch(folderName, match, aoti)) {
        name.model = match[1].str();
        name.nthGraph = number(match[2]);
        name.seq = number(match[3]);
    } else if (fullMatch(folderName, match, preTwo)) {
        name.model = match[1].str();
        name.kind = match[2].str();
        name.nthGraph = number(match[3]);
        name.seq = number(match[4]);
    } else {
        return std::nullopt;
    }
    if (!numbersFit)
        return std::nullopt;
    return name;
}

std::string graphPairingKey(std::string_view folderName)
{
    const std::size_t dot = folderName.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 == folderName.size())
        return std::string(folderName);
    for (std::size_t i = dot + 1; i < folderName.size(); ++i) {
        if (folderName[i] < '0' || folderName[i] > '9')
            return std::string(folderName);
    }
    return std::string(folderName.substr(0, dot));
}

bool isGraphsFolderName(std::string_view folderName)
{
    return folderName == "torchinductor" || folderName == "aot_torchinductor";
}

std::optional<AotId> parseAotId(std::string_view text)
{
    const std::size_t underscore = text.find('_');
    if (underscore == 0 || underscore == std::string_view::npos || underscore > 9)
        return std::nullopt;
    AotId result;
    for (std::size_t i = 0; i < underscore; ++i) {
        if (text[i] < '0' || text[i] > '9')
            return std::nullopt;
        result.id = result.id * 10 + (text[i] - '0');
    }
    result.kind = std::string(text.substr(underscore + 1));
    if (result.kind != "forward" && result.kind != "backward" && result.kind != "inference")
        return std::nullopt;
    return result;
}

} // namespace dvmlens
