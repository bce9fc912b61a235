// SPDX-License-Identifier: MIT
#include "core/text/doctortext.h"

#include "core/text/displaytext.h"

namespace dvmlens {

std::string doctorText(const std::string& env, const std::vector<CheckItem>& items)
{
    std::string out = "DVM field guide checklist for " + terminalSafe(env) + "\n";
    int number = 0;
    for (const CheckItem& item : items) {
        const char* mark = item.status == CheckStatus::Pass ? "PASS"
            : item.status == CheckStatus::Fail              ? "FAIL"
                                                            : "UNKNOWN";
        out += std::to_string(++number) + ". " + mark + " " + item.title.en + " [" + item.id + "]\n";
        out += "   " + terminalSafe(item.evidence) + "\n";
        if (item.status == CheckStatus::Pass || item.fix.en.empty())
            continue;
        out += "   fix: " + item.fix.en + "\n";
        if (!item.fix.zh.empty())
            out += "   修复: " + item.fix.zh + "\n";
        if (!item.fixDiff.empty())
            out += terminalSafe(item.fixDiff);
    }
    return out;
}

} // namespace dvmlens
