// SPDX-License-Identifier: MIT
#include "core/text/whytext.h"

#include "core/text/displaytext.h"

namespace dvmlens {

namespace {

constexpr std::size_t kShownOps = 5;
constexpr std::size_t kShownLines = 5;

std::string plural(std::size_t count, const char* noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

} // namespace

std::string whyText(const Index& index, const std::vector<WhyGroup>& groups)
{
    std::string out = "Why not DVM: " + terminalSafe(index.root) + "\n";
    if (groups.empty())
        return out + "  every kernel is DVM and no op fell back (nothing to explain)\n";
    std::size_t total = 0;
    for (const WhyGroup& group : groups)
        total += group.count;
    out += "  " + std::to_string(total) + (total == 1 ? " kernel or call" : " kernels or calls")
        + " not DVM, " + plural(groups.size(), "reason") + "\n";
    for (const WhyGroup& group : groups) {
        out += "\n[" + group.code + "] " + group.title.en + ": " + std::to_string(group.count) + " ("
            + plural(group.kernels, "kernel") + ", " + plural(group.fallbacks, "fallback call") + ")\n";
        std::string ops;
        for (std::size_t i = 0; i < group.ops.size() && i < kShownOps; ++i)
            ops += (i ? ", " : "") + terminalSafe(group.ops[i].first) + " x"
                + std::to_string(group.ops[i].second);
        if (group.ops.size() > kShownOps)
            ops += ", +" + std::to_string(group.ops.size() - kShownOps) + " more";
        out += "  ops: " + ops + "\n";
        out += "  e.g. " + terminalSafe(group.exampleText) + "\n";
        out += "       " + terminalSafe(group.examplePath)
            + (group.exampleLine > 0 ? ":" + std::to_string(group.exampleLine) : std::string()) + "\n";
        for (std::size_t i = 0; i < group.modelLines.size() && i < kShownLines; ++i) {
            const WhyModelLine& line = group.modelLines[i];
            out += std::string(i == 0 ? "  model lines: " : "               ") + terminalSafe(line.file) + ":"
                + std::to_string(line.line) + " x" + std::to_string(line.count)
                + (line.code.empty() ? "" : "  " + terminalSafe(line.code)) + "\n";
        }
        if (!group.releases.empty()) {
            std::string releases;
            for (const std::string& release : group.releases)
                releases += (releases.empty() ? "" : ", ") + release;
            out += "  torch_npu releases: " + releases + "\n";
        }
        out += "  fix: " + group.fix.en + "\n";
        if (!group.fix.zh.empty())
            out += "  修复: " + group.fix.zh + "\n";
    }
    return out;
}

} // namespace dvmlens
